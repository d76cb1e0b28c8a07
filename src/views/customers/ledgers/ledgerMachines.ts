/**
 * The behaviour of the wallet and loyalty ledgers: one chart for a customer's entries
 * (load, more, reload after an adjustment) and one for an adjustment by hand (a
 * customer, an amount or points, a required reason; what the user typed stays on a
 * refusal, the server's errors at their fields). Requests are actors, swapped with
 * `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiRequestError } from '../../../api/client.ts';
import { createRecord, fetchList, type ApiRecord, type Page } from '../../../api/resources.ts';

export type LedgerResource = 'wallet-transactions' | 'loyalty-entries';
const PAGE_SIZE = 25;

// A customer's entries -------------------------------------------------------------------

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

// An adjustment by hand ------------------------------------------------------------------

export interface AdjustDraft {
  customer: ApiRecord | null;
  /** Wallet: credit or debit; points: add or remove. */
  direction: 'credit' | 'debit';
  /** Wallet: minor units; points: a whole number. Null while empty or not a number. */
  amount: number | null;
  /** Wallet only: a top-up or an adjustment. */
  source: 'top_up' | 'adjustment';
  reason: string;
}

export interface Refusal {
  detail: string | null;
  errors: Record<string, string[]>;
}
const noRefusal: Refusal = { detail: null, errors: {} };
const refusalOf = (error: unknown): Refusal =>
  error instanceof ApiRequestError ? { detail: error.detail, errors: error.fieldErrors } : { detail: String(error), errors: {} };

/** The request body of an adjustment: the wallet's kind and amount, or signed points. */
export function adjustmentBody(resource: LedgerResource, draft: AdjustDraft): Record<string, unknown> {
  const common = { customer_id: draft.customer?.id, reason: draft.reason.trim() };
  if (resource === 'loyalty-entries') return { ...common, points: draft.direction === 'debit' ? -(draft.amount ?? 0) : draft.amount };
  return { ...common, kind: draft.direction, source: draft.direction === 'debit' ? 'adjustment' : draft.source, amount: draft.amount };
}

/** What is missing before sending, at the fields of the request. */
function missing(resource: LedgerResource, draft: AdjustDraft): Record<string, string[]> {
  const field = resource === 'loyalty-entries' ? 'points' : 'amount';
  return {
    ...(draft.customer ? {} : { customer_id: ['ledgers.customerRequired'] }),
    ...(draft.amount !== null && draft.amount > 0 ? {} : { [field]: [resource === 'loyalty-entries' ? 'ledgers.pointsRequired' : 'ledgers.amountRequired'] }),
    ...(draft.reason.trim() ? {} : { reason: ['ledgers.reasonRequired'] }),
  };
}

export const adjustMachine = setup({
  types: {
    input: {} as { resource: LedgerResource },
    context: {} as { resource: LedgerResource; draft: AdjustDraft; saved: ApiRecord | null } & Refusal,
    events: {} as
      | { type: 'open'; customer: ApiRecord | null }
      | { type: 'close' }
      | { type: 'change'; draft: Partial<AdjustDraft> }
      | { type: 'save' },
  },
  actors: {
    save: fromPromise<ApiRecord, { resource: LedgerResource; body: Record<string, unknown> }>(({ input }) => createRecord(input.resource, input.body)),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(missing(context.resource, context.draft)).length === 0,
  },
  actions: {
    start: assign((_, customer: ApiRecord | null) => ({
      draft: { customer, direction: 'credit' as const, amount: null, source: 'adjustment' as const, reason: '' },
      saved: null,
      ...noRefusal,
    })),
    change: assign(({ context }, draft: Partial<AdjustDraft>) => ({ draft: { ...context.draft, ...draft } })),
    incomplete: assign(({ context }) => ({ detail: null, errors: missing(context.resource, context.draft) })),
    assignSaved: assign((_, saved: ApiRecord) => ({ saved, ...noRefusal })),
    assignRefusal: assign((_, error: unknown) => refusalOf(error)),
  },
}).createMachine({
  id: 'ledgerAdjust',
  context: ({ input }) => ({
    resource: input.resource,
    draft: { customer: null, direction: 'credit', amount: null, source: 'adjustment', reason: '' },
    saved: null,
    ...noRefusal,
  }),
  initial: 'closed',
  states: {
    closed: { on: { open: { target: 'editing', actions: { type: 'start', params: ({ event }) => event.customer } } } },
    editing: {
      on: {
        close: 'closed',
        change: { actions: { type: 'change', params: ({ event }) => event.draft } },
        save: [{ guard: 'isComplete', target: 'saving' }, { actions: 'incomplete' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ resource: context.resource, body: adjustmentBody(context.resource, context.draft) }),
        onDone: { target: 'closed', actions: { type: 'assignSaved', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
