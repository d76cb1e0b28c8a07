/**
 * Services: publishing needs what a customer must see to book. Every missing piece is
 * named at once, at its field (`price_rules`, `location_id`, `cover`), in one 409, so the
 * page shows each where it is fixed and a bulk publish reports the whole reason per row.
 * A new service without a maximum group takes its capacity as the maximum (the table's
 * default of 20 would break max ≤ capacity for a smaller activity), and a subcategory is
 * always one of the service's category.
 */
import { badRequest, conflict } from '../errors.ts';
import type { CollectionHooks, WriteContext } from '../engine/hooks.ts';
import { getSettings, unacceptedCurrency } from '../settings/index.ts';

/**
 * The category is a top-level one and the subcategory one of its children (the form
 * offers only those; the server makes sure, or the service would sit under no category).
 */
async function assertCategories(ctx: WriteContext, categoryId: unknown, subcategoryId: unknown): Promise<void> {
  const { rows } = await ctx.tx.query('SELECT 1 FROM categories WHERE id = $1 AND parent_id IS NULL', [categoryId]);
  if (rows.length === 0) throw badRequest({ category_id: ['Choose a category, not a subcategory.'] });
  if (subcategoryId == null) return;
  const sub = await ctx.tx.query('SELECT 1 FROM categories WHERE id = $1 AND parent_id = $2', [subcategoryId, categoryId]);
  if (sub.rows.length === 0) throw badRequest({ subcategory_id: ['Choose a subcategory of the chosen category.'] });
}

/** A price (a service's or a price rule's) is in a currency the marketplace accepts. */
async function assertCurrency(ctx: WriteContext, currency: unknown): Promise<void> {
  if (currency === undefined) return;
  const refused = await unacceptedCurrency(ctx.tx, currency);
  if (refused) throw badRequest({ currency: [refused] });
}

/** Price rules: in an accepted currency. */
export const priceRuleHooks: CollectionHooks = {
  beforeInsert: (ctx, values) => assertCurrency(ctx, values.currency),
  beforeUpdate: (ctx, _before, changes) => assertCurrency(ctx, changes.currency),
};

export const serviceHooks: CollectionHooks = {
  async beforeInsert(ctx, values) {
    values.max_participants ??= values.capacity;
    // Without its own, a service takes the business's default cutoff and currency.
    values.booking_cutoff_minutes ??= (await getSettings(ctx.tx, 'business')).default_cutoff_minutes;
    values.currency ??= (await getSettings(ctx.tx, 'currency')).default;
    await assertCurrency(ctx, values.currency);
    await assertCategories(ctx, values.category_id, values.subcategory_id);
  },
  async beforeUpdate(ctx, before, changes) {
    await assertCurrency(ctx, changes.currency);
    if (changes.category_id === undefined && changes.subcategory_id === undefined) return;
    await assertCategories(ctx, changes.category_id ?? before.category_id, changes.subcategory_id === undefined ? before.subcategory_id : changes.subcategory_id);
  },
  transitions: {
    publish: async (ctx, record) => {
      const { rows } = await ctx.tx.query<{ priced: boolean; covered: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM price_rules WHERE service_id = $1 AND active) AS priced,
                EXISTS (SELECT 1 FROM media WHERE owner_type = 'service' AND owner_id = $1 AND is_cover) AS covered`,
        [record.id],
      );
      const errors: Record<string, string[]> = {};
      if (!rows[0].priced) errors.price_rules = ['Add at least one active price rule.'];
      if (record.location_id == null) errors.location_id = ['Choose where the service takes place.'];
      if (!rows[0].covered) errors.cover = ['Choose a cover image.'];
      const missing = Object.values(errors).map(([message]) => message);
      if (missing.length > 0) throw conflict(`This service cannot be published yet. ${missing.join(' ')}`, { errors });
    },
  },
};
