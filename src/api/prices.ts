/** Personal services and their payment links (server/services/personalServicesRoutes.ts). */
import { apiClient } from './apiClientHolder.ts';
import { createRecord, type ApiRecord } from './resources.ts';

export interface PersonalServiceBody {
  customer_id: string;
  starts_at: string;
  capacity: number;
  prices: { customer_type: string; amount: number; per: 'person' | 'booking' }[];
}

export function createPersonalService(baseId: string, body: PersonalServiceBody): Promise<{ service: ApiRecord; price_rules: ApiRecord[]; slot: ApiRecord }> {
  return apiClient().post(`/branch/api/services/${encodeURIComponent(baseId)}/personal/`, body, { quiet: true });
}

/**
 * A payment link for a personal service: the booking it pays (unpaid until then) at the
 * service's departure, then the invitation to pay it, sent to the customer's phone or email.
 */
export async function sendPaymentLink(input: {
  service: ApiRecord;
  slotId: string;
  customer: ApiRecord;
  participants: Record<string, number>;
}): Promise<{ booking: ApiRecord; invitation: ApiRecord }> {
  const booking = await createRecord('bookings', {
    customer_id: input.customer.id,
    service_id: input.service.id,
    slot_id: input.slotId,
    participants: input.participants,
    payment_method: 'unpaid',
  });
  const invitation = await createRecord('payment-invitations', {
    booking_id: booking.id,
    invitee_name: input.customer.name ?? null,
    invitee_phone: input.customer.phone ?? null,
    invitee_email: input.customer.email ?? null,
    amount: booking.total,
  });
  return { booking, invitation };
}
