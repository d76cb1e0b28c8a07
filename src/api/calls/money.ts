/** The named reads and commands of the payments, promotions, notifications, messages and support screens (composed in src/api/reads.ts and src/api/commands.ts). */
import { fetchVendorUsers, type VendorUser } from '../access.ts';
import { createSavedReply, deleteSavedReply, fetchAssignees, fetchSavedReplies, type Assignee, type SavedReply } from '../messages.ts';
import { fetchDeliveries, fetchOutbox, type Delivery, type OutboxMessage, type Paged } from '../notifications.ts';
import { downloadStatement } from '../payouts.ts';
import { fetchRecord, updateRecord, type ApiRecord } from '../resources.ts';

export const moneyReads = {
  /** A notification's deliveries, a page at a time, of one status or all (`status: ''`). */
  notificationDeliveries: (args: { id: string; status: string; page: number }, signal: AbortSignal): Promise<Paged<Delivery>> =>
    fetchDeliveries(args.id, { status: args.status, page: args.page }, signal),
  /** What the development provider recorded for a notification's SMS and push messages. */
  notificationOutbox: (args: { id: string }, signal: AbortSignal): Promise<OutboxMessage[]> =>
    fetchOutbox(args.id, signal).then((r) => (Array.isArray(r) ? r : r.results)),
  /** A vendor's people, to address one notification to one of them. */
  notificationVendorUsers: (args: { vendorId: string }, signal: AbortSignal): Promise<VendorUser[]> => fetchVendorUsers(args.vendorId, signal),
  /** Who a conversation or a ticket may be given to. */
  messagesAssignees: (_args: Record<string, never>, signal: AbortSignal): Promise<Assignee[]> => fetchAssignees(signal),
  /** The saved replies the user may insert: their vendor's, or the platform staff's. */
  savedReplies: (_args: Record<string, never>, signal: AbortSignal): Promise<SavedReply[]> => fetchSavedReplies(signal),
  /** The services a promotion names, by id; one out of reach stays as its bare id. */
  promotionServices: (args: { ids: readonly string[] }, signal: AbortSignal): Promise<Record<string, ApiRecord>> =>
    Promise.all(args.ids.map((id) => fetchRecord('services', id, signal).catch((): ApiRecord => ({ id, version: 0 })))).then((found) =>
      Object.fromEntries(found.map((service) => [service.id, service])),
    ),
};

export const moneyCommands = {
  /** A reply kept to insert again later. */
  savedReplyCreate: (input: { title: string; body: string }): Promise<SavedReply> => createSavedReply(input),
  savedReplyRemove: (input: { reply: SavedReply }): Promise<SavedReply> => deleteSavedReply(input.reply),
  /** A payout's statement (CSV) downloaded in the reader's language. */
  payoutStatement: (input: { id: string; period_end: string; locale: string }): Promise<void> =>
    downloadStatement({ id: input.id, period_end: input.period_end }, input.locale),
  /** A ticket's priority or assignee changed by staff. */
  ticketUpdate: (input: { id: string; version: number; priority?: string; assignee_id?: string | null }): Promise<ApiRecord> => {
    const { id, ...changes } = input;
    return updateRecord('tickets', id, changes);
  },
};
