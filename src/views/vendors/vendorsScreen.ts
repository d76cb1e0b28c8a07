/** The vendors list as data (staff only): filters by status and wilaya, the fields the table shows. */
import { vendors, type VendorsRecord } from '../../../common/collections.ts';
import { defineListScreen } from '../ui/listScreen.ts';
import { wilayaLabel } from '../ui/wilaya.ts';

export const vendorsScreen = defineListScreen({
  collection: vendors,
  searchLabel: 'vendors.searchLabel',
  filters: [
    { kind: 'enum', field: 'status', label: 'vendors.status', labelPrefix: 'vendorStatus' },
    { kind: 'enum', field: 'wilaya_code', label: 'vendors.wilaya', labelPrefix: 'wilaya', optionLabel: wilayaLabel },
  ],
  defaultOrdering: 'trade_name',
  fields: ['trade_name', 'legal_name', 'status', 'wilaya_code', 'commission_percent'],
  panels: ['new'],
});

/** The figures the server adds to each vendor it lists or reads (server/vendors/vendors.ts). */
export interface VendorFigures {
  services_count: number;
  bookings_30d: number;
  revenue_30d: { currency: string; amount: number }[];
  rating_avg: number | null;
  reviews_count: number;
}

export type VendorRow = Pick<VendorsRecord, 'id' | 'version' | 'trade_name' | 'legal_name' | 'status' | 'wilaya_code' | 'commission_percent'> & VendorFigures;
export type VendorRecord = VendorsRecord & VendorFigures;

/** The vendor page's tabs, in order, each named in the URL (`?tab=documents`). */
export const VENDOR_TABS = ['profile', 'documents', 'commission', 'branches', 'users', 'services', 'bookings', 'payouts', 'history'] as const;
export type VendorTab = (typeof VENDOR_TABS)[number];

export function vendorTabOf(search: string): VendorTab {
  const tab = new URLSearchParams(search).get('tab');
  return (VENDOR_TABS as readonly string[]).includes(tab ?? '') ? (tab as VendorTab) : 'profile';
}

/** Onboarding and standing, in this order; which of them show comes from the vendor chart. */
export const VENDOR_EVENTS = ['start_review', 'approve', 'reject', 'suspend', 'reinstate'] as const;
