/**
 * An adventure's price: its fixed price, or the sum of what the services of its
 * itinerary cost one person today (`price_amount`, computed when read, null while a
 * part has no price). Publishing needs an itinerary.
 */
import { conflict } from '../errors.ts';
import type { CollectionHooks } from '../routes/hooks.ts';
import type { Row } from '../routes/records.ts';
import { onePersonPrices } from './combos.ts';

interface Step {
  service_id?: string | null;
}

const serviceIdsOf = (adventure: Row) => ((adventure.itinerary as Step[] | undefined) ?? []).flatMap((s) => (s.service_id ? [s.service_id] : []));

export const adventureHooks: CollectionHooks = {
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
