/**
 * One definition of every entity lifecycle for the SPA and the server. Given a
 * lifecycle, a current status and a context (time, actor role, record), these helpers
 * answer which events are allowed and where an event leads, computed from the chart
 * itself (resolveState, getNextTransitions, snapshot.can, transition).
 */
import { getNextTransitions, transition, type AnyStateMachine } from 'xstate';
import { bookingLifecycle } from './booking.ts';
import { chatbotRequestLifecycle } from './chatbotRequest.ts';
import { GUARD_INFO, guardImplementations, type GuardName, type LifecycleContext, type LifecycleEvent } from './context.ts';
import { invitationLifecycle } from './invitation.ts';
import { notificationLifecycle } from './notification.ts';
import { paymentLifecycle } from './payment.ts';
import { payoutLifecycle } from './payout.ts';
import { publishingLifecycle } from './publishing.ts';
import { refundLifecycle } from './refund.ts';
import { reviewLifecycle } from './review.ts';
import { ticketLifecycle } from './ticket.ts';
import { vendorLifecycle } from './vendor.ts';

export * from './context.ts';
export {
  bookingLifecycle, chatbotRequestLifecycle, invitationLifecycle, notificationLifecycle, paymentLifecycle, payoutLifecycle, publishingLifecycle,
  refundLifecycle, reviewLifecycle, ticketLifecycle, vendorLifecycle,
};

export const LIFECYCLES = {
  booking: bookingLifecycle,
  refund: refundLifecycle,
  payment: paymentLifecycle,
  payment_invitation: invitationLifecycle,
  review: reviewLifecycle,
  vendor: vendorLifecycle,
  ticket: ticketLifecycle,
  chatbot_request: chatbotRequestLifecycle,
  notification: notificationLifecycle,
  publishing: publishingLifecycle,
  payout: payoutLifecycle,
} as const;

export type LifecycleName = keyof typeof LIFECYCLES;

function machineOf(name: LifecycleName): AnyStateMachine {
  return LIFECYCLES[name] as unknown as AnyStateMachine;
}

/** Every state of a chart, in definition order. */
export function statesOf(name: LifecycleName): string[] {
  return Object.keys(machineOf(name).root.states);
}

/**
 * The statuses of a chart whose state carries `tag` (in definition order): the one
 * definition of a group such as the bookings that are `closed`, read by the server's
 * rules and the screens alike. An unknown tag is an error, not an empty list.
 */
export function statusesTagged(name: LifecycleName, tag: string): string[] {
  const statuses = Object.entries(machineOf(name).root.states)
    .filter(([, node]) => (node.config.tags as string[] | string | undefined ?? []).includes(tag))
    .map(([status]) => status);
  if (statuses.length === 0) throw new Error(`No state of the ${name} chart is tagged ${tag}.`);
  return statuses;
}

/** The same group as an SQL list of literals, `('a', 'b')`, for a query's IN; the names are the chart's own. */
export function sqlStatusesTagged(name: LifecycleName, tag: string): string {
  return `(${statusesTagged(name, tag).map((status) => `'${status}'`).join(', ')})`;
}

export function initialStatus(name: LifecycleName): string {
  return String(machineOf(name).config.initial);
}

/** Every event name used anywhere in a chart. */
export function eventsOf(name: LifecycleName): string[] {
  const events = new Set<string>();
  for (const node of Object.values(machineOf(name).root.states)) for (const key of Object.keys(node.config.on ?? {})) events.add(key);
  return [...events];
}

export function isKnownStatus(name: LifecycleName, status: string): boolean {
  return Object.hasOwn(machineOf(name).root.states, status);
}

function snapshotAt(name: LifecycleName, status: string, context: LifecycleContext) {
  return machineOf(name).resolveState({ value: status, context });
}

interface CandidateTransition {
  event: string;
  /** Every guard that must pass (a chart's `and([...])` lists several). */
  guards: GuardName[];
  target: string | undefined;
}

function guardNames(guard: unknown): GuardName[] {
  if (!guard) return [];
  if (typeof guard === 'string') return [guard as GuardName];
  const combined = (guard as { guards?: unknown[] }).guards;
  if (Array.isArray(combined)) return combined.flatMap(guardNames);
  const type = (guard as { type?: string }).type;
  return type ? [type as GuardName] : [];
}

