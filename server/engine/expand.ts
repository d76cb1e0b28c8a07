/**
 * `expand=booking_id,customer_id` on lists and single reads: each record gets
 * `_expanded: {booking_id: {id, ref, customer_name, starts_at} | null, ...}`, the label
 * fields (LABEL_FIELDS in the registry) of the record each id points to. One query per
 * expanded field for the whole page, never one per row, and each scoped exactly like
 * its collection: an id the caller may not see expands to null, as an unknown id does.
 * A field whose collection depends on another field (a medium's owner_id by its
 * owner_type) expands too, with one query per collection met on the page.
 */
import { COLLECTION_BY_NAME, LABEL_FIELDS, type CollectionSpec } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import type { Actor } from './actor.ts';
import { Params, visibility } from './scope.ts';
import { selectListOf, tableInfo, toRecord } from './table.ts';

type Row = Record<string, unknown>;
/** The collection an expanded field points to, or the field naming it per record and its collections. */
export type ExpandTarget = string | { by: string; targets: Record<string, string> };

/** The fields of a collection a request may expand, with the collection each points to. */
export function expandable(spec: CollectionSpec): Map<string, ExpandTarget> {
  const info = tableInfo(spec);
  const fields = new Map<string, ExpandTarget>();
  const refs: Record<string, string> = { ...(spec.vendorColumn === 'none' ? {} : { vendor_id: 'vendors' }), ...spec.refs };
  for (const [field, target] of Object.entries(refs)) {
    // Single ids only: a list of ids (service_ids) or an id inside a list (items.service_id) has no one label.
    if (info.columns.get(field)?.type !== 'string' || !LABEL_FIELDS[target]) continue;
    fields.set(field, target);
  }
  for (const [field, { by, targets }] of Object.entries(spec.refsByType ?? {})) {
    const labelled = Object.fromEntries(Object.entries(targets).filter(([, target]) => LABEL_FIELDS[target]));
    if (info.columns.get(field)?.type === 'string' && Object.keys(labelled).length > 0) fields.set(field, { by, targets: labelled });
  }
  return fields;
}

/** The fields an expansion needs read: each expanded field, and the field naming its collection. */
export function expandedFields(expand: [string, ExpandTarget][]): string[] {
  return expand.flatMap(([field, target]) => (typeof target === 'string' ? [field] : [field, target.by]));
}

/** The list and read routes' `expand` parameter, naming what this collection can expand. */
export function expandParam(spec: CollectionSpec): Record<string, unknown> {
  const names = [...expandable(spec).keys()];
  if (names.length === 0) return {};
  return {
    expand: {
      type: 'string',
      maxLength: 500,
      description:
        `Comma-separated, any of: ${names.join(', ')}. Each record gets \`_expanded: {<field>: {id, <label fields>} | null}\` ` +
        '(null when the id is empty or not visible to the caller).',
    },
  };
}

/** The expanded fields a request asks for (400 for one this collection cannot expand). */
export function parseExpand(spec: CollectionSpec, expand: string | undefined): [string, ExpandTarget][] {
  if (expand === undefined) return [];
  const allowed = expandable(spec);
  const asked = [...new Set(expand.split(',').map((s) => s.trim()).filter(Boolean))];
  const unknown = asked.filter((f) => !allowed.has(f));
  if (unknown.length > 0) {
    const names = [...allowed.keys()];
    throw badRequest({ expand: [`Cannot expand ${unknown.join(', ')}. ${names.length > 0 ? `Expand any of: ${names.join(', ')}.` : 'Nothing here can be expanded.'}`] }, 'Invalid query');
  }
  return asked.map((f) => [f, allowed.get(f)!]);
}

/** The labels of the records `ids` point to in `target`, as the actor may see them. */
async function labels(q: Queryable, target: string, ids: string[], actor: Actor): Promise<Map<string, Row>> {
  const params = new Params();
  let sql: string;
  if (target === 'users') {
    // Who may be named: staff see everyone; vendor staff see staff and their own colleagues
    // (the rule that decides whom they may assign).
    const scope = actor.staff ? 'TRUE' : `(t.admin OR t.vendor_id = ${params.add(actor.vendorId)})`;
    sql = `SELECT t.id, t.name FROM users t WHERE t.id = ANY(${params.add(ids)}::uuid[]) AND ${scope}`;
  } else {
    const spec = COLLECTION_BY_NAME.get(target)!;
    const info = tableInfo(spec);
    const columns = [...info.columns.values()].filter((c) => c.name === 'id' || LABEL_FIELDS[target].includes(c.name));
    sql = `SELECT ${selectListOf(columns)} FROM ${info.table} t WHERE t.id = ANY(${params.add(ids)}::uuid[]) AND ${visibility(spec, actor, params)}`;
  }
  const { rows } = await q.query(sql, params.values);
  return new Map(rows.map((r) => [String(r.id), toRecord(r)]));
}

/** Adds `_expanded` to each record: one query per expanded field, whatever the number of records. */
export async function expandRecords(q: Queryable, actor: Actor, records: Row[], expand: [string, ExpandTarget][]): Promise<Row[]> {
  if (expand.length === 0) return records;
  // The collection a record's field points to ('' when its type has none that can be named).
  const targetOf = (record: Row, target: ExpandTarget) => (typeof target === 'string' ? target : (target.targets[String(record[target.by])] ?? ''));
  const found = await Promise.all(
    expand.map(async ([field, target]) => {
      const idsByTarget = new Map<string, Set<string>>();
      for (const record of records) {
        const id = record[field];
        const collection = targetOf(record, target);
        if (typeof id !== 'string' || collection === '') continue;
        idsByTarget.set(collection, (idsByTarget.get(collection) ?? new Set()).add(id));
      }
      const byTarget = await Promise.all([...idsByTarget].map(async ([collection, ids]) => [collection, await labels(q, collection, [...ids], actor)] as const));
      return new Map(byTarget);
    }),
  );
  return records.map((record) => ({
    ...record,
    _expanded: Object.fromEntries(expand.map(([field, target], i) => [field, found[i].get(targetOf(record, target))?.get(String(record[field])) ?? null])),
  }));
}
