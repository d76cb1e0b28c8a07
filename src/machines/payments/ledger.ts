/**
 * A booking's money ledger: loads it, shows it, reloads it when the booking's money moved
 * (a payment, a refund), and can be retried after a failure. The request is an actor,
 * swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchLedger, type Ledger } from '../../api/payouts.ts';

export const ledgerMachine = setup({
  types: {
    input: {} as { bookingId: string },
    context: {} as { bookingId: string; ledger: Ledger | null },
    events: {} as { type: 'reload' } | { type: 'retry' },
  },
  actors: {
    fetchLedger: fromPromise<Ledger, { bookingId: string }>(({ input, signal }) => fetchLedger(input.bookingId, signal)),
  },
  actions: {
    assignLedger: assign((_, ledger: Ledger) => ({ ledger })),
  },
}).createMachine({
  id: 'moneyLedger',
  context: ({ input }) => ({ bookingId: input.bookingId, ledger: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchLedger',
        src: 'fetchLedger',
        input: ({ context }) => ({ bookingId: context.bookingId }),
        onDone: { target: 'shown', actions: { type: 'assignLedger', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    shown: { on: { reload: 'loading' } },
    failed: { on: { retry: 'loading', reload: 'loading' } },
  },
});
