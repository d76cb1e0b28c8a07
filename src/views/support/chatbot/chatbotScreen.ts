/** The chatbot requests screen as data: open ones first (the oldest waited longest), filters, fields and names. */
import { chatbotRequests, type ChatbotRequestsRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const chatbotScreen = defineListScreen({
  collection: chatbotRequests,
  searchLabel: 'chatbot.search',
  views: [
    { key: 'open', label: 'chatbotView.open', ordering: 'created_at' },
    { key: 'done', label: 'chatbotView.done', ordering: '-created_at' },
    { key: 'all', label: 'chatbotView.all', ordering: '-created_at' },
  ],
  filters: [
    { kind: 'enum', field: 'status', label: 'chatbot.status', labelPrefix: 'chatbotStatus' },
    { kind: 'enum', field: 'channel', label: 'chatbot.channel', labelPrefix: 'chatbotChannel' },
    { kind: 'dateRange', field: 'created_at', label: 'chatbot.createdAt' },
  ],
  defaultOrdering: '-created_at',
  fields: ['customer_id', 'booking_id', 'intent', 'confidence', 'channel', 'status', 'ticket_id', 'created_at', 'transcript'],
  expand: ['customer_id', 'booking_id'],
});

/** The order of a request's actions; which show comes from the chatbot request chart. */
export const CHATBOT_EVENTS = ['review', 'resolve', 'escalate', 'dismiss'] as const;

type Named = { id: string; [field: string]: unknown } | null | undefined;
export type ChatbotRow = Pick<ChatbotRequestsRecord, 'id' | 'version' | 'status' | (typeof chatbotScreen.fields & {})[number]> & {
  _expanded?: { customer_id?: Named; booking_id?: Named; ticket_id?: Named };
};

/** The customer's first words: what a row is about before its intent is trusted. */
export const firstWords = (row: Pick<ChatbotRow, 'transcript'>) => row.transcript.find((line) => line.role === 'customer')?.text ?? '';
