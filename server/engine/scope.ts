/**
 * Access and scoping: which actions an actor may take on a collection (403 for a role
 * that may not, 405 for an action the collection does not have), and which records
 * they may see (404 for the rest: a vendor never learns another vendor's ids exist).
 */
import type { CollectionSpec } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError, forbidden, notFound } from '../errors.ts';
import { UUID, type Actor } from './actor.ts';
import { tableInfo, toRecord } from './table.ts';

export type Action = 'list' | 'read' | 'create' | 'update' | 'delete' | 'transition';

/** Collects query parameters and hands out their placeholders. */
export class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast = ''): string {
    this.values.push(value);
    return `$${this.values.length}${cast}`;
  }
}

export const methodNotAllowed = (detail = 'This action is not available on this collection.') => new ApiError(405, { detail });

/** What of these records the actor may read: without the staff-only read fields for vendor staff. */
export function readable<T extends Record<string, unknown>>(spec: CollectionSpec, actor: Actor, records: T[]): T[] {
  const hidden = actor.staff ? [] : (spec.staffOnlyReadFields ?? []);
  if (hidden.length === 0) return records;
  return records.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => !hidden.includes(k))) as T);
}

export function assertAccess(spec: CollectionSpec, action: Action, actor: Actor): void {
  const rule = spec.access[action];
  if (rule === 'none') throw methodNotAllowed();
  if (actor.staff) return;
  if (rule === 'staff' || spec.vendorRule === 'none') throw forbidden(`Only staff may ${action === 'list' ? 'list' : action} ${spec.title.toLowerCase()}.`);
}

/** The SQL condition limiting `alias` rows to what the actor may see. */
export function visibility(spec: CollectionSpec, actor: Actor, params: Params, alias = 't'): string {
  if (actor.staff) return 'TRUE';
  const v = () => params.add(actor.vendorId);
  switch (spec.vendorRule) {
    case 'own':
      return `${alias}.vendor_id = ${v()}`;
    case 'self':
      return `${alias}.id = ${v()}`;
    case 'customer_of': {
      const p = v();
      return `(${alias}.created_by_vendor_id = ${p} OR ${alias}.id IN (SELECT vb.customer_id FROM bookings vb WHERE vb.vendor_id = ${p}))`;
    }
    case 'audience':
      return `(${alias}.audience IN ('vendor', 'all') AND ${alias}.published)`;
    case 'all':
      return 'TRUE';
    case 'none':
      return 'FALSE';
  }
}

/** A record the actor may see, or undefined (unknown id, malformed id, or out of scope). */
export async function loadVisible(
  q: Queryable,
  spec: CollectionSpec,
  id: string,
  actor: Actor,
  options: { forUpdate?: boolean; extraWhere?: (params: Params) => string } = {},
): Promise<Record<string, unknown> | undefined> {
  if (!UUID.test(id)) return undefined;
  const info = tableInfo(spec);
  const params = new Params();
  const where = [`t.id = ${params.add(id)}`, visibility(spec, actor, params)];
  if (options.extraWhere) where.push(options.extraWhere(params));
  const { rows } = await q.query(
    `SELECT ${info.selectList} FROM ${info.table} t WHERE ${where.join(' AND ')}${options.forUpdate ? ' FOR UPDATE' : ''}`,
    params.values,
  );
  return rows[0] ? toRecord(rows[0]) : undefined;
}

export async function loadOr404(
  q: Queryable,
  spec: CollectionSpec,
  id: string,
  actor: Actor,
  options: Parameters<typeof loadVisible>[4] = {},
): Promise<Record<string, unknown>> {
  const record = await loadVisible(q, spec, id, actor, options);
  if (!record) throw notFound();
  return record;
}
