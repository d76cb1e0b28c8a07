/** Pure helpers of the bookings screens (no React). The new booking's form rules are in its chart (src/machines/bookings/newBooking.ts). */

export const CUSTOMER_TYPES = ['adult', 'child', 'infant', 'senior', 'student'] as const;
export const PAYMENT_METHODS = ['unpaid', 'cash', 'card', 'free'] as const;

/**
 * The bookings list's quick views, in the order shown: each is the server's named filter
 * `view=` (bookings' `views` in the registry) and the ordering it opens on. The list opens
 * on `upcoming`; a link that names filters but no view shows every booking.
 */
export const BOOKING_VIEWS = [
  { view: 'today', ordering: 'starts_at' },
  { view: 'upcoming', ordering: 'starts_at' },
  { view: 'needs_action', ordering: 'starts_at' },
  { view: 'past', ordering: '-starts_at' },
  { view: 'all', ordering: '-starts_at' },
] as const;
export type BookingView = (typeof BOOKING_VIEWS)[number]['view'];
export const DEFAULT_BOOKING_VIEW: BookingView = 'upcoming';

/** `/booking/new` is the new-booking form (booking ids are UUIDs, never this word). */
export const NEW_BOOKING_ID = 'new';

/** Refund statuses in lifecycle order, for the filter. */
export const REFUND_STATUS_LIST = ['requested', 'approved', 'processing', 'succeeded', 'failed', 'rejected'] as const;
/** Refund row actions in this order; which show comes from the refund lifecycle chart. */
export const REFUND_EVENT_ORDER = ['approve', 'process', 'retry', 'succeed', 'fail', 'reject'] as const;
/** Events whose chart guard wants a reason (`hasReason`). */
export const REFUND_EVENTS_NEEDING_REASON = new Set(['reject', 'fail']);

export interface ComboItem {
  service_id: string;
  required: boolean;
}
