/**
 * GET /branch/api/events/            Server-Sent Events for the signed-in user:
 *   `id: <event id>\nevent: <type>\ndata: <JSON>\n\n`, a comment every 25 s to keep
 *   proxies from timing out. `Last-Event-ID` (header, or `?last_event_id=` for a client
 *   that cannot set it) replays what the user missed; an id older than the kept events
 *   gets `event: reset` (refetch everything). Authenticated by the Authorization header
 *   like every route (the SPA reads the stream with fetch, so no token goes in a URL);
 *   the session is checked again at each heartbeat, so a logout or a deactivated user
 *   ends the stream, and the client reconnects with its refreshed token.
 * GET /branch/api/events/counters/   {unread_messages, requested_bookings, requested_refunds, pending_actions} for the caller.
 */
import type { FastifyInstance } from 'fastify';
import { COLLECTION_BY_NAME } from '../../common/registry.ts';
import { findActiveUser } from '../auth/users.ts';
import { actorOf, type Actor } from '../engine/actor.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { Params, visibility } from '../engine/scope.ts';
import { AUDIENCE_SQL, EVENT_COLUMNS, RealtimeHub, audienceParams, toWire, type Listener, type WireEvent } from './hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    realtime: RealtimeHub;
  }
}

const HEARTBEAT_MS = Number(process.env.REALTIME_HEARTBEAT_MS ?? 25_000);
/** More missed events than this is cheaper to catch up by refetching: the client gets `reset`. */
const REPLAY_LIMIT = 1_000;
/** A client this far behind (bytes not yet sent) is cut off; it reconnects and replays. */
const MAX_BACKLOG_BYTES = 1024 * 1024;

