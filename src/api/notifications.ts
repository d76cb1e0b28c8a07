/** Notifications beyond the generic collection routes: audience counts, deliveries, the outbox, topic subscribers, the in-app inbox. */
import { apiClient } from './apiClientHolder.ts';

export interface Delivery {
  recipient_name: string;
  recipient_key: string;
  address: string | null;
  channel: string;
  status: 'queued' | 'sent' | 'failed';
  attempts: number;
  last_error: string | null;
  provider_ref: string | null;
  sent_at: string | null;
}

export interface Paged<T> {
  count: number;
  next: unknown;
  results: T[];
}

export interface OutboxMessage {
  id: string;
  channel: string;
  address: string;
  locale: string;
  title: string | null;
  body: string;
  created_at: string;
}

export interface AudienceQuery {
  channel: string;
  audience_type: string;
  audience_customer_id?: string | null;
  audience_user_id?: string | null;
  segment_filters?: Record<string, unknown> | null;
  topic_id?: string | null;
}

export interface Subscriber {
  customer_id: string;
  name: string;
  phone: string;
  email: string | null;
  locale: string;
  subscribed_at: string;
}

export interface InboxItem {
  id: string;
  title: string;
  body: string;
  link: string | null;
  created_at: string;
  read_at: string | null;
}

const base = '/branch/api/notifications/';

export const countAudience = (query: AudienceQuery, signal?: AbortSignal): Promise<{ count: number }> =>
  apiClient().post(`${base}audience-count/`, query, { signal, quiet: true });

export const fetchDeliveries = (id: string, params: { status?: string; page: number }, signal?: AbortSignal): Promise<Paged<Delivery>> =>
  apiClient().get(`${base}${id}/deliveries/`, { params: Object.fromEntries(Object.entries(params).filter(([, v]) => v)), signal, quiet: true });

export const fetchOutbox = (id: string, signal?: AbortSignal): Promise<{ results: OutboxMessage[] } | OutboxMessage[]> =>
  apiClient().get(`${base}${id}/outbox/`, { signal, quiet: true });

export const fetchSubscribers = (topicId: string, params: { page: number; search?: string }, signal?: AbortSignal): Promise<Paged<Subscriber>> =>
  apiClient().get(`/branch/api/topics/${topicId}/subscribers/`, { params: Object.fromEntries(Object.entries(params).filter(([, v]) => v)), signal, quiet: true });

export const addSubscriber = (topicId: string, customerId: string): Promise<unknown> =>
  apiClient().post(`/branch/api/topics/${topicId}/subscribers/`, { customer_id: customerId }, { quiet: true });

export const removeSubscriber = (topicId: string, customerId: string): Promise<void> =>
  apiClient().delete(`/branch/api/topics/${topicId}/subscribers/${customerId}/`, { quiet: true });

export const fetchInbox = (signal?: AbortSignal): Promise<{ results: InboxItem[] } | InboxItem[]> =>
  apiClient().get('/branch/api/inbox/', { params: { page_size: 10 }, signal, quiet: true });

export const fetchInboxCount = (signal?: AbortSignal): Promise<{ unread: number }> => apiClient().get('/branch/api/inbox/count/', { signal, quiet: true });

export const markInboxRead = (id: string): Promise<unknown> => apiClient().post(`/branch/api/inbox/${id}/read/`, {}, { quiet: true });

export const markInboxAllRead = (): Promise<unknown> => apiClient().post('/branch/api/inbox/read-all/', {}, { quiet: true });
