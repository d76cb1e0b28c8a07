/**
 * Customers' own rules on the generic routes: phones kept in E.164 on every write, and a
 * blocked customer always carries the reason (server/customers/routes.ts blocks and
 * unblocks one, and messages them).
 */
import { normalizePhone } from '../../common/phone.ts';
import { badRequest } from '../errors.ts';
import type { CollectionHooks } from '../engine/hooks.ts';
import { assertNotMerged, marketplaceCurrency } from '../payments/index.ts';

export const PHONE_MESSAGE = 'Enter a phone number such as 0555 12 34 56, or with its country code such as +33 6 12 34 56 78.';
export const BLOCK_REASON_MESSAGE = 'Give the reason for blocking this customer.';

/** The phone of a write in E.164, or a 400 at `phone`. */
function phoneOf(value: unknown): string {
  const phone = normalizePhone(String(value));
  if (!phone) throw badRequest({ phone: [PHONE_MESSAGE] });
  return phone;
}

export const customerHooks: CollectionHooks = {
  /**
   * Vendor staff never get the figures kept over every vendor's bookings (the registry's
   * staffOnlyReadFields); they get their own bookings' instead, counted for the shown rows
   * only through the index on bookings (customer_id, vendor_id), as the cached columns count.
   */
  async present(ctx, records) {
    if (!ctx.actor || ctx.actor.staff || records.length === 0) return records;
    const { rows } = await ctx.tx.query<{ customer_id: string; n: number; spend: string; last: string | Date | null }>(
      // Spend in the marketplace's currency only, as the cached column counts it.
      `SELECT customer_id, count(*)::int AS n, coalesce(sum(paid - refunded) FILTER (WHERE currency = $3), 0)::bigint AS spend, max(created_at) AS last
         FROM bookings WHERE customer_id = ANY($1::uuid[]) AND vendor_id = $2 GROUP BY customer_id`,
      [records.map((r) => r.id), ctx.actor.vendorId, await marketplaceCurrency(ctx.tx)],
    );
    const own = new Map(rows.map((r) => [r.customer_id, r]));
    return records.map((record) => {
      const mine = own.get(String(record.id));
      const last = mine?.last ?? null;
      return {
        ...record,
        bookings_count: mine?.n ?? 0,
        lifetime_spend: Number(mine?.spend ?? 0),
        last_booking_at: last === null ? null : new Date(last).toISOString(),
      };
    });
  },
  async beforeInsert(ctx, values) {
    values.created_by_vendor_id = ctx.actor.staff ? null : ctx.actor.vendorId;
    values.phone = phoneOf(values.phone);
    if (values.blocked === true && !String(values.blocked_reason ?? '').trim()) throw badRequest({ blocked_reason: [BLOCK_REASON_MESSAGE] });
  },
  async beforeUpdate(_ctx, before, changes) {
    assertNotMerged(before);
    if (changes.phone !== undefined) changes.phone = phoneOf(changes.phone);
    const blocked = changes.blocked ?? before.blocked;
    if (blocked === true && !String(changes.blocked_reason ?? before.blocked_reason ?? '').trim()) {
      throw badRequest({ blocked_reason: [BLOCK_REASON_MESSAGE] });
    }
    // An unblocked customer carries no reason to be blocked; the history keeps the old one.
    if (blocked === false) changes.blocked_reason = null;
  },
};
