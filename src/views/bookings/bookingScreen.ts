/** A booking's page as data: the record and what it reads beside it. */
import type { ApiRecord } from '../../api/resources.ts';
import { bookings } from '../../../common/collections.ts';
import type { LifecycleSettings } from '../../../common/lifecycles/index.ts';
import { defineRecordScreen, related, type RelatedState } from '../ui/recordScreen.ts';
import type { BookingLabels } from './BookingFacts.tsx';
import type { TimelineRecords } from './BookingTimeline.tsx';

const nonEmpty = (value: unknown) => Array.isArray(value) && value.length > 0;

export const bookingScreen = defineRecordScreen({
  collection: bookings,
  related: {
    /** The booking read again with the names of what it points to. */
    names: related('record', (b) => ({ collection: 'bookings', id: b.id, expand: ['vendor_id', 'location_id', 'branch_id', 'created_by'] })),
    /**
     * The service, read only when the booking needs it: the names of its extras (the booking
     * keeps their keys) and its adrenaline profile (checking in people it flags asks why).
     */
    service: related('record', (b) => (b.service_id && (nonEmpty(b.extras) || nonEmpty(b.roster)) ? { collection: 'services', id: String(b.service_id) } : null)),
    /** The customer's record, for their email. */
    customer: related('record', (b) => (b.customer_id ? { collection: 'customers', id: String(b.customer_id) } : null)),
    payments: related('list', (b) => ({ collection: 'payments', filters: { booking_id: b.id }, ordering: 'created_at' })),
    refunds: related('list', (b) => ({ collection: 'refunds', filters: { booking_id: b.id }, ordering: 'created_at' })),
    audit: related('list', (b) => ({ collection: 'audit-log', filters: { entity: 'bookings', entity_id: b.id }, ordering: '-at', expand: ['actor_user_id'] })),
    /** How much may be refunded and from which payment: the server decides. */
    refundable: related('refundable', (b) => ({ bookingId: b.id }), { reloadOn: ['refunds', 'payments'] }),
    /** What gave the discount, named: the money box and the history say "Coupon QA20, −20 %, paid by the platform". */
    discounts: related('bookingDiscounts', (b) => (Number(b.discount_amount ?? 0) > 0 ? { bookingId: b.id } : null)),
    /** The business rules the chart's guards read (the check-in window). */
    settings: related('settingsSection', () => ({ section: 'business' })),
  },
});

/** The names a booking's facts show, from the expanded booking and the customer's record (null where not read yet). */
export function labelsOf(names: ApiRecord | undefined, customer: ApiRecord | undefined): BookingLabels {
  const expanded = (names?._expanded ?? {}) as Record<string, Record<string, unknown> | null>;
  return {
    vendor: (expanded.vendor_id?.trade_name as string | undefined) ?? null,
    location: expanded.location_id?.name_i18n ?? null,
    branch: (expanded.branch_id?.name as string | undefined) ?? null,
    createdBy: (expanded.created_by?.name as string | undefined) ?? null,
    customerEmail: (customer?.email as string | undefined) ?? null,
  };
}

/** The business settings as the booking chart reads them (its defaults until they are read). */
export const settingsOf = (value: unknown): LifecycleSettings | undefined => (value ?? undefined) as LifecycleSettings | undefined;

/**
 * The timeline's three reads as one: failed when one failed (its reason, and a retry of
 * every read that failed), there once all three are, loading otherwise.
 */
export function timelineOf(
  payments: RelatedState<ApiRecord[]>,
  refunds: RelatedState<ApiRecord[]>,
  audit: RelatedState<ApiRecord[]>,
): RelatedState<TimelineRecords> {
  const all = [payments, refunds, audit];
  const failed = all.filter((read) => read.state === 'failed');
  const retry = () => failed.forEach((read) => read.retry());
  if (failed.length > 0) return { state: 'failed', data: undefined, error: failed[0].error!, retry };
  if (payments.data === undefined || refunds.data === undefined || audit.data === undefined) return { state: 'loading', data: undefined, error: null, retry };
  const refreshing = all.some((read) => read.state === 'refreshing');
  return { state: refreshing ? 'refreshing' : 'ready', data: { payments: payments.data, refunds: refunds.data, audit: audit.data }, error: null, retry };
}
