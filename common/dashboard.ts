/**
 * What `GET /branch/api/dashboard/?period=` answers: the home page of staff (the whole
 * marketplace) or of vendor staff (their vendor). Days are Algerian calendar days.
 */
import { statesOf, statusesTagged } from './lifecycles/index.ts';

export const DASHBOARD_PERIODS = [30, 90] as const;
export type DashboardPeriod = (typeof DASHBOARD_PERIODS)[number];

export const BOOKING_CHANNELS = ['back_office', 'web', 'app', 'partner'] as const;

/** A figure and the same figure over the period before (null when it has no previous). */
export interface Kpi {
  value: number;
  previous: number | null;
}

export interface MoneyKpi {
  currency: string;
  value: number;
  previous: number | null;
}

/**
 * Every figure compares like with like: a period that ends now against the period before
 * it ending at the same time of day (today so far against yesterday until this hour), so a
 * morning never looks like a bad day next to a whole one.
 */
export interface DashboardKpis {
  /** Bookings made today so far, and yesterday until the same time. */
  bookings_today: Kpi;
  /** Bookings made over the last 7 days (today so far included), and the 7 before until the same time. */
  bookings_week: Kpi;
  /** Revenue of the bookings made this month so far, and over as many days of the month before until the same time; per currency. */
  revenue_month: MoneyKpi[];
  /** What customers still owe on bookings that take or took place; per currency. */
  balance_due: MoneyKpi[];
  /** Seats booked over seats offered on the slots of the next 7 days, and of the last 7 (percent, null without slots). */
  occupancy_week: { value: number | null; previous: number | null };
  /** Approved reviews of the last 30 days, and of the 30 before (null without reviews). */
  rating: { value: number | null; previous: number | null; count: number };
}

/** A booking that still stands on its day (not declined, expired or cancelled): what a departure holds. */
export const STANDING_BOOKING_STATUSES: readonly string[] = statesOf('booking').filter((s) => !statusesTagged('booking', 'closed').includes(s));

/**
 * One departure of today: the bookings of a slot, or those of a service at one time when
 * they have no slot. Only bookings that still stand (not declined, expired or cancelled)
 * make one, so an empty slot is not on the board and no booking of today is missing from it.
 */
export interface Departure {
  /** The slot, or null for bookings made without one. */
  slot_id: string | null;
  service_id: string;
  service_title_i18n: Record<string, string>;
  starts_at: string;
  /** The slot's seats (null without a slot). */
  capacity: number | null;
  /** Whether the slot is closed to new bookings. */
  closed: boolean;
  /** How many bookings, and how many people they bring. */
  bookings: number;
  booked: number;
  /** People checked in (or whose activity is completed). */
  checked_in: number;
  /** What is missing before it runs: requests not yet confirmed, bookings with a balance due. */
  to_confirm: number;
  unpaid: number;
  /** The booking itself, when the departure has no slot and holds one booking. */
  booking_id: string | null;
}

export type ActionKind = 'bookings_requested' | 'refunds_requested' | 'payment_links_expiring' | 'messages_unanswered' | 'reviews_pending' | 'vendor_applications';

export interface ActionItem {
  id: string;
  /** What names the item when it is not about a booking: a review's service, a vendor's name, a conversation's subject. */
  label: string;
  /** The booking it is about: an item about a booking is always named by its reference. */
  ref: string | null;
  at: string;
  /** When it stops waiting on its own: a hold's end, a link's expiry. */
  deadline: string | null;
}

export interface ActionGroup {
  kind: ActionKind;
  count: number;
  /**
   * At most five, in the order they are worked: soonest deadline first where the item
   * lapses on its own (a hold, a link), else the one waiting longest first.
   */
  items: ActionItem[];
}

export interface ChartDay {
  day: string;
  /** Bookings made that day per channel. */
  bookings: Record<string, number>;
  /** Revenue per channel, in the chart's currency. */
  revenue: Record<string, number>;
}

export interface TopService {
  service_id: string;
  title_i18n: Record<string, string>;
  bookings: number;
  revenue: number;
}

export interface SetupStep {
  key: 'location' | 'service' | 'prices' | 'availability' | 'photos' | 'publish';
  done: boolean;
}

export interface Dashboard {
  today: string;
  period: DashboardPeriod;
  kpis: DashboardKpis;
  /** Today's departures by time (at most 50). */
  departures: Departure[];
  /** How many bookings all of today's departures hold: the list their link opens counts as many. */
  departures_bookings: number;
  actions: ActionGroup[];
  /** The currency the revenue chart and top services add up (the one with most revenue over the period). */
  currency: string;
  chart: ChartDay[];
  top_services: TopService[];
  /** Vendor staff only: the catalogue's first steps, each done from real data. */
  setup: SetupStep[] | null;
}
