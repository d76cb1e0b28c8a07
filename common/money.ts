/**
 * Money rules, pure so the SPA can show the same quote the server will compute:
 * pricing a booking from the service's price rules, extras, coupon and automatic
 * discounts; the paid / refunded / balance arithmetic and the booking's payment status.
 * Amounts are integers in minor units; dates are judged in Algeria's time zone (UTC+1,
 * no daylight saving).
 */
import type { Participants } from './bookings.ts';
import type { CustomerType, PriceRule, ServiceExtra } from './catalog.ts';
import type { Currency } from './common.ts';
import type { PromotionKind } from './promotions.ts';
import { BOOKING_PAYMENT_STATUSES } from './statuses.ts';

import { ALGERIA_UTC_OFFSET_MINUTES } from './time.ts';
import { statusesTagged } from './lifecycles/index.ts';

export { ALGERIA_UTC_OFFSET_MINUTES };

/** The calendar date (YYYY-MM-DD) and weekday (0 = Sunday) of an instant in Algeria. */
export function localDay(instant: string | Date): { date: string; weekday: number } {
  const ms = (typeof instant === 'string' ? Date.parse(instant) : instant.getTime()) + ALGERIA_UTC_OFFSET_MINUTES * 60_000;
  const d = new Date(ms);
  return { date: d.toISOString().slice(0, 10), weekday: d.getUTCDay() };
}

export function sameLocalDay(a: string | Date, b: string | Date): boolean {
  return localDay(a).date === localDay(b).date;
}

export function participantsCount(participants: Participants): number {
  return Object.values(participants).reduce<number>((sum, n) => sum + (n ?? 0), 0);
}

export interface PromotionLike {
  id: string;
  kind: PromotionKind;
  value: number;
  max_uses: number | null;
  per_customer_limit: number | null;
  booking_from: string | null;
  booking_to: string | null;
  travel_from: string | null;
  travel_to: string | null;
  service_ids: string[];
  min_total: number | null;
  stackable: boolean;
  active: boolean;
  uses_count: number;
  min_participants?: number | null;
  /** How many times this customer already used it (bookings not cancelled). */
  customer_uses?: number;
  /** The currency of its amounts (a fixed or per-person value, a minimum total). */
  currency?: string;
}

/**
 * A deal as pricing reads it. It is an automatic offer like a discount, judged on the
 * activity's date (a deal features a time-boxed offer: "Dune weekend -15%" prices the
 * weekend's outings, whenever they are booked); it never stacks.
 */
export interface DealLike {
  id: string;
  discount_percent: number;
  starts_at: string;
  ends_at: string;
  service_ids: string[];
  active: boolean;
}

export interface PricingInput {
  service: { id: string; currency: Currency; extras: ServiceExtra[]; customer_types: CustomerType[]; min_participants: number; max_participants: number };
  rules: Pick<PriceRule, 'id' | 'customer_type' | 'amount' | 'per' | 'valid_from' | 'valid_to' | 'weekdays' | 'min_group_size' | 'priority' | 'active'>[];
  startsAt: string;
  now: string;
  participants: Participants;
  extras: { key: string; quantity: number }[];
  coupon?: (PromotionLike & { code: string }) | null;
  discounts?: PromotionLike[];
  /** The vendor's deals: a percentage off its services for activities within the deal's window. */
  deals?: DealLike[];
  fees?: { customer_booking_fee_percent: number; customer_booking_fee_fixed: number };
  /** A complimentary booking: everything discounted, no fee. */
  free?: boolean;
}

export interface PriceLine {
  customer_type: CustomerType;
  quantity: number;
  rule_id: string;
  per: 'person' | 'booking';
  unit_price: number;
  amount: number;
}

export interface Quote {
  lines: PriceLine[];
  extras: { key: string; quantity: number; unit_price: number; amount: number }[];
  participants_count: number;
  subtotal: number;
  coupon_id: string | null;
  discount_id: string | null;
  /** The deal that priced the booking (it replaces the automatic discount when it gives more). */
  deal_id: string | null;
  discount_amount: number;
  fee_amount: number;
  total: number;
  currency: Currency;
}

export type QuoteResult = { ok: true; quote: Quote } | { ok: false; errors: Record<string, string[]> };

function inDateRange(date: string, from: string | null, to: string | null): boolean {
  return (!from || date >= from) && (!to || date <= to);
}

