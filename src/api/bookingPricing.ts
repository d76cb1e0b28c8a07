/** Prices before booking and the seats a service has left (DESIGN section 5; server/bookings/bookingPricing.ts). */
import { apiClient } from './apiClientHolder.ts';
import { fetchList, type ApiRecord } from './resources.ts';

/** What the server answers for a new booking's preview: the quote a booking would get now. */
/** What gave a booking (or a quote) its discount, named: GET bookings/<id>/discounts/, and a preview's `applied`. */
export interface AppliedDiscount {
  source: 'coupon' | 'discount' | 'deal';
  code: string | null;
  name_i18n: Record<string, string> | null;
  kind: 'percent' | 'fixed' | 'per_person';
  /** A percent (0–100), or minor units. */
  value: number;
  /** Its part of the discount, in minor units. */
  amount: number;
  funded_by: 'vendor' | 'platform' | 'shared';
  platform_share_percent: number | null;
  platform_amount: number;
}

export interface BookingQuote {
  lines: { customer_type: string; quantity: number; unit_price: number; per: 'person' | 'booking'; amount: number }[];
  extras: { key: string; quantity: number; unit_price: number; amount: number }[];
  participants_count: number;
  subtotal: number;
  discount_amount: number;
  /** The deal that gave the discount, when one did. */
  deal?: { id: string; title_i18n: Record<string, string>; discount_percent: number } | null;
  /** Each promotion that gave the discount, named. */
  applied?: AppliedDiscount[];
  fee_amount: number;
  total: number;
  currency: string;
}

/** A combo's quote: each part's own price and its share of the combo's price. */
export interface ComboQuote {
  currency: string;
  parts: { service_id: string; price: number; total: number }[];
  subtotal: number;
  total: number;
}

export function previewBooking(body: Record<string, unknown>, signal?: AbortSignal): Promise<BookingQuote> {
  return apiClient().post<BookingQuote>('/branch/api/bookings/preview/', body, { signal, quiet: true });
}

export function quoteCombo(comboId: string, body: Record<string, unknown>, signal?: AbortSignal): Promise<ComboQuote> {
  return apiClient().post<ComboQuote>(`/branch/api/combos/${encodeURIComponent(comboId)}/quote/`, body, { signal, quiet: true });
}

/** An availability slot: seats left are `capacity - booked` (booked counts held seats too). */
export interface Slot extends ApiRecord {
  starts_at: string;
  capacity: number;
  booked: number;
  closed: boolean;
}

export const SLOT_FIELDS = ['starts_at', 'capacity', 'booked', 'closed'] as const;

/** A service's slots starting in [from, to) (ISO instants), earliest first; at most 100 (a day holds far fewer). */
export async function fetchSlots(serviceId: string, from: string, to: string, signal?: AbortSignal): Promise<Slot[]> {
  const page = await fetchList<Slot>(
    'service-slots',
    { page: 1, page_size: 100, ordering: 'starts_at', search: '', filters: { service_id: serviceId, starts_at__gte: from, starts_at__lt: to } },
    signal,
    SLOT_FIELDS,
  );
  return page.results;
}

export function seatsLeft(slot: Pick<Slot, 'capacity' | 'booked'>): number {
  return Math.max(0, slot.capacity - slot.booked);
}
