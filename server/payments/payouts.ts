/**
 * What each vendor is owed and how it is paid out.
 *
 * Every movement of a booking's money writes one vendor share entry: a payment landing
 * (+ the vendor's net, its commission and gateway fee beside it), a refund succeeding
 * (negative). So, per vendor and overall, to the minor unit:
 *   captured payments - refunds = vendor shares + platform commission + gateway fees.
 *
 * Refunds: the gateway keeps its fee, so a refund is taken from the vendor's net in
 * proportion to the part of the payment refunded (cumulated, so a full refund takes back
 * exactly the net) and the platform's commission bears the rest, fee included.
 *
 * Payouts: a positive entry is payable once its activity has taken place (its end, else
 * its start); a refund entry at once. A batch takes every payable entry of one vendor not
 * yet in a payout, up to a date; it holds back a reserve (the fees settings'
 * payout_reserve_percent of its net) against refunds that come later. The reserve is held
 * for payout_reserve_days after that payout is paid; the first batch built after that
 * releases it (every reserve whose period has passed, oldest first, up to the newest one,
 * which the batch names in `released_from`). Refunds made in the meantime are not taken
 * from the reserve: they are entries payable at once, deducted by the batches built in the
 * meantime; those the vendor's shares could not cover wait (a batch never pays below zero)
 * and are deducted by the batch that releases the reserve. An entry joins one payout only: it is claimed by
 * `UPDATE … WHERE payout_id IS NULL`, builds for one vendor are serialized on the vendor's
 * row, and only cancelling the payout frees it.
 */
import { splitAmount } from '../../common/money.ts';
import { collection } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import type { CollectionHooks, TransitionPayload, WriteContext } from '../engine/hooks.ts';
import { insertRecord, updateRecord, type Row } from '../engine/records.ts';
import { loadOr404 } from '../engine/scope.ts';
import { accountApprovals, assertAccountApproved } from './payoutAccount.ts';
import { getSettings } from '../settings/index.ts';

export const shareEntries = collection('vendor-share-entries');
export const payouts = collection('payouts');
const commissionChanges = collection('commission-changes');
const vendors = collection('vendors');

const num = (v: unknown) => Number(v ?? 0);

/**
 * The split of a payment of `amount` on a booking of `total` of which the platform funds
 * `platformFunded` (its share of a promotion): commission is charged as if the customer had
 * paid the funded part too, and the platform gives that part to the vendor, so its own
 * commission on this payment may be below zero. Gateway fees are on what was charged.
 */
export function fundedSplit(amount: number, total: number, platformFunded: number, commissionPercent: number, feePercent: number) {
  const portion = total > 0 && platformFunded > 0 ? Math.round((amount * platformFunded) / total) : 0;
  const { fee } = splitAmount(amount, commissionPercent, feePercent);
  const commissionOnFull = Math.round(((amount + portion) * commissionPercent) / 100);
  const vendor_share = amount + portion - commissionOnFull - fee;
  return { fee, platform_commission: amount - vendor_share - fee, vendor_share };
}

/** The entry of a payment that landed: the vendor's net is payable after the activity. */
export async function recordPaymentShare(ctx: WriteContext, payment: Row, booking: Row, split: ReturnType<typeof fundedSplit>, commissionPercent: number) {
  await insertRecord(ctx, shareEntries, {
    vendor_id: payment.vendor_id,
    booking_id: payment.booking_id,
    payment_id: payment.id,
    kind: 'payment',
    amount: split.vendor_share,
    commission: split.platform_commission,
    fee: split.fee,
    currency: payment.currency,
    commission_percent: commissionPercent,
    payable_from: booking.ends_at ?? booking.starts_at,
  });
}

/**
 * The entry of `take` refunded from a payment that had `refundedBefore` refunded already:
 * the vendor gives back its net in proportion (cumulated, so rounding never drifts), the
 * platform's commission the rest. Payable (deducted) at once.
 */