/** The rule that prices one customer type: highest priority, then the larger group threshold, then a dated rule. */
export function pickRule(rules: PricingInput['rules'], type: CustomerType, day: { date: string; weekday: number }, groupSize: number) {
  const candidates = rules.filter(
    (r) =>
      r.active &&
      r.customer_type === type &&
      inDateRange(day.date, r.valid_from, r.valid_to) &&
      (r.weekdays.length === 0 || r.weekdays.includes(day.weekday)) &&
      (r.min_group_size == null || groupSize >= r.min_group_size),
  );
  candidates.sort(
    (a, b) =>
      b.priority - a.priority ||
      (b.min_group_size ?? 0) - (a.min_group_size ?? 0) ||
      Number(b.valid_from != null || b.valid_to != null) - Number(a.valid_from != null || a.valid_to != null) ||
      a.amount - b.amount,
  );
  return candidates[0];
}

/** Why a promotion does not apply, or null when it does. */
export function promotionProblem(
  p: PromotionLike,
  ctx: { serviceId: string; now: string; travelDate: string; subtotal: number; participants: number; currency?: string },
): string | null {
  if (!p.active) return 'This promotion is not active.';
  // Its amounts are in its own currency and no rate converts them: a percentage without a
  // minimum total is the only promotion that fits a booking in another currency.
  if (p.currency && ctx.currency && p.currency !== ctx.currency && (p.kind !== 'percent' || p.min_total != null)) {
    return `This promotion is in ${p.currency}; this booking is in ${ctx.currency}.`;
  }
  if (p.booking_from && ctx.now < p.booking_from) return 'This promotion is not valid yet.';
  if (p.booking_to && ctx.now > p.booking_to) return 'This promotion has ended.';
  if (!inDateRange(ctx.travelDate, p.travel_from, p.travel_to)) return 'This promotion is not valid for that date.';
  if (p.service_ids.length > 0 && !p.service_ids.includes(ctx.serviceId)) return 'This promotion does not apply to this service.';
  if (p.max_uses != null && p.uses_count >= p.max_uses) return 'This promotion has been used up.';
  if (p.per_customer_limit != null && (p.customer_uses ?? 0) >= p.per_customer_limit) return 'This customer has already used this promotion.';
  if (p.min_total != null && ctx.subtotal < p.min_total) return 'The booking total is below the minimum for this promotion.';
  if (p.min_participants != null && ctx.participants < p.min_participants) return 'Not enough participants for this promotion.';
  return null;
}

export function promotionAmount(p: Pick<PromotionLike, 'kind' | 'value'>, subtotal: number, participants: number): number {
  const off = p.kind === 'percent' ? Math.round((subtotal * Math.min(p.value, 100)) / 100) : p.kind === 'fixed' ? p.value : p.value * participants;
  return Math.max(0, Math.min(off, subtotal));
}