export async function registerRealtime(app: FastifyInstance): Promise<void> {
  const hub = new RealtimeHub(app.db);
  await hub.start();
  app.decorate('realtime', hub);
  // The server waits for open connections when it closes; streams never end by themselves.
  app.addHook('preClose', async () => hub.closeStreams());
  app.addHook('onClose', async () => hub.stop());

  app.get<{ Querystring: { last_event_id?: string } }>(
    `${API_PREFIX}/events/`,
    {
      preHandler: app.authenticate,
      // A compressed stream is held back by the compressor until it fills a block.
      compress: false,
      schema: {
        querystring: {
          type: 'object',
          properties: { last_event_id: { type: 'string', pattern: '^[0-9]{1,18}$' } },
          additionalProperties: false,
        },
      },
    },
    async (request, reply) => {
      const actor = await actorOf(request, app.db);
      const listener = listenerOf(actor);
      const header = request.headers['last-event-id'];
      const lastText = (Array.isArray(header) ? header[0] : header) ?? request.query.last_event_id;
      const lastId = lastText && /^[0-9]{1,18}$/.test(lastText) ? BigInt(lastText) : null;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        // nginx: pass each event on at once instead of buffering the response.
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(': open\n\n');

      let ended = false;
      let live = false;
      const held: WireEvent[] = [];
      const replayed = new Set<string>();
      const write = (text: string) => {
        if (ended) return;
        raw.write(text);
        if (raw.writableLength > MAX_BACKLOG_BYTES) end();
      };
      const send = (event: WireEvent) => write(`id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
      const unsubscribe = hub.subscribe({
        listener,
        // Live events wait while the replay is read, so none is lost or sent twice.
        deliver: (event) => {
          if (accessMayHaveEnded(event, actor)) recheck();
          return live ? send(event) : held.push(event);
        },
        close: () => end(),
      });
      function recheck() {
        void sessionStillValid(app, request.user!.id, request.sessionId, actor).then(
          (valid) => valid || end(),
          () => undefined,
        );
      }
      const heartbeat = setInterval(() => {
        write(': ping\n\n');
        recheck();
      }, HEARTBEAT_MS);
      function end() {
        if (ended) return;
        ended = true;
        clearInterval(heartbeat);
        unsubscribe();
        raw.end();
      }
      raw.on('close', end);

      try {
        if (lastId === null) {
          // Where this stream starts: a client that reconnects before any event arrived resumes from here.
          const { rows } = await app.db.query<{ latest: string | number }>('SELECT coalesce(max(id), 0) AS latest FROM realtime_events');
          write(`id: ${rows[0].latest}\n\n`);
        } else {
          const missed = await replay(app, listener, lastId);
          if ('reset' in missed) write(`id: ${missed.reset}\nevent: reset\ndata: ${JSON.stringify({ type: 'reset', at: new Date().toISOString() })}\n\n`);
          else
            for (const event of missed.events) {
              replayed.add(event.id);
              send(event);
            }
        }
      } catch (error) {
        request.log.error(error);
        end();
        return;
      }
      live = true;
      for (const event of held) if (!replayed.has(event.id)) send(event);
      held.length = 0;
    },
  );

  app.get(`${API_PREFIX}/events/counters/`, { preHandler: app.authenticate }, async (request) => {
    const actor = await actorOf(request, app.db);
    return counters(app, actor);
  });
}

function listenerOf(actor: Actor): Listener {
  return { staff: actor.staff, vendorId: actor.vendorId, userId: actor.user.id };
}

/** The events after `lastId` this listener may see, or `reset` with the newest id when they are no longer all kept. */
async function replay(app: FastifyInstance, listener: Listener, lastId: bigint): Promise<{ events: WireEvent[] } | { reset: string }> {
  const { rows: [state] } = await app.db.query<{ through_id: string | number; latest: string | number }>(
    'SELECT through_id, greatest(through_id, (SELECT coalesce(max(id), 0) FROM realtime_events)) AS latest FROM realtime_pruned',
  );
  // Older than what is kept, or newer than anything here (another database, one recreated): refetch.
  if (lastId < BigInt(state.through_id) || lastId > BigInt(state.latest)) return { reset: String(state.latest) };
  const { rows } = await app.db.query<Parameters<typeof toWire>[0]>(
    `SELECT ${EVENT_COLUMNS} FROM realtime_events WHERE id > $4 AND ${AUDIENCE_SQL} ORDER BY id LIMIT ${REPLAY_LIMIT + 1}`,
    [...audienceParams(listener), String(lastId)],
  );
  if (rows.length > REPLAY_LIMIT) return { reset: String(state.latest) };
  return { events: rows.map(toWire) };
}

/**
 * An event after which this stream's access is checked at once rather than at the next
 * heartbeat: an act-as session of this user ended (migration 148 announces it), or the
 * listener's vendor changed (suspended, rejected).
 */
function accessMayHaveEnded(event: WireEvent, actor: Actor): boolean {
  if (event.collection === 'act-as-sessions') return actor.actingAsVendorId !== null;
  return event.collection === 'vendors' && actor.vendorId !== null && event.record_id === actor.vendorId;
}

/** Still signed in (not logged out, not deactivated) and, when acting as a vendor, still acting. */
async function sessionStillValid(app: FastifyInstance, userId: string, sessionId: string | undefined, actor: Actor): Promise<boolean> {
  if (!(await findActiveUser(app.db, userId, sessionId))) return false;
  if (!actor.actingAsVendorId) return true;
  const { rows } = await app.db.query(
    `SELECT 1 FROM act_as_sessions s JOIN vendors v ON v.id = s.vendor_id
      WHERE s.staff_user_id = $1 AND s.vendor_id = $2 AND s.login_session_id = $3 AND s.ended_at IS NULL AND s.expires_at > now()
        AND v.status = 'active'`,
    [userId, actor.actingAsVendorId, sessionId ?? null],
  );
  return rows.length > 0;
}

/**
 * Unread messages in the conversations the caller sees (not archived), and what waits on
 * someone: bookings requested but not yet confirmed, refund requests not yet decided (each
 * the count of the list its sidebar badge opens), and the two together.
 */
async function counters(
  app: FastifyInstance,
  actor: Actor,
): Promise<{ unread_messages: number; requested_bookings: number; requested_refunds: number; pending_actions: number }> {
  const params = new Params();
  const scoped = (collection: string, alias: string) => visibility(COLLECTION_BY_NAME.get(collection)!, actor, params, alias);
  const { rows } = await app.db.query<{ unread_messages: number; requested_bookings: number; requested_refunds: number }>(
    `SELECT
       (SELECT coalesce(sum(c.unread_count), 0)::int FROM conversations c WHERE NOT c.archived AND ${scoped('conversations', 'c')}) AS unread_messages,
       (SELECT count(*)::int FROM bookings b WHERE b.status = 'requested' AND ${scoped('bookings', 'b')}) AS requested_bookings,
       (SELECT count(*)::int FROM refunds r WHERE r.status = 'requested' AND ${scoped('refunds', 'r')}) AS requested_refunds`,
    params.values,
  );
  const { unread_messages, requested_bookings, requested_refunds } = rows[0];
  return { unread_messages, requested_bookings, requested_refunds, pending_actions: requested_bookings + requested_refunds };
}
