/**
 * The list screen of any collection: its query (filters, search, ordering, page, page
 * size), the page of records it shows, and the rows selected for bulk actions. The
 * query mirrors the URL: every change is written there (named action `writeQueryToUrl`),
 * and a URL change from outside (back button, a link) arrives as `query.changed`.
 *
 * The previous page stays in context while the next one loads, so the table does not
 * blank out between pages.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import { fetchList, type ApiRecord, type ListQuery, type Page } from '../../api/resources.ts';
import { serializeListQuery, toggleOrdering, withKeptParams } from './listQuery.ts';

export interface ListInput {
  resource: string;
  query: ListQuery;
  defaultOrdering: string;
  /** The fields the screen shows (sparse fieldset); every field when absent. */
  fields?: readonly string[];
  /** Reference fields whose records' names come with each row (`_expanded`), so no row fetches its own. */
  expand?: readonly string[];
  /** URL parameters the screen owns besides the query (a panel's `edit`), kept when the query is written. */
  keepParams?: readonly string[];
}

export interface ListError {
  status: number;
  detail: string;
}

export interface ListContext {
  resource: string;
  fields?: readonly string[];
  expand?: readonly string[];
  keepParams: readonly string[];
  defaultOrdering: string;
  query: ListQuery;
  page: Page<ApiRecord> | null;
  error: ListError | null;
  /** What the search box holds; it reaches the query once typing pauses. */
  searchText: string;
  selected: string[];
}

export type ListEvent =
  | { type: 'query.changed'; query: ListQuery }
  | { type: 'search.typed'; text: string }
  | { type: 'search.commit' }
  | { type: 'page.goto'; page: number }
  | { type: 'pageSize.set'; size: number }
  | { type: 'ordering.toggle'; field: string }
  | { type: 'filter.set'; name: string; value: string }
  | { type: 'filters.clear' }
  /** A quick view: these filters (and ordering) instead of the current ones. */
  | { type: 'filters.replace'; filters: Record<string, string>; ordering?: string; search?: string }
  | { type: 'retry' }
  | { type: 'refresh' }
  | { type: 'select.toggle'; id: string }
  | { type: 'select.page' }
  | { type: 'select.clear' };

export const SEARCH_DEBOUNCE_MS = 300;

const sameQuery = (a: ListQuery, b: ListQuery) => JSON.stringify(a) === JSON.stringify(b);

function listError(error: unknown): ListError {
  const e = error as { status?: number; detail?: string; message?: string };
  return { status: typeof e?.status === 'number' ? e.status : 0, detail: e?.detail ?? e?.message ?? 'Request failed' };
}

