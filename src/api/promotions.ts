/** A coupon's or discount's usage report (server/promotions/promotionUsage.ts). */
import { apiClient } from './apiClientHolder.ts';

export interface PromotionUsage {
  uses: number;
  customers: number;
  by_currency: { currency: string; uses: number; revenue: number; discount_given: number; platform_funded: number; vendor_funded: number }[];
  bookings: {
    count: number;
    page: number;
    page_size: number;
    results: { id: string; ref: string; created_at: string; starts_at: string; customer_name: string; status: string; currency: string; total: number; discount_amount: number; platform_funded_discount: number }[];
  };
}

export const USAGE_PAGE_SIZE = 10;

export function fetchPromotionUsage(resource: 'coupons' | 'discounts', id: string, page: number, signal?: AbortSignal): Promise<PromotionUsage> {
  return apiClient().get<PromotionUsage>(`/branch/api/${resource}/${encodeURIComponent(id)}/usage/?page=${page}&page_size=${USAGE_PAGE_SIZE}`, { signal });
}
