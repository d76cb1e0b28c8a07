import { setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/**
 * Notification lifecycle. Events: schedule, send, cancel (back to draft); while sending,
 * the delivery job (role system) completes it (every delivery attempted) or fails it (all failed).
 */
export const notificationLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'schedule' | 'send' | 'complete' | 'fail' | 'cancel' },
  },
  guards: { hasScheduleTime: guardImplementations.hasScheduleTime, isSystem: guardImplementations.isSystem },
}).createMachine({
  id: 'notification',
  description: 'A push, SMS, email or in-app notification.',
  context: ({ input }) => input,
  initial: 'draft',
  states: {
    draft: {
      on: {
        schedule: { target: 'scheduled', guard: 'hasScheduleTime' },
        send: { target: 'sending', description: 'Send now.' },
      },
    },
    scheduled: {
      on: {
        send: { target: 'sending', description: 'Sent at its time (or now).' },
        cancel: { target: 'draft', description: 'Cancel the schedule.' },
      },
    },
    sending: {
      on: {
        complete: { target: 'sent', guard: 'isSystem', description: 'Every delivery was attempted.' },
        fail: { target: 'failed', guard: 'isSystem', description: 'Every delivery failed.' },
      },
    },
    sent: { type: 'final' },
    failed: { type: 'final' },
  },
});
