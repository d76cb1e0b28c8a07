/**
 * Categories, amenities and interests: the tree of categories stays two levels deep
 * whatever writes it, and a term that services use is not deleted from under them
 * (409 saying how many use it) — it is retired with `active: false` instead.
 */
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict } from '../errors.ts';
import type { CollectionHooks } from '../engine/hooks.ts';
import type { Row } from '../engine/records.ts';
import { treeErrors } from './reorder.ts';

const count = async (tx: Queryable, sql: string, id: unknown) => Number((await tx.query<{ n: number }>(sql, [id])).rows[0]?.n ?? 0);

const usedBy = (n: number) => conflict(`Used by ${n} ${n === 1 ? 'service' : 'services'}: deactivate it instead of deleting it.`, { services: n });

/** A category's parent is a top-level category, and a category with subcategories stays top-level. */
async function checkTree(tx: Queryable, id: string | undefined, parentId: unknown): Promise<void> {
  if (parentId == null) return;
  const { rows } = await tx.query<{ id: string; parent_id: string | null }>('SELECT id, parent_id FROM categories');
  // A new category (no id yet) holds no subcategories: only its parent's level matters.
  const errors = treeErrors(new Map(rows.map((r) => [r.id, r.parent_id])), [{ id: id ?? 'new', sort_order: 0, parent_id: String(parentId) }]);
  if (Object.keys(errors).length > 0) throw badRequest({ parent_id: Object.values(errors)[0] });
}

export const categoryHooks: CollectionHooks = {
  async beforeInsert(ctx, values) {
    await checkTree(ctx.tx, undefined, values.parent_id);
  },
  async beforeUpdate(ctx, before, changes) {
    if (changes.parent_id !== undefined) await checkTree(ctx.tx, String(before.id), changes.parent_id);
  },
  async beforeDelete(ctx, record) {
    const services = await count(ctx.tx, 'SELECT count(*)::int AS n FROM services WHERE category_id = $1 OR subcategory_id = $1', record.id);
    if (services > 0) throw usedBy(services);
    const children = await count(ctx.tx, 'SELECT count(*)::int AS n FROM categories WHERE parent_id = $1', record.id);
    if (children > 0) throw conflict(`Has ${children} ${children === 1 ? 'subcategory' : 'subcategories'}: move or delete them first.`, { subcategories: children });
  },
};

const tagHooks = (field: 'amenity_ids' | 'interest_ids'): CollectionHooks => ({
  async beforeDelete(ctx, record: Row) {
    const services = await count(ctx.tx, `SELECT count(*)::int AS n FROM services WHERE ${field} @> jsonb_build_array($1::text)`, record.id);
    if (services > 0) throw usedBy(services);
  },
});

export const amenityHooks = tagHooks('amenity_ids');
export const interestHooks = tagHooks('interest_ids');
