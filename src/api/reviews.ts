/** Ratings of services from their approved reviews (server/customers/reviewRatings.ts). */
import { apiClient } from './apiClientHolder.ts';

export interface ServiceRating {
  service_id: string;
  title_i18n: Record<string, string>;
  count: number;
  average: number;
  /** Approved reviews per star: index 0 is one star, 4 is five. */
  distribution: number[];
}

export function fetchServiceRatings(filters: { service_id?: string; vendor_id?: string }, signal?: AbortSignal): Promise<{ results: ServiceRating[] }> {
  const params = Object.fromEntries(Object.entries(filters).filter(([, v]) => v));
  return apiClient().get('/branch/api/reviews/ratings/', { params, signal, quiet: true });
}
