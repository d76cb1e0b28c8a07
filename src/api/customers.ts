/** A customer's blocking and messages (server/customers/routes.ts). */
import { apiClient } from './apiClientHolder.ts';
import type { ApiRecord } from './resources.ts';

const customerUrl = (id: string) => `/branch/api/customers/${encodeURIComponent(id)}/`;

export function blockCustomer(id: string, body: { blocked: boolean; reason: string; version: number }): Promise<ApiRecord> {
  return apiClient().post(`${customerUrl(id)}block/`, body, { quiet: true });
}

/** Continues the customer's open conversation, or opens one, with this message. */
export function messageCustomer(id: string, body: { body: string }): Promise<{ opened: boolean; conversation: ApiRecord; message: ApiRecord }> {
  return apiClient().post(`${customerUrl(id)}message/`, body, { quiet: true });
}
