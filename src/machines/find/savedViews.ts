/**
 * A list's saved views (the "Saved views" menu of every list screen): the user's own and
 * those staff share, loaded from the server; saving the list as it is under a name,
 * renaming and deleting one's own. Requests are actors, swappable with `.provide()`.
 * A failed write keeps the dialog's draft and puts the server's errors at its fields.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiRequestError } from '../../api/client.ts';
import { createSavedView, deleteSavedView, fetchSavedViews, renameSavedView, type SavedView, type SavedViewState } from '../../api/find.ts';

export interface SavedViewsContext {
  listKey: string;
  views: SavedView[];
  fieldErrors: Record<string, string[]>;
  detail: string | null;
  /** Counts successful writes: a dialog closes when it moves. */
  written: number;
}

export interface NewView {
  name: string;
  shared: boolean;
  state: SavedViewState;
}

export type SavedViewsEvent =
  | { type: 'save'; view: NewView }
  | { type: 'rename'; view: SavedView; name: string }
  | { type: 'remove'; view: SavedView }
  | { type: 'dismiss' }
  | { type: 'retry' };

type Of<T extends SavedViewsEvent['type']> = Extract<SavedViewsEvent, { type: T }>;

const failure = (error: unknown) =>
  error instanceof ApiRequestError
    ? { fieldErrors: error.fieldErrors, detail: Object.keys(error.fieldErrors).length > 0 ? null : error.detail }
    : { fieldErrors: {}, detail: String(error) };

/** The server's order: one's own first, then by name. */
const ordered = (views: SavedView[]) => [...views].sort((a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name));

export const savedViewsMachine = setup({
  types: {
    context: {} as SavedViewsContext,
    events: {} as SavedViewsEvent,
    input: {} as { listKey: string },
  },
  actors: {
    load: fromPromise<SavedView[], { listKey: string }>(({ input, signal }) => fetchSavedViews(input.listKey, signal)),
    create: fromPromise<SavedView, { listKey: string; view: NewView }>(({ input }) =>
      createSavedView({ list_key: input.listKey, name: input.view.name, shared: input.view.shared, state: input.view.state }),
    ),
    rename: fromPromise<SavedView, { view: SavedView; name: string }>(({ input }) => renameSavedView(input.view, input.name)),
    remove: fromPromise<SavedView, { view: SavedView }>(async ({ input }) => {
      await deleteSavedView(input.view);
      return input.view;
    }),
  },
  actions: {
    assignViews: assign((_, views: SavedView[]) => ({ views })),
    putView: assign(({ context }, view: SavedView) => ({
      views: ordered([...context.views.filter((v) => v.id !== view.id), view]),
      written: context.written + 1,
    })),
    dropView: assign(({ context }, view: SavedView) => ({ views: context.views.filter((v) => v.id !== view.id), written: context.written + 1 })),
    assignFailure: assign((_, error: unknown) => failure(error)),
    clearOutcome: assign({ fieldErrors: {}, detail: null }),
  },
}).createMachine({
  id: 'savedViews',
  context: ({ input }) => ({ listKey: input.listKey, views: [], fieldErrors: {}, detail: null, written: 0 }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ listKey: context.listKey }),
        onDone: { target: 'ready', actions: { type: 'assignViews', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        save: 'saving',
        rename: 'renaming',
        remove: 'removing',
        dismiss: { actions: 'clearOutcome' },
      },
    },
    saving: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context, event }) => ({ listKey: context.listKey, view: (event as Of<'save'>).view }),
        onDone: { target: 'ready', actions: { type: 'putView', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    renaming: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'rename',
        src: 'rename',
        input: ({ event }) => ({ view: (event as Of<'rename'>).view, name: (event as Of<'rename'>).name }),
        onDone: { target: 'ready', actions: { type: 'putView', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    removing: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ event }) => ({ view: (event as Of<'remove'>).view }),
        onDone: { target: 'ready', actions: { type: 'dropView', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
