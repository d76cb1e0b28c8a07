/**
 * What every lifecycle chart decides with: the time, who is acting, and the fields of
 * the record its guards read. Events carry their payload (`reason`, `scheduled_at`).
 * Guards are plain functions of (context, event) so the SPA and the server agree.
 */
import { GATEWAY_METHODS, type PaymentMethod } from '../paymentMethods.ts';

export type ActorRole = 'staff' | 'vendor' | 'system';

/** How long before an activity starts (on its own day) its customers may be checked in, unless the business settings say otherwise. */
export const DEFAULT_CHECK_IN_WINDOW_MINUTES = 120;

/** The business settings the guards read (defaults when absent). */
export interface LifecycleSettings {
  check_in_window_minutes?: number;
}

export interface LifecycleContext {
  /** ISO instant the transition is judged at. */
  now: string;
  role: ActorRole;
  /** The record as stored (only the fields guards read matter: dates, amounts). */
  record: Record<string, unknown>;
  /** Business rules from the settings (the check-in window). */
  settings?: LifecycleSettings;
}

export interface LifecycleEvent {
  type: string;
  reason?: string;
  /** A coded reason (the server checks it exists for the event's kind); `reason` is then its free text. */
  reason_code?: string;
  scheduled_at?: string;
  note?: string;
}

export interface GuardArgs {
  context: LifecycleContext;
  event: LifecycleEvent;
}

/** Algeria is UTC+1 all year; "the same day" is judged on its calendar. */
const localDate = (iso: unknown) => {
  const ms = Date.parse(String(iso));
  return Number.isNaN(ms) ? null : new Date(ms + 3_600_000).toISOString().slice(0, 10);
};
const at = (iso: unknown) => (iso == null ? NaN : Date.parse(String(iso)));

/**
 * The guards of every chart, by name. Each has a kind: `payload` guards check what the
 * event carries (a failure is a 400 on that field), `role` guards check who acts (403),
 * `state` guards check the record and the clock (409).
 */
const hasReason = ({ event }: GuardArgs) =>
  (typeof event.reason === 'string' && event.reason.trim().length > 0) || (typeof event.reason_code === 'string' && event.reason_code.length > 0);

/**
 * Whether the customer still owes money on a booking: the balance the server keeps on the
 * record (total less paid, plus refunds). The one rule the check-in guard, the booking page
 * and a slot's manifest read.
 */
export const owesMoney = (record: Record<string, unknown>): boolean => Number(record.balance ?? 0) > 0;

export const guardImplementations = {
  hasReason,
  hasScheduleTime: ({ context, event }: GuardArgs) => {
    const when = at(event.scheduled_at ?? context.record.scheduled_at);
    return !Number.isNaN(when) && when > Date.parse(context.now);
  },
  isStaff: ({ context }: GuardArgs) => context.role === 'staff' || context.role === 'system',
  isSystem: ({ context }: GuardArgs) => context.role === 'system',
  isSameDay: ({ context }: GuardArgs) => {
    const changed = localDate(context.record.status_changed_at);
    return changed !== null && changed === localDate(context.now);
  },
  holdExpired: ({ context }: GuardArgs) => at(context.record.hold_expires_at) <= Date.parse(context.now),
  activityStarted: ({ context }: GuardArgs) => at(context.record.starts_at) <= Date.parse(context.now),
  /** A booking's date, seats or extras may change only before it starts (its status: the chart's `change` transitions). */
  changeable: ({ context }: GuardArgs) => at(context.record.starts_at) > Date.parse(context.now),
  /** On the activity's own day (Algeria time), from the check-in window before its start. */
  checkInOpen: ({ context }: GuardArgs) => {
    const starts = at(context.record.starts_at);
    const now = Date.parse(context.now);
    const window = (context.settings?.check_in_window_minutes ?? DEFAULT_CHECK_IN_WINDOW_MINUTES) * 60_000;
    return !Number.isNaN(starts) && localDate(context.record.starts_at) === localDate(context.now) && now >= starts - window;
  },
  /**
   * A customer with a balance due is checked in anyway only with a coded reason (collect the
   * payment, or send a link, first); the server checks the code is one of its kind.
   */
  paidOrCodedReason: ({ context, event }: GuardArgs) =>
    !owesMoney(context.record) || (typeof event.reason_code === 'string' && event.reason_code.length > 0),
  isPastExpiry: ({ context }: GuardArgs) => at(context.record.expires_at) <= Date.parse(context.now),
  /**
   * A card payment (CIB, Edahabia) is paid, declined or expired by what the gateway
   * reports (its webhook or the status poll, role system). By hand only staff may
   * settle one, when reconciling: otherwise money never taken would become a vendor share.
   */
  cardSettledByStaff: ({ context }: GuardArgs) =>
    context.role !== 'vendor' || !GATEWAY_METHODS.includes(context.record.method as PaymentMethod),
  /** Settling a payment by hand says why; the server's own events need no reason. */
  reasonWhenByHand: (args: GuardArgs) => args.context.role === 'system' || hasReason(args),
};

export type GuardName = keyof typeof guardImplementations;

export const GUARD_INFO: Record<GuardName, { kind: 'payload' | 'role' | 'state'; field?: string; message: string }> = {
  hasReason: { kind: 'payload', field: 'reason', message: 'A reason is required.' },
  hasScheduleTime: { kind: 'payload', field: 'scheduled_at', message: 'A future date and time is required to schedule.' },
  isStaff: { kind: 'role', message: 'Only staff may do this.' },
  isSystem: { kind: 'role', message: 'This happens automatically (payment gateway or refunds); it cannot be sent by hand.' },
  isSameDay: { kind: 'state', message: 'This can only be undone on the same day.' },
  holdExpired: { kind: 'state', message: 'The hold time has not run out yet.' },
  activityStarted: { kind: 'state', message: 'The activity has not started yet.' },
  changeable: { kind: 'state', message: 'Only upcoming requested or confirmed bookings can be changed.' },
  checkInOpen: { kind: 'state', message: 'Check-in opens on the day of the activity, shortly before it starts.' },
  paidOrCodedReason: { kind: 'payload', field: 'reason_code', message: 'A balance is still due: take the payment first, or give a reason to check in anyway.' },
  isPastExpiry: { kind: 'state', message: 'The link has not expired yet.' },
  cardSettledByStaff: { kind: 'role', message: 'A card payment is settled by the payment gateway; only staff may settle it by hand.' },
  reasonWhenByHand: { kind: 'payload', field: 'reason', message: 'A reason is required.' },
};
