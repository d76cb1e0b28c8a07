/**
 * Pricing on the server: a service's price rules, its extras, a coupon and the automatic
 * discounts and deals of its vendor, priced by the shared `quoteBooking`. Creating a booking, the
 * new-booking form's preview and a combo's quote all price through here, so what the
 * form shows is what the booking will cost.
 */
import type { Participants } from '../../common/bookings.ts';
import { participantsCount, quoteBooking, type DealLike, type PromotionLike, type Quote } from '../../common/money.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import type { Row } from '../engine/records.ts';
import { marketplaceCurrency } from '../payments/index.ts';
import { platformFundedDiscount } from '../promotions/index.ts';
import { getSettings } from '../settings/index.ts';
import { sqlStatusesTagged } from '../../common/lifecycles/index.ts';

const num = (v: unknown) => Number(v ?? 0);

export interface PricingRequest {
  /** Who books: their past uses of a coupon count against its per-customer limit. Null in a preview before a customer is chosen. */
  customer_id: string | null;
  starts_at: string;
  participants: Participants;
  extras?: { key: string; quantity: number }[];
  coupon_code?: string | null;
  payment_method?: string;
  /**
   * Repricing a booking that exists (a change): its own use of its coupon and discount
   * does not count against their limits.
   */
  rebooking?: { booking_id: string; coupon_id: string | null; discount_id: string | null };
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : (v as string | null));

function promotionRow(row: Row, customerUses: number): PromotionLike {
  return {
    ...(row as unknown as PromotionLike),
    value: num(row.value),
    booking_from: iso(row.booking_from),
    booking_to: iso(row.booking_to),
    min_total: row.min_total == null ? null : num(row.min_total),
    customer_uses: customerUses,
  };
}

