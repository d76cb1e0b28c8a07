/** The refunds screen as data: quick views (what needs action first, newest first), filters, fields and expansions. */
import { refunds, type RefundsRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const refundsScreen = defineListScreen({
  collection: refunds,
  searchLabel: 'refundList.searchLabel',
  // It opens on what needs action, the newest first: the refund just made is the one looked for.
  views: [
    { key: 'open', label: 'refundView.open', ordering: '-created_at' },
    { key: 'requested', label: 'refundView.requested', ordering: '-created_at' },
    { key: 'done', label: 'refundView.done', ordering: '-created_at' },
    { key: 'all', label: 'refundView.all', ordering: '-created_at' },
  ],
  filters: [
    { kind: 'enum', field: 'kind', label: 'refundList.kind', labelPrefix: 'refundKind' },
    { kind: 'enum', field: 'destination', label: 'refund.destination', labelPrefix: 'refundDestination' },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
    { kind: 'dateRange', field: 'created_at', label: 'refundList.createdAt' },
  ],
  defaultOrdering: '-created_at',
  fields: ['booking_id', 'amount', 'currency', 'kind', 'destination', 'reason_code', 'reason', 'status', 'status_reason_code', 'status_reason', 'created_at', 'vendor_id'],
  expand: ['booking_id', 'vendor_id'],
  // How many refunds the filters find and how much they add up to, in a row at the table's foot.
  totals: true,
});

/** The order of a refund's actions in its row; which show comes from the refund chart. */
export const REFUND_EVENTS = ['approve', 'process', 'retry', 'succeed', 'fail', 'reject'] as const;

export interface BookingLabel {
  id: string;
  ref: string;
  customer_name: string;
  starts_at: string;
}

export type RefundRow = Pick<
  RefundsRecord,
  | 'id' | 'version' | 'booking_id' | 'amount' | 'currency' | 'kind' | 'destination' | 'reason_code' | 'reason' | 'status' | 'status_reason_code' | 'status_reason'
  | 'created_at' | 'vendor_id'
> & {
  _expanded?: { booking_id?: BookingLabel | null; vendor_id?: { id: string; trade_name: string } | null };
};

/** A refund named by its booking: the ref people know, else the start of its id. */
export const bookingRefOf = (row: RefundRow) => row._expanded?.booking_id?.ref ?? row.booking_id.slice(0, 8);
