import { setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/**
 * Payment lifecycle. Events: pay, fail, cancel, expire (while pending), and
 * partially_refund / refund, which only succeeding refunds send (guard isSystem).
 */
export const paymentLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'pay' | 'fail' | 'cancel' | 'expire' | 'partially_refund' | 'refund' },
  },
  guards: { isSystem: guardImplementations.isSystem },
}).createMachine({
  id: 'payment',
  description: 'A payment from checkout to settlement and refunds.',
  context: ({ input }) => input,
  initial: 'pending',
  states: {
    pending: {
      description: 'Waiting for the payer or the gateway.',
      on: {
        pay: { target: 'paid', description: 'The gateway confirmed, or staff reconciled it.' },
        fail: { target: 'failed' },
        cancel: { target: 'cancelled' },
        expire: { target: 'expired' },
      },
    },
    paid: {
      on: {
        partially_refund: { target: 'partially_refunded', guard: 'isSystem' },
        refund: { target: 'refunded', guard: 'isSystem' },
      },
    },
    partially_refunded: {
      on: {
        partially_refund: { target: 'partially_refunded', guard: 'isSystem', reenter: true },
        refund: { target: 'refunded', guard: 'isSystem' },
      },
    },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
    expired: { type: 'final' },
    refunded: { type: 'final' },
  },
});
