/** A notification's page as data: the record and what it reads beside it at each of its versions. */
import { notifications } from '../../../common/collections.ts';
import { defineRecordScreen, related } from '../ui/recordScreen.ts';

export const notificationScreen = defineRecordScreen({
  collection: notifications,
  related: {
    /** The notification read again with the names of its audience (a customer, a user, a topic). */
    names: related('record', (n) => ({ collection: 'notifications', id: n.id, expand: ['audience_customer_id', 'audience_user_id', 'topic_id'] })),
    /** What the development provider recorded, for SMS and push only. */
    outbox: related('notificationOutbox', (n) => (n.channel === 'sms' || n.channel === 'push' ? { id: n.id } : null)),
  },
});
