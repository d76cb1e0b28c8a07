/**
 * The money rules on the server: payments landing on a booking, refunds coming off
 * it, the wallet and loyalty ledgers. Each function runs inside the caller's
 * transaction and locks what it changes, so totals never drift under concurrency.
 */
import { bookingMoney } from '../../common/money.ts';
import { collection } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict } from '../errors.ts';
import { moneyText } from '../errorLanguage.ts';
import type { WriteContext } from '../engine/hooks.ts';
import { insertRecord, updateRecord, type Row, type Writer } from '../engine/records.ts';
import { loadVisible } from '../engine/scope.ts';
import { fundedSplit, recordPaymentShare } from './payouts.ts';
import { feesOfBooking, getSettings } from '../settings/index.ts';
import { sqlStatusesTagged } from '../../common/lifecycles/index.ts';

export const bookings = collection('bookings');
export const payments = collection('payments');
export const refunds = collection('refunds');
export const customers = collection('customers');

const num = (v: unknown) => Number(v ?? 0);

/** Recomputes balance and payment status of a locked booking after `paid` / `refunded` / `status` changes. */
export async function updateBookingMoney(w: Writer, booking: Row, changes: { paidDelta?: number; refundedDelta?: number; status?: string }): Promise<Row> {
  const paid = num(booking.paid) + (changes.paidDelta ?? 0);
  const refunded = num(booking.refunded) + (changes.refundedDelta ?? 0);
  const status = changes.status ?? String(booking.status);
  const { balance, payment_status } = bookingMoney({ total: num(booking.total), paid, refunded, status });
  return updateRecord(w, bookings, String(booking.id), { paid, refunded, balance, payment_status }, { before: booking });
}

/** The balance and payment status a booking will have in `status` (used by transitions). */
export function moneyInStatus(booking: Row, status: string) {
  return bookingMoney({ total: num(booking.total), paid: num(booking.paid), refunded: num(booking.refunded), status });
}

/**
 * A payment became paid: fee, commission and vendor share are fixed, the split is
 * recorded, and the booking's paid amount and the customer's spend grow.
 * Returns the payment's own changes.
 */
export async function paymentLanded(ctx: WriteContext, payment: Row): Promise<Row> {
  const { tx } = ctx;
  const booking = await loadVisible(tx, bookings, String(payment.booking_id), ctx.actor, { forUpdate: true });
  if (!booking) throw badRequest({ booking_id: ['Not found.'] });
  // The rates in force when the booking was made: a later change of fees does not reach it.
  const fees = await feesOfBooking(tx, String(booking.id));
  const { rows } = await tx.query<{ commission_percent: number }>('SELECT commission_percent FROM vendors WHERE id = $1', [payment.vendor_id]);
  const commission = rows[0]?.commission_percent ?? fees.platform_commission_percent;
  const method = String(payment.method) as keyof typeof fees.payment_fee_percent;
  const amount = num(payment.amount);
  // The platform-funded part of a promotion counts as paid for the vendor's share.
  const split = fundedSplit(amount, num(booking.total), num(booking.platform_funded_discount), commission, fees.payment_fee_percent[method] ?? 0);
  const payoutDate = new Date(Date.parse(ctx.now) + 7 * 86_400_000).toISOString().slice(0, 10);
  await insertRecord(ctx, collection('payment-splits'), {
    vendor_id: payment.vendor_id,
    payment_id: payment.id,
    booking_id: payment.booking_id,
    amount,
    currency: payment.currency,
    commission_percent: commission,
    platform_amount: split.platform_commission + split.fee,
    vendor_net: split.vendor_share,
    payout_date: payoutDate,
  });
  await recordPaymentShare(ctx, payment, booking, split, commission);
  await updateBookingMoney(ctx, booking, { paidDelta: amount });
  await addSpend(tx, String(payment.customer_id), amount, payment.currency);
  return { paid_at: ctx.now, fee: split.fee, platform_commission: split.platform_commission, vendor_share: split.vendor_share };
}

/**
 * The marketplace's currency (the default of the currency settings): the one the wallet is
 * kept in, loyalty points are earned per 100 of, and the fixed amounts of the fees
 * settings are written in. Amounts in it never meet a booking in another currency.
 */
export async function marketplaceCurrency(q: Queryable): Promise<string> {
  return String((await getSettings(q, 'currency')).default);
}

