/**
 * Loyalty points and the wallet, beyond moving a balance (server/payments/money.ts):
 * points earned when a booking completes (taken back when it is refunded, in money.ts
 * with the refund that takes them), points that expire (a scheduled job, safe with several instances), and the adjustments staff
 * make by hand, each with a reason. Every balance is kept on the customer row, locked
 * while it changes, so it never goes below zero, also under concurrent requests.
 */
import type { FastifyInstance } from 'fastify';
import { badRequest } from '../errors.ts';
import { moneyText } from '../errorLanguage.ts';
import type { CollectionHooks, WriteContext } from '../engine/hooks.ts';
import type { Row } from '../engine/records.ts';
import { lockedPoints, loyaltyMove, walletCurrency, walletMove } from '../payments/index.ts';
import { getSettings } from '../settings/index.ts';
import { SYSTEM_ACTOR } from '../engine/actor.ts';

const num = (v: unknown) => Number(v ?? 0);
const DAY_MS = 86_400_000;

/** Points a completed booking earns: per booking, plus per 100 DZD (the wallet's currency) of its total. */
export async function earnPoints(ctx: WriteContext, booking: Row): Promise<void> {
  const loyalty = await getSettings(ctx.tx, 'loyalty');
  if (!loyalty.enabled) return;
  // Points per 100 are per 100 of the wallet's currency: a total in another one earns the points per booking only.
  const counted = (await walletCurrency(ctx.tx)) === String(booking.currency) ? num(booking.total) : 0;
  const points = loyalty.points_per_booking + Math.floor(counted / 10_000) * loyalty.points_per_100_dzd;
  if (points <= 0) return;
  await loyaltyMove(ctx, {
    customer_id: String(booking.customer_id),
    points,
    source: 'booking',
    reason: `Booking ${booking.ref} completed`,
    booking_id: String(booking.id),
    expires_at: loyalty.expiry_days ? new Date(Date.parse(ctx.now) + loyalty.expiry_days * DAY_MS).toISOString().slice(0, 10) : null,
  });
}

const BATCH = 200;
/** Code-point order, as PostgreSQL orders uuids and ISO dates (no locale rules). */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Expires the points of every earning whose date has come. An earning is claimed with
 * SKIP LOCKED and marked `expired_at` in the same transaction, so two instances running
 * at once never expire it twice. Spending is taken from the points that expire first: an
 * earning loses what of it is still in the balance once the points of the earnings that
 * expire later (or never) are set aside. Each expiry is a ledger entry by the system,
 * audited like any other.
 */
export async function expirePoints(app: FastifyInstance, now = new Date()): Promise<{ entries: number; points: number }> {
  const today = now.toISOString().slice(0, 10);
  const done = { entries: 0, points: 0 };
  for (;;) {
    const claimed = await app.db.transaction(async (tx) => {
      const ctx: WriteContext = { tx, actor: SYSTEM_ACTOR, app, now: now.toISOString() };
      const { rows } = await tx.query<{ id: string; customer_id: string; points: number; expires_at: string; booking_id: string | null }>(
        `SELECT id, customer_id, points, expires_at::text AS expires_at, booking_id FROM loyalty_entries
         WHERE points > 0 AND expired_at IS NULL AND expires_at IS NOT NULL AND expires_at <= $1::date
         ORDER BY expires_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [today, BATCH],
      );
      // Customers are locked in one order (by id) in every instance, so two runs never deadlock;
      // a customer's earnings go soonest first.
      const ordered = [...rows].sort((a, b) => byText(a.customer_id, b.customer_id) || byText(a.expires_at, b.expires_at) || byText(a.id, b.id));
      for (const entry of ordered) {
        const balance = await lockedPoints(ctx, entry.customer_id);
        const { rows: later } = await tx.query<{ points: number }>(
          `SELECT coalesce(sum(points), 0)::int AS points FROM loyalty_entries
           WHERE customer_id = $1 AND points > 0 AND expired_at IS NULL AND id <> $2
             AND (expires_at IS NULL OR expires_at > $3::date OR (expires_at = $3::date AND id > $2))`,
          [entry.customer_id, entry.id, entry.expires_at],
        );
        const unspent = Math.max(0, Math.min(num(entry.points), balance - num(later[0]?.points)));
        await tx.query('UPDATE loyalty_entries SET expired_at = $2 WHERE id = $1', [entry.id, ctx.now]);
        if (unspent === 0) continue;
        await loyaltyMove(ctx, {
          customer_id: entry.customer_id, points: -unspent, source: 'expiry', reason: `Points earned until ${entry.expires_at} expired`,
          booking_id: entry.booking_id, created_by: null,
        });
        done.points += unspent;
      }
      return rows.length;
    });
    done.entries += claimed;
    if (claimed < BATCH) return done;
  }
}

// Adjustments by hand ------------------------------------------------------------------

/** The most one credit or debit by hand may move, in minor units (1,000,000.00): a typo of a few zeros is refused. */
export const MAX_MANUAL_WALLET_AMOUNT = 100_000_000;

/** Staff credit or debit a wallet as a top-up or an adjustment; refunds and bookings move it on their own. */
export const walletHooks: CollectionHooks = {
  async create(ctx, body) {
    if (!['top_up', 'adjustment'].includes(String(body.source))) throw badRequest({ source: ['Only top-ups and adjustments are entered by hand.'] });
    if (body.kind === 'debit' && body.source === 'top_up') throw badRequest({ source: ['A top-up credits the wallet.'] });
    await assertBookingOf(ctx, body);
    // The balance is one number in the marketplace's currency: money in another one would be
    // added as if it were that, and walletMove refuses it at `currency`.
    const wallet = await walletCurrency(ctx.tx);
    const currency = body.currency == null ? wallet : String(body.currency);
    if (currency === wallet && num(body.amount) > MAX_MANUAL_WALLET_AMOUNT) {
      throw badRequest({ amount: [`A credit or debit by hand is at most ${moneyText(MAX_MANUAL_WALLET_AMOUNT, currency)}.`] });
    }
    return walletMove(ctx, {
      customer_id: String(body.customer_id), kind: body.kind as 'credit' | 'debit', source: String(body.source), amount: num(body.amount),
      currency, reason: String(body.reason).trim(), booking_id: (body.booking_id as string | null) ?? null,
    });
  },
};

/** Staff add or remove points with a reason; the balance never goes below zero. */
export const loyaltyHooks: CollectionHooks = {
  async create(ctx, body) {
    await assertBookingOf(ctx, body);
    if (body.expires_at && (num(body.points) < 0 || String(body.expires_at) <= ctx.now.slice(0, 10))) {
      throw badRequest({ expires_at: ['Only points added can expire, on a later day.'] });
    }
    return loyaltyMove(ctx, {
      customer_id: String(body.customer_id), points: num(body.points), source: 'adjustment', reason: String(body.reason).trim(),
      booking_id: (body.booking_id as string | null) ?? null, expires_at: (body.expires_at as string | null) ?? null,
    });
  },
};

/** An adjustment says why, and a booking it names must be the customer's. */
async function assertBookingOf(ctx: WriteContext, body: Row): Promise<void> {
  if (!String(body.reason ?? '').trim()) throw badRequest({ reason: ['A reason is required.'] });
  if (!body.booking_id) return;
  const { rows } = await ctx.tx.query<{ customer_id: string }>('SELECT customer_id FROM bookings WHERE id = $1', [body.booking_id]);
  if (rows[0]?.customer_id !== body.customer_id) throw badRequest({ booking_id: ["This booking is not this customer's."] });
}