export async function recordRefundShare(ctx: WriteContext, payment: Row, refundedBefore: number, take: number, refund: Row) {
  const amount = num(payment.amount);
  const net = num(payment.vendor_share);
  const vendorBack = Math.round(((refundedBefore + take) * net) / amount) - Math.round((refundedBefore * net) / amount);
  await insertRecord(ctx, shareEntries, {
    vendor_id: payment.vendor_id,
    booking_id: payment.booking_id,
    payment_id: payment.id,
    refund_id: refund.id,
    kind: 'refund',
    amount: -vendorBack,
    commission: -(take - vendorBack),
    fee: 0,
    currency: payment.currency,
    payable_from: ctx.now,
  });
}

// Payout batches ---------------------------------------------------------------------

export interface PayoutFigures {
  entries_count: number;
  gross: number;
  refunds: number;
  reserve_held: number;
  reserve_released: number;
  released_from: string | null;
  amount: number;
}

/** The end of `date` in Algeria (UTC+1), or now if that is earlier: nothing is payable before its activity. */
function cutoffOf(periodEnd: string, now: string): string {
  const end = new Date(Date.parse(`${periodEnd}T00:00:00+01:00`) + 86_400_000 - 1).toISOString();
  return end < now ? end : now;
}

const PICK = `vendor_id = $1 AND currency = $2 AND payout_id IS NULL AND payable_from <= $3`;

interface Release { id: string; reserve_held: number }

/**
 * The reserves this vendor's batch built at `now` releases: those of paid payouts whose
 * reserve period has passed and that come after the newest reserve a live payout released
 * (reserves are released in the order they were paid, so that one marks all before it).
 */
async function reserveToRelease(tx: Queryable, vendorId: string, currency: string, reserveDays: number, now: string): Promise<Release | undefined> {
  const { rows } = await tx.query<{ id: string; reserve_held: string; paid_at: Date }>(
    `WITH last AS (
       SELECT r.paid_at, r.id FROM payouts q JOIN payouts r ON r.id = q.released_from
        WHERE q.vendor_id = $1 AND q.currency = $2 AND q.status <> 'cancelled'
        ORDER BY r.paid_at DESC, r.id DESC LIMIT 1)
     SELECT p.id, p.reserve_held FROM payouts p
      WHERE p.vendor_id = $1 AND p.currency = $2 AND p.status = 'paid' AND p.reserve_held > 0
        AND p.paid_at <= $3::timestamptz - make_interval(days => $4::int)
        AND NOT EXISTS (SELECT 1 FROM last WHERE (p.paid_at, p.id) <= (last.paid_at, last.id))
      ORDER BY p.paid_at, p.id`,
    [vendorId, currency, now, reserveDays],
  );
  if (rows.length === 0) return undefined;
  return { id: rows[rows.length - 1].id, reserve_held: rows.reduce((sum, r) => sum + num(r.reserve_held), 0) };
}

export function figures(sums: { count: number; gross: number; refunds: number }, reservePercent: number, release: Release | undefined): PayoutFigures {
  const net = sums.gross - sums.refunds;
  const reserve_held = net > 0 ? Math.round((net * reservePercent) / 100) : 0;
  const reserve_released = release?.reserve_held ?? 0;
  return {
    entries_count: sums.count, gross: sums.gross, refunds: sums.refunds, reserve_held, reserve_released,
    released_from: release?.id ?? null, amount: net - reserve_held + reserve_released,
  };
}

function refuseEmpty(f: PayoutFigures) {
  if (f.entries_count === 0 && f.reserve_released === 0) throw conflict('Nothing is payable to this vendor up to this date.');
  if (f.amount < 0) throw conflict('The refunds to deduct exceed what is payable; nothing can be paid out yet.');
}

export const SUMS = `count(*)::int AS count,
  coalesce(sum(amount) FILTER (WHERE kind = 'payment'), 0)::bigint AS gross,
  coalesce(-sum(amount) FILTER (WHERE kind = 'refund'), 0)::bigint AS refunds`;
export const sumsOf = (r: Row) => ({ count: num(r.count), gross: num(r.gross), refunds: num(r.refunds) });

