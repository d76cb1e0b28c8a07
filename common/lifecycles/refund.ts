import { and, setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/**
 * Refund lifecycle. Events: approve, reject, process, succeed, fail, retry.
 * Tags: `committed`, the money is promised or gone (it counts against what is left to
 * refund); `editable`, the request may still be changed.
 */
export const refundLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'approve' | 'reject' | 'process' | 'succeed' | 'fail' | 'retry' },
  },
  guards: { hasReason: guardImplementations.hasReason, isStaff: guardImplementations.isStaff },
}).createMachine({
  id: 'refund',
  description: 'A refund request, from approval to the money being returned.',
  context: ({ input }) => input,
  initial: 'requested',
  states: {
    requested: {
      tags: ['committed', 'editable'],
      on: {
        approve: { target: 'approved' },
        reject: { target: 'rejected', guard: 'hasReason' },
      },
    },
    approved: {
      description: 'Approved; not yet sent to the payment gateway or the wallet.',
      tags: ['committed', 'editable'],
      on: { process: { target: 'processing', description: 'Send to the gateway (or credit the wallet).' } },
    },
    processing: {
      tags: ['committed'],
      description: 'Waiting for the gateway to confirm. Only staff (or the gateway) may say how it ended: money leaving the platform is not for vendor staff to declare.',
      on: {
        succeed: { target: 'succeeded', guard: 'isStaff', description: 'The money went back: payments and the booking balance are updated.' },
        fail: { target: 'failed', guard: and(['isStaff', 'hasReason']) },
      },
    },
    failed: { on: { retry: { target: 'processing' } } },
    rejected: { type: 'final' },
    succeeded: { type: 'final', tags: ['committed'] },
  },
});
