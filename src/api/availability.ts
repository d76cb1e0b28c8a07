/** The availability calls beside the generic slot routes: bulk creation, a slot's manifest, a disrupted departure. */
import type { DisruptInput, SlotsBulkInput } from '../../common/availabilitySchemas.ts';
import { addDays, type DisruptOutcome, type ManifestBooking, type REFUND_TARGETS } from '../../common/availabilityRules.ts';
import { algeriaInstant } from '../../common/time.ts';
import type { AdrenalineProfile } from '../../common/catalog.ts';
import { apiClient } from './apiClientHolder.ts';
import { fetchList, fetchRecord } from './resources.ts';

const base = '/branch/api/service-slots';

/** What a calendar cell shows of a slot. */
export interface CalendarSlot {
  id: string;
  version: number;
  starts_at: string;
  ends_at: string | null;
  capacity: number;
  booked: number;
  closed: boolean;
  disrupted_at: string | null;
}

/** The fields a calendar cell needs, so a month of slots stays a small response. */
export const CALENDAR_FIELDS = ['starts_at', 'ends_at', 'capacity', 'booked', 'closed', 'disrupted_at'] as const;

/** A service's slots starting on the Algerian days from `from` to `to`. */
export const rangeFilters = (serviceId: string, from: string, to: string) => ({
  service_id: serviceId,
  starts_at__gte: algeriaInstant(from, '00:00'),
  starts_at__lt: algeriaInstant(addDays(to, 1), '00:00'),
});

/** Every slot of a service between two days (inclusive), page after page. */
export async function fetchCalendarSlots(input: { serviceId: string; from: string; to: string }, signal?: AbortSignal): Promise<CalendarSlot[]> {
  const slots: CalendarSlot[] = [];
  for (let page = 1; ; page++) {
    const result = await fetchList<CalendarSlot>(
      'service-slots',
      { page, page_size: 100, ordering: 'starts_at', search: '', filters: rangeFilters(input.serviceId, input.from, input.to) },
      signal,
      CALENDAR_FIELDS,
    );
    slots.push(...result.results);
    if (!result.next) return slots;
  }
}

/** One slot as a calendar cell shows it (to open the calendar on its day). */
export const fetchCalendarSlot = (id: string, signal?: AbortSignal) => fetchRecord<CalendarSlot>('service-slots', id, signal);

export interface BulkResult {
  created: number;
  skipped: string[];
  past: string[];
}

export const createSlotsInBulk = (body: SlotsBulkInput) => apiClient().post<BulkResult>(`${base}/bulk/`, body, { quiet: true });


export type { ManifestBooking };

export interface Manifest {
  slot: CalendarSlot & { service_id: string; disruption_reason_code: string | null; disruption_reason: string | null; notes: string | null };
  service: { id: string; title_i18n: Record<string, string>; adrenaline: AdrenalineProfile | null };
  bookings: ManifestBooking[];
  /** Where calling the departure off may send the money: the wallet only when it is kept in every booking's currency. */
  refund_to: (typeof REFUND_TARGETS)[number][];
}

export const fetchManifest = (slotId: string, signal?: AbortSignal) =>
  apiClient().get<Manifest>(`${base}/${encodeURIComponent(slotId)}/manifest/`, { signal, quiet: true });

export const disruptSlot = (slotId: string, body: DisruptInput) =>
  apiClient().post<{ slot: Manifest['slot']; results: DisruptOutcome[] }>(`${base}/${encodeURIComponent(slotId)}/disrupt/`, body, { quiet: true });
