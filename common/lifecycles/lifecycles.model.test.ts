/**
 * The lifecycle charts against DOMAIN.md: each chart has exactly the documented states
 * and transitions, and the shared helper (what the server enforces and the SPA shows)
 * agrees with the chart on every path that xstate/graph finds through it.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import type { AnyStateMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import * as statuses from '../statuses.ts';
import { PAYOUT_BATCH_STATUSES } from '../payouts.ts';
import {
  LIFECYCLES, allowedEvents, chartEvents, evaluateTransition, eventsOf, initialStatus, statesOf, type LifecycleContext, type LifecycleName,
} from './index.ts';

/** [from, event, to] as DOMAIN.md describes them. */
const EXPECTED: Record<LifecycleName, { statuses: readonly string[]; edges: [string, string, string][] }> = {
  booking: {
    statuses: statuses.BOOKING_STATUSES,
    edges: [
      ['requested', 'confirm', 'confirmed'], ['requested', 'decline', 'declined'], ['requested', 'expire', 'expired'],
      ['confirmed', 'check_in', 'checked_in'], ['confirmed', 'no_show', 'no_show'], ['confirmed', 'cancel', 'cancelled'],
      ['confirmed', 'complete', 'completed'], ['checked_in', 'undo', 'confirmed'], ['no_show', 'undo', 'confirmed'],
      ['checked_in', 'complete', 'completed'],
      // A change keeps the status (the change endpoint asks the chart whether it may be made).
      ['requested', 'change', 'requested'], ['confirmed', 'change', 'confirmed'],
    ],
  },
  refund: {
    statuses: statuses.REFUND_STATUSES,
    edges: [
      ['requested', 'approve', 'approved'], ['requested', 'reject', 'rejected'], ['approved', 'process', 'processing'],
      ['processing', 'succeed', 'succeeded'], ['processing', 'fail', 'failed'], ['failed', 'retry', 'processing'],
    ],
  },
  payment: {
    statuses: statuses.PAYMENT_STATUSES,
    edges: [
      ['pending', 'pay', 'paid'], ['pending', 'fail', 'failed'], ['pending', 'cancel', 'cancelled'], ['pending', 'expire', 'expired'],
      ['paid', 'partially_refund', 'partially_refunded'], ['paid', 'refund', 'refunded'],
      ['partially_refunded', 'partially_refund', 'partially_refunded'], ['partially_refunded', 'refund', 'refunded'],
    ],
  },
  payment_invitation: {
    statuses: statuses.INVITATION_STATUSES,
    edges: [
      ['sent', 'open', 'opened'], ['opened', 'pay', 'paid'], ['sent', 'expire', 'expired'], ['opened', 'expire', 'expired'],
      ['sent', 'cancel', 'cancelled'], ['opened', 'cancel', 'cancelled'], ['sent', 'resend', 'sent'],
    ],
  },
  review: {
    statuses: statuses.REVIEW_STATUSES,
    edges: [['pending', 'approve', 'approved'], ['pending', 'reject', 'rejected'], ['rejected', 'edit', 'pending']],
  },
  vendor: {
    statuses: statuses.VENDOR_STATUSES,
    edges: [
      ['applied', 'start_review', 'under_review'], ['under_review', 'approve', 'active'], ['under_review', 'reject', 'rejected'],
      ['active', 'suspend', 'suspended'], ['suspended', 'reinstate', 'active'],
    ],
  },
  ticket: {
    statuses: statuses.TICKET_STATUSES,
    edges: [
      ['new', 'open', 'open'], ['open', 'wait', 'pending'], ['pending', 'resume', 'open'], ['open', 'solve', 'solved'],
      ['solved', 'close', 'closed'], ['solved', 'reopen', 'open'],
    ],
  },
  chatbot_request: {
    statuses: statuses.CHATBOT_REQUEST_STATUSES,
    edges: [
      ['new', 'review', 'in_review'], ['in_review', 'resolve', 'resolved'], ['in_review', 'escalate', 'escalated'],
      ['in_review', 'dismiss', 'dismissed'],
    ],
  },
  notification: {
    statuses: statuses.NOTIFICATION_STATUSES,
    edges: [
      ['draft', 'schedule', 'scheduled'], ['scheduled', 'send', 'sending'], ['draft', 'send', 'sending'], ['scheduled', 'cancel', 'draft'],
      ['sending', 'complete', 'sent'], ['sending', 'fail', 'failed'],
    ],
  },
  publishing: {
    statuses: statuses.PUBLISHING_STATUSES,
    edges: [
      ['draft', 'publish', 'published'], ['published', 'archive', 'archived'], ['published', 'unpublish', 'draft'], ['archived', 'restore', 'draft'],
    ],
  },
  payout: {
    statuses: PAYOUT_BATCH_STATUSES,
    edges: [['draft', 'approve', 'approved'], ['draft', 'cancel', 'cancelled'], ['approved', 'pay', 'paid'], ['approved', 'cancel', 'cancelled']],
  },
};