export const listMachine = setup({
  types: {
    input: {} as ListInput,
    context: {} as ListContext,
    events: {} as ListEvent,
  },
  actors: {
    fetchPage: fromPromise<Page<ApiRecord>, { resource: string; query: ListQuery; fields?: readonly string[]; expand?: readonly string[] }>(
      ({ input, signal }) => fetchList(input.resource, input.query, signal, input.fields, input.expand),
    ),
  },
  actions: {
    assignPage: assign((_, page: Page<ApiRecord>) => ({ page, error: null })),
    assignError: assign((_, error: unknown) => ({ error: listError(error) })),
    assignQuery: assign(({ context }, query: ListQuery) => ({
      query,
      searchText: query.search,
      // A selection belongs to the rows it was made on.
      selected: sameQuery(query, context.query) ? context.selected : [],
    })),
    assignSearchText: assign((_, text: string) => ({ searchText: text })),
    toggleSelected: assign(({ context }, id: string) => ({
      selected: context.selected.includes(id) ? context.selected.filter((s) => s !== id) : [...context.selected, id],
    })),
    selectPage: assign(({ context }) => {
      const ids = context.page?.results.map((r) => r.id) ?? [];
      const all = ids.length > 0 && ids.every((id) => context.selected.includes(id));
      return { selected: all ? context.selected.filter((id) => !ids.includes(id)) : [...new Set([...context.selected, ...ids])] };
    }),
    clearSelection: assign({ selected: [] }),
    commitSearch: raise({ type: 'search.commit' }),
    /** Default: the browser's history (wouter follows pushState and replaceState). */
    writeQueryToUrl: ({ context }, params: { replace: boolean }) => {
      const url = location.pathname + withKeptParams(serializeListQuery(context.query, context), location.search, context.keepParams);
      if (url === location.pathname + location.search) return;
      if (params.replace) history.replaceState(history.state, '', url);
      else history.pushState(history.state, '', url);
    },
  },
  guards: {
    isEmptyPage: (_, page: Page<ApiRecord>) => page.results.length === 0,
    isNewQuery: ({ context, event }) => event.type === 'query.changed' && !sameQuery(event.query, context.query),
  },
  delays: {
    searchDebounce: SEARCH_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'list',
  context: ({ input }) => ({
    resource: input.resource,
    fields: input.fields,
    expand: input.expand,
    keepParams: input.keepParams ?? [],
    defaultOrdering: input.defaultOrdering,
    query: input.query,
    page: null,
    error: null,
    searchText: input.query.search,
    selected: [],
  }),
  type: 'parallel',
  on: {
    'query.changed': {
      guard: 'isNewQuery',
      description: 'The URL changed from outside: back button, a link, a bookmark.',
      target: '.data.loading',
      actions: { type: 'assignQuery', params: ({ event }) => event.query },
    },
    'search.commit': {
      target: '.data.loading',
      actions: [
        { type: 'assignQuery', params: ({ context }) => ({ ...context.query, search: context.searchText.trim(), page: 1 }) },
        { type: 'writeQueryToUrl', params: { replace: true } },
      ],
    },
    'page.goto': {
      target: '.data.loading',
      actions: [
        { type: 'assignQuery', params: ({ context, event }) => ({ ...context.query, page: Math.max(1, event.page) }) },
        { type: 'writeQueryToUrl', params: { replace: false } },
      ],
    },
    'pageSize.set': {
      target: '.data.loading',
      actions: [
        { type: 'assignQuery', params: ({ context, event }) => ({ ...context.query, page_size: event.size, page: 1 }) },
        { type: 'writeQueryToUrl', params: { replace: false } },
      ],
    },
    'ordering.toggle': {
      target: '.data.loading',
      actions: [
        {
          type: 'assignQuery',
          params: ({ context, event }) => ({ ...context.query, ordering: toggleOrdering(context.query.ordering, event.field), page: 1 }),
        },
        { type: 'writeQueryToUrl', params: { replace: false } },
      ],
    },
    'filter.set': {
      target: '.data.loading',
      actions: [
        {
          type: 'assignQuery',
          params: ({ context, event }) => {
            const filters = { ...context.query.filters, [event.name]: event.value };
            if (event.value === '') delete filters[event.name];
            return { ...context.query, filters, page: 1 };
          },
        },
        { type: 'writeQueryToUrl', params: { replace: false } },
      ],
    },
    'filters.clear': {
      target: '.data.loading',
      actions: [
        { type: 'assignQuery', params: ({ context }) => ({ ...context.query, filters: {}, search: '', page: 1 }) },
        { type: 'writeQueryToUrl', params: { replace: false } },
      ],
    },
    'filters.replace': {
      target: '.data.loading',
      actions: [
        {
          type: 'assignQuery',
          params: ({ context, event }) => ({
            ...context.query,
            filters: { ...event.filters },
            ordering: event.ordering ?? context.query.ordering,
            search: event.search ?? context.query.search,
            page: 1,
          }),
        },
        { type: 'writeQueryToUrl', params: { replace: false } },
      ],
    },
    'select.toggle': { actions: { type: 'toggleSelected', params: ({ event }) => event.id } },
    'select.page': { actions: 'selectPage' },
    'select.clear': { actions: 'clearSelection' },
  },
  states: {
    data: {
      initial: 'loading',
      // Handled here, not at the root: a root transition would exit every region, and a
      // refresh (a write elsewhere, from the realtime channel) would drop a search being typed.
      on: { refresh: '.loading' },
      states: {
        loading: {
          tags: ['busy'],
          description: 'Fetching the page for the current query; the previous page stays on screen meanwhile.',
          invoke: {
            id: 'fetchPage',
            src: 'fetchPage',
            input: ({ context }) => ({ resource: context.resource, query: context.query, fields: context.fields, expand: context.expand }),
            onDone: [
              { guard: { type: 'isEmptyPage', params: ({ event }) => event.output }, target: 'empty', actions: { type: 'assignPage', params: ({ event }) => event.output } },
              { target: 'loaded', actions: { type: 'assignPage', params: ({ event }) => event.output } },
            ],
            onError: { target: 'error', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
          },
        },
        loaded: {},
        empty: {
          description: 'No record matches the query (or there are none yet).',
        },
        error: {
          on: { retry: 'loading' },
        },
      },
    },
    search: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'search.typed': { target: 'debouncing', actions: { type: 'assignSearchText', params: ({ event }) => event.text } },
          },
        },
        debouncing: {
          description: 'Waits for typing to pause before searching.',
          on: {
            'search.typed': { target: 'debouncing', reenter: true, actions: { type: 'assignSearchText', params: ({ event }) => event.text } },
          },
          after: { searchDebounce: { target: 'idle', actions: 'commitSearch' } },
        },
      },
    },
  },
});
