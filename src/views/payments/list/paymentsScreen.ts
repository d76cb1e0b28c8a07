/** The payments list as data: quick views, filters, the table's fields, and a totals row over the whole filtered set. */
import { payments, type PaymentsRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const paymentsScreen = defineListScreen({
  collection: payments,
  searchLabel: 'payments.searchLabel',
  // Newest recorded first in every view: a payment's recording time is never empty, so a page
  // is read straight off its index (ordering by paid_at would first pass every unpaid one).
  views: [
    { key: 'paid', label: 'paymentsView.paid', ordering: '-created_at' },
    { key: 'pending', label: 'paymentsView.pending', ordering: '-created_at' },
    { key: 'refunded', label: 'paymentsView.refunded', ordering: '-created_at' },
    { key: 'all', label: 'paymentsView.all', ordering: '-created_at' },
  ],
  viewsLabel: 'paymentsView.label',
  filters: [
    { kind: 'enum', field: 'status', label: 'payments.status', labelPrefix: 'paymentRecordStatus' },
    { kind: 'enum', field: 'method', label: 'payments.method', labelPrefix: 'paymentMethod' },
    { kind: 'dateRange', field: 'created_at', label: 'payments.date' },
    { kind: 'boolean', field: 'reconciled', label: 'payments.reconciled', labelPrefix: 'payments.reconciledValue' },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
  ],
  defaultOrdering: '-created_at',
  fields: [
    'created_at', 'paid_at', 'booking_id', 'booking_ref', 'payer_name', 'payer_phone', 'customer_id', 'method', 'amount', 'fee', 'platform_commission',
    'vendor_share', 'refunded_amount', 'currency', 'status', 'gateway_reference', 'reconciled',
  ],
  // The payer is the customer when nobody else was named.
  expand: ['customer_id'],
  panels: ['cash'],
  totals: true,
});

export type PaymentRow = Pick<
  PaymentsRecord,
  | 'id' | 'version' | 'created_at' | 'paid_at' | 'booking_id' | 'booking_ref' | 'payer_name' | 'payer_phone' | 'customer_id' | 'method' | 'amount' | 'fee'
  | 'platform_commission' | 'vendor_share' | 'refunded_amount' | 'currency' | 'status' | 'gateway_reference' | 'reconciled'
> & { _expanded?: { customer_id?: { id: string; name: string } | null } };