/** A context and payload in which every guard passes. */
const NOW = '2025-06-15T12:00:00.000Z';
const permissive: LifecycleContext = {
  now: NOW,
  role: 'system',
  record: {
    starts_at: '2025-06-15T08:00:00.000Z',
    status_changed_at: '2025-06-15T09:00:00.000Z',
    hold_expires_at: '2025-06-15T10:00:00.000Z',
    expires_at: '2025-06-15T10:00:00.000Z',
  },
};
const payload = { reason: 'Because', scheduled_at: '2025-06-16T08:00:00.000Z' };
/**
 * Some guards read the same field the other way round (a booking is completed once it has
 * started, changed only before): every guard passes in one of these two contexts.
 */
const upcoming: LifecycleContext = { ...permissive, record: { ...permissive.record, starts_at: '2025-06-15T13:00:00.000Z' } };
const CONTEXTS = [permissive, upcoming];
/** The verdict in the first context that allows the event, else in the first. */
const verdictOf = (name: LifecycleName, status: string, type: string) => {
  const verdicts = CONTEXTS.map((context) => evaluateTransition(name, status, { type, ...payload }, context));
  return verdicts.find((v) => v.ok) ?? verdicts[0];
};

for (const name of Object.keys(LIFECYCLES) as LifecycleName[]) {
  const machine = LIFECYCLES[name] as unknown as AnyStateMachine;
  const expected = EXPECTED[name];

  describe(`${name} lifecycle`, () => {
    test('has exactly the documented states, the domain statuses and an id', () => {
      assert.deepEqual([...statesOf(name)].sort(), [...expected.statuses].sort());
      assert.ok(machine.id && machine.id !== '(machine)');
      assert.ok(expected.statuses.includes(initialStatus(name)));
    });

    test('has exactly the documented transitions, with lower-case event names', () => {
      const edges: [string, string, string][] = [];
      for (const status of statesOf(name)) {
        for (const event of chartEvents(name, status, permissive)) {
          const verdict = verdictOf(name, status, event);
          assert.ok(verdict.ok, `${status} --${event}--> refused: ${JSON.stringify(verdict)}`);
          edges.push([status, event, verdict.ok ? verdict.next : '']);
        }
      }
      const key = (e: string[]) => e.join(' ');
      assert.deepEqual(edges.map(key).sort(), expected.edges.map(key).sort());
      for (const event of eventsOf(name)) assert.match(event, /^[a-z][a-z_]*$/);
    });

    test('refuses every event the chart does not have, listing the allowed ones', () => {
      for (const status of statesOf(name)) {
        for (const event of eventsOf(name)) {
          if (expected.edges.some(([from, ev]) => from === status && ev === event)) continue;
          const verdicts = CONTEXTS.map((context) => evaluateTransition(name, status, { type: event, ...payload }, context));
          assert.ok(verdicts.every((verdict) => !verdict.ok && verdict.code === 'not_in_chart'));
          // What is allowed in either context: every event the status has.
          assert.deepEqual(
            [...new Set(verdicts.flatMap((verdict) => (verdict.ok ? [] : verdict.allowed)))].sort(),
            [...new Set(expected.edges.filter(([from]) => from === status).map(([, ev]) => ev))].sort(),
          );
        }
      }
    });

    test('every path xstate/graph finds through the chart is followed by the shared helper', async () => {
      const model = createTestModel(machine, {
        events: eventsOf(name).map((type) => ({ type, ...payload })) as never,
        input: permissive as never,
      });
      const paths = model.getSimplePaths();
      assert.ok(paths.length > 0);
      const reached = new Set<string>();
      for (const path of paths) {
        let status = initialStatus(name);
        await path.test({
          states: Object.fromEntries(
            statesOf(name).map((s) => [s, (snapshot: { value: unknown }) => {
              assert.equal(status, s);
              assert.equal(snapshot.value, s);
              reached.add(s);
            }]),
          ),
          events: Object.fromEntries(
            eventsOf(name).map((type) => [type, () => {
              const verdict = evaluateTransition(name, status, { type, ...payload }, permissive);
              // A guard of the record's state that fails in this context (a change once the activity
              // started) keeps the chart where it is as well: the next state's check says so.
              if (verdict.ok) status = verdict.next;
              else assert.equal(verdict.code, 'state', `${status} --${type}`);
            }]),
          ),
        });
      }
      assert.deepEqual([...reached].sort(), [...expected.statuses].sort());
    });
  });
}

