/**
 * `GET /branch/api/bookings/<id>/refundable/`: how much of a booking can still be
 * refunded, in all and from each paid payment, and the payment a refund comes from by
 * default, within the business's cancellation window (`late_percent` set when it limits the
 * amount). The refund form shows it; creating a refund enforces the same rule.
 * `?payment_id=` narrows it to one payment (a refund made from that payment's page): its
 * own remainder within the booking's.
 */
import type { FastifyInstance } from 'fastify';
import { collection } from '../../src/domain/registry.ts';
import { cancellationRefundable } from '../domain/money.ts';
import { API_PREFIX } from './paths.ts';
import { context, guarded } from './resources.ts';
import { loadOr404 } from './scope.ts';

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
}
