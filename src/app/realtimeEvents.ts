/**
 * The realtime events as screens hear them: a small bus the realtime actor
 * (src/app/realtime.ts) feeds, and `useRealtimeEvents`. Kept apart from the actor so the
 * list and record engine can use it without pulling in the app's root actors.
 */
import { useEffect, useRef } from 'react';
import type { RealtimeEvent } from '../machines/realtime.ts';

type Listener = (event: RealtimeEvent) => void;
const listeners = new Set<Listener>();

/** Hands an event from the stream to every screen listening. */
export function deliverRealtimeEvent(event: RealtimeEvent): void {
  for (const listener of listeners) listener(event);
}

/** A reset reaches every handler: too much was missed, so whatever a screen shows is refetched. */
function matches(event: RealtimeEvent, filter?: { type?: RealtimeEvent['type']; collection?: string }): boolean {
  if (!filter || event.type === 'reset') return true;
  if (filter.type && event.type !== filter.type) return false;
  return !filter.collection || event.collection === filter.collection;
}

/** Calls `handler` for every event (of that type, of that collection) while the component is mounted. */
export function useRealtimeEvents(
  handler: (event: RealtimeEvent) => void,
  filter?: { type?: RealtimeEvent['type']; collection?: string },
): void {
  const latest = useRef(handler);
  latest.current = handler;
  const type = filter?.type;
  const collection = filter?.collection;
  useEffect(() => {
    const listener: Listener = (event) => {
      if (matches(event, { type, collection })) latest.current(event);
    };
    listeners.add(listener);
    return () => void listeners.delete(listener);
  }, [type, collection]);
}
