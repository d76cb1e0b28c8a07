/**
 * The records the command palette finds as the user types: a short pause after the last
 * keystroke, then one request (`GET /search/`); a newer text cancels the request under
 * way (the invoke stops and its signal aborts). The last results stay on screen while
 * the next ones load, so the list does not flicker; a text too short to search clears them.
 */
import { assign, fromPromise, setup } from 'xstate';
import { searchRecords, type FoundRecord } from '../../api/find.ts';

/** The server finds nothing in fewer characters (server/shell/search.ts MIN_LENGTH). */
export const MIN_SEARCH_LENGTH = 2;

export interface RecordSearchContext {
  text: string;
  results: FoundRecord[];
  failed: boolean;
}

export type RecordSearchEvent = { type: 'text.changed'; text: string };

export const recordSearchMachine = setup({
  types: {
    context: {} as RecordSearchContext,
    events: {} as RecordSearchEvent,
  },
  actors: {
    search: fromPromise<FoundRecord[], { text: string }>(({ input, signal }) => searchRecords(input.text, signal)),
  },
  delays: {
    /** Typing pauses this long before a search goes out. */
    typing: 200,
  },
  actions: {
    assignText: assign((_, text: string) => ({ text })),
    assignResults: assign((_, results: FoundRecord[]) => ({ results, failed: false })),
    clearResults: assign({ results: [], failed: false }),
    markFailed: assign({ results: [], failed: true }),
  },
  guards: {
    searchable: (_, text: string) => text.trim().length >= MIN_SEARCH_LENGTH,
  },
}).createMachine({
  id: 'recordSearch',
  context: { text: '', results: [], failed: false },
  initial: 'idle',
  on: {
    'text.changed': [
      {
        guard: { type: 'searchable', params: ({ event }) => event.text },
        target: '.waiting',
        reenter: true,
        actions: { type: 'assignText', params: ({ event }) => event.text },
      },
      { target: '.idle', actions: [{ type: 'assignText', params: ({ event }) => event.text }, 'clearResults'] },
    ],
  },
  states: {
    idle: {},
    waiting: {
      tags: ['busy'],
      after: { typing: 'searching' },
    },
    searching: {
      tags: ['busy'],
      invoke: {
        id: 'search',
        src: 'search',
        input: ({ context }) => ({ text: context.text.trim() }),
        onDone: { target: 'idle', actions: { type: 'assignResults', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: 'markFailed' },
      },
    },
  },
});