/** What a payout for this vendor up to `period_end` would hold (nothing is written). */
export async function previewPayout(tx: Queryable, input: { vendor_id: string; period_end: string; currency: string }, now: string) {
  const fees = await getSettings(tx, 'fees');
  const params = [input.vendor_id, input.currency, cutoffOf(input.period_end, now)];
  const { rows } = await tx.query(`SELECT ${SUMS} FROM vendor_share_entries WHERE ${PICK}`, params);
  const release = await reserveToRelease(tx, input.vendor_id, input.currency, fees.payout_reserve_days, now);
  const result = figures(sumsOf(rows[0]), fees.payout_reserve_percent, release);
  return { ...result, vendor_id: input.vendor_id, period_end: input.period_end, currency: input.currency, reserve_percent: fees.payout_reserve_percent, reserve_days: fees.payout_reserve_days };
}

/** Builds a draft payout: claims the entries, then writes its figures. */
export async function buildPayout(ctx: WriteContext, input: { vendor_id: string; period_end: string; currency: string; notes?: string | null }): Promise<Row> {
  const { tx } = ctx;
  // One build per vendor at a time: the entries and the reserve to release are decided once.
  await loadOr404(tx, vendors, input.vendor_id, ctx.actor, { forUpdate: true });
  const fees = await getSettings(tx, 'fees');
  const payout = await insertRecord(ctx, payouts, {
    vendor_id: input.vendor_id, period_end: input.period_end, currency: input.currency, status: 'draft', amount: 0,
    notes: input.notes ?? null, created_by: ctx.actor.user.id,
  });
  const { rows } = await tx.query(
    `WITH claimed AS (
       UPDATE vendor_share_entries SET payout_id = $4, updated_at = now(), version = version + 1
        WHERE ${PICK} RETURNING kind, amount)
     SELECT ${SUMS} FROM claimed`,
    [input.vendor_id, input.currency, cutoffOf(input.period_end, ctx.now), payout.id],
  );
  const release = await reserveToRelease(tx, input.vendor_id, input.currency, fees.payout_reserve_days, ctx.now);
  const result = figures(sumsOf(rows[0]), fees.payout_reserve_percent, release);
  refuseEmpty(result);
  return updateRecord(ctx, payouts, String(payout.id), { ...result }, { before: payout });
}

export const payoutHooks: CollectionHooks = {
  transitions: {
    approve: async (ctx) => ({ approved_at: ctx.now, approved_by: ctx.actor.user.id }),
    /** Only through POST /payouts/<id>/pay/, which brings the bank reference. */
    pay: async (ctx, record, _next, payload: TransitionPayload & { bank_reference?: string }) => {
      const reference = payload.bank_reference?.trim();
      if (!reference) throw badRequest({ bank_reference: ['A bank reference is required.'] });
      // The first payout to a changed payout account waits for a second staff member (payoutAccount.ts).
      await assertAccountApproved(ctx.tx, record);
      // The payments whose shares this pays read as paid out on the payments screens.
      await ctx.tx.query(
        `UPDATE payments SET payout_status = 'paid_out', payout_at = $2
          WHERE id IN (SELECT payment_id FROM vendor_share_entries WHERE payout_id = $1 AND kind = 'payment')`,
        [record.id, ctx.now],
      );
      return { bank_reference: reference, paid_at: ctx.now, paid_by: ctx.actor.user.id };
    },
    /** Its entries go back to the vendor's next payout; the reserve it released is free again. */
    cancel: async (ctx, record) => {
      await ctx.tx.query('UPDATE vendor_share_entries SET payout_id = NULL, updated_at = now(), version = version + 1 WHERE payout_id = $1', [record.id]);
      return {};
    },
  },
  /**
   * Each payout read says whether it waits for the second approval of a changed payout
   * account (`account_approval`: `awaiting`, `approved` or null) and, while it matters,
   * when, by whom and why the account changed.
   */
  async present(ctx, records) {
    const ids = records.filter((r) => typeof r.id === 'string').map((r) => String(r.id));
    const approvals = await accountApprovals(ctx.tx, ids);
    return records.map((r) => {
      const a = approvals.get(String(r.id));
      if (!a) return r;
      const state = a.awaiting ? 'awaiting' : r.account_approved_by != null || r.account_approved_at != null ? 'approved' : null;
      return {
        ...r,
        account_approval: state,
        ...(state ? { account_changed_at: a.changed_at, account_changed_by: a.changed_by, account_changed_by_name: a.changed_by_name, account_change_reason: a.reason } : {}),
      };
    });
  },
};

