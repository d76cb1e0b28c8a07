/** Pure helpers of the bookings screens (no React). The new booking's form rules are in its chart (src/machines/bookings/newBooking.ts). */

export const CUSTOMER_TYPES = ['adult', 'child', 'infant', 'senior', 'student'] as const;
export const PAYMENT_METHODS = ['unpaid', 'cash', 'card', 'free'] as const;

/** `/booking/new` is the new-booking form (booking ids are UUIDs, never this word). */
export const NEW_BOOKING_ID = 'new';

export interface ComboItem {
  service_id: string;
  required: boolean;
}
