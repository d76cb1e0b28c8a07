/**
 * A taxonomy screen's terms and their order. Every move shows at once and is saved in
 * one request (the places that changed); moves made while a save is on their way are sent
 * next, and a refused save puts back the last order the server accepted. A move the tree
 * cannot take (a category holding subcategories put under another) is refused here and said.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchAllTerms, saveOrder, type OrderItem, type TaxonomyResource } from '../../api/taxonomy.ts';
import { refusalDetail } from '../resources/bulk.ts';
import { childrenOf, moveTerm, orderItems, type Term } from './terms.ts';

export interface TaxonomyContext {
  resource: TaxonomyResource;
  tree: boolean;
  terms: Term[];
  /** The order the server has. */
  saved: Term[];
  /** The order on its way to the server. */
  sending: Term[];
  /** The term moved last (what the screen announces). */
  moved: string | null;
  /** The last move was refused: two levels only, a category holding subcategories stays at the top. */
  refused: boolean;
  error: string | null;
}

export type TaxonomyEvent =
  | { type: 'move'; id: string; parentId: string | null; index: number }
  | { type: 'reload' }
  | { type: 'retry' }
  | { type: 'dismiss' };

export const taxonomyMachine = setup({
  types: {
    context: {} as TaxonomyContext,
    input: {} as { resource: TaxonomyResource; tree: boolean },
    events: {} as TaxonomyEvent,
  },
  actors: {
    loadTerms: fromPromise<Term[], { resource: TaxonomyResource }>(
      async ({ input, signal }) => (await fetchAllTerms(input.resource, signal)) as unknown as Term[],
    ),
    saveOrder: fromPromise<unknown, { resource: TaxonomyResource; items: OrderItem[] }>(({ input }) => saveOrder(input.resource, input.items)),
  },
  actions: {
    assignTerms: assign((_, terms: Term[]) => ({ terms, saved: terms, sending: terms, error: null })),
    applyMove: assign(({ context, event }) => {
      if (event.type !== 'move') return {};
      return { terms: moveTerm(context.terms, event.id, event.parentId, event.index), moved: event.id, error: null };
    }),
    send: assign(({ context }) => ({ sending: context.terms })),
    confirmSent: assign(({ context }) => ({ saved: context.sending })),
    revert: assign(({ context }, error: unknown) => ({ terms: context.saved, sending: context.saved, moved: null, error: refusalDetail(error) || 'failed' })),
    assignError: assign((_, error: unknown) => ({ error: refusalDetail(error) || 'failed' })),
    clearError: assign({ error: null }),
    refuse: assign({ refused: true }),
    clearRefused: assign({ refused: false }),
  },
  guards: {
    /** Moves were made while the last order was on its way: send again. */
    movedSinceSent: ({ context }) => orderItems(context.sending, context.terms, context.tree).length > 0,
    /** A term dropped into its own list of subcategories: nothing to do. */
    underItself: ({ event }) => event.type === 'move' && event.parentId === event.id,
    /** Two levels only: a term holding others stays at the top. */
    nestsTooDeep: ({ context, event }) => event.type === 'move' && event.parentId !== null && childrenOf(context.terms, event.id).length > 0,
    /** A move that changes a place (a term dropped on itself changes none). */
    changesOrder: ({ context, event }) =>
      event.type === 'move' && orderItems(context.terms, moveTerm(context.terms, event.id, event.parentId, event.index), context.tree).length > 0,
  },
}).createMachine({
  id: 'taxonomy',
  context: ({ input }) => ({ ...input, terms: [], saved: [], sending: [], moved: null, refused: false, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        input: ({ context }) => ({ resource: context.resource }),
        onDone: { target: 'ready', actions: { type: 'assignTerms', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: { on: { retry: 'loading' } },
    ready: {
      on: {
        move: [
          { guard: 'underItself' },
          { guard: 'nestsTooDeep', actions: 'refuse' },
          { guard: 'changesOrder', target: 'saving', actions: ['clearRefused', 'applyMove'] },
          { actions: 'clearRefused' },
        ],
        reload: 'loading',
        dismiss: { actions: 'clearError' },
      },
    },
    saving: {
      tags: ['saving'],
      entry: 'send',
      invoke: {
        id: 'saveOrder',
        src: 'saveOrder',
        input: ({ context }) => ({ resource: context.resource, items: orderItems(context.saved, context.sending, context.tree) }),
        onDone: [
          { guard: 'movedSinceSent', target: 'saving', reenter: true, actions: 'confirmSent' },
          { target: 'ready', actions: 'confirmSent' },
        ],
        onError: { target: 'ready', actions: { type: 'revert', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
      on: {
        move: [
          { guard: 'underItself' },
          { guard: 'nestsTooDeep', actions: 'refuse' },
          { actions: ['clearRefused', 'applyMove'] },
        ],
      },
    },
  },
});
