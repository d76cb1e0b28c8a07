/** The inbox's and the tickets' calls beyond the generic collection ones (server/messages/messages.ts). */
import { apiClient } from './apiClientHolder.ts';

export interface Assignee {
  id: string;
  name: string;
}

const conversationUrl = (id: string) => `/branch/api/conversations/${encodeURIComponent(id)}/`;

/** Who a conversation or a ticket may be given to: staff, or the vendor's own people. */
export const fetchAssignees = (signal?: AbortSignal) =>
  apiClient().get<{ results: Assignee[] }>('/branch/api/conversations/assignees/', { signal, quiet: true }).then((r) => r.results);

/** Reads every customer message of the conversation (a read receipt for the other side). */
export const markConversationRead = (id: string) => apiClient().post<unknown>(`${conversationUrl(id)}read/`, undefined, { quiet: true });

/** Flags a customer message unread again, so the conversation counts as unread. */
export const markMessageUnread = (id: string, message: { id: string; version?: number }) =>
  apiClient().patch<unknown>(`${conversationUrl(id)}messages/${encodeURIComponent(message.id)}/`, { read: false, version: message.version }, { quiet: true });

/** Where a thread's messages are read and its replies posted. */
export const threadUrl = (owner: 'conversations' | 'tickets', id: string) => `/branch/api/${owner}/${encodeURIComponent(id)}/messages/`;

/** A text staff insert into a reply: their vendor's, or the platform staff's. */
export interface SavedReply {
  id: string;
  title: string;
  body: string;
}

export const fetchSavedReplies = (signal?: AbortSignal) =>
  apiClient().get<{ results: SavedReply[] }>('/branch/api/saved-replies/', { signal, quiet: true }).then((r) => r.results);

export const createSavedReply = (input: { title: string; body: string }) => apiClient().post<SavedReply>('/branch/api/saved-replies/', input);

export const deleteSavedReply = (reply: SavedReply) =>
  apiClient().delete<unknown>(`/branch/api/saved-replies/${encodeURIComponent(reply.id)}/`).then(() => reply);
