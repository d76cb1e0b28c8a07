/** A customer's page as data: the record and what it reads beside it. */
import { customers } from '../../../../common/collections.ts';
import { defineRecordScreen, related } from '../../ui/recordScreen.ts';

export const customerScreen = defineRecordScreen({
  collection: customers,
  related: {
    /** Other customers with the same phone or email, to merge into this one; none for a customer merged itself. */
    duplicates: related('customerDuplicates', (c) => (c.merged_into_id ? null : { id: c.id })),
    /** Their conversations, the latest first (read again with everything once a message is sent from the page). */
    conversations: related(
      'list',
      (c) => ({
        collection: 'conversations',
        filters: { customer_id: c.id },
        ordering: '-last_message_at',
        fields: ['subject', 'last_message_at', 'last_message_preview', 'vendor_id', 'unread_count'],
        expand: ['vendor_id'],
        pageSize: 20,
      }),
    ),
  },
});
