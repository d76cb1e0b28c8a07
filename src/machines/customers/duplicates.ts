/**
 * A customer's duplicates (same phone or email) and merging one of them into this
 * customer: the list loads; staff pick one, confirm, and the merge is sent with this
 * customer's version; once done the list loads again and `merged` tells the page, which
 * reloads the customer. A refusal (a stale version, say) keeps the dialog open with the
 * server's words. The requests are actors and `merged` an action, swapped with
 * `.provide()` (the page gives its own `merged`).
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiRequestError } from '../../api/client.ts';
import { fetchDuplicates, mergeCustomer } from '../../api/merge.ts';
import type { ApiRecord } from '../../api/resources.ts';

export interface DuplicatesInput {
  id: string;
  version: number;
}

interface Context extends DuplicatesInput {
  duplicates: ApiRecord[];
  /** The duplicate staff chose to merge into this customer. */
  chosen: ApiRecord | null;
  error: string | null;
}

export const duplicatesMachine = setup({
  types: {
    input: {} as DuplicatesInput,
    context: {} as Context,
    events: {} as { type: 'choose'; duplicate: ApiRecord } | { type: 'cancel' } | { type: 'confirm' } | { type: 'retry' },
  },
  actors: {
    fetchDuplicates: fromPromise<ApiRecord[], { id: string }>(async ({ input, signal }) => (await fetchDuplicates(input.id, signal)).results),
    merge: fromPromise<ApiRecord, { id: string; other_id: string; version: number }>(({ input }) =>
      mergeCustomer(input.id, { other_id: input.other_id, version: input.version }),
    ),
  },
  actions: {
    assignDuplicates: assign((_, duplicates: ApiRecord[]) => ({ duplicates })),
    choose: assign((_, duplicate: ApiRecord) => ({ chosen: duplicate, error: null })),
    clearChoice: assign({ chosen: null, error: null }),
    keepMerged: assign((_, merged: ApiRecord) => ({ version: merged.version, chosen: null, error: null })),
    showError: assign((_, error: unknown) => ({ error: (error as Partial<ApiRequestError>).detail || 'merge.failed' })),
    /** Tells the page the customer changed; the page provides it. */
    merged: () => {},
  },
}).createMachine({
  id: 'customerDuplicates',
  description: 'Other customers with the same phone or email, and merging one of them into this one.',
  context: ({ input }) => ({ ...input, duplicates: [], chosen: null, error: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchDuplicates',
        src: 'fetchDuplicates',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: { type: 'assignDuplicates', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: {
      on: { choose: { target: 'confirming', actions: { type: 'choose', params: ({ event }) => event.duplicate } } },
    },
    confirming: {
      on: {
        cancel: { target: 'shown', actions: 'clearChoice' },
        confirm: 'merging',
      },
    },
    merging: {
      tags: ['busy'],
      invoke: {
        id: 'merge',
        src: 'merge',
        input: ({ context }) => ({ id: context.id, other_id: context.chosen!.id, version: context.version }),
        onDone: { target: 'loading', actions: [{ type: 'keepMerged', params: ({ event }) => event.output }, 'merged'] },
        onError: { target: 'confirming', actions: { type: 'showError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
