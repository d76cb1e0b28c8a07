/**
 * What gave a booking its discount, by name: the coupon (its code), the automatic
 * discount or the deal (their names), each with what it takes off (a percent, an amount,
 * an amount per person), the part of the discount it gave, and who pays for it (the
 * vendor, the platform, or shared). Allocated as the platform's part is
 * (platformFundedDiscount): the coupon first, then the discount, then the deal, their sum
 * capped at the booking's discount. The price box, the booking's page and its history
 * name the discount with it, not just "Discount".
 */
import type { Queryable } from '../db/index.ts';
import { promotionAmount } from '../../common/money.ts';
import type { Row } from '../engine/records.ts';
import { platformPart } from '../promotions/index.ts';

export interface AppliedDiscount {
  source: 'coupon' | 'discount' | 'deal';
  /** A coupon's code. */
  code: string | null;
  /** A discount's or a deal's name, in every language. */
  name_i18n: Record<string, string> | null;
  kind: 'percent' | 'fixed' | 'per_person';
  /** A percent (0–100), or minor units (fixed, per person). */
  value: number;
  /** The part of the booking's discount it gave, in minor units. */
  amount: number;
  funded_by: 'vendor' | 'platform' | 'shared';
  platform_share_percent: number | null;
  /** The part of `amount` the platform pays. */
  platform_amount: number;
}

const num = (v: unknown) => Number(v ?? 0);

/** The promotions of a booking or a quote (its coupon, discount and deal ids), named, in the order they apply. */
export async function appliedDiscounts(
  tx: Queryable,
  priced: { coupon_id?: unknown; discount_id?: unknown; deal_id?: unknown; discount_amount?: unknown; subtotal?: unknown; participants_count?: unknown },
): Promise<AppliedDiscount[]> {
  if (!priced.coupon_id && !priced.discount_id && !priced.deal_id) return [];
  const { rows } = await tx.query<Row>(
    `SELECT 'coupon' AS source, code, NULL::jsonb AS name_i18n, kind, value, funded_by, platform_share_percent FROM coupons WHERE id = $1
     UNION ALL SELECT 'discount', NULL, name_i18n, kind, value, funded_by, platform_share_percent FROM discounts WHERE id = $2
     UNION ALL SELECT 'deal', NULL, title_i18n, 'percent', discount_percent, funded_by, platform_share_percent FROM deals WHERE id = $3`,
    [priced.coupon_id ?? null, priced.discount_id ?? null, priced.deal_id ?? null],
  );
  let left = num(priced.discount_amount);
  const applied: AppliedDiscount[] = [];
  for (const source of ['coupon', 'discount', 'deal'] as const) {
    const row = rows.find((r) => r.source === source);
    if (!row) continue;
    const amount = Math.min(left, promotionAmount({ kind: row.kind as 'percent', value: num(row.value) }, num(priced.subtotal), num(priced.participants_count)));
    left -= amount;
    applied.push({
      source,
      code: (row.code as string | null) ?? null,
      name_i18n: (row.name_i18n as Record<string, string> | null) ?? null,
      kind: row.kind as AppliedDiscount['kind'],
      value: num(row.value),
      amount,
      funded_by: row.funded_by as AppliedDiscount['funded_by'],
      platform_share_percent: row.platform_share_percent == null ? null : num(row.platform_share_percent),
      platform_amount: platformPart(row, amount),
    });
  }
  return applied;
}
