import { setup } from 'xstate';
import type { LifecycleContext, LifecycleEvent } from './context.ts';

/** Chatbot request review. Events: review, resolve, escalate (creates a ticket), dismiss. */
export const chatbotRequestLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'review' | 'resolve' | 'escalate' | 'dismiss' },
  },
}).createMachine({
  id: 'chatbotRequest',
  description: 'A conversation the chatbot could not close on its own.',
  context: ({ input }) => input,
  initial: 'new',
  states: {
    new: { on: { review: { target: 'in_review' } } },
    in_review: {
      on: {
        resolve: { target: 'resolved' },
        escalate: { target: 'escalated', description: 'Creates a support ticket linked to the request.' },
        dismiss: { target: 'dismissed' },
      },
    },
    resolved: { type: 'final' },
    escalated: { type: 'final' },
    dismissed: { type: 'final' },
  },
});
