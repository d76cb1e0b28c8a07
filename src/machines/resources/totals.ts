/**
 * The totals row of a list: the count and the money of the whole filtered set, asked of
 * the server (`GET /<collection>/totals/`) each time the list loads a page for a new set
 * of filters or search, or reloads the same query (after a write). Another page or
 * another order of the same set keeps the totals it has.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchTotals, type ListQuery, type Totals } from '../../api/resources.ts';

export interface TotalsContext {
  resource: string;
  /** The query of the page the list last loaded. */
  query: ListQuery | null;
  totals: Totals | null;
}

export type TotalsEvent = { type: 'list.loaded'; query: ListQuery };

/** What the totals depend on: the filters and the search, not the page or the order. */
export const setOf = (query: ListQuery) => JSON.stringify([query.filters, query.search]);

export const totalsMachine = setup({
  types: {
    input: {} as { resource: string },
    context: {} as TotalsContext,
    events: {} as TotalsEvent,
  },
  actors: {
    fetchTotals: fromPromise<Totals, { resource: string; query: ListQuery }>(({ input, signal }) => fetchTotals(input.resource, input.query, signal)),
  },
  actions: {
    assignQuery: assign((_, query: ListQuery) => ({ query })),
    assignTotals: assign((_, totals: Totals) => ({ totals })),
    // A failed total shows no row rather than a wrong one; the list itself reports errors.
    clearTotals: assign({ totals: null }),
  },
  guards: {
    /** Another set of records, or the same query loaded again (a refresh after a write). */
    needsTotals: ({ context }, query: ListQuery) =>
      context.query === null || setOf(context.query) !== setOf(query) || JSON.stringify(context.query) === JSON.stringify(query),
  },
}).createMachine({
  id: 'listTotals',
  context: ({ input }) => ({ resource: input.resource, query: null, totals: null }),
  initial: 'idle',
  on: {
    'list.loaded': [
      {
        guard: { type: 'needsTotals', params: ({ event }) => event.query },
        target: '.loading',
        reenter: true,
        actions: { type: 'assignQuery', params: ({ event }) => event.query },
      },
      // Another page of the same set: remembered, so reloading it later counts as a refresh.
      { actions: { type: 'assignQuery', params: ({ event }) => event.query } },
    ],
  },
  states: {
    idle: {},
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchTotals',
        src: 'fetchTotals',
        input: ({ context }) => ({ resource: context.resource, query: context.query! }),
        onDone: { target: 'idle', actions: { type: 'assignTotals', params: ({ event }) => event.output } },
        onError: { target: 'idle', actions: 'clearTotals' },
      },
    },
  },
});
