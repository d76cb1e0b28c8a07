/**
 * Coupons, discounts and deals on the server: codes stored upper-case (unique across all
 * coupons whatever the case typed), who funds each one, the platform's part of a booking's discount, and the usage
 * report of one promotion.
 */
import { collection } from '../../common/registry.ts';
import { promotionAmount, type Quote } from '../../common/money.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict } from '../errors.ts';
import type { Actor } from '../engine/actor.ts';
import type { CollectionHooks, WriteContext } from '../engine/hooks.ts';
import type { Row } from '../engine/records.ts';
import { Params, visibility } from '../engine/scope.ts';
import { statusesTagged } from '../../common/lifecycles/index.ts';

const num = (v: unknown) => Number(v ?? 0);

/** Bookings that will not take place do not count as uses (as for the per-customer limit). */
export const NOT_COUNTED = statusesTagged('booking', 'closed');

/**
 * Funding rules the registry's checks cannot see (they depend on who asks): a platform
 * promotion is the platform's; vendor staff fund their own promotions only; a share is
 * kept only for a shared promotion.
 */
function checkFunding(ctx: WriteContext, record: Row, values: Row): void {
  const funder = values.funded_by ?? record.funded_by;
  if (values.funded_by !== undefined && values.funded_by !== 'vendor' && !ctx.actor.staff) {
    throw badRequest({ funded_by: ['Only staff can charge a promotion to the platform.'] });
  }
  if (record.vendor_id == null && funder !== 'platform') throw badRequest({ funded_by: ['A platform promotion is funded by the platform.'] });
  if (funder !== 'shared' && (values.funded_by !== undefined || values.platform_share_percent !== undefined)) values.platform_share_percent = null;
}

/**
 * One code typed by a customer means one coupon: codes are unique across all coupons,
 * whoever issued them (a unique index on upper(code) backs this). The answer names no
 * other coupon, so a vendor learns nothing of another's beyond the code being taken.
 */
async function checkCodeFree(ctx: WriteContext, code: string, id: unknown): Promise<void> {
  const { rows } = await ctx.tx.query('SELECT 1 FROM coupons WHERE upper(code) = $1 AND id IS DISTINCT FROM $2', [code, id ?? null]);
  if (rows.length > 0) throw conflict('This code is already taken.', { errors: { code: ['This code is already taken.'] } });
}

function promotionHooks(withCode: boolean): CollectionHooks {
  return {
    async beforeInsert(ctx, values) {
      if (withCode) {
        values.code = String(values.code).toUpperCase();
        await checkCodeFree(ctx, values.code as string, null);
      }
      values.funded_by ??= values.vendor_id == null ? 'platform' : 'vendor';
      checkFunding(ctx, values, values);
    },
    async beforeUpdate(ctx, before, changes) {
      if (withCode && typeof changes.code === 'string') {
        changes.code = changes.code.toUpperCase();
        await checkCodeFree(ctx, changes.code as string, before.id);
      }
      checkFunding(ctx, before, changes);
    },
  };
}

export const couponHooks = promotionHooks(true);
export const discountHooks = promotionHooks(false);
export const dealHooks = promotionHooks(false);

/** The platform's part of one promotion's discount. */
export function platformPart(promotion: Row, amount: number): number {
  if (promotion.funded_by === 'platform') return amount;
  if (promotion.funded_by === 'shared') return Math.round((amount * num(promotion.platform_share_percent)) / 100);
  return 0;
}

/**
 * How much of a quote's discount the platform pays: each promotion's amount, the coupon's
 * first when they stack (their sum is capped at the subtotal), charged to its funder. A
 * complimentary booking's discount beyond its promotions is the vendor's gift.
 */
export async function platformFundedDiscount(tx: Queryable, quote: Quote): Promise<number> {
  if (!quote.coupon_id && !quote.discount_id && !quote.deal_id) return 0;
  const { rows } = await tx.query<Row>(
    `SELECT 'coupon' AS source, kind, value, funded_by, platform_share_percent FROM coupons WHERE id = $1
     UNION ALL SELECT 'discount', kind, value, funded_by, platform_share_percent FROM discounts WHERE id = $2
     UNION ALL SELECT 'deal', 'percent', discount_percent, funded_by, platform_share_percent FROM deals WHERE id = $3`,
    [quote.coupon_id, quote.discount_id, quote.deal_id],
  );
  let left = quote.discount_amount;
  let platform = 0;
  for (const source of ['coupon', 'discount', 'deal']) {
    const row = rows.find((r) => r.source === source);
    if (!row) continue;
    const amount = Math.min(left, promotionAmount({ kind: row.kind as 'percent', value: num(row.value) }, quote.subtotal, quote.participants_count));
    left -= amount;
    platform += platformPart(row, amount);
  }
  return platform;
}

export interface UsageQuery {
  page?: number;
  page_size?: number;
}

/**
 * One coupon's or discount's uses among the bookings the actor may see (a vendor sees its
 * own bookings only): counts, revenue (the bookings' totals) and discount given, split by
 * who paid for it, and a page of the bookings, newest first.
 */
export async function promotionUsage(q: Queryable, actor: Actor, kind: 'coupon' | 'discount' | 'deal', id: string, query: UsageQuery) {
  const params = new Params();
  const column = `${kind}_id`;
  const where = `t.${column} = ${params.add(id)} AND t.status <> ALL(${params.add(NOT_COUNTED)}::text[]) AND ${visibility(collection('bookings'), actor, params)}`;
  const { rows: sums } = await q.query<Row>(
    `SELECT t.currency, count(*)::int AS uses, count(DISTINCT t.customer_id)::int AS customers,
            COALESCE(sum(t.total), 0)::text AS revenue, COALESCE(sum(t.discount_amount), 0)::text AS discount_given,
            COALESCE(sum(t.platform_funded_discount), 0)::text AS platform_funded
     FROM bookings t WHERE ${where} GROUP BY t.currency ORDER BY t.currency`,
    params.values,
  );
  const { rows: customers } = await q.query<{ n: number }>(`SELECT count(DISTINCT t.customer_id)::int AS n FROM bookings t WHERE ${where}`, params.values);
  const pageSize = Math.min(Math.max(query.page_size ?? 20, 1), 100);
  const page = Math.max(query.page ?? 1, 1);
  const { rows: bookings } = await q.query<Row>(
    `SELECT t.id, t.ref, t.created_at, t.starts_at, t.customer_name, t.status, t.currency, t.total::text AS total,
            t.discount_amount::text AS discount_amount, t.platform_funded_discount::text AS platform_funded_discount
     FROM bookings t WHERE ${where} ORDER BY t.created_at DESC, t.id LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
    params.values,
  );
  const uses = sums.reduce((n, r) => n + num(r.uses), 0);
  return {
    uses,
    customers: customers[0]?.n ?? 0,
    by_currency: sums.map((r) => ({
      currency: String(r.currency),
      uses: num(r.uses),
      revenue: num(r.revenue),
      discount_given: num(r.discount_given),
      platform_funded: num(r.platform_funded),
      vendor_funded: num(r.discount_given) - num(r.platform_funded),
    })),
    bookings: {
      count: uses,
      page,
      page_size: pageSize,
      results: bookings.map((b) => ({
        ...b,
        total: num(b.total),
        discount_amount: num(b.discount_amount),
        platform_funded_discount: num(b.platform_funded_discount),
      })),
    },
  };
}
