/**
 * Changing a booking (date, slot, participants, extras): the server prices the booking
 * as changed and says how the difference is settled; confirming makes the change and
 * the settlement in one transaction. The booking keeps its id and ref; its audit entry
 * (`change`) holds the fields of both versions.
 *
 * Pricing: the service's rules for the new date and participants, with the booking's own
 * coupon and discounts judged as when it was booked (its own use not counted against
 * their limits). A coupon the changed booking no longer qualifies for (another travel
 * date, a total under its minimum) is dropped, and the preview says why.
 *
 * Settlement, against what the customer has paid less the refunds under way or done:
 *   more  the new total is above it and the price went up: a payment link for the
 *         difference (at most what is then due), sent to the customer unless asked not to;
 *   less  the price went down below it: a refund of the excess, to the original method
 *         or the wallet, approved and processed as the refund chart lets the actor;
 *   none  otherwise (an unpaid booking just owes less).
 */
import type { Participants } from '../../common/bookings.ts';
import { bookingMoney, participantsCount } from '../../common/money.ts';
import { GATEWAY_METHODS, type PaymentMethod } from '../../common/payments.ts';
import { collection } from '../../common/registry.ts';
import { ApiError, badRequest, conflict } from '../errors.ts';
import { hooksOf, type WriteContext } from '../engine/hooks.ts';
import { updateRecord, type Row } from '../engine/records.ts';
import { loadOr404, loadVisible } from '../engine/scope.ts';
import { applyTransition } from '../engine/transitions.ts';
import { placeBooking, releaseSeats } from './bookings.ts';
import { assertWalletCurrency, refundableOf, walletDestinations } from '../payments/index.ts';
import { checkParticipantLimit, priceBooking, type PricedQuote } from '../services/index.ts';
import { evaluateTransition, GUARD_INFO, sqlStatusesTagged } from '../../common/lifecycles/index.ts';

const bookings = collection('bookings');
const customers = collection('customers');
const refunds = collection('refunds');
const services = collection('services');
const invitations = collection('payment-invitations');
const num = (v: unknown) => Number(v ?? 0);
const iso = (v: unknown) => new Date(v instanceof Date ? v : String(v)).toISOString();


export interface ChangeRequest {
  starts_at?: string;
  slot_id?: string | null;
  participants: Participants;
  extras?: { key: string; quantity: number }[];
}

export interface ChangeCommit extends ChangeRequest {
  expected_version: number;
  refund_destination?: 'original_method' | 'wallet';
  send_link?: boolean;
  invitee_name?: string | null;
  invitee_phone?: string | null;
  invitee_email?: string | null;
}

export type Settlement =
  | { kind: 'none'; amount: 0 }
  | { kind: 'more'; amount: number; invitee: { name: string | null; phone: string | null; email: string | null } }
  | { kind: 'less'; amount: number; payment_id: string | null; destinations: ('original_method' | 'wallet')[] };

export interface ChangePlan {
  service: Row;
  quote: PricedQuote;
  slot: Row | undefined;
  starts_at: string;
  ends_at: string;
  /** Why the booking's coupon no longer applies (it is dropped), else null. */
  coupon_problem: string | null;
  old_total: number;
  new_total: number;
  difference: number;
  /** Paid, less the refunds requested, approved, under way or done. */
  paid: number;
  settlement: Settlement;
}

/**
 * Refuses a booking that cannot change any more, as the booking chart says: its `change`
 * event (a requested or confirmed booking, before it starts: the `changeable` guard), the
 * same the page asks before offering the change.
 */
function assertChangeable(ctx: WriteContext, booking: Row): void {
  const record = { ...booking, starts_at: iso(booking.starts_at) };
  const verdict = evaluateTransition('booking', String(booking.status), { type: 'change' }, { now: ctx.now, role: ctx.actor.role, record });
  if (!verdict.ok) throw conflict(GUARD_INFO.changeable.message, { allowed_events: verdict.allowed });
}

/**
 * The booking as changed and its settlement. Seats are checked (and the slot locked) but
 * nothing is written. A slot without the seats asked for is a 400 at `participants`.
 */