/**
 * A customer's lifetime spend grows with what they pay and shrinks with what comes back:
 * one number in the marketplace's currency (as the customers list shows it), so money in
 * another currency is not added to it as if it were that.
 */
export async function addSpend(tx: Queryable, customerId: string, amount: number, currency: unknown): Promise<void> {
  if (String(currency) !== (await marketplaceCurrency(tx))) return;
  await tx.query('UPDATE customers SET lifetime_spend = lifetime_spend + $2 WHERE id = $1', [customerId, amount]);
}

/**
 * The currency the wallet is kept in: one balance, in the marketplace's currency. Read
 * under a share lock, so a change of that currency (which takes the row for update and
 * refuses while any wallet holds money, server/settings/settingsRoutes.ts) waits for moves in flight.
 */
export async function walletCurrency(q: Queryable): Promise<string> {
  const { rows } = await q.query<{ currency: string | null }>("SELECT value->>'default' AS currency FROM settings WHERE section = 'currency' FOR SHARE");
  return rows[0]?.currency ?? (await marketplaceCurrency(q));
}

/** How money crosses between a booking and the wallet: paid from it, or refunded to it. */
export type WalletUse = 'payment' | 'refund';

/**
 * The one rule for money between a booking and what a customer holds with the marketplace
 * (the wallet; the gift card when it has a ledger): it moves only in the wallet's currency,
 * since the balance is one number and no rate converts it. `walletMove` applies it to every
 * move a booking makes, and the forms ask `walletDestinations` what to offer; the refusal
 * is at the field the cashier chose the wallet in (`method` of a payment, `destination` of
 * a refund, or the one named). Null when the move may go ahead.
 */
export async function walletCurrencyRefusal(
  q: Queryable,
  bookingCurrency: unknown,
  use: WalletUse,
  field: string = use === 'payment' ? 'method' : 'destination',
): Promise<Record<string, string[]> | null> {
  const wallet = await walletCurrency(q);
  const currency = String(bookingCurrency);
  if (currency === wallet) return null;
  const then = use === 'payment' ? 'Take this payment another way.' : 'Refund it another way.';
  return { [field]: [`The wallet holds ${wallet}; this booking is in ${currency}. ${then}`] };
}

/** Refuses (400) a move between a booking in `bookingCurrency` and the wallet in another currency. */
export async function assertWalletCurrency(q: Queryable, bookingCurrency: unknown, use: WalletUse, field?: string): Promise<void> {
  const refusal = await walletCurrencyRefusal(q, bookingCurrency, use, field);
  if (refusal) throw badRequest(refusal);
}

/** Where a refund of a booking in `currency` may go: the wallet only when it is kept in that currency. */
export async function walletDestinations(q: Queryable, currency: unknown): Promise<('original_method' | 'wallet')[]> {
  return String(currency) === (await walletCurrency(q)) ? ['original_method', 'wallet'] : ['original_method'];
}

/** Booking moves name the field a refusal belongs at; entries by hand are refused at `currency`. */
const BOOKING_SOURCES: Record<string, WalletUse> = { booking: 'payment', refund: 'refund' };

/**
 * Moves money in or out of a customer's wallet: the ledger row carries the balance
 * after it, and a debit that would take the balance below zero is refused. Every move
 * goes through here, so none is in another currency than the wallet's: a booking's
 * payment or refund is refused at its `method` or `destination`, an entry by hand at
 * `currency`.
 */
