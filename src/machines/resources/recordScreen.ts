/**
 * A record's own page: the record (the record machine, with its editing, saving, conflicts
 * and lifecycle transitions) and what the page reads beside it, each related read a child
 * actor with its own loading and failure (src/machines/resources/read.ts). The related
 * reads are declared as data (`defineRecordScreen` in src/views/ui/recordScreen.ts): a
 * read's arguments come from the record, so they are read once the record is there and
 * again whenever its version changes (saved here, a transition, or a change made
 * elsewhere); a live change to a collection a read shows reloads that read alone.
 *
 * A `reload` (after a command that changed several things) reads the record first: at a
 * new version its reads follow that version, so each is read once; only when the record
 * came back unchanged are the reads asked again themselves.
 */
import { assign, enqueueActions, setup, type SnapshotFrom } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import type { ReadName } from '../../api/reads.ts';
import { readMachine } from './read.ts';
import { recordMachine, type RecordInput } from './record.ts';

export interface RelatedRead {
  read: ReadName;
  /** The read's arguments for this record; null when it has nothing to read (no booking to show). */
  args: (record: ApiRecord) => unknown;
  /** Collections whose live changes make this read stale (a list read's own collection is implied). */
  reloadOn?: readonly string[];
}

export interface RecordScreenInput extends RecordInput {
  related: Readonly<Record<string, RelatedRead>>;
}

export type RecordScreenEvent =
  /** Read the record and everything beside it again (after a command that changes several). */
  | { type: 'reload' }
  /** Records of a collection changed elsewhere: the reads that show it are read again. */
  | { type: 'related.changed'; collection: string }
  | { type: 'related.retry'; key: string };

/** The child actor id of a related read. */
export const relatedId = (key: string) => `related.${key}`;

/** The collections a read shows: its own (a list, a record) and those it names. */
function readsCollection(spec: RelatedRead, args: unknown, collection: string): boolean {
  const own = (args as { collection?: unknown } | null)?.collection;
  return own === collection || (spec.reloadOn ?? []).includes(collection);
}

const viewing = ({ event }: { event: { snapshot: { matches: (state: 'viewing') => boolean } } }) => event.snapshot.matches('viewing');

export const recordScreenMachine = setup({
  types: {
    input: {} as RecordScreenInput,
    context: {} as {
      related: Readonly<Record<string, RelatedRead>>;
      /** What the record machine starts from. */
      recordInput: RecordInput;
      /** The record's id and version the related reads were last read for. */
      readFor: string | null;
      record: ApiRecord | null;
      /** A reload's progress: asked of the record, its read under way, or none. */
      reload: 'none' | 'asked' | 'reading';
      /** Whether the record is on view (not being edited, saved or loaded): only then does a reload read it. */
      recordViewing: boolean;
    },
    events: {} as RecordScreenEvent,
  },
  actors: {
    record: recordMachine,
    read: readMachine,
  },
  actions: {
    spawnReads: enqueueActions(({ context, enqueue }) => {
      for (const [key, spec] of Object.entries(context.related)) {
        enqueue.spawnChild('read', { id: relatedId(key), input: { read: spec.read, args: null } });
      }
    }),
    /** The record as the related reads will see it. */
    assignRecord: assign((_, record: ApiRecord) => ({ record, readFor: `${record.id}@${record.version}` })),
    loadReads: enqueueActions(({ context, enqueue }) => {
      const record = context.record;
      if (!record) return;
      for (const [key, spec] of Object.entries(context.related)) {
        enqueue.sendTo(relatedId(key), { type: 'load', args: spec.args(record) });
      }
    }),
    reloadRecord: enqueueActions(({ enqueue }) => {
      enqueue.sendTo('record', { type: 'reload' });
      enqueue.assign({ reload: 'asked' });
    }),
    reloadReads: enqueueActions(({ context, enqueue }) => {
      for (const key of Object.keys(context.related)) enqueue.sendTo(relatedId(key), { type: 'reload' });
    }),
    /** The record's reload has started (its machine is loading). */
    noteReloadReading: assign({ reload: 'reading' as const }),
    endReload: assign({ reload: 'none' as const }),
    noteRecordState: assign((_, viewing: boolean) => ({ recordViewing: viewing })),
    reloadReadsOf: enqueueActions(({ context, enqueue }, collection: string) => {
      const record = context.record;
      if (!record) return;
      for (const [key, spec] of Object.entries(context.related)) {
        if (readsCollection(spec, spec.args(record), collection)) enqueue.sendTo(relatedId(key), { type: 'reload' });
      }
    }),
    retryRead: enqueueActions(({ enqueue }, key: string) => {
      enqueue.sendTo(relatedId(key), { type: 'retry' });
    }),
  },
  guards: {
    /** A record read for the first time, or at a new version. */
    isNewVersion: ({ context }, record: ApiRecord | null) => record !== null && `${record.id}@${record.version}` !== context.readFor,
    /** Only a record on view reloads; one being edited keeps its draft. */
    recordViewing: ({ context }) => context.recordViewing,
    reloadStarted: ({ context }, loading: boolean) => context.reload === 'asked' && loading,
    /** The record's reload ended without a new version. */
    reloadEndedUnchanged: ({ context }, loading: boolean) => context.reload === 'reading' && !loading,
  },
}).createMachine({
  id: 'recordScreen',
  context: ({ input: { related, ...recordInput } }) => ({ related, recordInput, readFor: null, record: null, reload: 'none' as const, recordViewing: false }),
  entry: 'spawnReads',
  invoke: {
    id: 'record',
    src: 'record',
    input: ({ context }) => context.recordInput,
    onSnapshot: [
      {
        guard: { type: 'isNewVersion', params: ({ event }) => event.snapshot.context.record },
        actions: [{ type: 'assignRecord', params: ({ event }) => event.snapshot.context.record! }, 'loadReads', 'endReload', { type: 'noteRecordState', params: viewing }],
      },
      {
        guard: { type: 'reloadStarted', params: ({ event }) => event.snapshot.matches('loading') },
        actions: ['noteReloadReading', { type: 'noteRecordState', params: viewing }],
      },
      {
        guard: { type: 'reloadEndedUnchanged', params: ({ event }) => event.snapshot.matches('loading') },
        actions: ['reloadReads', 'endReload', { type: 'noteRecordState', params: viewing }],
      },
      { actions: { type: 'noteRecordState', params: viewing } },
    ],
  },
  on: {
    reload: [{ guard: 'recordViewing', actions: 'reloadRecord' }, { actions: 'reloadReads' }],
    'related.changed': { actions: { type: 'reloadReadsOf', params: ({ event }) => event.collection } },
    'related.retry': { actions: { type: 'retryRead', params: ({ event }) => event.key } },
  },
});

export type RecordScreenSnapshot = SnapshotFrom<typeof recordScreenMachine>;
