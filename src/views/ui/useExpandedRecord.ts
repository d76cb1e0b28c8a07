import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { readMachine } from '../../machines/resources/read.ts';

export type ExpandedRecord<T> =
  | { state: 'loading'; record: null; reload: () => void }
  | { state: 'notFound' | 'failed'; record: T | null; reload: () => void }
  | { state: 'ready'; record: T; reload: () => void };

/**
 * One record with the labels of its references (the `record` read with `expand`), read
 * again on `reload()` (a realtime event, an action done): the record shown stays while it
 * is read again, and a reload asked while one runs starts it over, so the latest change
 * is the one shown.
 */
export function useExpandedRecord<T>(resource: string, id: string, expand: readonly string[]): ExpandedRecord<T> {
  const args = { collection: resource, id, expand };
  const actor = useActorRef(readMachine, { input: { read: 'record', args } });
  const key = JSON.stringify(args);
  const first = useRef(true);
  useEffect(() => {
    // The first arguments are the actor's input; only another record is sent.
    if (first.current) return void (first.current = false);
    actor.send({ type: 'load', args });
  }, [key]);
  const state = useSelector(actor, (s) => String(s.value));
  const record = useSelector(actor, (s) => (s.context.data ?? null) as T | null);
  const status = useSelector(actor, (s) => s.context.error?.status ?? null);
  // The same arguments again: read again, what is shown kept (`refreshing`).
  const reload = () => actor.send({ type: 'load', args: JSON.parse(key) as unknown });
  if (state === 'failed') return { state: status === 404 || status === 403 ? 'notFound' : 'failed', record, reload };
  if (record === null) return { state: 'loading', record: null, reload };
  return { state: 'ready', record, reload };
}
