/**
 * The home dashboard's data: loaded for a period (30 or 90 days), loaded again when the
 * period changes, and refreshed a moment after records it counts change elsewhere (a
 * burst of changes makes one request). A refresh keeps the figures on screen; a failure
 * of the first load offers a retry, a failed refresh keeps the last figures.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchDashboard } from '../api/dashboard.ts';
import { ApiRequestError } from '../api/client.ts';
import type { Dashboard, DashboardPeriod } from '../../common/dashboard.ts';

/** What the load rejects with when its request was cancelled rather than answered. */
export const ABORTED = new Error('The dashboard request was cancelled.');

export interface DashboardContext {
  period: DashboardPeriod;
  data: Dashboard | null;
  error: string | null;
}

export type DashboardEvent = { type: 'period.set'; period: DashboardPeriod } | { type: 'changed' } | { type: 'retry' };

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
    input: {} as { period?: DashboardPeriod },
  },
  actors: {
    load: fromPromise<Dashboard, { period: DashboardPeriod }>(async ({ input, signal }) => {
      try {
        return await fetchDashboard(input.period, signal);
      } catch (error) {
        throw signal.aborted ? ABORTED : error;
      }
    }),
  },
  actions: {
    setPeriod: assign({ period: ({ event }) => (event.type === 'period.set' ? event.period : 30) }),
    keep: assign((_, data: Dashboard) => ({ data, error: null })),
    fail: assign((_, error: unknown) => ({ error: error instanceof ApiRequestError ? error.detail : String(error) })),
  },
  guards: {
    aborted: ({ event }) => (event as unknown as { error?: unknown }).error === ABORTED,
  },
  delays: {
    /** Changes seldom come alone (a bulk confirm, a checkout): wait for the burst to end. */
    settle: 800,
  },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({ period: input.period ?? 30, data: null, error: null }),
  initial: 'loading',
  on: {
    'period.set': { target: '.loading', actions: 'setPeriod' },
  },
  states: {
    loading: {
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ period: context.period }),
        onDone: { target: 'ready', actions: { type: 'keep', params: ({ event }) => event.output } },
        onError: [
          // An aborted request is not an answer (the page was remounted while loading): ask again.
          { guard: 'aborted', target: 'loading', reenter: true },
          { target: 'failed', actions: { type: 'fail', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    ready: {
      on: { changed: 'settling' },
    },
    settling: {
      on: { changed: { target: 'settling', reenter: true } },
      after: { settle: 'loading' },
    },
    failed: {
      on: { retry: 'loading', changed: 'loading' },
    },
  },
});
