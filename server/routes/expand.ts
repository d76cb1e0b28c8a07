/**
 * `expand=booking_id,customer_id` on lists and single reads: each record gets
 * `_expanded: {booking_id: {id, ref, customer_name, starts_at} | null, ...}`, the label
 * fields (LABEL_FIELDS in the registry) of the record each id points to. One query per
 * expanded field for the whole page, never one per row, and each scoped exactly like
 * its collection: an id the caller may not see expands to null, as an unknown id does.
 */
import { COLLECTION_BY_NAME, LABEL_FIELDS, type CollectionSpec } from '../../src/domain/registry.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest } from '../errors.ts';
import type { Actor } from './actor.ts';
import { Params, visibility } from './scope.ts';
import { selectListOf, tableInfo, toRecord } from './table.ts';

type Row = Record<string, unknown>;

/** The fields of a collection a request may expand, with the collection each points to. */
export function expandable(spec: CollectionSpec): Map<string, string> {
  const info = tableInfo(spec);
  const fields = new Map<string, string>();
  const refs: Record<string, string> = { ...(spec.vendorColumn === 'none' ? {} : { vendor_id: 'vendors' }), ...spec.refs };
  for (const [field, target] of Object.entries(refs)) {
    // Single ids only: a list of ids (service_ids) or an id inside a list (items.service_id) has no one label.
    if (info.columns.get(field)?.type !== 'string' || !LABEL_FIELDS[target]) continue;
    fields.set(field, target);
  }
  return fields;
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
export function parseExpand(spec: CollectionSpec, expand: string | undefined): [string, string][] {
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
export async function expandRecords(q: Queryable, actor: Actor, records: Row[], expand: [string, string][]): Promise<Row[]> {
  if (expand.length === 0) return records;
  const found = await Promise.all(
    expand.map(async ([field, target]) => {
      const ids = [...new Set(records.map((r) => r[field]).filter((v): v is string => typeof v === 'string'))];
      return ids.length === 0 ? new Map<string, Row>() : labels(q, target, ids, actor);
    }),
  );
  return records.map((record) => ({
    ...record,
    _expanded: Object.fromEntries(expand.map(([field], i) => [field, found[i].get(String(record[field])) ?? null])),
  }));
}
