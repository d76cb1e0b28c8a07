/** The payment links screen as data: quick views (open ones first), filters, fields and expansions. */
import { paymentInvitations, type PaymentInvitationsRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const invitationsScreen = defineListScreen({
  collection: paymentInvitations,
  searchLabel: 'paymentLinks.searchLabel',
  // Open links first, those running out soonest at the top.
  views: [
    { key: 'open', label: 'paymentLinksView.open', ordering: 'expires_at' },
    { key: 'paid', label: 'paymentLinksView.paid', ordering: '-created_at' },
    { key: 'closed', label: 'paymentLinksView.closed', ordering: '-expires_at' },
    { key: 'all', label: 'paymentLinksView.all', ordering: '-created_at' },
  ],
  filters: [
    { kind: 'enum', field: 'status', label: 'paymentLinks.status', labelPrefix: 'invitationStatus' },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
    { kind: 'dateRange', field: 'expires_at', label: 'paymentLinks.expiresAt' },
    { kind: 'dateRange', field: 'created_at', label: 'paymentLinks.createdAt' },
  ],
  defaultOrdering: '-created_at',
  fields: [
    'booking_id', 'invitee_name', 'invitee_phone', 'invitee_email', 'amount', 'currency', 'expires_at', 'token', 'status', 'opened_at', 'sent_count',
    'last_sent_at', 'payment_id', 'created_at', 'vendor_id',
  ],
  expand: ['booking_id', 'vendor_id'],
});

/** The order of a link's actions in its row; which show comes from the invitation chart (paying is the gateway's). */
export const INVITATION_EVENTS = ['resend', 'cancel'] as const;

export type InvitationRow = Pick<
  PaymentInvitationsRecord,
  | 'id' | 'version' | 'booking_id' | 'invitee_name' | 'invitee_phone' | 'invitee_email' | 'amount' | 'currency' | 'expires_at' | 'token' | 'status'
  | 'opened_at' | 'sent_count' | 'last_sent_at' | 'payment_id' | 'created_at' | 'vendor_id'
> & {
  _expanded?: { booking_id?: { id: string; ref: string; customer_name: string } | null; vendor_id?: { id: string; trade_name: string } | null };
};

/** A link named by its booking: the ref people know, else the start of its id. */
export const bookingRefOf = (row: InvitationRow) => row._expanded?.booking_id?.ref ?? row.booking_id.slice(0, 8);
