/** What the server allows to refund on a booking (GET bookings/<id>/refundable/). */
import { apiClient } from './apiClientHolder.ts';

export interface Refundable {
  /** The most a new refund may be, in minor units: paid, less refunds asked for or done. */
  amount: number;
  currency: string;
  /** The payment a refund comes from by default; null spreads it over the payments. */
  payment_id: string | null;
  payments: { id: string; method: string; amount: number; paid_at: string | null; refundable: number }[];
  /** Where a refund may go: the wallet only when it is kept in the booking's currency. */
  destinations: ('original_method' | 'wallet' | 'gift_card')[];
}

/** `paymentId`: only what may be refunded from that payment. */
export function fetchRefundable(bookingId: string, signal?: AbortSignal, paymentId?: string): Promise<Refundable> {
  return apiClient().get<Refundable>(`/branch/api/bookings/${encodeURIComponent(bookingId)}/refundable/`, { signal, quiet: true, params: paymentId ? { payment_id: paymentId } : undefined });
}
