/** A ticket's page as data: the record and the names of what it points to, read again at each of its versions. */
import { tickets } from '../../../../common/collections.ts';
import { defineRecordScreen, related } from '../../ui/recordScreen.ts';

export const ticketScreen = defineRecordScreen({
  collection: tickets,
  related: {
    /** The ticket read again with the names of its booking, assignee, vendor and customer. */
    names: related('record', (t) => ({ collection: 'tickets', id: t.id, expand: ['booking_id', 'assignee_id', 'vendor_id', 'customer_id'] })),
  },
});
