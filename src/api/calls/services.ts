/** The named reads and commands of the services screens (composed in src/api/reads.ts and src/api/commands.ts). */
import type { SlotsBulkInput } from '../../../common/availabilitySchemas.ts';
import type { DisruptOutcome, RosterEntry } from '../../../common/availabilityRules.ts';
import { createSlotsInBulk, disruptSlot, fetchManifest, type BulkResult, type Manifest } from '../availability.ts';
import { fetchSlots, type Slot } from '../bookingPricing.ts';
import { createPersonalService, sendPaymentLink, type PersonalServiceBody } from '../prices.ts';
import { fetchList, transitionRecord, updateRecord, type ApiRecord, type Page } from '../resources.ts';

/** The shared terms a service is described with, active ones in their curated order. */
export interface ServiceTerms {
  categories: ApiRecord[];
  amenities: ApiRecord[];
  interests: ApiRecord[];
}

/** A page of one collection's records that belong to a service (its reviews, its latest bookings), with the count. */
export interface ServicePageArgs {
  collection: string;
  filters: Record<string, string>;
  ordering: string;
  page?: number;
  pageSize?: number;
  fields?: readonly string[];
  expand?: readonly string[];
}

/** Sooner than any departure a personal service has: its slots are looked up from now to a year on. */
const YEAR_MS = 366 * 86_400_000;

const activeTerms = (collection: string, signal: AbortSignal) =>
  fetchList(collection, { page: 1, page_size: 100, ordering: '', search: '', filters: { active: 'true' } }, signal).then((page) => page.results);

export const servicesReads = {
  /** Categories (with their children), amenities and interests, in one read. */
  servicesTerms: (_args: Record<string, never>, signal: AbortSignal): Promise<ServiceTerms> =>
    Promise.all([activeTerms('categories', signal), activeTerms('amenities', signal), activeTerms('interests', signal)]).then(([categories, amenities, interests]) => ({
      categories,
      amenities,
      interests,
    })),
  /** One page of a service's related records, with how many there are in all. */
  servicesPage: (args: ServicePageArgs, signal: AbortSignal): Promise<Page<ApiRecord>> =>
    fetchList(args.collection, { page: args.page ?? 1, page_size: args.pageSize ?? 20, ordering: args.ordering, search: '', filters: args.filters }, signal, args.fields, args.expand),
  /** A slot's manifest: the slot, its service's adrenaline profile, each booking with its people and flags, and where a refund may go. */
  availabilityManifest: (args: { slotId: string }, signal: AbortSignal): Promise<Manifest> => fetchManifest(args.slotId, signal),
  /** The departure a personal service's payment link books: its first open slot from now to a year on, null when it has none. */
  servicesNextDeparture: (args: { serviceId: string }, signal: AbortSignal): Promise<Slot | null> => {
    const now = Date.now();
    return fetchSlots(args.serviceId, new Date(now).toISOString(), new Date(now + YEAR_MS).toISOString(), signal).then((slots) => slots.find((s) => !s.closed) ?? null);
  },
  /** The departure of each of these services (its earliest slot's start), by service id, in one request. */
  servicesDepartures: (args: { serviceIds: readonly string[] }, signal: AbortSignal): Promise<Record<string, string>> =>
    fetchList<{ service_id: string; starts_at: string }>(
      'service-slots',
      { page: 1, page_size: 100, ordering: 'starts_at', search: '', filters: { service_id__in: args.serviceIds.join(',') } },
      signal,
      ['service_id', 'starts_at'],
    ).then((page) => {
      const departures: Record<string, string> = {};
      // Ordered by start: the first slot met is the departure.
      for (const slot of page.results) departures[slot.service_id] ??= slot.starts_at;
      return departures;
    }),
};

export const servicesCommands = {
  /** Slots in bulk: days of the week × start times × a date range. */
  availabilityCreateSlots: (input: SlotsBulkInput): Promise<BulkResult> => createSlotsInBulk(input),
  /** A departure called off: each booking cancelled and refunded, and what happened to each. */
  availabilityDisrupt: (input: { slotId: string; reason_code: string; reason?: string; refund_to: 'original' | 'wallet' }): Promise<{ results: DisruptOutcome[] }> => {
    const reason = input.reason?.trim();
    return disruptSlot(input.slotId, { reason_code: input.reason_code, ...(reason ? { reason } : {}), refund_to: input.refund_to });
  },
  /** A slot's capacity, or whether it is closed, at the version shown. */
  availabilityUpdateSlot: (input: { id: string; version: number; capacity?: number | null; closed?: boolean }): Promise<ApiRecord> => {
    const { id, ...changes } = input;
    return updateRecord('service-slots', id, changes);
  },
  /** The people of one booking, names trimmed, at the version shown. */
  availabilityRoster: (input: { id: string; version: number; roster: RosterEntry[] }): Promise<ApiRecord> =>
    updateRecord('bookings', input.id, { roster: input.roster.map((r) => ({ ...r, name: r.name.trim() })), version: input.version }),
  /** A booking of a manifest checked in (with the coded reason for a balance still due, the operator's words when its people are flagged), or its check-in undone. */
  availabilityBookingEvent: (input: { id: string; version: number; event: 'check_in' | 'undo'; reason_code?: string; reason?: string }): Promise<ApiRecord> =>
    transitionRecord('bookings', input.id, input.event, input.version, {
      ...(input.reason_code ? { reason_code: input.reason_code } : {}),
      ...(input.reason ? { reason: input.reason } : {}),
    }),
  /** A personal service made from one of the vendor's public services. */
  servicesCreatePersonal: (input: PersonalServiceBody & { baseId: string }): Promise<{ service: ApiRecord; price_rules: ApiRecord[]; slot: ApiRecord }> => {
    const { baseId, ...body } = input;
    return createPersonalService(baseId, body);
  },
  /** A payment link for a personal service: the booking it pays at the service's departure, and the invitation sent to the customer. */
  servicesSendPaymentLink: (input: { service: ApiRecord; slotId: string; customer: ApiRecord; participants: Record<string, number> }): Promise<{ booking: ApiRecord; invitation: ApiRecord }> =>
    sendPaymentLink(input),
};
