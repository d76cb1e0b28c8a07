import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ReadArgs, ReadName, ReadResult } from '../../api/reads.ts';
import { useRealtimeEvents } from '../../app/realtimeEvents.ts';
import { readMachine } from '../../machines/resources/read.ts';
import type { RelatedState } from './recordScreen.ts';

/** A burst of live changes (a bulk action) reads once. */
const LIVE_REFRESH_DEBOUNCE_MS = 300;

/**
 * A named read (src/api/reads.ts) that is not about one record's page: its arguments come
 * from the view (a URL parameter, a picked date), `null` while there is nothing to read.
 * New arguments read again; so does a live change to a collection in `reloadOn` (a list
 * read's own collection included). Draw it with `<Related of={…}>`.
 */
export function useRead<N extends ReadName>(
  read: N,
  args: ReadArgs<N> | null,
  options: { reloadOn?: readonly string[] } = {},
): RelatedState<ReadResult<N>> & { reload: () => void } {
  const actor = useActorRef(readMachine, { input: { read, args } });
  const key = JSON.stringify(args);
  const first = useRef(true);
  useEffect(() => {
    // The first arguments are the actor's input; only a change is sent.
    if (first.current) return void (first.current = false);
    actor.send({ type: 'load', args });
  }, [actor, key]);
  const own = (args as { collection?: unknown } | null)?.collection;
  const collections = [...(typeof own === 'string' ? [own] : []), ...(options.reloadOn ?? [])];
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useRealtimeEvents((event) => {
    if (event.type !== 'reset' && !(event.type === 'record' && event.collection && collections.includes(event.collection))) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => actor.send({ type: 'reload' }), LIVE_REFRESH_DEBOUNCE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const state = useSelector(actor, (s) => String(s.value));
  const data = useSelector(actor, (s) => s.context.data);
  const error = useSelector(actor, (s) => s.context.error);
  return { state, data, error, retry: () => actor.send({ type: 'retry' }), reload: () => actor.send({ type: 'reload' }) } as RelatedState<ReadResult<N>> & {
    reload: () => void;
  };
}
