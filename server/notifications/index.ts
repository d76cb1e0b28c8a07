/**
 * Notifications: composing and sending them (audiences, providers, the send job), topics
 * and their subscribers, templates of the server's own messages, and reminders.
 */
import type { Area } from '../engine/area.ts';
import { registerDeliveryRoutes } from './deliveryRoutes.ts';
import { notificationHooks } from './hooks.ts';
import { registerTopicSubscribers } from './topics.ts';

export const notificationsArea: Area = {
  name: 'notifications',
  hooks: { notifications: notificationHooks },
  register(app) {
    registerDeliveryRoutes(app);
    registerTopicSubscribers(app);
  },
};

export { closeProviders, providersFor } from './send.ts';
export { notifyBookingTransition } from './templates.ts';
