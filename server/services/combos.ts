/**
 * A combo's price: what each part costs once sold together (a fixed price split across
 * the parts, or a percentage of each), and the amount a percentage combo comes to for one
 * person today, which the combo list shows beside the percentage.
 */
import { quoteBooking } from '../../common/money.ts';
import type { Queryable } from '../db/index.ts';
import type { CollectionHooks } from '../engine/hooks.ts';
import type { Row } from '../engine/records.ts';
import { bookingFees, priceRulesOf, pricedService } from './pricing.ts';

/** Splits `total` across `weights` in proportion, to the unit, summing exactly to `total`. */
export function splitProportionally(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map((_, i) => (i === 0 ? total : 0));
  const exact = weights.map((w) => (total * w) / sum);
  const shares = exact.map(Math.floor);
  let left = total - shares.reduce((a, b) => a + b, 0);
  // Largest remainders first get the units left over.
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (const [, i] of order) {
    if (left <= 0) break;
    shares[i] += 1;
    left -= 1;
  }
  return shares;
}

/**
 * What each part costs in the combo, from the parts' own totals: the fixed price split in
 * proportion to them, or the percentage of each; never more than the part alone.
 */
export function comboShares(combo: Row, totals: number[]): number[] {
  const shares =
    combo.pricing === 'fixed'
      ? splitProportionally(Number(combo.price), totals)
      : totals.map((t) => Math.round((t * Number(combo.percent)) / 100));
  return shares.map((share, i) => Math.min(share, totals[i]));
}

interface ItemLike {
  service_id: string;
  required: boolean;
}

/**
 * What each service costs one person today (its adult price, or its first customer
 * type's), fees included as in a booking; null when it has no price. A reference price
 * for the packages built from services (combos, adventures), not a booking.
 */
export async function onePersonPrices(ctx: { tx: Queryable; now: string }, serviceIds: string[]): Promise<Map<string, number | null>> {
  const onePerson = new Map<string, number | null>();
  if (serviceIds.length === 0) return onePerson;
  const { rows: services } = await ctx.tx.query<Row>(
    'SELECT id, currency, extras, customer_types, min_participants, max_participants FROM services WHERE id = ANY($1::uuid[])',
    [serviceIds],
  );
  const rules = await priceRulesOf(ctx.tx, serviceIds);
  for (const service of services) {
    const types = (service.customer_types as string[] | null) ?? [];
    const type = types.length === 0 || types.includes('adult') ? 'adult' : types[0];
    const result = quoteBooking({
      // One person whatever the service's group limits.
      service: { ...pricedService(service), min_participants: 1, max_participants: 1 },
      rules: (rules.get(String(service.id)) ?? []) as never,
      startsAt: ctx.now,
      now: ctx.now,
      participants: { [type]: 1 },
      extras: [],
      fees: await bookingFees(ctx.tx, service.currency),
    });
    onePerson.set(String(service.id), result.ok ? result.quote.total : null);
  }
  return onePerson;
}

/**
 * `price_amount` of each combo: its fixed price, or for a percentage combo the percentage
 * of what its required parts cost one person today. Null when a part has no price.
 */
export async function withPriceAmounts(ctx: { tx: Queryable; now: string }, combos: Row[]): Promise<Row[]> {
  const priced = combos.filter((c) => ['pricing', 'price', 'percent'].every((f) => f in c) && Array.isArray(c.items));
  if (priced.length === 0) return combos;
  const serviceIds = [...new Set(priced.flatMap((c) => (c.items as ItemLike[]).filter((i) => i.required).map((i) => i.service_id)))];
  const onePerson = await onePersonPrices(ctx, serviceIds);
  return combos.map((combo) => {
    if (!priced.includes(combo)) return combo;
    if (combo.pricing === 'fixed') return { ...combo, price_amount: combo.price ?? null };
    const parts = (combo.items as ItemLike[]).filter((i) => i.required).map((i) => onePerson.get(i.service_id) ?? null);
    const amount = parts.length === 0 || parts.some((p) => p === null) ? null : comboShares(combo, parts as number[]).reduce((a, b) => a + b, 0);
    return { ...combo, price_amount: amount };
  });
}

export const comboHooks: CollectionHooks = {
  present: withPriceAmounts,
};
