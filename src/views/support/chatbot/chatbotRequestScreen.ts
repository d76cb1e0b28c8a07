/** A chatbot request's page as data: the record and the names of what it points to, read again at each of its versions. */
import { chatbotRequests } from '../../../../common/collections.ts';
import { defineRecordScreen, related } from '../../ui/recordScreen.ts';

export const chatbotRequestScreen = defineRecordScreen({
  collection: chatbotRequests,
  related: {
    /** The request read again with the names of its customer, booking and ticket. */
    names: related('record', (r) => ({ collection: 'chatbot-requests', id: r.id, expand: ['customer_id', 'booking_id', 'ticket_id'] })),
  },
});