// Commission -------------------------------------------------------------------------

/**
 * A vendor's commission changes only through POST /vendors/<id>/commission/, which asks
 * for a reason and keeps the history; a PATCH of the vendor may not carry it.
 */
export const vendorHooks: CollectionHooks = {
  async beforeUpdate(ctx, _before, changes) {
    // Where the vendor's money goes is for the vendor's own staff to say, never staff acting as them.
    if (ctx.actor.actingAsVendorId && ('payout_method' in changes || 'payout_account' in changes)) {
      throw forbidden('Payout account details cannot be changed while acting as a vendor.');
    }
    if ('commission_percent' in changes) throw badRequest({ commission_percent: ['Change the commission through its own change, with a reason.'] });
  },
};

/** Changes a vendor's commission for payments landing from now on; the history keeps who, when and why. */
export async function adjustCommission(ctx: WriteContext, vendorId: string, input: { commission_percent: number; reason: string }): Promise<Row> {
  const reason = input.reason.trim();
  if (!reason) throw badRequest({ reason: ['A reason is required.'] });
  const vendor = await loadOr404(ctx.tx, vendors, vendorId, ctx.actor, { forUpdate: true });
  const from = num(vendor.commission_percent);
  if (from === input.commission_percent) throw badRequest({ commission_percent: ['This is already the commission.'] });
  await updateRecord(ctx, vendors, vendorId, { commission_percent: input.commission_percent }, { before: vendor, note: { reason } });
  return insertRecord(ctx, commissionChanges, {
    vendor_id: vendorId, from_percent: from, to_percent: input.commission_percent, reason, changed_by: ctx.actor.user.id,
  });
}

// The booking's money ledger -----------------------------------------------------------

export interface LedgerRow {
  kind: 'payment' | 'refund';
  at: string;
  payment_id: string;
  refund_id: string | null;
  method: string;
  /** What the customer paid (negative: what went back). gross = commission + fee + vendor_net. */
  gross: number;
  commission: number;
  commission_percent: number | null;
  fee: number;
  vendor_net: number;
  payable_from: string;
  payout: { id: string; status: string; period_end: string } | null;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** Every entry of a booking, oldest first, with the totals: from gross to the vendor's net and its payout. */
export async function ledgerOf(q: Queryable, booking: Row) {
  const { rows } = await q.query<Row>(
    `SELECT e.kind, e.created_at, e.payment_id, e.refund_id, p.method, e.amount, e.commission, e.commission_percent, e.fee, e.payable_from,
            o.id AS payout_id, o.status AS payout_status, o.period_end::text AS payout_period_end
       FROM vendor_share_entries e JOIN payments p ON p.id = e.payment_id LEFT JOIN payouts o ON o.id = e.payout_id
      WHERE e.booking_id = $1 ORDER BY e.created_at, e.kind, e.id`,
    [booking.id],
  );
  const entries: LedgerRow[] = rows.map((r) => ({
    kind: r.kind as LedgerRow['kind'],
    at: iso(r.created_at),
    payment_id: String(r.payment_id),
    refund_id: (r.refund_id as string) ?? null,
    method: String(r.method),
    gross: num(r.amount) + num(r.commission) + num(r.fee),
    commission: num(r.commission),
    commission_percent: r.commission_percent == null ? null : num(r.commission_percent),
    fee: num(r.fee),
    vendor_net: num(r.amount),
    payable_from: iso(r.payable_from),
    payout: r.payout_id ? { id: String(r.payout_id), status: String(r.payout_status), period_end: String(r.payout_period_end) } : null,
  }));
  const total = (key: 'gross' | 'commission' | 'fee' | 'vendor_net') => entries.reduce((s, e) => s + e[key], 0);
  return {
    booking_id: String(booking.id),
    currency: String(booking.currency),
    rows: entries,
    totals: { gross: total('gross'), commission: total('commission'), fee: total('fee'), vendor_net: total('vendor_net') },
  };
}
