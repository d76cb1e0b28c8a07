/** The named reads and commands of the shared screen parts, the shell, home and sign-in (composed in src/api/reads.ts and src/api/commands.ts). */
import type { MediaRecord, ReasonCodesRecord } from '../../../common/collections.ts';
import type { Reply, ThreadMessage } from '../../machines/resources/thread.ts';
import { downloadCsv } from '../exports.ts';
import { createSavedView, deleteSavedView, fetchSavedViews, renameSavedView, type SavedView, type SavedViewState } from '../find.ts';
import { deleteMedia, uploadImage, type MediaOwner } from '../media.ts';
import { fetchInbox, fetchInboxCount, markInboxAllRead, markInboxRead, type InboxItem } from '../notifications.ts';
import { apiClient } from '../apiClientHolder.ts';
import { fetchList, type ApiRecord, type ListQuery, type Page } from '../resources.ts';

/** A reason code as reason fields offer it and stored reasons read. */
export type ReasonCodeRow = Pick<ReasonCodesRecord, 'id' | 'kind' | 'code' | 'label_i18n' | 'needs_free_text' | 'active' | 'sort_order'>;

/** A thread of messages: a ticket's or a conversation's (or, as before, its messages' address). */
export type ThreadRef = string | { collection: 'tickets' | 'conversations'; id: string };

const threadUrl = (thread: ThreadRef) => (typeof thread === 'string' ? thread : `/branch/api/${thread.collection}/${encodeURIComponent(thread.id)}/messages/`);

/** How many options a relation picker offers at once. */
const PICKER_PAGE_SIZE = 10;

export const workspaceReads = {
  /** The records of a collection a relation picker offers for the words typed (the first few, the collection's order). */
  pickerOptions: (args: { collection: string; search: string; filters?: Record<string, string> }, signal: AbortSignal): Promise<ApiRecord[]> =>
    fetchList(args.collection, { page: 1, page_size: PICKER_PAGE_SIZE, ordering: '', search: args.search, filters: args.filters ?? {} }, signal).then((page) => page.results),
  /** Every reason code, retired ones too (old records still read), in their order. */
  reasonCodes: (_args: Record<string, never>, signal: AbortSignal): Promise<ReasonCodeRow[]> =>
    fetchList<ReasonCodeRow>('reason-codes', { page: 1, page_size: 100, search: '', ordering: 'sort_order', filters: {} }, signal).then((page) => page.results),
  /** The latest `limit` messages of a thread, oldest first. */
  threadMessages: (args: { thread: ThreadRef; limit: number }, signal: AbortSignal): Promise<ThreadMessage[]> =>
    apiClient()
      .get<{ results: ThreadMessage[] }>(threadUrl(args.thread), { params: { ordering: '-created_at', page_size: args.limit }, signal, quiet: true })
      // The latest page, newest first from the server, shown oldest first.
      .then((page) => [...page.results].sort((a, b) => a.created_at.localeCompare(b.created_at))),
  /** How many in-app notifications the user has not read. */
  inboxCount: (_args: Record<string, never>, signal: AbortSignal): Promise<number> => fetchInboxCount(signal).then((r) => r.unread),
  /** The user's latest in-app notifications. */
  inbox: (_args: Record<string, never>, signal: AbortSignal): Promise<InboxItem[]> => fetchInbox(signal).then((r) => (Array.isArray(r) ? r : r.results)),
  /** Vendor documents expired or expiring by `expiresBy` (a date), soonest first: the first ten with their vendors' names, and how many in all. */
  homeExpiringDocuments: (args: { expiresBy: string }, signal: AbortSignal): Promise<Page<ApiRecord>> =>
    fetchList('vendor-documents', { page: 1, page_size: 10, ordering: 'expires_on', search: '', filters: { expires_on__lte: args.expiresBy } }, signal, ['kind', 'expires_on', 'vendor_id'], ['vendor_id']),
  /** A list's saved views: the user's own and those staff share. */
  savedViews: (args: { listKey: string }, signal: AbortSignal): Promise<SavedView[]> => fetchSavedViews(args.listKey, signal),
};

export const workspaceCommands = {
  /** Every record of a list's filtered set (not just the page) downloaded as CSV in the reader's language. */
  listExportCsv: (input: { resource: string; query: ListQuery; locale: string; columns?: readonly string[]; expand?: readonly string[] }): Promise<void> =>
    downloadCsv(input.resource, input.query, input.locale, { columns: input.columns, expand: input.expand }),
  /** The list as it is saved under a name (shared with all staff when staff choose). */
  savedViewCreate: (input: { listKey: string; name: string; shared: boolean; state: SavedViewState }): Promise<SavedView> =>
    createSavedView({ list_key: input.listKey, name: input.name, shared: input.shared, state: input.state }),
  savedViewRename: (input: { view: SavedView; name: string }): Promise<SavedView> => renameSavedView(input.view, input.name),
  /** Deletes one of the user's views; answers with the view deleted. */
  savedViewRemove: (input: { view: SavedView }): Promise<SavedView> => deleteSavedView(input.view).then(() => input.view),
  inboxMarkRead: (input: { id: string }): Promise<unknown> => markInboxRead(input.id),
  inboxMarkAllRead: (_input: Record<string, never>): Promise<unknown> => markInboxAllRead(),
  /** A reply to a thread, with the images uploaded for it. */
  threadReply: (input: { thread: ThreadRef; reply: Reply }): Promise<ThreadMessage> => apiClient().post<ThreadMessage>(threadUrl(input.thread), input.reply, { quiet: true }),
  /** An image for a reply, uploaded to the thread's owner through the media pipeline. */
  replyImageUpload: (input: { owner: MediaOwner; file: File }): Promise<MediaRecord[]> => uploadImage(input.owner, input.file, () => undefined, new AbortController().signal),
  /** An uploaded image removed from a reply before it was sent. */
  replyImageDelete: (input: { id: string; version: number }): Promise<void> => deleteMedia(input),
};
