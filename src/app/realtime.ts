/**
 * The realtime channel in the app: the machine's actor, fed by the session (its token,
 * the act-as vendor, logout), and what screens use: `useRealtimeEvents` to hear of
 * changes, `useRealtimeCounters` for the sidebar's unread and pending counts.
 * Imported only from lazy code (the Shell chunk, areas): the login page never loads it.
 */
import { useSyncExternalStore } from 'react';
import { createActor } from 'xstate';
import { API_BASE_URL } from '../api/config.ts';
import { apiClient } from '../api/apiClientHolder.ts';
import { createEventStream, realtimeMachine, type RealtimeEvent } from '../machines/realtime.ts';
import { sessionActor } from './actors.ts';
import { deliverRealtimeEvent } from './realtimeEvents.ts';

export type { RealtimeEvent };
export { useRealtimeEvents } from './realtimeEvents.ts';

export const realtimeActor = createActor(realtimeMachine.provide({ actors: { eventStream: createEventStream(API_BASE_URL) } }));

let users = 0;
let stopFeeding: (() => void) | null = null;

/**
 * Starts the stream while at least one caller (the Shell) holds it; returns the release.
 * The session drives it: a token (new, refreshed, or with another act-as vendor) connects
 * or reconnects with it, logging out closes it.
 */
export function holdRealtime(): () => void {
  if (users++ === 0) {
    realtimeActor.start();
    const follow = () => {
      const snapshot = sessionActor.getSnapshot();
      const tokens = snapshot.context.tokens;
      if (snapshot.hasTag('authenticated') && tokens) {
        realtimeActor.send({ type: 'auth', auth: { token: tokens.access, acting: snapshot.context.acting?.id ?? null } });
      } else realtimeActor.send({ type: 'logout' });
    };
    const session = sessionActor.subscribe(follow);
    follow();
    // A refused token: the session refreshes it (once for everyone), and the new one arrives through `follow`.
    const refused = realtimeActor.on('unauthorized', ({ token }) => {
      if (sessionActor.getSnapshot().context.tokens?.access === token) sessionActor.send({ type: 'token.rejected' });
      else follow();
    });
    const counting = realtimeActor.on('event', ({ event }) => {
      deliverRealtimeEvent(event);
      if (touchesCounters(event)) scheduleCounters();
    });
    const opened = realtimeActor.on('opened', () => scheduleCounters());
    stopFeeding = () => {
      session.unsubscribe();
      refused.unsubscribe();
      counting.unsubscribe();
      opened.unsubscribe();
    };
  }
  return () => {
    if (--users > 0) return;
    stopFeeding?.();
    stopFeeding = null;
    realtimeActor.send({ type: 'logout' });
    // The next user signing in here must not see these counts.
    clearTimeout(countersTimer);
    counters = NO_COUNTS;
    for (const listener of counterListeners) listener();
  };
}

export interface RealtimeCounters {
  unread_messages: number;
  /** Bookings awaiting confirmation, refund requests awaiting a decision, and the two together. */
  requested_bookings: number;
  requested_refunds: number;
  pending_actions: number;
}

const NO_COUNTS: RealtimeCounters = { unread_messages: 0, requested_bookings: 0, requested_refunds: 0, pending_actions: 0 };
const sameCounts = (a: RealtimeCounters, b: RealtimeCounters) => (Object.keys(NO_COUNTS) as (keyof RealtimeCounters)[]).every((key) => a[key] === b[key]);

/** What the sidebar counts changes with these. */
const COUNTED = new Set(['conversations', 'messages', 'bookings', 'refunds']);
const touchesCounters = (event: RealtimeEvent) =>
  event.type === 'counters' || event.type === 'reset' || event.type === 'message' || (event.type === 'record' && COUNTED.has(event.collection ?? ''));

/** A burst of events (a bulk action) refetches the counts once. */
const COUNTERS_DEBOUNCE_MS = 400;
let counters: RealtimeCounters = NO_COUNTS;
const counterListeners = new Set<() => void>();
let countersTimer: ReturnType<typeof setTimeout> | undefined;

function scheduleCounters(): void {
  clearTimeout(countersTimer);
  countersTimer = setTimeout(() => {
    apiClient()
      .get<RealtimeCounters>('/branch/api/events/counters/', { quiet: true })
      .then((next) => {
        if (sameCounts(next, counters)) return;
        counters = next;
        for (const listener of counterListeners) listener();
      })
      // A failed refresh keeps the last counts; the next event tries again.
      .catch(() => undefined);
  }, COUNTERS_DEBOUNCE_MS);
}

function subscribeCounters(listener: () => void): () => void {
  counterListeners.add(listener);
  return () => counterListeners.delete(listener);
}

/** The caller's unread messages and pending actions, kept current by the stream. */
export function useRealtimeCounters(): RealtimeCounters {
  return useSyncExternalStore(subscribeCounters, () => counters);
}
