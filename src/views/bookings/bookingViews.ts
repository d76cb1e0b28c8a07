/** Pure helpers of the bookings screens (no React): form values to API payloads and back. */
import type { ApiRecord } from '../../api/resources.ts';

export const CUSTOMER_TYPES = ['adult', 'child', 'infant', 'senior', 'student'] as const;
export const PAYMENT_METHODS = ['unpaid', 'cash', 'card', 'free'] as const;

export interface NewBookingForm {
  customer: ApiRecord | null;
  service: ApiRecord | null;
  /** An ISO instant ('' until chosen). */
  startsAt: string;
  participants: Record<string, string>;
  couponCode: string;
  paymentMethod: string;
  notes: string;
}

/** Checks the browser can make before sending; the server checks everything again. Values are message ids. */
export function validateNewBooking(form: NewBookingForm): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!form.customer) errors.customer_id = ['newBooking.customerRequired'];
  if (!form.service) errors.service_id = ['newBooking.serviceRequired'];
  if (!form.startsAt || Number.isNaN(new Date(form.startsAt).getTime())) errors.starts_at = ['newBooking.startsAtRequired'];
  const counts = Object.values(form.participants).map((v) => (v.trim() === '' ? 0 : Number(v)));
  if (counts.some((n) => !Number.isInteger(n) || n < 0)) errors.participants = ['newBooking.participantsInvalid'];
  else if (!counts.some((n) => n > 0)) errors.participants = ['newBooking.participantsRequired'];
  return errors;
}

/** The POST body for `bookings`: the server prices it. */
export function newBookingPayload(form: NewBookingForm): Record<string, unknown> {
  const participants: Record<string, number> = {};
  for (const [type, value] of Object.entries(form.participants)) {
    const n = Number(value || 0);
    if (n > 0) participants[type] = n;
  }
  const body: Record<string, unknown> = {
    customer_id: form.customer?.id,
    service_id: form.service?.id,
    starts_at: form.startsAt,
    participants,
    channel: 'back_office',
    payment_method: form.paymentMethod,
  };
  if (form.couponCode.trim()) body.coupon_code = form.couponCode.trim();
  if (form.notes.trim()) body.notes = form.notes.trim();
  return body;
}

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
