/** Duplicate customers and merging one into another (server/customers/customerMerge.ts). */
import { apiClient } from './apiClientHolder.ts';
import type { ApiRecord } from './resources.ts';

const customerUrl = (id: string) => `/branch/api/customers/${encodeURIComponent(id)}/`;

/** Other customers with the same phone or email. */
export function fetchDuplicates(id: string, signal?: AbortSignal): Promise<{ results: ApiRecord[] }> {
  return apiClient().get(`${customerUrl(id)}duplicates/`, { signal, quiet: true });
}

/** Moves everything of `other_id` into this customer; answers this customer as merged. */
export function mergeCustomer(id: string, body: { other_id: string; version: number }): Promise<ApiRecord> {
  return apiClient().post(`${customerUrl(id)}merge/`, body, { quiet: true });
}
