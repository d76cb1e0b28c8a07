/**
 * Reading and writing single records of any collection: insert and update with the
 * right encoding, vendor ownership of new records, and checks that referenced records
 * exist and are the caller's to use. Shared by the generic routes and the money rules.
 */
import { COLLECTION_BY_NAME, type CollectionSpec } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, forbidden } from '../errors.ts';
import type { Actor } from './actor.ts';
import { publishRecordEvent } from '../realtime/events.ts';
import { diff, writeAudit } from './audit.ts';
import { mapDbError } from './errors.ts';
import { reasonCodeErrors } from './reasonCodes.ts';
import { Params, visibility } from './scope.ts';
import { encodeValue, tableInfo, toRecord } from './table.ts';

export type Row = Record<string, unknown>;

/**
 * Who writes, and in which transaction: every insert and update through the functions
 * below writes its audit entry in that transaction, so a side effect (the payment made
 * with a booking, a booking's money after a refund) is audited like a direct write.
 */
export interface Writer {
  tx: Queryable;
  actor: Actor | null;
}

export async function insertRecord(w: Writer, spec: CollectionSpec, values: Row): Promise<Row> {
  const info = tableInfo(spec);
  const params = new Params();
  const cols: string[] = [];
  const placeholders: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = info.columns.get(name);
    if (!column && !['status'].includes(name)) throw new Error(`${spec.name}: no column ${name}`);
    const { value: v, cast } = encodeValue(column, value);
    cols.push(name);
    placeholders.push(params.add(v, cast));
  }
  let created: Row;
  try {
    const { rows } = await w.tx.query(
      `INSERT INTO ${info.table} AS t (${cols.join(', ')}) VALUES (${placeholders.join(', ')}) RETURNING ${info.selectList}`,
      params.values,
    );
    created = toRecord(rows[0]);
  } catch (error) {
    mapDbError(error);
  }
  await writeAudit(w.tx, w.actor, { action: 'create', entity: spec.name, entityId: String(created.id), vendorId: (created.vendor_id as string) ?? null, after: created });
  // Open lists and records hear of it once this transaction commits (server/realtime/).
  await publishRecordEvent(w.tx, spec, created, 'create');
  return created;
}

export interface UpdateOptions {
  /** SQL expressions by column (e.g. `paid + 100`). */
  raw?: Record<string, string>;
  /** The record as the caller locked it; read (and locked) here when absent. */
  before?: Row;
  /** The audit action: `update` unless the caller names it (`transition:cancel`). */
  action?: string;
  /** Facts the audit entry keeps beside the changed fields (a transition's reason). */
  note?: Row;
  /** How the audit entry shows some fields (a bank account by its last digits only). */
  redact?: Record<string, (value: unknown) => unknown>;
}

/** Updates columns of one record, bumping its version, and audits the fields that changed. */
export async function updateRecord(w: Writer, spec: CollectionSpec, id: string, changes: Row, options: UpdateOptions = {}): Promise<Row> {
  const info = tableInfo(spec);
  const before = options.before ?? (await fetchUnscoped(w.tx, spec, id, true));
  if (!before) throw new Error(`${spec.name}: no record ${id}`);
  const params = new Params();
  const sets: string[] = [];
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const column = info.columns.get(name);
    if (!column) throw new Error(`${spec.name}: no column ${name}`);
    const { value: v, cast } = encodeValue(column, value);
    sets.push(`${name} = ${params.add(v, cast)}`);
  }
  for (const [name, expression] of Object.entries(options.raw ?? {})) sets.push(`${name} = ${expression}`);
  if (info.columns.has('version')) sets.push('version = t.version + 1');
  if (info.columns.has('updated_at')) sets.push('updated_at = now()');
  let after: Row;
  try {
    const { rows } = await w.tx.query(
      `UPDATE ${info.table} AS t SET ${sets.join(', ')} WHERE t.id = ${params.add(id)} RETURNING ${info.selectList}`,
      params.values,
    );
    after = toRecord(rows[0]);
  } catch (error) {
    mapDbError(error);
  }
  const changed = diff(before, after);
  for (const [name, show] of Object.entries(options.redact ?? {})) {
    for (const side of [changed.before, changed.after]) if (name in side) side[name] = show(side[name]);
  }
  // The status of a lifecycle is the fact a reader looks for, even when an event keeps it.
  if (changes.status !== undefined) {
    changed.before.status = before.status;
    changed.after.status = after.status;
  }
  await writeAudit(w.tx, w.actor, {
    action: options.action ?? 'update',
    entity: spec.name,
    entityId: id,
    vendorId: (before.vendor_id as string) ?? null,
    before: changed.before,
    after: { ...changed.after, ...options.note },
  });
  // A transition is named by its event (`cancel`), so a screen can tell it from an edit.
  await publishRecordEvent(w.tx, spec, after, options.action?.startsWith('transition:') ? options.action.slice('transition:'.length) : (options.action ?? 'update'));
  return after;
}

/**
 * A record by id with no scope at all. Only for reads the server makes on its own behalf
 * (the sweeper) or of a record it is itself writing. An id that came with a request is
 * resolved with loadVisible/loadOr404 and the actor, so that another vendor's record
 * answers exactly like an unknown id.
 */
