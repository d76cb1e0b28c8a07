/**
 * The threads the thread machine (src/machines/resources/thread.ts) reads and replies to,
 * by owner: a conversation's, a ticket's. Their addresses live with the API
 * (src/api/messages.ts); a view names the thread it shows.
 */
import { threadUrl } from '../../api/messages.ts';

export const conversationThread = (id: string) => threadUrl('conversations', id);
export const ticketThread = (id: string) => threadUrl('tickets', id);