/** The transitions the chart has from a status, guards not evaluated. */
export function chartTransitions(name: LifecycleName, status: string, context: LifecycleContext): CandidateTransition[] {
  if (!isKnownStatus(name, status)) return [];
  return getNextTransitions(snapshotAt(name, status, context)).map((t) => ({
    event: String(t.eventType),
    guards: guardNames(t.guard),
    target: t.target?.[0]?.key,
  }));
}

/** Events the chart has from a status, whatever their guards say. */
export function chartEvents(name: LifecycleName, status: string, context: LifecycleContext): string[] {
  return [...new Set(chartTransitions(name, status, context).map((t) => t.event))];
}

/**
 * Events that may be sent now. Guards on the payload (a reason, a schedule time) count
 * as satisfiable, since the user is asked for them; role and state guards are
 * evaluated. Pass `payload` to evaluate payload guards too.
 */
export function allowedEvents(name: LifecycleName, status: string, context: LifecycleContext, payload?: Omit<LifecycleEvent, 'type'>): string[] {
  const allowed = new Set<string>();
  for (const t of chartTransitions(name, status, context)) {
    const event = { type: t.event, ...payload };
    const passes = (guard: GuardName) => (!payload && GUARD_INFO[guard].kind === 'payload') || guardImplementations[guard]({ context, event });
    if (t.guards.every(passes)) allowed.add(t.event);
  }
  return [...allowed];
}

export type TransitionVerdict =
  | { ok: true; next: string }
  | { ok: false; code: 'not_in_chart'; guard?: undefined; field?: undefined; allowed: string[]; message: string }
  | { ok: false; code: 'payload' | 'role' | 'state'; guard: GuardName; field?: string; allowed: string[]; message: string };

/** Where `event` leads from `status`, or why it may not be sent. */
export function evaluateTransition(name: LifecycleName, status: string, event: LifecycleEvent, context: LifecycleContext): TransitionVerdict {
  const allowed = allowedEvents(name, status, context);
  const candidates = chartTransitions(name, status, context).filter((t) => t.event === event.type);
  if (candidates.length === 0) {
    return { ok: false, code: 'not_in_chart', allowed, message: `"${event.type}" is not possible from "${status}".` };
  }
  const snapshot = snapshotAt(name, status, context);
  if (snapshot.can(event)) {
    const [next] = transition(machineOf(name), snapshot, event);
    return { ok: true, next: String(next.value) };
  }
  // Report the first failing guard: who may act first (no point asking them for a
  // reason), then the record's state (no point asking for a reason to check in months
  // ahead), then the payload (the user's to fix).
  const order = { role: 0, state: 1, payload: 2 } as const;
  const failing = candidates
    .flatMap((t) => t.guards.filter((guard) => !guardImplementations[guard]({ context, event })))
    .sort((a, b) => order[GUARD_INFO[a].kind] - order[GUARD_INFO[b].kind]);
  const guard = failing[0];
  const info = GUARD_INFO[guard];
  return { ok: false, code: info.kind, guard, field: info.field, allowed, message: info.message };
}

/** Shortcut: the next status, or undefined when the event is not allowed. */
export function nextStatus(name: LifecycleName, status: string, event: LifecycleEvent, context: LifecycleContext): string | undefined {
  const verdict = evaluateTransition(name, status, event, context);
  return verdict.ok ? verdict.next : undefined;
}

/**
 * What the user must give for `event` from `status`: the fields its payload guards check
 * (a reason to reject, a time to schedule, a coded reason to check in a customer who owes
 * money), those a guard does not already pass without them. Screens ask for exactly these,
 * so which events need a reason is the chart's to say, not a list in a view.
 */
export function eventPayloadFields(name: LifecycleName, status: string, event: string, context: LifecycleContext): string[] {
  const fields = chartTransitions(name, status, context)
    .filter((t) => t.event === event)
    .flatMap((t) => t.guards.filter((guard) => GUARD_INFO[guard].kind === 'payload' && GUARD_INFO[guard].field && !guardImplementations[guard]({ context, event: { type: event } })))
    .map((guard) => GUARD_INFO[guard].field as string);
  return [...new Set(fields)];
}
