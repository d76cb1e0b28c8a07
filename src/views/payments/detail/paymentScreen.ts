/** A payment's page as data: the record and what it reads beside it. */
import { payments } from '../../../../common/collections.ts';
import { defineRecordScreen, related } from '../../ui/recordScreen.ts';

export const paymentScreen = defineRecordScreen({
  collection: payments,
  related: {
    /** The payment read again with the names of who recorded and reconciled it and of its customer. */
    names: related('record', (p) => ({ collection: 'payments', id: p.id, expand: ['recorded_by', 'reconciled_by', 'customer_id'] })),
    booking: related('record', (p) => (p.booking_id ? { collection: 'bookings', id: String(p.booking_id) } : null)),
    events: related('gatewayEvents', (p) => ({ paymentId: p.id })),
    refunds: related('list', (p) => ({ collection: 'refunds', filters: { payment_id: p.id }, ordering: '-created_at' })),
    /** What may still be refunded from this payment, decided by the server. */
    refundable: related('refundable', (p) => (p.booking_id ? { bookingId: String(p.booking_id), paymentId: p.id } : null), { reloadOn: ['refunds', 'payments'] }),
  },
});
