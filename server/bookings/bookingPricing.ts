/**
 * Prices before booking, for the forms that book:
 *   POST /branch/api/bookings/preview/   the body of a new booking (customer and start
 *     optional) -> the quote the booking would get now: a line per customer type, the
 *     extras, the discount, fees and total; 400 with the fields at fault otherwise.
 *   POST /branch/api/combos/<id>/quote/  the body of a combo booking (customer and
 *     starts optional) -> each part's own price and its share of the combo's price.
 * Nothing is written or held. A service or combo the caller may not see is a 404.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { BookingCreate, type Participants } from '../../common/bookings.ts';
import { Nullable, Uuid } from '../../common/common.ts';
import type { Quote } from '../../common/money.ts';
import { collection } from '../../common/registry.ts';
import { appliedDiscounts, type AppliedDiscount } from './appliedDiscounts.ts';
import { checkParticipantLimit, comboShares, priceBooking } from '../services/index.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError, badRequest } from '../errors.ts';
import type { Actor } from '../engine/actor.ts';
import { ComboBookingInput } from './comboBooking.ts';
import { API_PREFIX } from '../engine/paths.ts';
import type { Row } from '../engine/records.ts';
import { context, guarded } from '../engine/resources.ts';
import { loadOr404, loadVisible } from '../engine/scope.ts';

const bookings = collection('bookings');
const services = collection('services');
const slots = collection('service-slots');
const customers = collection('customers');
const combos = collection('combos');

/** A new booking's body, before its customer or start are chosen. */
export const BookingPreviewInput = Type.Object(
  { ...BookingCreate.properties, customer_id: Type.Optional(Nullable(Uuid)) },
  { additionalProperties: false },
);
export const ComboQuoteInput = Type.Object(
  { ...ComboBookingInput.properties, customer_id: Type.Optional(Nullable(Uuid)) },
  { additionalProperties: false },
);

interface PreviewBody {
  service_id: string;
  customer_id?: string | null;
  slot_id?: string | null;
  starts_at?: string;
  participants: Participants;
  extras?: { key: string; quantity: number }[];
  coupon_code?: string | null;
  payment_method?: string;
}

interface Scope {
  tx: Queryable;
  actor: Actor;
  now: string;
}

/** The customer named, if any, through the caller's scope (an unseen one is a field error, as in a booking). */
async function customerOf(s: Scope, id: string | null | undefined): Promise<string | null> {
  if (!id) return null;
  const customer = await loadVisible(s.tx, customers, id, s.actor);
  if (!customer) throw badRequest({ customer_id: [`${id} was not found.`] });
  return String(customer.id);
}

/**
 * When the booking starts: the slot's start, the start given, or (nothing chosen yet)
 * now, so a price shows as soon as a service and participants are.
 */
async function startOf(s: Scope, service: Row, input: { slot_id?: string | null; starts_at?: string }): Promise<string> {
  if (input.slot_id) {
    const slot = await loadVisible(s.tx, slots, input.slot_id, s.actor);
    if (!slot || slot.service_id !== service.id) throw badRequest({ slot_id: ['Not a slot of this service.'] });
    return String(slot.starts_at);
  }
  return input.starts_at ? new Date(input.starts_at).toISOString() : s.now;
}

/** The deal that priced a quote, so the form can name it on the discount line. */
type QuotedDeal = { id: string; title_i18n: Record<string, string>; discount_percent: number } | null;

async function preview(s: Scope, body: PreviewBody): Promise<Quote & { starts_at: string; deal: QuotedDeal; applied: AppliedDiscount[] }> {
  const service = await loadOr404(s.tx, services, body.service_id, s.actor);
  const customerId = await customerOf(s, body.customer_id);
  await checkParticipantLimit(s.tx, body.participants);
  const startsAt = await startOf(s, service, body);
  const quote = await priceBooking(s, service, { ...body, customer_id: customerId, starts_at: startsAt });
  // The deal is the service's vendor's, which the caller may see.
  const { rows } = quote.deal_id
    ? await s.tx.query<{ id: string; title_i18n: Record<string, string>; discount_percent: number }>(
        'SELECT id, title_i18n, discount_percent FROM deals WHERE id = $1',
        [quote.deal_id],
      )
    : { rows: [] };
  const applied = await appliedDiscounts(s.tx, quote);
  return { ...quote, starts_at: startsAt, deal: rows[0] ? { ...rows[0], discount_percent: Number(rows[0].discount_percent) } : null, applied };
}

export function registerBookingPricing(app: FastifyInstance): void {
  // What gave a booking its discount, named (its page and its history say "Coupon QA20, −20 %, paid by the platform").
  app.get<{ Params: { id: string } }>(`${API_PREFIX}/bookings/:id/discounts/`, guarded(app, bookings, 'read'), async (request) => {
    const { actor } = await context(app, request);
    const booking = await loadOr404(app.db, bookings, request.params.id, actor);
    return { results: await appliedDiscounts(app.db, booking) };
  });

  app.post<{ Body: PreviewBody }>(
    `${API_PREFIX}/bookings/preview/`,
    { ...guarded(app, bookings, 'create'), schema: { body: BookingPreviewInput } },
    async (request) => {
      const ctx = await context(app, request);
      // In a transaction because pricing reads the coupon FOR UPDATE, as a booking does; nothing is written.
      return app.db.transaction(async (tx) => preview({ tx, actor: ctx.actor, now: ctx.now }, request.body));
    },
  );

  app.post<{ Params: { id: string }; Body: { customer_id?: string | null; participants: Participants; parts: { service_id: string; starts_at?: string; slot_id?: string }[] } }>(
    `${API_PREFIX}/combos/:id/quote/`,
    { ...guarded(app, bookings, 'create'), schema: { body: ComboQuoteInput } },
    async (request) => {
      const ctx = await context(app, request);
      return app.db.transaction(async (tx) => {
        const s = { tx, actor: ctx.actor, now: ctx.now };
        const combo = await loadOr404(tx, combos, request.params.id, ctx.actor);
        const items = combo.items as { service_id: string }[];
        const { parts, participants } = request.body;
        if (parts.some((p) => !items.some((i) => i.service_id === p.service_id))) throw badRequest({ parts: ['Only the combo’s services can be booked.'] });
        const customerId = await customerOf(s, request.body.customer_id);
        await checkParticipantLimit(tx, participants);
        const errors: Record<string, string[]> = {};
        const prices: number[] = [];
        let currency = String(combo.currency ?? 'DZD');
        for (const [i, part] of parts.entries()) {
          const service = await loadOr404(tx, services, part.service_id, ctx.actor);
          try {
            const quote = await priceBooking(s, service, { customer_id: customerId, participants, starts_at: await startOf(s, service, part) });
            prices.push(quote.total);
            currency = quote.currency;
          } catch (error) {
            // A part's own fields are reported under it (`parts.1.starts_at`); the participants are shared.
            if (!(error instanceof ApiError) || !error.body.errors) throw error;
            for (const [field, messages] of Object.entries(error.body.errors)) {
              (errors[field.startsWith('participants') ? field : `parts.${i}.${field}`] ??= []).push(...messages);
            }
          }
        }
        if (Object.keys(errors).length > 0) throw badRequest(errors);
        const shares = comboShares(combo, prices);
        return {
          currency,
          parts: parts.map((p, i) => ({ service_id: p.service_id, price: prices[i], total: shares[i] })),
          subtotal: prices.reduce((a, b) => a + b, 0),
          total: shares.reduce((a, b) => a + b, 0),
        };
      });
    },
  );
}
