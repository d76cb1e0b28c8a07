/**
 * The realtime channel's client: one Server-Sent Events stream from /branch/api/events/
 * while signed in. It is read with fetch (not EventSource) so the access token travels in
 * the Authorization header, never in a URL.
 *
 *   closed -> (auth) -> connecting -> open -> (stream lost) -> reconnecting -> connecting ...
 *
 * Reconnecting waits a growing pause (1 s, 2 s, 4 s ... 30 s) and resumes after the last
 * event id it saw, so the server replays what was missed. A 401 waits for the session's
 * refreshed token (it arrives as `auth`); a new token or act-as vendor reconnects with
 * it; `logout` closes. An open stream that goes silent past two heartbeats is treated as
 * lost (a proxy may drop it without telling). Each event is emitted as `event`.
 */
import { assign, emit, fromCallback, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';

export interface RealtimeEvent {
  id: string;
  /** `reset`: too much was missed to replay; refetch everything. */
  type: 'record' | 'message' | 'notification' | 'counters' | 'reset';
  collection?: string;
  record_id?: string;
  version?: number;
  action?: string;
  payload?: Record<string, unknown>;
  at: string;
}

export interface RealtimeAuth {
  token: string;
  /** The act-as session staff act as a vendor in, when they do. */
  acting: string | null;
}

export interface RealtimeContext {
  auth: RealtimeAuth | null;
  lastEventId: string | null;
  /** Failed attempts in a row; sets the pause before the next. */
  attempt: number;
}

export type StreamEvent =
  | { type: 'stream.open' }
  /** Any bytes (a heartbeat comment, an id line): the connection is alive. */
  | { type: 'stream.alive'; lastEventId?: string }
  | { type: 'stream.event'; event: RealtimeEvent }
  | { type: 'stream.unauthorized' }
  | { type: 'stream.lost' };

export type RealtimeMachineEvent = { type: 'auth'; auth: RealtimeAuth } | { type: 'logout' } | StreamEvent;

export type RealtimeEmitted = { type: 'event'; event: RealtimeEvent } | { type: 'opened' } | { type: 'unauthorized'; token: string };

export interface StreamInput {
  auth: RealtimeAuth;
  lastEventId: string | null;
}

export const EVENTS_URL = '/branch/api/events/';
/** Longest pause between attempts. */
const MAX_BACKOFF_MS = 30_000;
/** Heartbeats come every 25 s; nothing for this long means the connection is gone. */
const SILENCE_MS = 60_000;

/** Splits SSE text into messages; returns what is left for the next chunk. */
export function parseSse(buffer: string, onMessage: (fields: { id?: string; event?: string; data?: string }) => void): string {
  let cut: number;
  buffer = buffer.replace(/\r\n?/g, '\n');
  while ((cut = buffer.indexOf('\n\n')) >= 0) {
    const block = buffer.slice(0, cut);
    buffer = buffer.slice(cut + 2);
    const fields: { id?: string; event?: string; data?: string } = {};
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const name = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (name === 'data') fields.data = fields.data === undefined ? value : `${fields.data}\n${value}`;
      else if (name === 'id' || name === 'event') fields[name] = value;
    }
    onMessage(fields);
  }
  return buffer;
}

/** The stream over fetch: reports open, each event, and its end; aborted when the state is left. */
export function createEventStream(baseUrl: string) {
  return fromCallback<RealtimeMachineEvent, StreamInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `JWT ${input.auth.token}` };
    if (input.lastEventId) headers['Last-Event-ID'] = input.lastEventId;
    if (input.auth.acting) headers['X-Act-As-Vendor'] = input.auth.acting;
    void (async () => {
      try {
        const response = await fetch(`${baseUrl}${EVENTS_URL}`, { headers, signal: controller.signal, cache: 'no-store' });
        if (response.status === 401) return sendBack({ type: 'stream.unauthorized' });
        if (!response.ok || !response.body) return sendBack({ type: 'stream.lost' });
        sendBack({ type: 'stream.open' });
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          sendBack({ type: 'stream.alive' });
          buffer = parseSse(buffer + value, (fields) => {
            if (fields.data === undefined) {
              // An id alone: where this stream starts, for the next reconnect.
              if (fields.id) sendBack({ type: 'stream.alive', lastEventId: fields.id });
              return;
            }
            const data = JSON.parse(fields.data) as Omit<RealtimeEvent, 'id'>;
            sendBack({ type: 'stream.event', event: { ...data, id: fields.id ?? '', type: (fields.event ?? data.type) as RealtimeEvent['type'] } });
          });
        }
        sendBack({ type: 'stream.lost' });
      } catch {
        if (!controller.signal.aborted) sendBack({ type: 'stream.lost' });
      }
    })();
    return () => controller.abort();
  });
}

