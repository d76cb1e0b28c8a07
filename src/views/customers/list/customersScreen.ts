/** The customers list as data: filters, search (a phone however typed), the table's fields, best customers first. */
import { customers, type CustomersRecord } from '../../../../common/collections.ts';
import { WILAYAS } from '../../../../common/wilayaList.ts';
import { defineListScreen } from '../../ui/listScreen.ts';
import { wilayaLabel } from '../../ui/wilaya.ts';

export const customersScreen = defineListScreen({
  collection: customers,
  searchLabel: 'customers.searchLabel',
  filters: [
    { kind: 'boolean', field: 'blocked', label: 'customers.blocked', labelPrefix: 'customers.blockedValue' },
    { kind: 'enum', field: 'locale', label: 'customers.language', labelPrefix: 'field.language' },
    { kind: 'dateRange', field: 'last_booking_at', label: 'customers.bookedSince', staffOnly: true },
    { kind: 'enum', field: 'booking_wilaya', label: 'customers.bookingWilaya', labelPrefix: 'wilaya', values: WILAYAS.map((w) => w.code), optionLabel: wilayaLabel },
  ],
  defaultOrdering: '-lifetime_spend',
  fields: ['name', 'phone', 'email', 'locale', 'bookings_count', 'lifetime_spend', 'wallet_balance', 'loyalty_points', 'last_booking_at', 'blocked'],
});

/**
 * The list vendor staff get: the server sends them their own bookings' figures for the
 * rows shown, but neither sorts nor filters by them (nor by wallets and points they never
 * get), so their list is in name order.
 */
export const vendorCustomersScreen = defineListScreen({
  ...customersScreen,
  defaultOrdering: 'name',
  fields: ['name', 'phone', 'email', 'locale', 'bookings_count', 'lifetime_spend', 'last_booking_at', 'blocked'],
});

export type CustomerRow = Pick<
  CustomersRecord,
  'id' | 'version' | 'name' | 'phone' | 'email' | 'locale' | 'bookings_count' | 'lifetime_spend' | 'wallet_balance' | 'loyalty_points' | 'last_booking_at' | 'blocked'
>;
