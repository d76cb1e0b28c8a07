/**
 * One per instance: a single LISTEN on the database, and the open event streams of this
 * instance. A notification carries an event id; the hub reads those rows (several ids
 * that arrive together in one query) and hands each event to the streams whose user may
 * see it. It also prunes old events now and then.
 */
import type { Database, Queryable } from '../db/index.ts';
import { CHANNEL_SQL, type EventType } from './events.ts';

/** The event as it goes on the wire (`data:` of the SSE message). */
export interface WireEvent {
  id: string;
  type: EventType;
  collection?: string;
  record_id?: string;
  version?: number;
  action?: string;
  payload?: Record<string, unknown>;
  at: string;
}

/** Who is listening: the same three keys an audience names. */
export interface Listener {
  staff: boolean;
  vendorId: string | null;
  userId: string;
}

export interface Subscriber {
  listener: Listener;
  deliver(event: WireEvent): void;
  /** The instance is shutting down: end the stream (the client reconnects elsewhere). */
  close(): void;
}

interface EventRow {
  id: string | number;
  type: EventType;
  collection: string | null;
  record_id: string | null;
  version: number | null;
  action: string | null;
  audience_staff: boolean;
  audience_vendor_id: string | null;
  audience_user_id: string | null;
  payload: Record<string, unknown> | null;
  created_at: Date | string;
}

/** How long events stay for replay; an older Last-Event-ID gets a `reset`. */
export const KEEP_EVENTS_HOURS = 24;
const PRUNE_EVERY_MS = 10 * 60_000;
/** After the LISTEN connection came back: events of this long before are read again (deduplicated by id). */
const CATCH_UP_SECONDS = 120;
const RECENT_IDS = 5_000;

export const EVENT_COLUMNS =
  'id, type, collection, record_id, version, action, audience_staff, audience_vendor_id, audience_user_id, payload, created_at';

/** The SQL condition limiting events to what `listener` may see ($1 staff, $2 vendor, $3 user). */
export const AUDIENCE_SQL =
  '((audience_staff AND $1::boolean) OR audience_vendor_id = $2::uuid OR audience_user_id = $3::uuid)';

export function audienceParams(listener: Listener): unknown[] {
  return [listener.staff, listener.vendorId, listener.userId];
}

export function toWire(row: EventRow): WireEvent {
  const event: WireEvent = { id: String(row.id), type: row.type, at: new Date(row.created_at).toISOString() };
  if (row.collection !== null) event.collection = row.collection;
  if (row.record_id !== null) event.record_id = row.record_id;
  if (row.version !== null) event.version = row.version;
  if (row.action !== null) event.action = row.action;
  if (row.payload && Object.keys(row.payload).length > 0) event.payload = row.payload;
  return event;
}

function mayReceive(listener: Listener, row: EventRow): boolean {
  return (
    (row.audience_staff && listener.staff) ||
    (row.audience_vendor_id !== null && row.audience_vendor_id === listener.vendorId) ||
    (row.audience_user_id !== null && row.audience_user_id === listener.userId)
  );
}

export class RealtimeHub {
  private readonly subscribers = new Set<Subscriber>();
  private pending: string[] = [];
  private reading: Promise<void> | null = null;
  /** Ids delivered lately: a catch-up after a lost LISTEN connection must not deliver twice. */
  private readonly recent = new Set<string>();
  private stopListening: (() => Promise<void>) | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Database) {}

  async start(): Promise<void> {
    const { rows } = await this.db.query<{ channel: string }>(`SELECT ${CHANNEL_SQL} AS channel`);
    this.stopListening = await this.db.listen(
      rows[0].channel,
      (payload) => this.enqueue(payload),
      () => void this.catchUp().catch(() => undefined),
    );
    this.pruneTimer = setInterval(() => void pruneEvents(this.db).catch(() => undefined), PRUNE_EVERY_MS);
    this.pruneTimer.unref();
  }

  /** Ends every stream (before the server closes, which waits for open connections). */
  closeStreams(): void {
    for (const subscriber of this.subscribers) subscriber.close();
    this.subscribers.clear();
  }

  async stop(): Promise<void> {
    this.closeStreams();
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    await this.stopListening?.();
    this.stopListening = null;
    await this.reading;
  }

  subscribe(subscriber: Subscriber): () => void {
    this.subscribers.add(subscriber);
    return () => this.subscribers.delete(subscriber);
  }

  get connections(): number {
    return this.subscribers.size;
  }

  private enqueue(payload: string): void {
    if (!/^\d+$/.test(payload)) return;
    this.pending.push(payload);
    // Ids that arrive while a read is running are read together by the next one.
    this.reading ??= this.drain().finally(() => (this.reading = null));
  }

  private async drain(): Promise<void> {
    while (this.pending.length > 0) {
      const ids = this.pending;
      this.pending = [];
      try {
        const { rows } = await this.db.query<EventRow>(
          `SELECT ${EVENT_COLUMNS} FROM realtime_events WHERE id = ANY($1::bigint[]) ORDER BY id`,
          [ids],
        );
        this.dispatch(rows);
      } catch {
        // The database is briefly unreachable: those events reach clients by replay when they reconnect.
      }
    }
  }

  private async catchUp(): Promise<void> {
    const { rows } = await this.db.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM realtime_events WHERE created_at > now() - make_interval(secs => $1) ORDER BY id`,
      [CATCH_UP_SECONDS],
    );
    this.dispatch(rows);
  }

  private dispatch(rows: EventRow[]): void {
    for (const row of rows) {
      const id = String(row.id);
      if (this.recent.has(id)) continue;
      this.recent.add(id);
      if (this.recent.size > RECENT_IDS) this.recent.delete(this.recent.values().next().value!);
      const event = toWire(row);
      for (const subscriber of this.subscribers) {
        if (mayReceive(subscriber.listener, row)) subscriber.deliver(event);
      }
    }
  }
}

/** Deletes events older than KEEP_EVENTS_HOURS and remembers up to which id they went. */
export async function pruneEvents(db: Queryable, keepHours = KEEP_EVENTS_HOURS): Promise<number> {
  const { rows } = await db.query<{ pruned: number }>(
    `WITH gone AS (DELETE FROM realtime_events WHERE created_at < now() - make_interval(hours => $1) RETURNING id),
          mark AS (UPDATE realtime_pruned SET through_id = greatest(through_id, (SELECT max(id) FROM gone)) WHERE EXISTS (SELECT 1 FROM gone))
     SELECT count(*)::int AS pruned FROM gone`,
    [keepHours],
  );
  return rows[0].pruned;
}
