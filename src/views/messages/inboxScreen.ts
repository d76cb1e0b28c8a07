/** The inbox as data: the conversations' query, the boxes (mine, unassigned, all), the row's fields. */
import type { ConversationsRecord } from '../../../common/collections.ts';

export const INBOX_RESOURCE = 'conversations';
export const INBOX_FILTERS = ['assignee_id', 'assignee_id__isnull', 'unread_count'] as const;
export const INBOX_FIELDS = ['kind', 'customer_id', 'vendor_id', 'booking_id', 'assignee_id', 'subject', 'unread_count', 'last_message_at', 'last_message_preview'] as const;
export const INBOX_EXPAND = ['customer_id', 'vendor_id', 'booking_id', 'assignee_id'] as const;
/** The URL parameter naming the conversation open beside the list. */
export const OPEN_PARAM = 'c';

export type InboxBox = 'mine' | 'unassigned' | 'all';
export const INBOX_BOXES: readonly InboxBox[] = ['mine', 'unassigned', 'all'];

/** The filters of a box for this user. */
export function boxFilters(box: InboxBox, userId: string): Record<string, string> {
  if (box === 'mine') return { assignee_id: userId };
  if (box === 'unassigned') return { assignee_id__isnull: 'true' };
  return {};
}

/** Which box the list's filters are. */
export function boxOf(filters: Record<string, string>): InboxBox {
  if (filters.assignee_id) return 'mine';
  if (filters.assignee_id__isnull === 'true') return 'unassigned';
  return 'all';
}

type Named = { id: string; [field: string]: unknown } | null | undefined;
export type ConversationRow = Pick<ConversationsRecord, 'id' | 'version' | (typeof INBOX_FIELDS)[number]> & {
  _expanded?: { customer_id?: Named; vendor_id?: Named; booking_id?: Named; assignee_id?: Named };
};

/** Who the conversation is with: the customer, else the vendor. */
export const correspondentOf = (row: ConversationRow): string =>
  String(row._expanded?.customer_id?.name ?? row._expanded?.vendor_id?.trade_name ?? row.subject ?? '—');