describe('guards', () => {
  const vendor = (record: Record<string, unknown>, now = NOW): LifecycleContext => ({ now, role: 'vendor', record });

  test('cancelling a booking needs a reason (a payload guard: the user fixes the field)', () => {
    const verdict = evaluateTransition('booking', 'confirmed', { type: 'cancel', reason: '  ' }, vendor({}));
    assert.deepEqual(verdict.ok ? null : [verdict.code, verdict.field], ['payload', 'reason']);
    assert.ok(allowedEvents('booking', 'confirmed', vendor({})).includes('cancel'), 'listed: the reason is asked for');
  });

  test('undo only on the same day as the check-in or no-show, in Algeria time', () => {
    const checkedIn = vendor({ status_changed_at: '2025-06-15T22:30:00.000Z' }, '2025-06-15T23:30:00.000Z'); // 23:30 and 00:30 local
    assert.equal(evaluateTransition('booking', 'checked_in', { type: 'undo' }, checkedIn).ok, false);
    assert.ok(!allowedEvents('booking', 'checked_in', checkedIn).includes('undo'));
    const sameDay = vendor({ status_changed_at: '2025-06-15T08:00:00.000Z' }, '2025-06-15T21:00:00.000Z');
    assert.deepEqual(evaluateTransition('booking', 'no_show', { type: 'undo' }, sameDay), { ok: true, next: 'confirmed' });
  });

  test('check-in opens on the activity\'s day, from the window before its start (a business setting)', () => {
    // NOW is 13:00 in Algeria on 15 June.
    const checkIn = (starts_at: string, settings?: LifecycleContext['settings'], now = NOW) =>
      evaluateTransition('booking', 'confirmed', { type: 'check_in' }, { ...vendor({ starts_at }, now), settings });
    const monthsAhead = checkIn('2025-09-15T09:00:00.000Z');
    assert.deepEqual(monthsAhead.ok ? null : [monthsAhead.code, monthsAhead.guard], ['state', 'checkInOpen']);
    assert.ok(!allowedEvents('booking', 'confirmed', vendor({ starts_at: '2025-09-15T09:00:00.000Z' })).includes('check_in'), 'hidden months ahead');
    assert.equal(checkIn('2025-06-15T15:00:00.000Z').ok, false, 'three hours before: outside the default two-hour window');
    assert.deepEqual(checkIn('2025-06-15T13:30:00.000Z'), { ok: true, next: 'checked_in' }, 'an hour and a half before');
    assert.deepEqual(checkIn('2025-06-15T15:00:00.000Z', { check_in_window_minutes: 240 }), { ok: true, next: 'checked_in' }, 'a wider window');
    assert.equal(checkIn('2025-06-15T12:30:00.000Z', { check_in_window_minutes: 0 }).ok, false, 'no window: only from the start');
    assert.deepEqual(checkIn('2025-06-15T08:00:00.000Z'), { ok: true, next: 'checked_in' }, 'later on the day, once started');
    assert.equal(checkIn('2025-06-14T08:00:00.000Z').ok, false, 'not the day after');
    // 00:30 on the 16th in Algeria, asked at 23:00 on the 15th: within 120 minutes, but not the activity's day.
    assert.equal(checkIn('2025-06-15T23:30:00.000Z', undefined, '2025-06-15T22:00:00.000Z').ok, false);
  });

  test('expiry and completion wait for the clock', () => {
    const early = vendor({ hold_expires_at: '2025-06-15T13:00:00.000Z', starts_at: '2025-06-16T08:00:00.000Z' });
    const expire = evaluateTransition('booking', 'requested', { type: 'expire' }, early);
    assert.equal(expire.ok ? '' : expire.code, 'state');
    assert.equal(evaluateTransition('booking', 'confirmed', { type: 'complete' }, early).ok, false);
    assert.equal(evaluateTransition('payment_invitation', 'sent', { type: 'expire' }, vendor({ expires_at: '2025-07-01T00:00:00Z' })).ok, false);
  });

  test('role guards: reviews are moderated by staff; payment refunds only follow refunds', () => {
    const verdict = evaluateTransition('review', 'pending', { type: 'approve' }, vendor({}));
    assert.equal(verdict.ok ? '' : verdict.code, 'role');
    assert.deepEqual(allowedEvents('review', 'pending', vendor({})), []);
    assert.deepEqual(allowedEvents('review', 'pending', { ...vendor({}), role: 'staff' }).sort(), ['approve', 'reject']);
    assert.deepEqual(allowedEvents('payment', 'paid', { ...vendor({}), role: 'staff' }), []);
  });

  test('how a refund ended is for staff to say: the role is checked before the reason', () => {
    assert.deepEqual(allowedEvents('refund', 'processing', vendor({})), []);
    assert.deepEqual(allowedEvents('refund', 'processing', { ...vendor({}), role: 'staff' }).sort(), ['fail', 'succeed']);
    const byVendor = evaluateTransition('refund', 'processing', { type: 'fail' }, vendor({}));
    assert.equal(byVendor.ok ? '' : byVendor.code, 'role');
    const noReason = evaluateTransition('refund', 'processing', { type: 'fail' }, { ...vendor({}), role: 'staff' });
    assert.deepEqual(noReason.ok ? null : [noReason.code, noReason.field], ['payload', 'reason']);
    assert.equal(evaluateTransition('refund', 'processing', { type: 'fail', reason: 'Card closed' }, { ...vendor({}), role: 'staff' }).ok, true);
  });

  test('a booking may change while requested or confirmed, before it starts (the change endpoint and the page ask the same guard)', () => {
    // NOW is 12:00Z on 15 June.
    const change = (status: string, starts_at: unknown, role: 'vendor' | 'staff' = 'vendor') =>
      evaluateTransition('booking', status, { type: 'change' }, { ...vendor({ starts_at }), role });
    assert.deepEqual(change('requested', '2025-06-16T08:00:00.000Z'), { ok: true, next: 'requested' }, 'requested, tomorrow: the status stays');
    assert.deepEqual(change('confirmed', '2025-06-15T12:00:01.000Z', 'staff'), { ok: true, next: 'confirmed' }, 'confirmed, a second ahead');
    const started = change('confirmed', NOW);
    assert.deepEqual(started.ok ? null : [started.code, started.guard, started.message], ['state', 'changeable', 'Only upcoming requested or confirmed bookings can be changed.'], 'starting now: too late');
    assert.equal(change('requested', '2025-06-14T08:00:00.000Z').ok, false, 'started yesterday');
    assert.equal(change('confirmed', null).ok, false, 'no start: nothing to judge, refused');
    for (const status of ['checked_in', 'no_show', 'completed', 'cancelled', 'declined', 'expired']) {
      const verdict = change(status, '2025-06-16T08:00:00.000Z');
      assert.equal(verdict.ok ? '' : verdict.code, 'not_in_chart', status);
    }
    assert.ok(allowedEvents('booking', 'confirmed', vendor({ starts_at: '2025-06-16T08:00:00.000Z' })).includes('change'), 'offered ahead');
    assert.ok(!allowedEvents('booking', 'confirmed', vendor({ starts_at: '2025-06-15T08:00:00.000Z' })).includes('change'), 'hidden once started');
  });

  test('scheduling a notification needs a time in the future', () => {
    const ctx = { ...vendor({}), role: 'staff' as const };
    const past = evaluateTransition('notification', 'draft', { type: 'schedule', scheduled_at: '2025-06-14T00:00:00Z' }, ctx);
    assert.deepEqual(past.ok ? null : [past.code, past.field], ['payload', 'scheduled_at']);
    assert.equal(evaluateTransition('notification', 'draft', { type: 'schedule', scheduled_at: '2025-06-16T00:00:00Z' }, ctx).ok, true);
  });
});

test('every collection with a lifecycle names a chart that exists', async () => {
  const { COLLECTIONS } = await import('../registry.ts');
  for (const c of COLLECTIONS) if (c.lifecycle) assert.ok(c.lifecycle in LIFECYCLES, c.name);
});
