/**
 * An adventure's price: its fixed price, or the sum of what the services of its
 * itinerary cost one person today (`price_amount`, computed when read, null while a
 * part has no price). Publishing needs an itinerary. A sum is in one currency: a service
 * priced in another is refused at its step.
 */
import { DEFAULT_CURRENCY } from '../../common/common.ts';
import { badRequest, conflict } from '../errors.ts';
import type { CollectionHooks, WriteContext } from '../engine/hooks.ts';
import type { Row } from '../engine/records.ts';
import { onePersonPrices } from './combos.ts';

interface Step {
  service_id?: string | null;
}

const serviceIdsOf = (adventure: Row) => ((adventure.itinerary as Step[] | undefined) ?? []).flatMap((s) => (s.service_id ? [s.service_id] : []));

/** Refuses, at its step, each service of a sum-of-parts itinerary priced in another currency than the adventure. */
async function checkCurrencies(ctx: WriteContext, adventure: Row): Promise<void> {
  // Without a mode the column's default applies: a sum.
  if ((adventure.price_mode ?? 'sum_of_parts') !== 'sum_of_parts') return;
  const ids = serviceIdsOf(adventure);
  if (ids.length === 0) return;
  const currency = String(adventure.currency ?? DEFAULT_CURRENCY);
  const { rows } = await ctx.tx.query<{ id: string; currency: string }>('SELECT id, currency FROM services WHERE id = ANY($1::uuid[])', [ids]);
  const of = new Map(rows.map((r) => [r.id, r.currency]));
  const errors: Record<string, string[]> = {};
  (adventure.itinerary as Step[]).forEach((step, index) => {
    const other = step.service_id ? of.get(step.service_id) : undefined;
    if (other && other !== currency) errors[`itinerary.${index}.service_id`] = [`This service is priced in ${other}, the adventure in ${currency}.`];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

export const adventureHooks: CollectionHooks = {
  beforeInsert: (ctx, values) => checkCurrencies(ctx, values),
  beforeUpdate: (ctx, before, changes) => checkCurrencies(ctx, { ...before, ...changes }),
  transitions: {
    publish: async (_ctx, record) => {
      if (!Array.isArray(record.itinerary) || record.itinerary.length === 0) throw conflict('Add at least one itinerary step before publishing.');
    },
  },
  async present(ctx, adventures) {
    // A list asking for some fields only gets the amount when it asked for what it needs.
    const priced = adventures.filter((a) => 'price_mode' in a && 'price' in a && Array.isArray(a.itinerary));
    if (priced.length === 0) return adventures;
    const prices = await onePersonPrices(ctx, [...new Set(priced.filter((a) => a.price_mode === 'sum_of_parts').flatMap(serviceIdsOf))]);
    return adventures.map((adventure) => {
      if (!priced.includes(adventure)) return adventure;
      if (adventure.price_mode === 'fixed') return { ...adventure, price_amount: adventure.price ?? null };
      const parts = serviceIdsOf(adventure).map((id) => prices.get(id) ?? null);
      const amount = parts.length === 0 || parts.some((p) => p === null) ? null : (parts as number[]).reduce((a, b) => a + b, 0);
      return { ...adventure, price_amount: amount };
    });
  },
};
