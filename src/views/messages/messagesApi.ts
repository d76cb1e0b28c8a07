/** The inbox's calls beyond the generic collection ones (server/routes/messages.ts). */
import { apiClient } from '../../api/registry.ts';
import type { ThreadMessage } from '../../machines/resources/thread.ts';

export interface Assignee {
  id: string;
  name: string;
}

const conversationUrl = (id: string) => `/branch/api/conversations/${encodeURIComponent(id)}/`;

export const fetchAssignees = () => apiClient().get<{ results: Assignee[] }>('/branch/api/conversations/assignees/', { quiet: true }).then((r) => r.results);

/** Reads every customer message of the conversation (a read receipt for the other side). */
export const markConversationRead = (id: string) => apiClient().post<unknown>(`${conversationUrl(id)}read/`, undefined, { quiet: true });

/** Flags a customer message unread again, so the conversation counts as unread. */
export const markMessageUnread = (id: string, message: Pick<ThreadMessage, 'id' | 'version'>) =>
  apiClient().patch<unknown>(`${conversationUrl(id)}messages/${encodeURIComponent(message.id)}/`, { read: false, version: message.version }, { quiet: true });
