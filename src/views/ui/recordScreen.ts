/**
 * A record page as data: its collection and what it reads beside the record, each read
 * named (src/api/reads.ts) with its arguments taken from the record. The record-screen
 * machine (src/machines/resources/recordScreen.ts) runs it: the record with its editing,
 * conflicts and transitions, and a child actor per related read with its own loading and
 * failure, read again on the record's version and on live changes to what it shows.
 * tests/rules/screens.test.ts checks every related list against the registry.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import type { ReadArgs, ReadName, ReadResult } from '../../api/reads.ts';
import { useRealtimeEvents } from '../../app/realtimeEvents.ts';
import type { ReadActor } from '../../machines/resources/read.ts';
import type { recordMachine } from '../../machines/resources/record.ts';
import { recordScreenMachine, relatedId } from '../../machines/resources/recordScreen.ts';
import type { CollectionDescription } from './listScreen.ts';
import { useLiveRecord } from './useLiveRecord.ts';

export interface RelatedSpec<N extends ReadName = ReadName> {
  read: N;
  /** The read's arguments for this record; null when there is nothing to read. */
  args: (record: ApiRecord) => ReadArgs<N> | null;
  /** Collections whose live changes make the read stale, besides a list's own. */
  reloadOn?: readonly string[];
}

/** One related read, typed by its name: `related('refundable', (b) => ({ bookingId: b.id }))`. */
export function related<N extends ReadName>(read: N, args: (record: ApiRecord) => ReadArgs<N> | null, options: { reloadOn?: readonly string[] } = {}): RelatedSpec<N> {
  return { read, args, ...options };
}

export interface RecordScreenSpec<C extends CollectionDescription, R extends Readonly<Record<string, RelatedSpec<ReadName>>>> {
  collection: C;
  related: R;
}

/** Identity, for the types: the related reads keep their names and result types. */
export function defineRecordScreen<const C extends CollectionDescription, const R extends Readonly<Record<string, RelatedSpec<ReadName>>>>(
  spec: RecordScreenSpec<C, R>,
): RecordScreenSpec<C, R> {
  return spec;
}

/** A burst of live changes (a bulk action) reads a related list once. */
const LIVE_REFRESH_DEBOUNCE_MS = 300;

export type RecordScreenActor = ActorRefFrom<typeof recordScreenMachine>;
export type RecordActor = ActorRefFrom<typeof recordMachine>;

/**
 * The record-screen actor of a page and its record actor, kept in step with changes made
 * elsewhere (the realtime channel): the record as the record machine decides, the related
 * reads whose collections changed.
 */
export function useRecordScreen<C extends CollectionDescription, R extends Readonly<Record<string, RelatedSpec<ReadName>>>>(
  screen: RecordScreenSpec<C, R>,
  id: string,
): { screen: RecordScreenActor; record: RecordActor } {
  const actor = useActorRef(recordScreenMachine, {
    input: { resource: screen.collection.name, id, related: screen.related as Record<string, RelatedSpec> },
  });
  const record = useSelector(actor, (s) => s.children.record as RecordActor);
  useLiveRecord(record, screen.collection.name, id);
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useRealtimeEvents(
    (event) => {
      if (event.type === 'reset') return actor.send({ type: 'reload' });
      if (event.type !== 'record' || !event.collection) return;
      const collection = event.collection;
      clearTimeout(timers.current.get(collection));
      timers.current.set(collection, setTimeout(() => actor.send({ type: 'related.changed', collection }), LIVE_REFRESH_DEBOUNCE_MS));
    },
    { type: 'record' },
  );
  useEffect(() => () => timers.current.forEach((timer) => clearTimeout(timer)), []);
  return { screen: actor, record };
}

export type RelatedState<T> =
  | { state: 'idle' | 'loading'; data: undefined; error: null; retry: () => void }
  | { state: 'ready' | 'refreshing'; data: T; error: null; retry: () => void }
  | { state: 'failed'; data: T | undefined; error: { status: number; detail: string }; retry: () => void };

/** What one related read holds now, typed by the screen's description. */
export function useRelated<R extends Readonly<Record<string, RelatedSpec<ReadName>>>, K extends keyof R & string>(
  screen: RecordScreenActor,
  _spec: RecordScreenSpec<CollectionDescription, R>,
  key: K,
): RelatedState<ReadResult<R[K]['read']>> {
  const child = useSelector(screen, (s) => s.children[relatedId(key)] as ReadActor);
  const state = useSelector(child, (s) => String(s.value));
  const data = useSelector(child, (s) => s.context.data);
  const error = useSelector(child, (s) => s.context.error);
  return { state, data, error, retry: () => child.send({ type: 'retry' }) } as RelatedState<ReadResult<R[K]['read']>>;
}
