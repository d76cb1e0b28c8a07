/**
 * Publishing to the realtime channel. An event is a row of `realtime_events` written in
 * the caller's transaction, plus a NOTIFY carrying its id: PostgreSQL (and PGlite) hand
 * notifications out only when the transaction commits, and drop them when it rolls
 * back, so a client never hears of a write that did not happen. Every instance LISTENs
 * (server/realtime/hub.ts), reads the row and streams it to the users it is for.
 */
import type { CollectionSpec } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';

export type EventType = 'record' | 'message' | 'notification' | 'counters';

/** Who receives an event: the union of every staff user, one vendor's users, one user. */
export interface Audience {
  staff?: boolean;
  vendorId?: string | null;
  userId?: string | null;
}

export interface EventInput {
  type: EventType;
  collection?: string;
  recordId?: string;
  version?: number;
  action?: string;
  audience: Audience;
  payload?: Record<string, unknown>;
}

/**
 * The NOTIFY channel, per schema: notifications cross a whole database, and two apps on
 * one database in different schemas (the API tests) must not read each other's ids.
 */
export const CHANNEL_SQL = `'realtime_' || current_schema()`;

/** Stores the event in the caller's transaction; clients get it only after commit. */
export async function publishEvent(tx: Queryable, event: EventInput): Promise<void> {
  const { staff = false, vendorId = null, userId = null } = event.audience;
  if (!staff && !vendorId && !userId) throw new Error(`realtime event ${event.type} has no audience`);
  await tx.query(
    `WITH e AS (
       INSERT INTO realtime_events (type, collection, record_id, version, action, audience_staff, audience_vendor_id, audience_user_id, payload)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id
     )
     SELECT pg_notify(${CHANNEL_SQL}, e.id::text) FROM e`,
    [
      event.type,
      event.collection ?? null,
      event.recordId ?? null,
      event.version ?? null,
      event.action ?? null,
      staff,
      vendorId,
      userId,
      JSON.stringify(event.payload ?? {}),
    ],
  );
}

/**
 * A record written through insertRecord/updateRecord/delete: ids and version only, never
 * field values, for staff and the record's vendor (a vendor record is its own vendor).
 */
export function publishRecordEvent(tx: Queryable, spec: CollectionSpec, record: Record<string, unknown>, action: string): Promise<void> {
  const vendorId = spec.vendorRule === 'self' ? record.id : record.vendor_id;
  return publishEvent(tx, {
    type: 'record',
    collection: spec.name,
    recordId: String(record.id),
    version: typeof record.version === 'number' ? record.version : undefined,
    action,
    audience: { staff: true, vendorId: typeof vendorId === 'string' ? vendorId : null },
  });
}