/** Prices a booking. Errors are keyed by the request field they concern. */
export function quoteBooking(input: PricingInput): QuoteResult {
  const errors: Record<string, string[]> = {};
  const add = (field: string, message: string) => (errors[field] ??= []).push(message);
  const day = localDay(input.startsAt);
  const count = participantsCount(input.participants);
  if (count < 1) add('participants', 'At least one participant is required.');
  if (count < input.service.min_participants) add('participants', `At least ${input.service.min_participants} participants are required.`);
  if (count > input.service.max_participants) add('participants', `At most ${input.service.max_participants} participants are allowed.`);

  const lines: PriceLine[] = [];
  for (const [type, quantity] of Object.entries(input.participants) as [CustomerType, number | undefined][]) {
    if (!quantity) continue;
    if (input.service.customer_types.length > 0 && !input.service.customer_types.includes(type)) {
      add(`participants.${type}`, 'This service does not take this customer type.');
      continue;
    }
    const rule = pickRule(input.rules, type, day, count);
    if (!rule) {
      add(`participants.${type}`, 'No price is set for this customer type on that date.');
      continue;
    }
    const amount = rule.per === 'booking' ? rule.amount : rule.amount * quantity;
    lines.push({ customer_type: type, quantity, rule_id: rule.id, per: rule.per, unit_price: rule.amount, amount });
  }

  const extras: Quote['extras'] = [];
  const seen = new Set<string>();
  for (const choice of input.extras) {
    const extra = input.service.extras.find((e) => e.key === choice.key);
    if (!extra) add('extras', `Unknown extra "${choice.key}".`);
    else if (seen.has(choice.key)) add('extras', `Extra "${choice.key}" is listed twice.`);
    else extras.push({ key: extra.key, quantity: choice.quantity, unit_price: extra.price, amount: extra.price * choice.quantity });
    seen.add(choice.key);
  }

  const subtotal = lines.reduce((s, l) => s + l.amount, 0) + extras.reduce((s, e) => s + e.amount, 0);
  const ctx = { serviceId: input.service.id, now: input.now, travelDate: day.date, subtotal, participants: count, currency: input.service.currency };

  let couponOff = 0;
  if (input.coupon) {
    const problem = promotionProblem(input.coupon, ctx);
    if (problem) add('coupon_code', problem);
    else couponOff = promotionAmount(input.coupon, subtotal, count);
  }
  // The best single automatic offer, a discount or a deal; a discount wins a tie.
  let best: { id: string; off: number; stackable: boolean; deal: boolean } | null = null;
  for (const d of input.discounts ?? []) {
    if (promotionProblem(d, ctx)) continue;
    const off = promotionAmount(d, subtotal, count);
    if (off > 0 && (!best || off > best.off)) best = { id: d.id, off, stackable: d.stackable, deal: false };
  }
  const activity = Date.parse(input.startsAt);
  for (const d of input.deals ?? []) {
    if (!d.active || !d.service_ids.includes(input.service.id) || activity < Date.parse(d.starts_at) || activity >= Date.parse(d.ends_at)) continue;
    const off = promotionAmount({ kind: 'percent', value: d.discount_percent }, subtotal, count);
    if (off > 0 && (!best || off > best.off)) best = { id: d.id, off, stackable: false, deal: true };
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };

  let coupon_id: string | null = input.coupon && couponOff > 0 ? input.coupon.id : null;
  let automatic: string | null = best ? best.id : null;
  let discount_amount: number;
  if (coupon_id && automatic) {
    if (input.coupon!.stackable && best!.stackable) discount_amount = Math.min(subtotal, couponOff + best!.off);
    else if (couponOff >= best!.off) [discount_amount, automatic] = [couponOff, null];
    else [discount_amount, coupon_id] = [best!.off, null];
  } else discount_amount = coupon_id ? couponOff : best?.off ?? 0;
  const discount_id = automatic && !best!.deal ? automatic : null;
  const deal_id = automatic && best!.deal ? automatic : null;

  let fee_amount = 0;
  const net = subtotal - discount_amount;
  if (input.fees && net > 0) fee_amount = Math.round((net * input.fees.customer_booking_fee_percent) / 100) + input.fees.customer_booking_fee_fixed;
  if (input.free) {
    discount_amount = subtotal;
    fee_amount = 0;
  }
  return {
    ok: true,
    quote: {
      lines,
      extras,
      participants_count: count,
      subtotal,
      coupon_id,
      discount_id,
      deal_id,
      discount_amount,
      fee_amount,
      total: subtotal - discount_amount + fee_amount,
      currency: input.service.currency,
    },
  };
}

export type BookingPaymentStatus = (typeof BOOKING_PAYMENT_STATUSES)[number];

/**
 * The money side of a booking from its total, what was paid (gross) and what was
 * refunded: payment status and balance due (negative when the customer is owed money).
 * A refund is money given back, never a new debt: what is owed is the total less what was
 * paid, whatever was refunded since. A refund only settles what was overpaid (a booking
 * repriced lower, then refunded the difference), so the balance never falls below what
 * the customer still holds net of refunds.
 */
export function bookingMoney(b: { total: number; paid: number; refunded: number; status: string }): { balance: number; payment_status: BookingPaymentStatus } {
  const net = b.paid - b.refunded;
  // Nothing more is owed on a closed booking (it will not take place).
  const closed = statusesTagged('booking', 'closed').includes(b.status);
  const balance = closed ? 0 : Math.max(b.total - b.paid, Math.min(0, b.total - net));
  let payment_status: BookingPaymentStatus;
  if (b.refunded > 0) payment_status = b.refunded >= b.paid ? 'refunded' : 'partially_refunded';
  else if (b.paid >= b.total) payment_status = 'paid';
  else if (b.paid <= 0) payment_status = 'unpaid';
  else payment_status = 'deposit';
  return { balance, payment_status };
}

/** What can still be refunded: paid, minus refunds succeeded or under way. */
export function refundable(paid: number, refundsInFlightOrDone: number): number {
  return Math.max(0, paid - refundsInFlightOrDone);
}

/** Splits an amount between the platform (commission and payment fee) and the vendor. */
export function splitAmount(amount: number, commissionPercent: number, feePercent: number) {
  const platform_commission = Math.round((amount * commissionPercent) / 100);
  const fee = Math.round((amount * feePercent) / 100);
  return { platform_commission, fee, vendor_share: amount - platform_commission - fee };
}

/** Formats minor units for display, e.g. 350000 DZD -> "3 500,00 DZD" (fr) or "3,500.00 DZD" (en). */
export function formatMoney(minor: number, currency: Currency = 'DZD', locale = 'fr-DZ'): string {
  const major = minor / 100;
  return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(major)} ${currency}`;
}
