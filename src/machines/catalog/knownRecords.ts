/**
 * The records of one collection a form names by id and shows by their words: the vendor
 * picked for a new record, the services of an adventure's itinerary. A record picked is
 * known at once (the picker hands it over); ids only named are read, the missing ones in
 * one go, and ids named while a read is under way are read right after it. An id that
 * cannot be read (deleted, out of reach) stays known as its bare id, so it is not asked
 * for again.
 */
import { assign, fromPromise, setup } from 'xstate';
import { runRead } from '../../api/reads.ts';
import type { ApiRecord } from '../../api/resources.ts';

export interface KnownRecordsContext {
  collection: string;
  records: Readonly<Record<string, ApiRecord>>;
  /** The ids the form names now. */
  wanted: readonly string[];
  /** The ids being read. */
  asking: readonly string[];
}

export type KnownRecordsEvent =
  /** A record the user picked: known as it is. */
  | { type: 'picked'; record: ApiRecord }
  /** The ids the form names now: the unknown ones are read. */
  | { type: 'need'; ids: readonly string[] };

const missing = (context: KnownRecordsContext) => context.wanted.filter((id) => !(id in context.records));

export const knownRecordsMachine = setup({
  types: {
    input: {} as { collection: string },
    context: {} as KnownRecordsContext,
    events: {} as KnownRecordsEvent,
  },
  actors: {
    readRecords: fromPromise<ApiRecord[], { collection: string; ids: readonly string[] }>(({ input, signal }) => runRead('catalogRecords', input, signal)),
  },
  actions: {
    remember: assign(({ context }, records: readonly ApiRecord[]) => ({
      records: { ...context.records, ...Object.fromEntries(records.map((r) => [r.id, r])) },
    })),
    want: assign((_, ids: readonly string[]) => ({ wanted: [...new Set(ids)] })),
    ask: assign(({ context }) => ({ asking: missing(context) })),
  },
  guards: {
    hasMissing: ({ context }) => missing(context).length > 0,
  },
}).createMachine({
  id: 'knownRecords',
  context: ({ input }) => ({ collection: input.collection, records: {}, wanted: [], asking: [] }),
  initial: 'idle',
  on: {
    picked: { actions: { type: 'remember', params: ({ event }) => [event.record] } },
    need: { actions: { type: 'want', params: ({ event }) => event.ids } },
  },
  states: {
    idle: {
      always: { guard: 'hasMissing', target: 'reading' },
    },
    reading: {
      tags: ['busy'],
      entry: 'ask',
      invoke: {
        id: 'readRecords',
        src: 'readRecords',
        input: ({ context }) => ({ collection: context.collection, ids: context.asking }),
        onDone: { target: 'idle', actions: { type: 'remember', params: ({ event }) => event.output } },
        // The read gave up as a whole: what it was asked stays as bare ids, not asked again.
        onError: {
          target: 'idle',
          actions: { type: 'remember', params: ({ context }) => context.asking.map((id): ApiRecord => ({ id, version: 0 })) },
        },
      },
    },
  },
});
