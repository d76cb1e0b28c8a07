/**
 * Ratings per service beside the reviews list: loads for the list's service and vendor
 * filters, again whenever they change; a failure can be retried. The request is an
 * actor, swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchServiceRatings, type ServiceRating } from '../../api/reviews.ts';

export interface RatingsFilters {
  service_id?: string;
  vendor_id?: string;
}

export const ratingsMachine = setup({
  types: {
    input: {} as RatingsFilters,
    context: {} as { filters: RatingsFilters; ratings: ServiceRating[] | null },
    events: {} as { type: 'filters'; filters: RatingsFilters } | { type: 'retry' },
  },
  actors: {
    fetchRatings: fromPromise<ServiceRating[], RatingsFilters>(async ({ input, signal }) => (await fetchServiceRatings(input, signal)).results),
  },
  guards: {
    changed: ({ context }, filters: RatingsFilters) =>
      (filters.service_id ?? '') !== (context.filters.service_id ?? '') || (filters.vendor_id ?? '') !== (context.filters.vendor_id ?? ''),
  },
  actions: {
    assignFilters: assign((_, filters: RatingsFilters) => ({ filters })),
    assignRatings: assign((_, ratings: ServiceRating[]) => ({ ratings })),
  },
}).createMachine({
  id: 'serviceRatings',
  description: 'Average and distribution of approved reviews per service, for the filters of the reviews list.',
  context: ({ input }) => ({ filters: input, ratings: null }),
  initial: 'loading',
  on: {
    filters: {
      guard: { type: 'changed', params: ({ event }) => event.filters },
      target: '.loading',
      actions: { type: 'assignFilters', params: ({ event }) => event.filters },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchRatings',
        src: 'fetchRatings',
        input: ({ context }) => context.filters,
        onDone: { target: 'shown', actions: { type: 'assignRatings', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    shown: {},
    failed: { on: { retry: 'loading' } },
  },
});