export const realtimeMachine = setup({
  types: {
    context: {} as RealtimeContext,
    events: {} as RealtimeMachineEvent,
    emitted: {} as RealtimeEmitted,
  },
  actors: {
    eventStream: createEventStream(''),
  },
  actions: {
    assignAuth: assign({ auth: ({ event }) => (event.type === 'auth' ? event.auth : null) }),
    forget: assign({ auth: null, lastEventId: null, attempt: 0 }),
    resetAttempts: assign({ attempt: 0 }),
    countAttempt: assign({ attempt: ({ context }) => context.attempt + 1 }),
    rememberId: assign({
      lastEventId: ({ context, event }) =>
        event.type === 'stream.event' && event.event.id ? event.event.id : event.type === 'stream.alive' && event.lastEventId ? event.lastEventId : context.lastEventId,
    }),
    announceEvent: emit(({ event }) => ({ type: 'event' as const, event: (event as Extract<StreamEvent, { type: 'stream.event' }>).event })),
    announceOpen: emit({ type: 'opened' as const }),
    /** The app asks the session for a fresh token; it comes back as `auth`. */
    announceUnauthorized: emit(({ context }) => ({ type: 'unauthorized' as const, token: context.auth?.token ?? '' })),
  },
  guards: {
    sameAuth: ({ context, event }) =>
      event.type === 'auth' && context.auth?.token === event.auth.token && context.auth?.acting === event.auth.acting,
  },
  delays: {
    /** 1 s, 2 s, 4 s ... up to 30 s, with some spread so a restarted server is not hit by every tab at once. */
    backoff: ({ context }) => Math.min(MAX_BACKOFF_MS, 1_000 * 2 ** Math.max(0, context.attempt - 1)) * (0.75 + Math.random() * 0.5),
    silence: SILENCE_MS,
  },
}).createMachine({
  id: 'realtime',
  description: 'The stream of realtime events while signed in: reconnects with back-off, resumes after the last event id, follows the session’s token.',
  context: { auth: null, lastEventId: null, attempt: 0 },
  initial: 'closed',
  on: {
    logout: { target: '.closed', actions: 'forget' },
  },
  states: {
    closed: {
      description: 'Signed out: no stream.',
      on: { auth: { target: 'live', actions: 'assignAuth' } },
    },
    live: {
      on: {
        // The same token again (a session update that changed nothing) keeps the stream.
        auth: [{ guard: 'sameAuth' }, { target: '.connected', reenter: true, actions: 'assignAuth' }],
      },
      initial: 'connected',
      states: {
        connected: {
          description: 'One request holds the stream for as long as it lasts.',
          invoke: {
            id: 'eventStream',
            src: 'eventStream',
            input: ({ context }) => ({ auth: context.auth!, lastEventId: context.lastEventId }),
          },
          on: {
            'stream.lost': 'reconnecting',
            'stream.unauthorized': 'unauthorized',
          },
          initial: 'connecting',
          states: {
            connecting: {
              on: { 'stream.open': { target: 'open', actions: ['resetAttempts', 'announceOpen'] } },
            },
            open: {
              description: 'Events flow; silence past two heartbeats counts as a lost connection.',
              after: { silence: '#realtime.live.reconnecting' },
              on: {
                // Anything arriving restarts the silence timer.
                'stream.event': { target: 'open', reenter: true, actions: ['rememberId', 'announceEvent'] },
                'stream.alive': { target: 'open', reenter: true, actions: 'rememberId' },
              },
            },
          },
        },
        reconnecting: {
          description: 'Waits the back-off pause, then tries again from the last event id.',
          entry: 'countAttempt',
          after: { backoff: 'connected' },
        },
        unauthorized: {
          description: 'The token was refused: waits for the refreshed one (an `auth` event).',
          entry: 'announceUnauthorized',
        },
      },
    },
  },
});

export type RealtimeActor = ActorRefFrom<typeof realtimeMachine>;
export type RealtimeSnapshot = SnapshotFrom<typeof realtimeMachine>;
