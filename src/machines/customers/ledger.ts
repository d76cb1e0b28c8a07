/**
 * A customer's wallet or loyalty ledger on their page: the newest entries first, 25 at a
 * time, "more" appending the next page, and a reload starting over (the page remounts it
 * when the customer's balances change). An adjustment by hand is a command (walletAdjust,
 * pointsAdjust in src/api/calls/customers.ts). The request is an actor, swapped with
 * `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchList, type ApiRecord, type Page } from '../../api/resources.ts';

export type LedgerResource = 'wallet-transactions' | 'loyalty-entries';
const PAGE_SIZE = 25;

export const ledgerMachine = setup({
  types: {
    /** Without a customer: every customer's entries, the newest first. */
    input: {} as { resource: LedgerResource; customerId?: string },
    context: {} as { resource: LedgerResource; customerId?: string; rows: ApiRecord[]; count: number; page: number; failed: boolean },
    events: {} as { type: 'more' } | { type: 'reload' },
  },
  actors: {
    load: fromPromise<Page<ApiRecord>, { resource: LedgerResource; customerId?: string; page: number }>(({ input, signal }) =>
      fetchList(
        input.resource,
        { page: input.page, page_size: PAGE_SIZE, search: '', ordering: '-created_at', filters: input.customerId ? { customer_id: input.customerId } : {} },
        signal,
        undefined,
        input.customerId ? ['booking_id'] : ['booking_id', 'customer_id'],
      ),
    ),
  },
  guards: {
    hasMore: ({ context }) => context.rows.length < context.count,
  },
  actions: {
    restart: assign({ page: 1, failed: false }),
    nextPage: assign(({ context }) => ({ page: context.page + 1 })),
    assignPage: assign(({ context }, page: Page<ApiRecord>) => ({
      // The newest first: a reload starts over, "more" appends the next page.
      rows: context.page === 1 ? page.results : [...context.rows, ...page.results],
      count: page.count,
    })),
    fail: assign({ failed: true }),
  },
}).createMachine({
  id: 'ledger',
  context: ({ input }) => ({ ...input, rows: [], count: 0, page: 1, failed: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ resource: context.resource, customerId: context.customerId, page: context.page }),
        onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: 'fail' },
      },
    },
    ready: {
      on: {
        more: { guard: 'hasMore', target: 'loading', actions: 'nextPage' },
        reload: { target: 'loading', actions: 'restart' },
      },
    },
  },
});
