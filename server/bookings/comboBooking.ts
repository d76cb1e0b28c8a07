/**
 * `POST /branch/api/combos/<id>/book/`: books a combo. Each part becomes a booking of
 * its service (seats, slots, holds and prices as for any booking), all in one
 * transaction: a part that cannot be booked leaves nothing behind. The parts then share
 * the combo's price: a fixed price split across them in proportion to their own totals,
 * or a percentage of each one; the difference is recorded as each booking's discount.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { BookingCreate } from '../../common/bookings.ts';
import { CUSTOMER_TYPES } from '../../common/catalog.ts';
import { collection } from '../../common/registry.ts';
import { createBooking } from './bookings.ts';
import { comboShares } from '../services/index.ts';
import { moneyInStatus } from '../payments/index.ts';
import { badRequest } from '../errors.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { updateRecord, type Row } from '../engine/records.ts';
import { context, guarded } from '../engine/resources.ts';
import { loadOr404, loadVisible } from '../engine/scope.ts';

const Uuid = Type.String({ format: 'uuid' });
const Seats = Type.Optional(Type.Integer({ minimum: 0, maximum: 500 }));

export const ComboBookingInput = Type.Object(
  {
    customer_id: Uuid,
    participants: Type.Object(Object.fromEntries(CUSTOMER_TYPES.map((t) => [t, Seats])), { additionalProperties: false, minProperties: 1 }),
    parts: Type.Array(
      Type.Object(
        { service_id: Uuid, starts_at: Type.Optional(Type.String({ format: 'date-time' })), slot_id: Type.Optional(Uuid) },
        { additionalProperties: false },
      ),
      { minItems: 1, maxItems: 10 },
    ),
    notes: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  },
  { additionalProperties: false },
);

interface ComboItem {
  service_id: string;
  required: boolean;
}

export { splitProportionally } from '../services/index.ts';

export function registerComboBooking(app: FastifyInstance): void {
  const combos = collection('combos');
  const bookings = collection('bookings');
  app.post<{ Params: { id: string }; Body: { customer_id: string; participants: Record<string, number>; parts: { service_id: string; starts_at?: string; slot_id?: string }[]; notes?: string | null } }>(
    `${API_PREFIX}/combos/:id/book/`,
    { ...guarded(app, bookings, 'create'), schema: { body: ComboBookingInput } },
    async (request, reply) => {
      const ctx = await context(app, request);
      const created = await app.db.transaction(async (tx) => {
        const combo = await loadOr404(tx, combos, request.params.id, ctx.actor);
        const items = combo.items as ComboItem[];
        const today = ctx.now.slice(0, 10);
        const errors: Record<string, string[]> = {};
        if (combo.active === false) errors.combo = ['This combo is not on sale.'];
        const day = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v ?? '')).slice(0, 10);
        if ((combo.valid_from && day(combo.valid_from) > today) || (combo.valid_to && day(combo.valid_to) < today)) {
          errors.combo = ['This combo is outside its validity dates.'];
        }
        const parts = request.body.parts;
        const chosen = new Set(parts.map((p) => p.service_id));
        if (chosen.size !== parts.length) errors.parts = ['Each service can be booked once.'];
        if (parts.some((p) => !items.some((i) => i.service_id === p.service_id))) errors.parts = ['Only the combo’s services can be booked.'];
        const missing = items.filter((i) => i.required && !chosen.has(i.service_id));
        if (missing.length > 0) errors.parts = ['Every required service of the combo must be booked.'];
        if (Object.keys(errors).length > 0) throw badRequest(errors);

        const wctx = { ...ctx, tx };
        const made: Row[] = [];
        for (const part of parts) {
          const body: BookingCreate = {
            customer_id: request.body.customer_id,
            service_id: part.service_id,
            participants: request.body.participants,
            ...(part.starts_at ? { starts_at: part.starts_at } : {}),
            ...(part.slot_id ? { slot_id: part.slot_id } : {}),
            notes: request.body.notes ?? null,
            payment_method: 'unpaid',
          };
          made.push(await createBooking(wctx, body, String(combo.vendor_id)));
        }

        const totals = made.map((b) => Number(b.total));
        const comboTotals = comboShares(combo, totals);
        const result: Row[] = [];
        for (const [i, booking] of made.entries()) {
          const total = comboTotals[i];
          const priced = { ...booking, total };
          const updated = await updateRecord(wctx, bookings, String(booking.id), {
            combo_id: combo.id,
            total,
            discount_amount: Number(booking.discount_amount) + (totals[i] - total),
            ...moneyInStatus(priced, String(booking.status)),
          }, { before: booking });
          const stored = (await loadVisible(tx, bookings, String(updated.id), ctx.actor)) ?? updated;
          result.push(stored);
        }
        return { combo_id: combo.id, bookings: result };
      });
      return reply.status(201).send(created);
    },
  );
}
