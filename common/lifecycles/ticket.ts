import { setup } from 'xstate';
import type { LifecycleContext, LifecycleEvent } from './context.ts';

/** Support ticket lifecycle. Events: open, wait, resume, solve, close, reopen. */
export const ticketLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'open' | 'wait' | 'resume' | 'solve' | 'close' | 'reopen' },
  },
}).createMachine({
  id: 'ticket',
  description: 'A support ticket from a customer, a vendor or staff.',
  context: ({ input }) => input,
  initial: 'new',
  states: {
    new: { on: { open: { target: 'open' } } },
    open: {
      on: {
        wait: { target: 'pending', description: 'Waiting on the customer.' },
        solve: { target: 'solved' },
      },
    },
    pending: { description: 'Waiting on the customer.', on: { resume: { target: 'open' } } },
    solved: {
      on: {
        close: { target: 'closed' },
        reopen: { target: 'open' },
      },
    },
    closed: { type: 'final' },
  },
});
