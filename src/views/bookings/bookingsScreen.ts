/** The bookings list as data: quick views, filters, the table's fields and the actions on a selection. */
import { bookings, type BookingsRecord } from '../../../common/collections.ts';
import { localized } from '../ui/format.ts';
import { defineListScreen } from '../ui/listScreen.ts';

export const bookingsScreen = defineListScreen({
  collection: bookings,
  searchLabel: 'booking.searchLabel',
  // What an operator looks at first: what is coming, soonest first.
  defaultView: 'upcoming',
  views: [
    { key: 'today', label: 'bookingView.today', ordering: 'starts_at' },
    { key: 'upcoming', label: 'bookingView.upcoming', ordering: 'starts_at' },
    { key: 'needs_action', label: 'bookingView.needs_action', ordering: 'starts_at' },
    { key: 'past', label: 'bookingView.past', ordering: '-starts_at' },
    { key: 'all', label: 'bookingView.all', ordering: '-starts_at' },
  ],
  viewsLabel: 'bookingView.label',
  filters: [
    { kind: 'enum', field: 'status', label: 'booking.status', labelPrefix: 'bookingStatus' },
    { kind: 'enum', field: 'payment_status', label: 'booking.paymentStatus', labelPrefix: 'paymentStatus' },
    { kind: 'dateRange', field: 'starts_at', label: 'booking.startsAt' },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
    { kind: 'record', field: 'service_id', label: 'booking.service', resource: 'services', optionLabel: (s, locale) => localized(s.title_i18n, locale) },
  ],
  defaultOrdering: '-starts_at',
  // The table's fields only: a page of whole bookings is three times the bytes.
  fields: [
    'ref', 'customer_name', 'customer_phone', 'service_title_i18n', 'vendor_id', 'starts_at', 'participants_count', 'total', 'paid', 'balance', 'currency',
    'status', 'payment_status', 'channel',
  ],
  // Who sells it, by name (a column for staff only: for vendor staff it is always them).
  expand: ['vendor_id'],
});

/** Actions on selected bookings, in this order; which are offered comes from the booking chart. */
export const BOOKING_BULK_EVENTS = ['confirm', 'decline'] as const;

export type BookingRow = Pick<
  BookingsRecord,
  | 'id' | 'version' | 'ref' | 'customer_name' | 'customer_phone' | 'service_title_i18n' | 'vendor_id' | 'starts_at' | 'participants_count' | 'total' | 'paid'
  | 'balance' | 'currency' | 'status' | 'payment_status' | 'channel'
> & { _expanded?: { vendor_id?: { trade_name: string } | null } };