export async function fetchUnscoped(q: Queryable, spec: CollectionSpec, id: string, forUpdate = false): Promise<Row | undefined> {
  const info = tableInfo(spec);
  const { rows } = await q.query(`SELECT ${info.selectList} FROM ${info.table} t WHERE t.id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0] ? toRecord(rows[0]) : undefined;
}

function collectIds(values: Row, path: string): string[] | undefined {
  const [head, tail] = path.split('.', 2) as [string, string | undefined];
  const value = values[head];
  if (value === undefined || value === null) return undefined;
  if (tail) {
    if (!Array.isArray(value)) return undefined;
    return value.map((item) => (item as Row)?.[tail]).filter((v): v is string => typeof v === 'string');
  }
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string');
  return typeof value === 'string' ? [value] : undefined;
}

/**
 * Checks every referenced id in `values`: it must exist, be visible to the actor, and
 * (for vendor-owned records) belong to the same vendor as the record being written.
 * Unknown and foreign ids get the same answer, so nothing leaks.
 */
export async function checkRefs(
  q: Queryable,
  spec: CollectionSpec,
  values: Row,
  recordVendorId: string | null,
  actor: Actor,
  /** The stored record, for a change: what a field of `refsByType` points to depends on both fields. */
  current: Row = {},
): Promise<void> {
  const errors: Record<string, string[]> = {};
  const refs = { ...spec.refs };
  for (const [path, { by, targets }] of Object.entries(spec.refsByType ?? {})) {
    if (values[path] === undefined && values[by] === undefined) continue;
    const kind = { ...current, ...values }[by];
    const target = typeof kind === 'string' ? targets[kind] : undefined;
    if (target) refs[path] = target;
    if (target && values[path] === undefined) values = { ...values, [path]: current[path] };
  }
  for (const [path, target] of Object.entries(refs)) {
    if (path === 'vendor_id') continue;
    const ids = collectIds(values, path);
    if (!ids || ids.length === 0) continue;
    const unique = [...new Set(ids)];
    let found: { id: string; vendor_id: string | null }[];
    if (target === 'users') {
      const { rows } = await q.query<{ id: string; vendor_id: string | null; admin: boolean }>(
        'SELECT id, vendor_id, admin FROM users WHERE id = ANY($1::uuid[]) AND active',
        [unique],
      );
      found = rows.filter((u) => actor.staff || u.admin || u.vendor_id === actor.vendorId).map((u) => ({ id: u.id, vendor_id: null }));
    } else {
      const targetSpec = COLLECTION_BY_NAME.get(target);
      if (!targetSpec) throw new Error(`unknown ref target ${target}`);
      const params = new Params();
      // A vendor record is its own vendor.
      const vendorOf = targetSpec.name === 'vendors' ? 't.id' : targetSpec.vendorColumn !== 'none' ? 't.vendor_id' : 'NULL::uuid';
      const { rows } = await q.query<{ id: string; vendor_id: string | null }>(
        `SELECT t.id, ${vendorOf} AS vendor_id FROM ${targetSpec.table} t
         WHERE t.id = ANY(${params.add(unique)}::uuid[]) AND ${visibility(targetSpec, actor, params)}`,
        params.values,
      );
      found = rows;
    }
    const byId = new Map(found.map((r) => [r.id, r]));
    const refused = (id: string) => {
      const row = byId.get(id);
      const foreign = row && recordVendorId && row.vendor_id && row.vendor_id !== recordVendorId;
      return !row || foreign ? (actor.staff && foreign ? `${id} belongs to another vendor.` : `${id} was not found.`) : null;
    };
    const [head, tail] = path.split('.', 2);
    if (tail) {
      // An id inside a list of items is refused at its item (`items.1.service_id`), where the form shows it.
      (values[head] as Row[]).forEach((item, index) => {
        const id = item?.[tail];
        const message = typeof id === 'string' ? refused(id) : null;
        if (message) errors[`${head}.${index}.${tail}`] = [message];
      });
      continue;
    }
    for (const id of unique) {
      const message = refused(id);
      if (message) (errors[path] ??= []).push(message);
    }
  }
  for (const [field, { kind, text }] of Object.entries(spec.reasonCodes ?? {})) {
    const code = values[field];
    if (typeof code !== 'string') continue;
    Object.assign(errors, await reasonCodeErrors(q, kind, code, values[text] !== undefined ? values[text] : current[text], { code: field, text }));
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
}

/**
 * The vendor a new record belongs to. From its parent when the registry says so; else
 * the vendor staff's own vendor (another one is refused); else what staff sent.
 */
export async function resolveVendor(q: Queryable, spec: CollectionSpec, body: Row, actor: Actor): Promise<string | null> {
  if (spec.vendorColumn === 'none') return null;
  if (spec.vendorFrom) {
    const parentSpec = COLLECTION_BY_NAME.get(spec.vendorFrom.collection)!;
    const parentId = body[spec.vendorFrom.field];
    if (typeof parentId !== 'string') throw badRequest({ [spec.vendorFrom.field]: ['This field is required.'] });
    const params = new Params();
    const { rows } = await q.query<{ vendor_id: string }>(
      `SELECT t.vendor_id FROM ${parentSpec.table} t WHERE t.id = ${params.add(parentId)} AND ${visibility(parentSpec, actor, params)}`,
      params.values,
    );
    if (!rows[0]) throw badRequest({ [spec.vendorFrom.field]: [`${parentId} was not found.`] });
    return rows[0].vendor_id;
  }
  const sent = body.vendor_id as string | null | undefined;
  if (!actor.staff) {
    if (sent != null && sent !== actor.vendorId) throw forbidden('Vendor staff may only create records for their own vendor.');
    return actor.vendorId;
  }
  if (sent == null) {
    if (spec.vendorColumn === 'required') throw badRequest({ vendor_id: ['This field is required.'] });
    return null;
  }
  const { rows } = await q.query('SELECT 1 FROM vendors WHERE id = $1', [sent]);
  if (rows.length === 0) throw badRequest({ vendor_id: [`${sent} was not found.`] });
  return sent;
}
