import { setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/** Vendor onboarding and standing. Events: start_review, approve, reject, suspend, reinstate. */
export const vendorLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'start_review' | 'approve' | 'reject' | 'suspend' | 'reinstate' },
  },
  guards: { hasReason: guardImplementations.hasReason },
}).createMachine({
  id: 'vendor',
  description: 'A vendor from application to active selling, and suspension.',
  context: ({ input }) => input,
  initial: 'applied',
  states: {
    applied: { on: { start_review: { target: 'under_review' } } },
    under_review: {
      description: 'Staff check the documents (RC, NIF, payout account).',
      on: {
        approve: { target: 'active' },
        reject: { target: 'rejected', guard: 'hasReason' },
      },
    },
    active: { on: { suspend: { target: 'suspended', guard: 'hasReason' } } },
    suspended: { on: { reinstate: { target: 'active' } } },
    rejected: { type: 'final' },
  },
});