async function promotions(tx: Queryable, service: Row, customerId: string | null, code: string | null | undefined, rebooking?: PricingRequest['rebooking']) {
  // A booking being changed already counts once in its promotions' uses.
  const ownUse = (row: Row, id: string | null | undefined) => (rebooking && row.id === id ? { ...row, uses_count: num(row.uses_count) - 1 } : row);
  let coupon: (PromotionLike & { code: string }) | null = null;
  if (code) {
    // Codes are unique across all coupons (upper-case); another vendor's coupon is unknown here.
    const { rows } = await tx.query<Row>(
      `SELECT id, code, kind, value, max_uses, per_customer_limit, booking_from, booking_to, to_char(travel_from, 'YYYY-MM-DD') AS travel_from,
              to_char(travel_to, 'YYYY-MM-DD') AS travel_to, service_ids, min_total, stackable, active, uses_count, currency
       FROM coupons WHERE upper(code) = $1 AND (vendor_id IS NULL OR vendor_id = $2) FOR UPDATE`,
      [code.toUpperCase(), service.vendor_id],
    );
    if (!rows[0]) throw badRequest({ coupon_code: ['Unknown coupon code.'] });
    let uses = 0;
    if (customerId) {
      const counted = await tx.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM bookings WHERE coupon_id = $1 AND customer_id = $2 AND status NOT IN ${sqlStatusesTagged('booking', 'closed')}
           AND id IS DISTINCT FROM $3`,
        [rows[0].id, customerId, rebooking?.booking_id ?? null],
      );
      uses = counted.rows[0]?.n ?? 0;
    }
    coupon = promotionRow(ownUse(rows[0], rebooking?.coupon_id), uses) as PromotionLike & { code: string };
  }
  // Discounts with a limit are locked, as the coupon is, so that concurrent bookings count
  // their uses one after the other (in id order, so two bookings never wait on each other).
  await tx.query(
    `SELECT id FROM discounts WHERE active AND (vendor_id IS NULL OR vendor_id = $1) AND (max_uses IS NOT NULL OR per_customer_limit IS NOT NULL)
     ORDER BY id FOR UPDATE`,
    [service.vendor_id],
  );
  const { rows: discounts } = await tx.query<Row>(
    `SELECT d.id, kind, value, max_uses, per_customer_limit, booking_from, booking_to, to_char(travel_from, 'YYYY-MM-DD') AS travel_from,
            to_char(travel_to, 'YYYY-MM-DD') AS travel_to, service_ids, min_total, stackable, active, uses_count, currency, min_participants,
            CASE WHEN d.per_customer_limit IS NULL OR $2::uuid IS NULL THEN 0 ELSE
              (SELECT count(*)::int FROM bookings b WHERE b.discount_id = d.id AND b.customer_id = $2 AND b.status NOT IN ${sqlStatusesTagged('booking', 'closed')}
                 AND b.id IS DISTINCT FROM $3)
            END AS customer_uses
     FROM discounts d WHERE active AND (vendor_id IS NULL OR vendor_id = $1) ORDER BY created_at LIMIT 100`,
    [service.vendor_id, customerId, rebooking?.booking_id ?? null],
  );
  // The vendor's deals on this service; whether the activity falls in a deal's window is judged by quoteBooking.
  const { rows: deals } = await tx.query<Row>(
    `SELECT id, discount_percent, starts_at, ends_at, service_ids, active FROM deals
     WHERE active AND vendor_id = $1 AND service_ids ? $2 ORDER BY created_at LIMIT 100`,
    [service.vendor_id, String(service.id)],
  );
  return {
    coupon,
    discounts: discounts.map((d) => promotionRow(ownUse(d, rebooking?.discount_id), num(d.customer_uses))),
    deals: deals.map((d) => ({ ...d, discount_percent: num(d.discount_percent), starts_at: iso(d.starts_at), ends_at: iso(d.ends_at) }) as unknown as DealLike),
  };
}

/** The active price rules of some services, by service id (one query for a page of combos). */
export async function priceRulesOf(tx: Queryable, serviceIds: string[]): Promise<Map<string, Row[]>> {
  const { rows } = await tx.query<Row>(
    `SELECT id, service_id, customer_type, amount, per, to_char(valid_from, 'YYYY-MM-DD') AS valid_from, to_char(valid_to, 'YYYY-MM-DD') AS valid_to,
            weekdays, min_group_size, priority, active FROM price_rules WHERE service_id = ANY($1::uuid[]) AND active`,
    [serviceIds],
  );
  const byService = new Map<string, Row[]>();
  for (const r of rows) byService.set(String(r.service_id), [...(byService.get(String(r.service_id)) ?? []), { ...r, amount: num(r.amount) }]);
  return byService;
}

/**
 * The customer's booking fee for a service priced in `currency`: the fixed part is in the
 * marketplace's currency, so a booking in another one pays the percentage only.
 */
export async function bookingFees(tx: Queryable, currency: unknown) {
  const fees = await getSettings(tx, 'fees');
  return String(currency) === (await marketplaceCurrency(tx)) ? fees : { ...fees, customer_booking_fee_fixed: 0 };
}

/** The service as the shared pricing reads it. */
export function pricedService(service: Row) {
  return {
    id: String(service.id), currency: service.currency as 'DZD', extras: service.extras as never, customer_types: service.customer_types as never,
    min_participants: num(service.min_participants), max_participants: num(service.max_participants),
  };
}

/** Refuses more participants than one booking may hold (a business setting). */
export async function checkParticipantLimit(tx: Queryable, participants: Participants): Promise<void> {
  const business = await getSettings(tx, 'business');
  if (participantsCount(participants) > business.max_participants_per_booking) {
    throw badRequest({ participants: [`At most ${business.max_participants_per_booking} participants per booking.`] });
  }
}

/** A quote with the part of its discount the platform pays (bookings.platform_funded_discount). */
export type PricedQuote = Quote & { platform_funded_discount: number };

/**
 * Prices a booking of `service` (a row the caller may see) as it would be made now; a
 * 400 with the fields at fault (an unknown coupon, a customer type without a price)
 * when it cannot be priced.
 */
export async function priceBooking(ctx: { tx: Queryable; now: string }, service: Row, request: PricingRequest): Promise<PricedQuote> {
  const { tx } = ctx;
  const rules = (await priceRulesOf(tx, [String(service.id)])).get(String(service.id)) ?? [];
  const promo = await promotions(tx, service, request.customer_id, request.coupon_code, request.rebooking);
  const result = quoteBooking({
    service: pricedService(service),
    rules: rules as never,
    startsAt: request.starts_at,
    now: ctx.now,
    participants: request.participants,
    extras: request.extras ?? [],
    coupon: promo.coupon,
    discounts: promo.discounts,
    deals: promo.deals,
    fees: await bookingFees(tx, service.currency),
    free: request.payment_method === 'free',
  });
  if (!result.ok) throw badRequest(result.errors);
  return { ...result.quote, platform_funded_discount: await platformFundedDiscount(tx, result.quote) };
}