export async function planChange(ctx: WriteContext, booking: Row, request: ChangeRequest, options: { lock: boolean }): Promise<ChangePlan> {
  const { tx } = ctx;
  assertChangeable(ctx, booking);
  // Making the change locks the service, as booking does, so seats at a start without a slot are counted one change at a time.
  const service = await loadOr404(tx, services, String(booking.service_id), ctx.actor, { forUpdate: options.lock });
  await checkParticipantLimit(tx, request.participants);
  const seats = participantsCount(request.participants);
  // Nothing chosen: the booking's own slot or start.
  const where = request.slot_id || request.starts_at ? request : { slot_id: (booking.slot_id as string | null) ?? null, starts_at: booking.slot_id ? undefined : iso(booking.starts_at) };
  let placed: Awaited<ReturnType<typeof placeBooking>>;
  try {
    placed = await placeBooking(ctx, service, where, seats, { bookingId: String(booking.id), slotId: (booking.slot_id as string) ?? null, seats: num(booking.participants_count) });
  } catch (error) {
    // A full slot is a fault of what was typed here (fewer participants, another slot).
    if (error instanceof ApiError && error.statusCode === 409 && error.body.errors) throw badRequest(error.body.errors, error.body.detail);
    throw error;
  }

  const pricing = {
    customer_id: String(booking.customer_id),
    starts_at: placed.startsAt,
    participants: request.participants,
    extras: request.extras ?? [],
    rebooking: { booking_id: String(booking.id), coupon_id: (booking.coupon_id as string) ?? null, discount_id: (booking.discount_id as string) ?? null },
  };
  // Promotions are judged as when the booking was made: it was booked under them.
  const when = { tx, now: iso(booking.created_at) };
  let quote: PricedQuote;
  let couponProblem: string | null = null;
  try {
    quote = await priceBooking(when, service, { ...pricing, coupon_code: (booking.coupon_code as string) ?? null });
  } catch (error) {
    const fields = error instanceof ApiError ? Object.keys(error.body.errors ?? {}) : [];
    if (!(error instanceof ApiError) || fields.length !== 1 || fields[0] !== 'coupon_code') throw error;
    couponProblem = error.body.errors!.coupon_code[0];
    quote = await priceBooking(when, service, pricing);
  }

  const oldTotal = num(booking.total);
  const difference = quote.total - oldTotal;
  const room = await refundableOf(tx, booking);
  const paid = room.amount;
  // What the changed booking will still be owed: a link asks for no more than that.
  const owed = quote.total - (num(booking.paid) - num(booking.refunded));
  let settlement: Settlement = { kind: 'none', amount: 0 };
  if (difference > 0 && owed > 0) {
    const customer = await loadVisible(tx, customers, String(booking.customer_id), ctx.actor);
    settlement = {
      kind: 'more',
      amount: Math.min(difference, owed),
      invitee: { name: (booking.customer_name as string) ?? null, phone: (booking.customer_phone as string) ?? null, email: (customer?.email as string) ?? null },
    };
  } else if (difference < 0 && paid > quote.total) {
    settlement = { kind: 'less', amount: Math.min(-difference, paid - quote.total), payment_id: room.payment_id, destinations: await walletDestinations(tx, booking.currency) };
  }
  return {
    service,
    quote,
    slot: placed.slot,
    starts_at: placed.startsAt,
    ends_at: new Date(Date.parse(placed.startsAt) + num(service.duration_minutes) * 60_000).toISOString(),
    coupon_problem: couponProblem,
    old_total: oldTotal,
    new_total: quote.total,
    difference,
    paid,
    settlement,
  };
}

/** What the preview answers: the plan without the rows it was made from. */
export function presentPlan(booking: Row, plan: ChangePlan) {
  const { service: _service, slot, ...rest } = plan;
  return { ...rest, booking_version: booking.version, slot_id: slot?.id ?? null };
}

/**
 * Makes the change on a locked booking: seats moved, the booking repriced, the
 * promotions' use counts kept right, and the settlement made; all in the caller's
 * transaction. A booking changed since `expected_version` is a 409 with both versions.
 */
