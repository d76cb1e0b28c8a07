import { setup } from 'xstate';
import { guardImplementations, type LifecycleContext, type LifecycleEvent } from './context.ts';

/** Notification lifecycle. Events: schedule, send, fail, cancel (back to draft). */
export const notificationLifecycle = setup({
  types: {
    context: {} as LifecycleContext,
    input: {} as LifecycleContext,
    events: {} as LifecycleEvent & { type: 'schedule' | 'send' | 'fail' | 'cancel' },
  },
  guards: { hasScheduleTime: guardImplementations.hasScheduleTime },
}).createMachine({
  id: 'notification',
  description: 'A push, SMS, email or in-app notification.',
  context: ({ input }) => input,
  initial: 'draft',
  states: {
    draft: {
      on: {
        schedule: { target: 'scheduled', guard: 'hasScheduleTime' },
        send: { target: 'sent', description: 'Send now.' },
      },
    },
    scheduled: {
      on: {
        send: { target: 'sent', description: 'Sent at its time (or now).' },
        fail: { target: 'failed' },
        cancel: { target: 'draft', description: 'Cancel the schedule.' },
      },
    },
    sent: { type: 'final' },
    failed: { type: 'final' },
  },
});
