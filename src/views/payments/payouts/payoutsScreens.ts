/** The splits and payouts screen as data: its tabs (kept in the URL), the entries list and the payouts list. */
import { payouts, vendorShareEntries, type PayoutsRecord, type VendorShareEntriesRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const PAYOUTS_PAGE_TABS = ['splits', 'payouts', 'commission'] as const;
export type PayoutsPageTab = (typeof PAYOUTS_PAGE_TABS)[number];
/** Query parameters the lists keep: the tab, and the payout open beside the list. */
const PANELS = ['tab', 'payout'];

const vendorFilter = {
  kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v: Record<string, unknown>) => String(v.trade_name ?? ''), staffOnly: true,
} as const;

/** What each payment and refund gave the vendor and the platform, entry by entry. */
export const entriesScreen = defineListScreen({
  collection: vendorShareEntries,
  views: [
    { key: 'unpaid', label: 'payouts.view.unpaid', ordering: '-created_at' },
    { key: 'paid_out', label: 'payouts.view.paidOut', ordering: '-created_at' },
    { key: 'all', label: 'payouts.view.all', ordering: '-created_at' },
  ],
  filters: [
    { kind: 'enum', field: 'kind', label: 'payouts.kind', labelPrefix: 'payouts.kind' },
    vendorFilter,
    { kind: 'dateRange', field: 'created_at', label: 'payouts.date' },
  ],
  defaultOrdering: '-created_at',
  fields: ['booking_id', 'payment_id', 'kind', 'amount', 'commission', 'fee', 'currency', 'commission_percent', 'payable_from', 'payout_id', 'created_at', 'vendor_id'],
  expand: ['booking_id', 'payment_id', 'payout_id', 'vendor_id'],
  panels: PANELS,
  totals: true,
});

export type EntryRow = Pick<
  VendorShareEntriesRecord,
  'id' | 'booking_id' | 'payment_id' | 'kind' | 'amount' | 'commission' | 'fee' | 'currency' | 'commission_percent' | 'payable_from' | 'payout_id' | 'created_at' | 'vendor_id'
> & {
  _expanded?: {
    booking_id?: { ref: string; customer_name: string } | null;
    payment_id?: { method: string } | null;
    payout_id?: { period_end: string; status: string } | null;
    vendor_id?: { trade_name: string } | null;
  };
};

/** Payout batches: drafts to review, approved ones to pay, the paid ones with their bank reference. */
export const payoutsScreen = defineListScreen({
  collection: payouts,
  filters: [
    { kind: 'enum', field: 'status', label: 'booking.status', labelPrefix: 'payoutStatus' },
    vendorFilter,
    { kind: 'dateRange', field: 'period_end', label: 'payouts.periodEnd' },
  ],
  defaultOrdering: '-created_at',
  fields: ['vendor_id', 'period_end', 'currency', 'status', 'entries_count', 'gross', 'refunds', 'reserve_held', 'reserve_released', 'amount', 'bank_reference', 'paid_at', 'created_at'],
  expand: ['vendor_id'],
  panels: PANELS,
});

export type PayoutRow = Pick<
  PayoutsRecord,
  'id' | 'vendor_id' | 'period_end' | 'currency' | 'status' | 'entries_count' | 'gross' | 'refunds' | 'reserve_held' | 'reserve_released' | 'amount' | 'bank_reference' | 'paid_at' | 'created_at'
> & {
  _expanded?: { vendor_id?: { trade_name: string } | null };
  /** Computed by the server: the first payout to a changed payout account awaits a second approval. */
  account_approval?: 'awaiting' | 'approved' | null;
};