export async function walletMove(
  ctx: WriteContext,
  input: { customer_id: string; kind: 'credit' | 'debit'; source: string; amount: number; currency: string; reason: string; booking_id?: string | null; refund_id?: string | null; payment_id?: string | null },
): Promise<Row> {
  const { tx } = ctx;
  const use = BOOKING_SOURCES[input.source];
  if (use) await assertWalletCurrency(tx, input.currency, use);
  else {
    const wallet = await walletCurrency(tx);
    if (input.currency !== wallet) throw badRequest({ currency: [`The wallet is kept in ${wallet}.`] });
  }
  const { rows } = await tx.query<{ wallet_balance: number; merged_into_id: string | null }>(
    'SELECT wallet_balance, merged_into_id FROM customers WHERE id = $1 FOR UPDATE',
    [input.customer_id],
  );
  if (!rows[0]) throw badRequest({ customer_id: ['Not found.'] });
  // Money on a merged record would be out of sight: it belongs to the customer it went into.
  assertNotMerged(rows[0]);
  const balance = num(rows[0].wallet_balance);
  const after = input.kind === 'credit' ? balance + input.amount : balance - input.amount;
  if (after < 0) throw badRequest({ amount: [`The wallet holds ${moneyText(balance, input.currency)}; a debit of ${moneyText(input.amount, input.currency)} would take it below zero.`] });
  await tx.query('UPDATE customers SET wallet_balance = $2 WHERE id = $1', [input.customer_id, after]);
  return insertRecord(ctx, collection('wallet-transactions'), {
    customer_id: input.customer_id,
    kind: input.kind,
    source: input.source,
    amount: input.amount,
    currency: input.currency,
    reason: input.reason,
    booking_id: input.booking_id ?? null,
    refund_id: input.refund_id ?? null,
    payment_id: input.payment_id ?? null,
    balance_after: after,
    created_by: ctx.actor.user.id,
  });
}

/** Adds or removes loyalty points; the balance never goes below zero. */
export async function loyaltyMove(
  ctx: WriteContext,
  input: {
    customer_id: string; points: number; reason: string; source: 'booking' | 'refund' | 'expiry' | 'adjustment';
    booking_id?: string | null; expires_at?: string | null;
    /** Who made the entry: the actor by default; null for the system's own (expiry). */
    created_by?: string | null;
  },
): Promise<Row> {
  const { tx } = ctx;
  const { rows } = await tx.query<{ loyalty_points: number; merged_into_id: string | null }>(
    'SELECT loyalty_points, merged_into_id FROM customers WHERE id = $1 FOR UPDATE',
    [input.customer_id],
  );
  if (!rows[0]) throw badRequest({ customer_id: ['Not found.'] });
  assertNotMerged(rows[0]);
  const after = num(rows[0].loyalty_points) + input.points;
  if (after < 0) throw badRequest({ points: [`The customer has ${num(rows[0].loyalty_points).toLocaleString('en-US')} points; this would take them below zero.`] });
  await tx.query('UPDATE customers SET loyalty_points = $2 WHERE id = $1', [input.customer_id, after]);
  return insertRecord(ctx, collection('loyalty-entries'), {
    customer_id: input.customer_id,
    points: input.points,
    reason: input.reason,
    booking_id: input.booking_id ?? null,
    expires_at: input.expires_at ?? null,
    source: input.source,
    balance_after: after,
    created_by: input.created_by === undefined ? ctx.actor.user.id : input.created_by,
  });
}

/**
 * After a refund of a booking that earned points: takes back the share of them the
 * refunds now cover (all of them once everything paid came back), less what earlier
 * refunds took. Points the customer already spent cannot be taken back: the balance
 * stops at zero.
 */
export async function takeBackPoints(ctx: WriteContext, booking: Row): Promise<void> {
  const { rows } = await ctx.tx.query<{ earned: number; taken: number }>(
    `SELECT coalesce(sum(points) FILTER (WHERE source = 'booking'), 0)::int AS earned,
            coalesce(-sum(points) FILTER (WHERE source = 'refund'), 0)::int AS taken
     FROM loyalty_entries WHERE booking_id = $1`,
    [booking.id],
  );
  const earned = num(rows[0]?.earned);
  if (earned <= 0) return;
  const paid = num(booking.paid);
  const share = paid > 0 ? Math.min(1, num(booking.refunded) / paid) : 1;
  const due = Math.round(earned * share) - num(rows[0]?.taken);
  if (due <= 0) return;
  const balance = await lockedPoints(ctx, String(booking.customer_id));
  const take = Math.min(due, balance);
  if (take <= 0) return;
  await loyaltyMove(ctx, {
    customer_id: String(booking.customer_id), points: -take, source: 'refund', reason: `Booking ${booking.ref} refunded`, booking_id: String(booking.id),
  });
}

/** A customer's loyalty points, their row locked until the transaction ends. */
export async function lockedPoints(ctx: WriteContext, customerId: string): Promise<number> {
  const { rows } = await ctx.tx.query<{ loyalty_points: number }>('SELECT loyalty_points FROM customers WHERE id = $1 FOR UPDATE', [customerId]);
  return num(rows[0]?.loyalty_points);
}

