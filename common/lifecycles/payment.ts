import { and, setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/**
 * Payment lifecycle. Events: pay, fail, cancel, expire (while pending), and
 * partially_refund / refund, which only succeeding refunds send (guard isSystem).
 * A card payment's pay / fail / expire are the gateway's: by hand only staff, with a reason.
 * Tags: `captured`, the money is held and may be refunded; `wasPaid`, it was paid at some
 * point (refunded since or not).
 */
export const paymentLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'pay' | 'fail' | 'cancel' | 'expire' | 'partially_refund' | 'refund' },
  },
  guards: {
    isSystem: guardImplementations.isSystem,
    cardSettledByStaff: guardImplementations.cardSettledByStaff,
    reasonWhenByHand: guardImplementations.reasonWhenByHand,
  },
}).createMachine({
  id: 'payment',
  description: 'A payment from checkout to settlement and refunds.',
  context: ({ input }) => input,
  initial: 'pending',
  states: {
    pending: {
      description: 'Waiting for the payer or the gateway.',
      on: {
        pay: { target: 'paid', guard: and(['cardSettledByStaff', 'reasonWhenByHand']), description: 'The gateway confirmed, or staff reconciled it.' },
        fail: { target: 'failed', guard: and(['cardSettledByStaff', 'reasonWhenByHand']) },
        cancel: { target: 'cancelled' },
        expire: { target: 'expired', guard: and(['cardSettledByStaff', 'reasonWhenByHand']) },
      },
    },
    paid: {
      tags: ['captured', 'wasPaid'],
      on: {
        partially_refund: { target: 'partially_refunded', guard: 'isSystem' },
        refund: { target: 'refunded', guard: 'isSystem' },
      },
    },
    partially_refunded: {
      tags: ['captured', 'wasPaid'],
      on: {
        partially_refund: { target: 'partially_refunded', guard: 'isSystem', reenter: true },
        refund: { target: 'refunded', guard: 'isSystem' },
      },
    },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
    expired: { type: 'final' },
    refunded: { type: 'final', tags: ['wasPaid'] },
  },
});
