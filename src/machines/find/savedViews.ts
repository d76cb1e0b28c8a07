/**
 * A list's saved views (the "Saved views" menu of every list screen): the user's own and
 * those staff share, read from the server (the `savedViews` read), kept in the server's
 * order as the menu's commands save, rename and delete them (each a command of its own
 * dialog, which hands its answer here). A failed read is asked again on `retry`.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { SavedView } from '../../api/find.ts';
import { runRead } from '../../api/reads.ts';

export interface SavedViewsContext {
  listKey: string;
  views: SavedView[];
}

export type SavedViewsEvent =
  /** A view created or renamed: the server's answer. */
  | { type: 'view.saved'; view: SavedView }
  | { type: 'view.removed'; view: SavedView }
  | { type: 'retry' };

/** The server's order: one's own first, then by name. */
export const ordered = (views: SavedView[]) => [...views].sort((a, b) => Number(b.mine) - Number(a.mine) || a.name.localeCompare(b.name));

export const savedViewsMachine = setup({
  types: {
    context: {} as SavedViewsContext,
    events: {} as SavedViewsEvent,
    input: {} as { listKey: string },
  },
  actors: {
    load: fromPromise<SavedView[], { listKey: string }>(({ input, signal }) => runRead('savedViews', { listKey: input.listKey }, signal)),
  },
  actions: {
    assignViews: assign((_, views: SavedView[]) => ({ views })),
    putView: assign(({ context }, view: SavedView) => ({ views: ordered([...context.views.filter((v) => v.id !== view.id), view]) })),
    dropView: assign(({ context }, view: SavedView) => ({ views: context.views.filter((v) => v.id !== view.id) })),
  },
}).createMachine({
  id: 'savedViews',
  context: ({ input }) => ({ listKey: input.listKey, views: [] }),
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
      description: 'The menu says so and offers to read them again.',
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        'view.saved': { actions: { type: 'putView', params: ({ event }) => event.view } },
        'view.removed': { actions: { type: 'dropView', params: ({ event }) => event.view } },
      },
    },
  },
});
