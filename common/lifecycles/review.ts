import { and, setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/** Review moderation, all staff's: approve, reject with a reason, edit (a rejected review back to moderation). */
export const reviewLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'approve' | 'reject' | 'edit' },
  },
  guards: { isStaff: guardImplementations.isStaff, hasReason: guardImplementations.hasReason },
}).createMachine({
  id: 'review',
  description: 'A customer review waiting for moderation.',
  context: ({ input }) => input,
  initial: 'pending',
  states: {
    pending: {
      on: {
        approve: { target: 'approved', guard: 'isStaff' },
        reject: { target: 'rejected', guard: and(['isStaff', 'hasReason']) },
      },
    },
    rejected: { on: { edit: { target: 'pending', guard: 'isStaff', description: 'The review was edited and goes back to moderation (staff resubmit it; vendors never moderate).' } } },
    approved: { type: 'final' },
  },
});