export async function commitChange(ctx: WriteContext, booking: Row, body: ChangeCommit) {
  const { tx } = ctx;
  if (body.expected_version !== booking.version) {
    throw conflict('This record was changed by someone else since you loaded it. Review the current version and try again.', {
      current: booking,
      expected_version: body.expected_version,
    });
  }
  const plan = await planChange(ctx, booking, body, { lock: true });
  const { quote, slot, settlement } = plan;

  await releaseSeats(ctx, booking);
  if (slot) await tx.query('UPDATE service_slots SET booked = booked + $2 WHERE id = $1', [slot.id, quote.participants_count]);
  for (const [table, before, after] of [
    ['coupons', booking.coupon_id, quote.coupon_id],
    ['discounts', booking.discount_id, quote.discount_id],
  ] as const) {
    if (before === after) continue;
    if (before) await tx.query(`UPDATE ${table} SET uses_count = greatest(uses_count - 1, 0) WHERE id = $1`, [before]);
    if (after) await tx.query(`UPDATE ${table} SET uses_count = uses_count + 1 WHERE id = $1`, [after]);
  }

  const money = bookingMoney({ total: quote.total, paid: num(booking.paid), refunded: num(booking.refunded), status: String(booking.status) });
  let changed = await updateRecord(
    ctx,
    bookings,
    String(booking.id),
    {
      slot_id: slot?.id ?? null,
      starts_at: plan.starts_at,
      ends_at: plan.ends_at,
      participants: body.participants,
      participants_count: quote.participants_count,
      extras: quote.extras,
      coupon_id: quote.coupon_id,
      coupon_code: quote.coupon_id ? booking.coupon_code : null,
      discount_id: quote.discount_id,
      deal_id: quote.deal_id,
      subtotal: quote.subtotal,
      discount_amount: quote.discount_amount,
      platform_funded_discount: quote.platform_funded_discount,
      fee_amount: quote.fee_amount,
      total: quote.total,
      balance: money.balance,
      payment_status: money.payment_status,
    },
    { before: booking, action: 'change', note: { settlement: settlement.kind, settlement_amount: settlement.amount } },
  );

  const cancelledLinks = await cancelLinksAbove(ctx, changed);
  let invitation: Row | null = null;
  let refund: Row | null = null;
  if (settlement.kind === 'more' && body.send_link !== false) {
    const invitee = settlement.invitee;
    invitation = await hooksOf(ctx, 'payment-invitations').create!(
      ctx,
      {
        booking_id: booking.id,
        amount: settlement.amount,
        invitee_name: body.invitee_name !== undefined ? body.invitee_name : invitee.name,
        invitee_phone: body.invitee_phone !== undefined ? body.invitee_phone : invitee.phone,
        invitee_email: body.invitee_email !== undefined ? body.invitee_email : invitee.email,
      },
      null,
    );
  } else if (settlement.kind === 'less') {
    // The wallet takes its own currency only: refused here, at the field this request names.
    if (body.refund_destination === 'wallet') await assertWalletCurrency(tx, booking.currency, 'refund', 'refund_destination');
    refund = await settleRefund(ctx, changed, settlement, body.refund_destination ?? 'original_method');
    changed = await loadOr404(tx, bookings, String(booking.id), ctx.actor);
  }
  return { booking: changed, settlement, invitation, refund, cancelled_links: cancelledLinks, coupon_problem: plan.coupon_problem };
}

/**
 * Open payment links asking for more than the changed booking owes could never be paid
 * (paying one is refused): they are cancelled, and named in the answer.
 */
async function cancelLinksAbove(ctx: WriteContext, booking: Row): Promise<Row[]> {
  const { rows } = await ctx.tx.query<{ id: string }>(
    `SELECT id FROM payment_invitations WHERE booking_id = $1 AND status IN ('sent', 'opened') AND amount > $2 ORDER BY id FOR UPDATE`,
    [booking.id, Math.max(0, num(booking.balance))],
  );
  const cancelled: Row[] = [];
  const invitationHooks = hooksOf(ctx, 'payment-invitations');
  for (const { id } of rows) {
    const link = await loadOr404(ctx.tx, invitations, id, ctx.actor);
    cancelled.push(await applyTransition(ctx, invitations, invitationHooks, link, { event: 'cancel' }));
  }
  return cancelled;
}

/**
 * The refund of a change, taken as far as the refund chart lets the actor: approved and
 * processed by anyone who may change the booking; marked succeeded at once by staff when
 * no card gateway has to confirm it (the wallet, cash). Vendor staff leave it processing
 * for staff, as they do any refund.
 */
async function settleRefund(ctx: WriteContext, booking: Row, settlement: Extract<Settlement, { kind: 'less' }>, destination: 'original_method' | 'wallet'): Promise<Row> {
  const refundHooks = hooksOf(ctx, 'refunds');
  let refund = await refundHooks.create!(
    ctx,
    { booking_id: booking.id, payment_id: settlement.payment_id, amount: settlement.amount, destination, reason_code: 'booking_changed', notify_customer: true },
    null,
  );
  refund = await applyTransition(ctx, refunds, refundHooks, refund, { event: 'approve' });
  refund = await applyTransition(ctx, refunds, refundHooks, refund, { event: 'process' });
  const byGateway = destination === 'original_method' && (await paidByGateway(ctx, String(booking.id), settlement.payment_id));
  if (ctx.actor.staff && !byGateway) refund = await applyTransition(ctx, refunds, refundHooks, refund, { event: 'succeed' });
  return refund;
}

/** Whether a refund to the original method goes back through the card gateway (which confirms it later). */
async function paidByGateway(ctx: WriteContext, bookingId: string, paymentId: string | null): Promise<boolean> {
  const { rows } = await ctx.tx.query<{ method: string }>(
    `SELECT method FROM payments WHERE booking_id = $1 AND status IN ${sqlStatusesTagged('payment', 'captured')} AND ($2::uuid IS NULL OR id = $2)`,
    [bookingId, paymentId],
  );
  return rows.some((r) => GATEWAY_METHODS.includes(r.method as PaymentMethod));
}