/** Sum of refunds of a booking (or of one payment) that are under way or done. */
export async function refundsCommitted(tx: Queryable, where: { booking_id?: string; payment_id?: string }, excludeId?: string): Promise<number> {
  const [col, id] = where.payment_id ? ['payment_id', where.payment_id] : ['booking_id', where.booking_id];
  const { rows } = await tx.query<{ sum: number }>(
    `SELECT coalesce(sum(amount), 0)::bigint AS sum FROM refunds
     WHERE ${col} = $1 AND status IN ${sqlStatusesTagged('refund', 'committed')} AND id IS DISTINCT FROM $2`,
    [id, excludeId ?? null],
  );
  return num(rows[0]?.sum);
}

/** What can still be refunded on a booking, in all and from each paid payment. */
export interface Refundable {
  /** Paid, less the refunds requested, approved, under way or done. */
  amount: number;
  currency: string;
  /** The payment a refund comes from by default: the only one with money left, else none (the refund is spread over them). */
  payment_id: string | null;
  payments: { id: string; method: string; amount: number; paid_at: string | null; refundable: number }[];
  /** Where a refund may go: the wallet only when it is kept in the booking's currency. */
  destinations: ('original_method' | 'wallet' | 'gift_card')[];
  /** Set when the business's cancellation window limits the amount: the share of what was paid that may come back. */
  late_percent?: number;
}

/** The one rule for how much may be refunded: the refund form shows it, creating a refund enforces it. */
export async function refundableOf(tx: Queryable, booking: Row): Promise<Refundable> {
  const amount = Math.max(0, num(booking.paid) - (await refundsCommitted(tx, { booking_id: String(booking.id) })));
  const { rows } = await tx.query<{ id: string; method: string; amount: number; paid_at: Date | string | null; committed: number }>(
    `SELECT p.id, p.method, p.amount, p.paid_at,
            (SELECT coalesce(sum(r.amount), 0)::bigint FROM refunds r
              WHERE r.payment_id = p.id AND r.status IN ${sqlStatusesTagged('refund', 'committed')}) AS committed
       FROM payments p WHERE p.booking_id = $1 AND p.status IN ${sqlStatusesTagged('payment', 'captured')}
      ORDER BY p.paid_at DESC NULLS LAST, p.id`,
    [booking.id],
  );
  const payments = rows.map((p) => ({
    id: p.id,
    method: p.method,
    amount: num(p.amount),
    paid_at: p.paid_at instanceof Date ? p.paid_at.toISOString() : p.paid_at,
    refundable: Math.max(0, Math.min(amount, num(p.amount) - num(p.committed))),
  }));
  const open = payments.filter((p) => p.refundable > 0);
  return {
    amount, currency: String(booking.currency), payment_id: open.length === 1 ? open[0].id : null, payments,
    // A gift card has no ledger yet (staff hold the cards); when it has one, it follows the wallet's rule.
    destinations: [...(await walletDestinations(tx, booking.currency)), 'gift_card'],
  };
}

/**
 * The cancellation window of the business rules: a refund asked at least
 * `free_cancellation_hours` before the start may return everything paid; a later one at
 * most `late_cancellation_refund_percent` of it (refunds already committed count against
 * that share). The refund form shows this amount and creating a refund enforces it; a
 * cancelled activity (the vendor's doing) and a price change are refunded by refundableOf.
 */
export async function cancellationRefundable(tx: Queryable, booking: Row, now: string): Promise<Refundable> {
  const room = await refundableOf(tx, booking);
  const business = await getSettings(tx, 'business');
  const late = Date.parse(String(booking.starts_at)) - Date.parse(now) < business.free_cancellation_hours * 3_600_000;
  if (!late || business.late_cancellation_refund_percent >= 100) return room;
  const paid = num(booking.paid);
  const committed = paid - room.amount;
  const amount = Math.max(0, Math.min(room.amount, Math.round((paid * business.late_cancellation_refund_percent) / 100) - committed));
  return {
    ...room,
    amount,
    late_percent: business.late_cancellation_refund_percent,
    payments: room.payments.map((p) => ({ ...p, refundable: Math.min(p.refundable, amount) })),
    payment_id: amount > 0 ? room.payment_id : null,
  };
}

/** A merged customer is kept for the record only: it is not changed any more. */
export function assertNotMerged(customer: Row): void {
  if (customer.merged_into_id) throw conflict('This customer was merged into another record and can no longer be changed.');
}
