/** Changing a booking (server/bookings/bookingChangeRoutes.ts): its preview and the change itself. */
import type { BookingQuote } from './bookingPricing.ts';
import { apiClient } from './apiClientHolder.ts';
import type { ApiRecord } from './resources.ts';

export type RefundDestination = 'original_method' | 'wallet';

/** How the difference is settled: a payment link for more, a refund for less, or nothing. */
export type Settlement =
  | { kind: 'none'; amount: 0 }
  | { kind: 'more'; amount: number; invitee: { name: string | null; phone: string | null; email: string | null } }
  | { kind: 'less'; amount: number; payment_id: string | null; destinations: RefundDestination[] };

/** The server's preview of a change. */
export interface ChangePreview {
  quote: BookingQuote & { coupon_id: string | null };
  starts_at: string;
  slot_id: string | null;
  old_total: number;
  new_total: number;
  difference: number;
  /** What the customer has paid, less refunds under way or done. */
  paid: number;
  settlement: Settlement;
  /** Why the booking's coupon no longer applies (it is dropped), else null. */
  coupon_problem: string | null;
  booking_version: number;
}

/** What a change made. */
export interface ChangeResult {
  booking: ApiRecord;
  settlement: Settlement;
  invitation: ApiRecord | null;
  refund: ApiRecord | null;
  /** Open payment links that asked for more than the booking now owes, cancelled. */
  cancelled_links: ApiRecord[];
  coupon_problem: string | null;
}

export const changePreviewUrl = (bookingId: string) => `/branch/api/bookings/${encodeURIComponent(bookingId)}/change/preview/`;

export function changeBooking(bookingId: string, body: Record<string, unknown>): Promise<ChangeResult> {
  return apiClient().post<ChangeResult>(`/branch/api/bookings/${encodeURIComponent(bookingId)}/change/`, body, { quiet: true });
}
