/**
 * What `GET /branch/api/dashboard/?period=` answers: the home page of staff (the whole
 * marketplace) or of vendor staff (their vendor). Days are Algerian calendar days.
 */

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

export interface DashboardKpis {
  /** Bookings made today, and yesterday. */
  bookings_today: Kpi;
  /** Bookings made over the last 7 days (today included), and the 7 before. */
  bookings_week: Kpi;
  /** Revenue of the bookings made this month to date, and over as many days of the month before; per currency. */
  revenue_month: MoneyKpi[];
  /** What customers still owe on bookings that take or took place; per currency. */
  balance_due: MoneyKpi[];
  /** Seats booked over seats offered on the slots of the next 7 days, and of the last 7 (percent, null without slots). */
  occupancy_week: { value: number | null; previous: number | null };
  /** Approved reviews of the last 30 days, and of the 30 before (null without reviews). */
  rating: { value: number | null; previous: number | null; count: number };
}

export interface Departure {
  slot_id: string;
  service_id: string;
  service_title_i18n: Record<string, string>;
  starts_at: string;
  capacity: number;
  booked: number;
  checked_in: number;
  closed: boolean;
}

export type ActionKind = 'bookings_requested' | 'refunds_requested' | 'payment_links_expiring' | 'messages_unanswered' | 'reviews_pending' | 'vendor_applications';

export interface ActionItem {
  id: string;
  label: string;
  /** The booking it is about, when the label alone would be a stored (English) subject. */
  ref: string | null;
  at: string;
  /** When it stops waiting on its own: a hold's end, a link's expiry. */
  deadline: string | null;
}

export interface ActionGroup {
  kind: ActionKind;
  count: number;
  /** The oldest first, at most five. */
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
  departures: Departure[];
  actions: ActionGroup[];
  /** The currency the revenue chart and top services add up (the one with most revenue over the period). */
  currency: string;
  chart: ChartDay[];
  top_services: TopService[];
  /** Vendor staff only: the catalogue's first steps, each done from real data. */
  setup: SetupStep[] | null;
}
