/**
 * The counts beside sidebar links. A badge counts exactly what its own link opens (a list
 * filtered to those records, in the order they are worked), so the figure is what the user
 * finds there; the screen's link beside it still opens the screen as usual.
 */
import type { RealtimeCounters } from './realtime.ts';

export interface SidebarBadge {
  /** The figure, from GET events/counters/. */
  counter: Exclude<keyof RealtimeCounters, 'pending_actions'>;
  /** What it is, for screen readers and as the link's name (an ICU plural of `count`). */
  label: string;
  /** The list it counts, without locale prefix. */
  href: string;
}

const list = (path: string, params: Record<string, string>) => `${path}?${new URLSearchParams(params)}`;

/** By route key. */
export const SIDEBAR_BADGES: Partial<Record<string, SidebarBadge>> = {
  // The inbox shows each conversation's unread messages: the badge is their sum.
  messages: { counter: 'unread_messages', label: 'realtime.unreadMessages', href: '/messages' },
  // Requests lapse when their hold ends, a fixed time after they were made: the oldest first is the soonest due.
  bookingManage: {
    counter: 'requested_bookings',
    label: 'realtime.requestedBookings',
    href: list('/booking/manage', { view: 'all', status: 'requested', ordering: 'created_at' }),
  },
  // The customer waiting longest is answered first.
  bookingRefund: {
    counter: 'requested_refunds',
    label: 'realtime.requestedRefunds',
    href: list('/booking/refund', { view: 'requested', ordering: 'created_at' }),
  },
};
