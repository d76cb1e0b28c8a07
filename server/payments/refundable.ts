/**
 * `GET /branch/api/bookings/<id>/refundable/`: how much of a booking can still be
 * refunded, in all and from each paid payment, and the payment a refund comes from by
 * default, within the business's cancellation window (`late_percent` set when it limits the
 * amount). The refund form shows it; creating a refund enforces the same rule.
 * `?payment_id=` narrows it to one payment (a refund made from that payment's page): its
 * own remainder within the booking's.
 *
 * `POST /branch/api/bookings/<id>/refund/`: a refund of the booking in one step, the form's
 * one confirmation. It is asked for (the same rules as `POST refunds/`) and then taken as far
 * as the refund chart lets the caller: staff see it succeed (or wait for the card gateway),
 * vendor staff leave it processing for staff. 201 with the refund as it ended.
 */
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { RefundInput } from '../../common/bookings.ts';
import { collection } from '../../common/registry.ts';
import { cancellationRefundable } from './money.ts';
import { refundAsFarAsAllowed } from './payments.ts';
import { hooksOf } from '../engine/hooks.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { checkRefs, resolveVendor, type Row } from '../engine/records.ts';
import { context, guarded, runChecks } from '../engine/resources.ts';
import { loadOr404, readable } from '../engine/scope.ts';

/** What the booking's refund form sends: a refund's fields, the booking taken from the address. */
export const BookingRefundBody = Type.Omit(RefundInput, ['booking_id']);

export function registerRefundable(app: FastifyInstance): void {
  const bookings = collection('bookings');
  app.get<{ Params: { id: string }; Querystring: { payment_id?: string } }>(`${API_PREFIX}/bookings/:id/refundable/`, guarded(app, bookings, 'read'), async (request) => {
    const { actor } = await context(app, request);
    const booking = await loadOr404(app.db, bookings, request.params.id, actor);
    const room = await cancellationRefundable(app.db, booking, new Date().toISOString());
    const paymentId = request.query.payment_id;
    if (paymentId === undefined) return room;
    // A payment of another booking (or none) has nothing to give here.
    const fromThis = room.payments.find((p) => p.id === paymentId)?.refundable ?? 0;
    return { ...room, amount: Math.min(fromThis, room.amount), payment_id: paymentId };
  });

  const refunds = collection('refunds');
  app.post<{ Params: { id: string }; Body: Row }>(
    `${API_PREFIX}/bookings/:id/refund/`,
    { ...guarded(app, refunds, 'create'), schema: { params: Type.Object({ id: Type.String({ format: 'uuid' }) }), body: BookingRefundBody } },
    async (request, reply) => {
      const ctx = await context(app, request);
      const body: Row = { ...request.body, booking_id: request.params.id, notify_customer: request.body.notify_customer ?? true };
      const refund = await app.db.transaction(async (tx) => {
        const wctx = { ...ctx, tx };
        // The booking in the address: one the caller may not see is not found.
        await loadOr404(tx, bookings, request.params.id, ctx.actor);
        const vendorId = await resolveVendor(tx, refunds, body, ctx.actor);
        await checkRefs(tx, refunds, body, vendorId, ctx.actor);
        runChecks(refunds, { ...body, vendor_id: vendorId });
        const requested = await hooksOf(ctx, 'refunds').create!(wctx, body, vendorId);
        return refundAsFarAsAllowed(wctx, requested);
      });
      return reply.status(201).send(readable(refunds, ctx.actor, [refund])[0]);
    },
  );
}
