import { setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/** Payment invitation (payment link) lifecycle. Events: open, resend, pay, expire, cancel. */
export const invitationLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'open' | 'resend' | 'pay' | 'expire' | 'cancel' },
  },
  guards: { isPastExpiry: guardImplementations.isPastExpiry, isSystem: guardImplementations.isSystem },
}).createMachine({
  id: 'paymentInvitation',
  description: 'A payment link sent to a payer by SMS or email.',
  context: ({ input }) => input,
  initial: 'sent',
  states: {
    sent: {
      on: {
        open: { target: 'opened', description: 'The payer opened the link.' },
        resend: { target: 'sent', reenter: true, description: 'Send the link again.' },
        expire: { target: 'expired', guard: 'isPastExpiry' },
        cancel: { target: 'cancelled' },
      },
    },
    opened: {
      on: {
        // Only the gateway's webhook pays a link: its checkout payment landed.
        pay: { target: 'paid', guard: 'isSystem', description: 'The payer paid at the gateway: its payment is on the booking.' },
        expire: { target: 'expired', guard: 'isPastExpiry' },
        cancel: { target: 'cancelled' },
      },
    },
    paid: { type: 'final' },
    expired: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
