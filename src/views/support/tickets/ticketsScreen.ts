/** The support tickets screen as data: overdue ones first, then open, solved, all; filters, fields and names. */
import { tickets, type TicketsRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const ticketsScreen = defineListScreen({
  collection: tickets,
  searchLabel: 'tickets.search',
  // Overdue first: a promise already broken; then what is open, the most urgent due first.
  views: [
    { key: 'overdue', label: 'ticketView.overdue', ordering: 'first_response_due_at' },
    { key: 'open', label: 'ticketView.open', ordering: 'first_response_due_at' },
    { key: 'solved', label: 'ticketView.solved', ordering: '-updated_at' },
    { key: 'all', label: 'ticketView.all', ordering: '-created_at' },
  ],
  defaultView: 'open',
  filters: [
    { kind: 'enum', field: 'status', label: 'tickets.status', labelPrefix: 'ticketStatus' },
    { kind: 'enum', field: 'priority', label: 'tickets.priority', labelPrefix: 'ticketPriority' },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
    { kind: 'dateRange', field: 'created_at', label: 'tickets.createdAt' },
  ],
  defaultOrdering: '-created_at',
  fields: [
    'requester_name', 'requester_type', 'booking_id', 'subject', 'priority', 'assignee_id', 'status', 'first_response_due_at', 'first_responded_at', 'created_at', 'vendor_id',
  ],
  expand: ['booking_id', 'assignee_id', 'vendor_id'],
});

/** The order of a ticket's actions; which show comes from the ticket chart. */
export const TICKET_EVENTS = ['open', 'resume', 'wait', 'solve', 'reopen', 'close'] as const;

type Named = { id: string; [field: string]: unknown } | null | undefined;
export type TicketRow = Pick<TicketsRecord, 'id' | 'version' | 'status' | (typeof ticketsScreen.fields & {})[number]> & {
  _expanded?: { booking_id?: Named; assignee_id?: Named; vendor_id?: Named };
};

/** No first answer yet and its time has passed. */
export const isOverdue = (t: Pick<TicketRow, 'first_responded_at' | 'first_response_due_at' | 'status'>, now = Date.now()) =>
  t.first_responded_at == null && t.first_response_due_at != null && ['new', 'open', 'pending'].includes(t.status) && Date.parse(t.first_response_due_at) < now;
