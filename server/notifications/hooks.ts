/** A notification's transitions: who it must reach, and its send queued with the change. */
import { refuseEmptyAudience, type AudienceSpec } from './audience.ts';
import { queueNotificationSend } from './send.ts';
import type { CollectionHooks } from '../engine/hooks.ts';

export const notificationHooks: CollectionHooks = {
  transitions: {
    // Sent or scheduled by someone, it must reach someone. The server's own messages (a
    // booking's cancellation told to its customer) are not: a customer with no contact must
    // never stop the booking's change, and the delivery job's own send is not checked again.
    schedule: async (ctx, record, _next, payload, role) => {
      if (role !== 'system') await refuseEmptyAudience(ctx.tx, record as unknown as AudienceSpec);
      return { scheduled_at: payload.scheduled_at ?? record.scheduled_at };
    },
    send: async (ctx, record, _next, _payload, role) => {
      if (role !== 'system') await refuseEmptyAudience(ctx.tx, record as unknown as AudienceSpec);
    },
  },
  /** Sent now or scheduled: its job is enqueued in the same transaction (server/notifications/send.ts). */
  async afterTransition(ctx, _before, after) {
    if (after.status === 'sending' || after.status === 'scheduled') await queueNotificationSend(ctx.tx, String(after.id));
  },
};
