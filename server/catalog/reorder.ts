/**
 * `POST /branch/api/<categories|amenities|interests>/reorder/`: the order staff chose by
 * dragging or with the move buttons, saved in one request and one transaction:
 * `{items: [{id, sort_order, parent_id?}]}`. Categories are a tree of two levels (a
 * category and its subcategories), so a subcategory may move to another parent, but a
 * subcategory never holds subcategories, which also rules out cycles. Every changed
 * record is audited like any other write.
 */
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { collection } from '../../common/registry.ts';
import { badRequest } from '../errors.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { updateRecord, type Row } from '../engine/records.ts';
import { context, guarded } from '../engine/resources.ts';

const SortOrder = Type.Integer({ minimum: 0, maximum: 100000 });
const Uuid = Type.String({ format: 'uuid' });

export const ReorderInput = (tree: boolean) =>
  Type.Object(
    {
      items: Type.Array(
        Type.Object(
          { id: Uuid, sort_order: SortOrder, ...(tree ? { parent_id: Type.Optional(Type.Union([Uuid, Type.Null()])) } : {}) },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 1000 },
      ),
    },
    { additionalProperties: false },
  );

interface Item {
  id: string;
  sort_order: number;
  parent_id?: string | null;
}

export const REORDERABLE = ['categories', 'amenities', 'interests'] as const;

/**
 * The errors of a category tree once `items` are applied to `current` (id -> parent):
 * at the item whose parent is unknown, itself, or not a top-level category, and at
 * the item that would become a subcategory while it holds subcategories.
 */
export function treeErrors(current: Map<string, string | null>, items: Item[]): Record<string, string[]> {
  const parents = new Map(current);
  for (const item of items) if (item.parent_id !== undefined) parents.set(item.id, item.parent_id);
  const errors: Record<string, string[]> = {};
  const withChildren = new Set([...parents.values()].filter((p): p is string => p !== null));
  items.forEach((item, i) => {
    const parent = parents.get(item.id);
    if (parent == null) return;
    const at = `items.${i}.parent_id`;
    if (parent === item.id) errors[at] = ['A category cannot be its own parent.'];
    else if (!parents.has(parent)) errors[at] = [`${parent} was not found.`];
    else if (parents.get(parent) != null) errors[at] = ['A subcategory cannot hold subcategories: choose a top-level category.'];
    else if (withChildren.has(item.id)) errors[at] = ['This category has subcategories: it cannot become one.'];
  });
  return errors;
}

export function registerReorder(app: FastifyInstance): void {
  for (const name of REORDERABLE) {
    const spec = collection(name);
    const tree = name === 'categories';
    app.post<{ Body: { items: Item[] } }>(
      `${API_PREFIX}/${name}/reorder/`,
      { ...guarded(app, spec, 'update'), schema: { body: ReorderInput(tree) } },
      async (request) => {
        const ctx = await context(app, request);
        const { items } = request.body;
        return app.db.transaction(async (tx) => {
          // The whole (small) table, locked: the tree is judged as it will be stored.
          const { rows } = await tx.query<Row>(`SELECT id, sort_order${tree ? ', parent_id' : ''} FROM ${spec.table} FOR UPDATE`);
          const byId = new Map(rows.map((r) => [String(r.id), r]));
          const errors: Record<string, string[]> = {};
          const seen = new Set<string>();
          items.forEach((item, i) => {
            if (!byId.has(item.id)) errors[`items.${i}.id`] = [`${item.id} was not found.`];
            else if (seen.has(item.id)) errors[`items.${i}.id`] = ['Listed more than once.'];
            seen.add(item.id);
          });
          if (Object.keys(errors).length === 0 && tree) {
            Object.assign(errors, treeErrors(new Map(rows.map((r) => [String(r.id), (r.parent_id as string | null) ?? null])), items));
          }
          if (Object.keys(errors).length > 0) throw badRequest(errors);
          const changed: Row[] = [];
          for (const item of items) {
            const before = byId.get(item.id)!;
            const changes: Row = {};
            if (item.sort_order !== before.sort_order) changes.sort_order = item.sort_order;
            if (tree && item.parent_id !== undefined && item.parent_id !== (before.parent_id ?? null)) changes.parent_id = item.parent_id;
            if (Object.keys(changes).length === 0) continue;
            changed.push(await updateRecord({ ...ctx, tx }, spec, item.id, changes, { action: 'reorder' }));
          }
          return { changed: changed.length, results: changed };
        });
      },
    );
  }
}
