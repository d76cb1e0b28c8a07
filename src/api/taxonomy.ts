/** Categories, amenities and interests: every term in its order, and a new order saved in one request. */
import { fetchList, type ApiRecord } from './resources.ts';
import { apiClient } from './apiClientHolder.ts';

export type TaxonomyResource = 'categories' | 'amenities' | 'interests';

export interface OrderItem {
  id: string;
  sort_order: number;
  /** Categories only: the parent after the move (null: top level). */
  parent_id?: string | null;
}

/** Every term, in its order: a taxonomy is short (a few dozen terms), read in pages of 100. */
export async function fetchAllTerms(resource: TaxonomyResource, signal?: AbortSignal): Promise<ApiRecord[]> {
  const all: ApiRecord[] = [];
  for (let page = 1; ; page += 1) {
    const result = await fetchList(resource, { page, page_size: 100, ordering: 'sort_order', search: '', filters: {} }, signal);
    all.push(...result.results);
    if (!result.next) return all;
  }
}

export function saveOrder(resource: TaxonomyResource, items: OrderItem[]): Promise<{ changed: number }> {
  return apiClient().post<{ changed: number }>(`/branch/api/${resource}/reorder/`, { items }, { quiet: true });
}
