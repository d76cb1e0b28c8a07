import { setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/**
 * Payout batch lifecycle. Events: approve, pay, cancel. Staff review a draft, approve it,
 * then mark it paid once the bank transfer is made (with its bank reference). Cancelling
 * releases its entries for a later payout; a paid payout is final.
 */
export const payoutLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'approve' | 'pay' | 'cancel' },
  },
  guards: { isStaff: guardImplementations.isStaff },
}).createMachine({
  id: 'payout',
  description: "A batch of a vendor's payable shares, from review to the bank transfer.",
  context: ({ input }) => input,
  initial: 'draft',
  states: {
    draft: {
      description: 'Built; its entries are reserved for it while staff review it.',
      on: {
        approve: { target: 'approved', guard: 'isStaff' },
        cancel: { target: 'cancelled', guard: 'isStaff', description: 'Its entries go back to the next payout.' },
      },
    },
    approved: {
      description: 'Approved; waiting for the bank transfer.',
      on: {
        pay: { target: 'paid', guard: 'isStaff', description: 'The transfer was made: needs its bank reference.' },
        cancel: { target: 'cancelled', guard: 'isStaff', description: 'Its entries go back to the next payout.' },
      },
    },
    paid: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
