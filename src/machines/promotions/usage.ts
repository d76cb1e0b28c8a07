/**
 * A promotion's usage report, page by page: loads, shows, and loads another page on
 * request (the figures come again with each page, so they stay current). A failure can be
 * retried. The request is an actor, swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchPromotionUsage, type PromotionUsage } from '../../api/promotions.ts';

export interface UsageInput {
  resource: 'coupons' | 'discounts';
  id: string;
}

export const promotionUsageMachine = setup({
  types: {
    input: {} as UsageInput,
    context: {} as UsageInput & { page: number; report: PromotionUsage | null },
    events: {} as { type: 'page'; page: number } | { type: 'retry' },
  },
  actors: {
    fetchUsage: fromPromise<PromotionUsage, UsageInput & { page: number }>(({ input, signal }) => fetchPromotionUsage(input.resource, input.id, input.page, signal)),
  },
  actions: {
    assignPage: assign((_, page: number) => ({ page })),
    assignReport: assign((_, report: PromotionUsage) => ({ report })),
  },
}).createMachine({
  id: 'promotionUsage',
  description: 'A coupon’s or discount’s usage report, a page of its bookings at a time.',
  context: ({ input }) => ({ ...input, page: 1, report: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchUsage',
        src: 'fetchUsage',
        input: ({ context }) => ({ resource: context.resource, id: context.id, page: context.page }),
        onDone: { target: 'shown', actions: { type: 'assignReport', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    shown: {
      on: { page: { target: 'loading', actions: { type: 'assignPage', params: ({ event }) => event.page } } },
    },
    failed: { on: { retry: 'loading' } },
  },
});
