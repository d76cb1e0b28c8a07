/** Where each figure of the home page leads: the list it counts, filtered. */
import { STANDING_BOOKING_STATUSES, type ActionKind, type Departure } from '../../../common/dashboard.ts';
import { algeriaInstant } from '../../../common/time.ts';

const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const query = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

export type KpiKey = 'bookings_today' | 'bookings_week' | 'revenue_month' | 'balance_due' | 'occupancy_week' | 'rating';

export function kpiLink(key: KpiKey, today: string): string {
  const made = (since: string) => query('/booking/manage', { view: 'all', created_at__gte: algeriaInstant(since), ordering: '-created_at' });
  switch (key) {
    case 'bookings_today':
      return made(today);
    case 'bookings_week':
      return made(shift(today, -6));
    case 'revenue_month':
      return made(`${today.slice(0, 7)}-01`);
    case 'balance_due':
      return query('/booking/manage', { view: 'all', balance__gt: '0', ordering: 'starts_at' });
    case 'occupancy_week':
      return query('/booking/manage', { view: 'upcoming', starts_at__lt: algeriaInstant(shift(today, 7)) });
    case 'rating':
      return query('/customers/reviews', { status: 'approved', ordering: '-created_at' });
  }
}

/** Each queue's list, in the queue's order (bookings' holds end a fixed time after the request: oldest first is soonest due). */
export const ACTION_LINKS: Record<ActionKind, string> = {
  bookings_requested: query('/booking/manage', { view: 'all', status: 'requested', ordering: 'created_at' }),
  refunds_requested: query('/booking/refund', { view: 'requested', ordering: 'created_at' }),
  payment_links_expiring: query('/payments/invitations', { status__in: 'sent,opened', ordering: 'expires_at' }),
  messages_unanswered: '/messages',
  reviews_pending: query('/customers/reviews', { status: 'pending', ordering: 'created_at' }),
  vendor_applications: query('/vendors', { status: 'applied', ordering: 'created_at' }),
};

/** A record an item of the queue opens, when it has a page of its own. */
export const actionItemLink = (kind: ActionKind, id: string): string => (kind === 'bookings_requested' ? `/booking/${id}` : ACTION_LINKS[kind]);

/** Every booking of today's departures, by time: the board's bookings, all of them. */
export const departuresLink = query('/booking/manage', { view: 'today', status__in: STANDING_BOOKING_STATUSES.join(','), ordering: 'starts_at' });

/** A departure opens its slot's manifest (where people are checked in), else its booking, else its service's bookings at that time. */
export function departureLink(d: Departure): string {
  if (d.slot_id) return `/services/${d.service_id}?tab=availability&slot=${d.slot_id}`;
  if (d.booking_id) return `/booking/${d.booking_id}`;
  return query('/booking/manage', {
    view: 'today',
    service_id: d.service_id,
    starts_at__gte: d.starts_at,
    starts_at__lte: d.starts_at,
    status__in: STANDING_BOOKING_STATUSES.join(','),
  });
}

/** Where a setup step is done. */
export const SETUP_LINKS: Record<string, string> = {
  location: '/addlocation',
  service: '/services/new',
  prices: '/services/price',
  availability: '/services/list',
  photos: '/gallery',
  publish: '/services/list',
};
