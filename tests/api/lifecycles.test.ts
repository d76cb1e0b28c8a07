/**
 * Model-based walk of every lifecycle chart against the API. For every state of every
 * chart, a fresh record is driven there along a shortest path of the chart; every
 * event the chart does not allow from it is sent and refused with 409 (and the list
 * of allowed events); every transition the chart allows is taken from a fresh record
 * and lands on the chart's target. Events only the server may send (a payment's
 * refund events, which follow refunds; a payment link's `pay`, which its gateway webhook
 * sends) answer 403 and are reached the way the server reaches them. Events that carry
 * more than a reason have a route of their own (a payout's `pay` brings its bank
 * reference): the generic transition refuses them with 400 and the walk takes that route.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COLLECTIONS, type CollectionSpec } from '../../common/registry.ts';
import {
  GUARD_INFO, allowedEvents, chartTransitions, eventsOf, initialStatus, statesOf, type LifecycleContext, type LifecycleName,
} from '../../common/lifecycles/index.ts';
import { providersFor, useProviders } from '../../server/notifications/send.ts';
import { DEV_WEBHOOK_SECRET, SIGNATURE_HEADER, signWebhook } from '../../server/payments/gateway.ts';
import '../../server/jobs/index.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { addCover, book, catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
/** The second vendor's catalogue, made when first needed. */
let oasis: Catalog | undefined;
before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
});
after(() => d.close());

const PERMISSIVE: LifecycleContext = { now: new Date().toISOString(), role: 'system', record: {} };
const edgesOf = (name: LifecycleName) =>
  statesOf(name).flatMap((from) => chartTransitions(name, from, PERMISSIVE).map((t) => ({ from, event: t.event, to: t.target!, guards: t.guards as string[] })));

/** Shortest event path from the initial state to each state. */
type Step = { event: string; guards: string[] };

function pathsOf(name: LifecycleName): Map<string, Step[]> {
  const paths = new Map<string, Step[]>([[initialStatus(name), []]]);
  const queue = [initialStatus(name)];
  while (queue.length) {
    const from = queue.shift()!;
    for (const e of edgesOf(name).filter((x) => x.from === from)) {
      if (!paths.has(e.to)) {
        paths.set(e.to, [...paths.get(from)!, { event: e.event, guards: e.guards }]);
        queue.push(e.to);
      }
    }
  }
  return paths;
}

interface Subject {
  who: () => Who;
  create: () => Promise<Json>;
  /** How the server itself sends an event only it may send (guard isSystem); a payment's refund events by default. */
  system?: (record: Json, event: string) => Promise<Json>;
  /** Events sent through a route of their own rather than the generic transition. */
  ownRoute?: Record<string, (record: Json) => Promise<{ status: number; body: Json }>>;
  /** The audit action an own route records, when it is not the transition's (`transition:<event>`). */
  ownAction?: Record<string, string>;
}

const paidBooking = async () => book(d, d.vendor, sahara, { payment_method: 'cash' });

const SUBJECTS: Record<string, Subject> = {
  bookings: {
    who: () => d.vendor,
    create: () => d.ok(d.vendor, 'POST', '/bookings/', { customer_id: sahara.customer.id, service_id: sahara.manualService.id, starts_at: inDays(5), participants: { adult: 1 } }),
    // The chart says when a booking may change; the change (its new price and settlement) is its own route.
    ownRoute: {
      change: async (record) => {
        const res = await d.call(d.vendor, 'POST', `/bookings/${record.id}/change/`, { participants: record.participants, expected_version: record.version });
        return { status: res.status, body: res.status === 200 ? res.body.booking : res.body };
      },
    },
    ownAction: { change: 'change' },
  },
  refunds: {
    who: () => d.vendor,
    create: async () => {
      const b = await paidBooking();
      return d.ok(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 100000, reason: 'Goodwill' });
    },
  },
  payments: {
    who: () => d.vendor,
    create: async () => {
      const b = await book(d, d.vendor, sahara);
      return d.ok(d.vendor, 'POST', '/payments/', { booking_id: b.id, amount: 400000, method: 'cib' });
    },
  },
  'payment-invitations': {
    who: () => d.vendor,
    create: async () => {
      const b = await book(d, d.vendor, sahara);
      return d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: b.id, amount: 300000, invitee_phone: '+213 661 00 00 00' });
    },
    // A link is paid by the gateway: the payer checks out, and its signed webhook lands the payment.
    system: async (record) => {
      const checkout = await d.call(null, 'POST', `/pay/${record.token}/checkout/`, { method: 'cib' });
      assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
      const link = await d.ok(d.vendor, 'GET', `/payment-invitations/${record.id}/`);
      const payment = await d.ok(d.vendor, 'GET', `/payments/${link.payment_id}/`);
      const body = JSON.stringify({ id: `walk_${payment.id}`, kind: 'payment.succeeded', reference: payment.gateway_reference, amount: payment.amount, currency: payment.currency });
      const res = await d.call(null, 'POST', '/payments/webhook/dev/', body, { [SIGNATURE_HEADER]: signWebhook(DEV_WEBHOOK_SECRET, body) });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      return d.ok(d.vendor, 'GET', `/payment-invitations/${record.id}/`);
    },
  },
  reviews: {
    who: () => d.admin,
    create: async () => {
      const b = await book(d, d.vendor, sahara);
      await d.sql("UPDATE bookings SET starts_at = now() - interval '3 hours' WHERE id = $1", [b.id]);
      await d.ok(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'complete', version: b.version });
      return d.ok(d.admin, 'POST', '/reviews/', { booking_id: b.id, rating: 4, body: 'Great dunes' });
    },
  },
  vendors: {
    who: () => d.admin,
    // A complete legal identity: approving a vendor without one is refused (tests/api/vendors.test.ts).
    create: () =>
      d.ok(d.admin, 'POST', '/vendors/', {
        trade_name: 'Hoggar Treks', legal_name: 'SARL Hoggar Treks', rc_number: '11/00-0123456 B 19', nif_number: '000111001234567',
        payout_method: 'rib', payout_account: '00700500000012345629',
      }),
  },
  tickets: {
    who: () => d.vendor,
    create: () => d.ok(d.vendor, 'POST', '/tickets/', { requester_type: 'vendor', requester_name: 'Yacine', subject: 'Payout question' }),
  },
  'chatbot-requests': {
    who: () => d.admin,
    create: () =>
      d.ok(d.admin, 'POST', '/chatbot-requests/', {
        transcript: [{ role: 'customer', text: 'Can I move my booking?', at: new Date().toISOString() }], intent: 'booking.change', confidence: 0.4,
      }),
  },
  notifications: {
    who: () => d.admin,
    create: () => d.ok(d.admin, 'POST', '/notifications/', { title_i18n: i18n('Spring deals'), body_i18n: i18n('New trips'), channel: 'push', audience_type: 'all_customers' }),
    // The delivery job ends a send: complete when deliveries went out, fail when every one failed.
    system: async (record, event) => {
      const providers = providersFor(d.t.app);
      const refused = { send: async () => Promise.reject(new Error('Device unreachable')) };
      if (event === 'fail') useProviders(d.t.app, { ...providers, push: refused });
      process.env.DELIVERY_RETRY_SECONDS = '0';
      try {
        await runDueJobs(d.t.app);
      } finally {
        useProviders(d.t.app, providers);
        delete process.env.DELIVERY_RETRY_SECONDS;
      }
      return d.ok(d.admin, 'GET', `/notifications/${record.id}/`);
    },
  },
  services: {
    who: () => d.vendor,
    create: async () => {
      const s = await d.ok(d.vendor, 'POST', '/services/', {
        title_i18n: i18n('Sandboarding'), category_id: sahara.category.id, location_id: sahara.location.id, duration_minutes: 60, capacity: 8,
      });
      await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: s.id, customer_type: 'adult', amount: 200000 });
      await addCover(d, s);
      return s;
    },
  },
  adventures: {
    who: () => d.vendor,
    create: () => d.ok(d.vendor, 'POST', '/adventures/', { title_i18n: i18n('Tassili in 3 days'), days: 3, itinerary: [{ day: 1, title: 'Djanet' }] }),
  },
  payouts: {
    who: () => d.admin,
    // A paid booking whose activity took place yesterday: its share is payable and free. The
    // second vendor's, whose shares no other walk refunds.
    create: async () => {
      oasis ??= await catalogFor(d, d.vendor2);
      const b = await book(d, d.vendor2, oasis, { payment_method: 'cash' });
      await d.sql("UPDATE vendor_share_entries SET payable_from = now() - interval '1 day' WHERE booking_id = $1", [b.id]);
      const periodEnd = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
      return d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendor2Id, period_end: periodEnd });
    },
    ownRoute: {
      pay: (record) => d.call(d.admin, 'POST', `/payouts/${record.id}/pay/`, { version: record.version, bank_reference: 'VIR-WALK-1' }),
    },
  },
};

const tableOf = (spec: CollectionSpec) => spec.table;

/** Makes the record satisfy the state guards of `event` (the clock is moved by moving the record's dates). */
async function prepare(spec: CollectionSpec, record: Json, guards: string[]): Promise<Json> {
  const guard = guards.find((g) => GUARD_INFO[g as keyof typeof GUARD_INFO].kind === 'state');
  // A change waits for nothing: the walk's bookings start days ahead.
  if (!guard || guard === 'changeable') return record;
  const column = { holdExpired: 'hold_expires_at', activityStarted: 'starts_at', isPastExpiry: 'expires_at', isSameDay: 'status_changed_at', checkInOpen: 'starts_at' }[guard]!;
  const value = guard === 'isSameDay' || guard === 'checkInOpen' ? 'now()' : "now() - interval '1 hour'";
  await d.sql(`UPDATE ${tableOf(spec)} SET ${column} = ${value} WHERE id = $1`, [record.id]);
  return d.ok(d.admin, 'GET', `/${spec.name}/${record.id}/`);
}

async function send(spec: CollectionSpec, who: Who, record: Json, event: string) {
  const payload: Json = { event, version: record.version, reason: 'Because' };
  if (event === 'schedule') payload.scheduled_at = inDays(2);
  // The walk's bookings are unpaid: checked in anyway, with a coded reason.
  if (event === 'check_in') payload.reason_code = 'pays_on_site';
  return d.call(who, 'POST', `/${spec.name}/${record.id}/transition/`, payload);
}

/** Reaches a payment's refund states the only way they are reached: through refunds. */
async function refundPayment(payment: Json, full: boolean): Promise<Json> {
  const amount = full ? payment.amount - payment.refunded_amount : 100000;
  let r = await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: payment.booking_id, payment_id: payment.id, amount, reason: 'Walk' });
  for (const event of ['approve', 'process']) r = await d.ok(d.vendor, 'POST', `/refunds/${r.id}/transition/`, { event, version: r.version });
  r = await d.ok(d.admin, 'POST', `/refunds/${r.id}/transition/`, { event: 'succeed', version: r.version });
  return d.ok(d.vendor, 'GET', `/payments/${payment.id}/`);
}

/** Guards that let staff act where vendor staff may not (a card payment's outcome is the gateway's, or staff's by hand). */
const STAFF_GUARDS = ['isStaff', 'cardSettledByStaff'];
const staffOnly = (guards: string[]) => guards.some((g) => STAFF_GUARDS.includes(g));
/** Who sends a step: the subject's user, or staff for a staff-only event. */
const sender = (subject: Subject, guards: string[]) => (staffOnly(guards) ? d.admin : subject.who());

async function drive(spec: CollectionSpec, name: LifecycleName, path: Step[]): Promise<Json> {
  const subject = SUBJECTS[spec.name];
  let record = await subject.create();
  assert.equal(record.status, initialStatus(name));
  for (const step of path) {
    if (step.guards.includes('isSystem')) {
      record = subject.system ? await subject.system(record, step.event) : await refundPayment(record, step.event === 'refund');
      continue;
    }
    record = await prepare(spec, record, step.guards);
    const own = subject.ownRoute?.[step.event];
    const res = own ? await own(record) : await send(spec, sender(subject, step.guards), record, step.event);
    assert.equal(res.status, 200, `${spec.name}: ${record.status} --${step.event}--> ${res.status} ${JSON.stringify(res.body)}`);
    record = res.body;
  }
  return record;
}

const lifecycleCollections = COLLECTIONS.filter((c) => c.lifecycle);

test('every collection with a lifecycle has a subject for the walk', () => {
  assert.deepEqual(lifecycleCollections.map((c) => c.name).sort(), Object.keys(SUBJECTS).sort());
});

for (const spec of lifecycleCollections) {
  const name = spec.lifecycle as LifecycleName;
  describe(`${spec.name} (${name} chart)`, () => {
    const paths = pathsOf(name);

    test('reaches every state of the chart through the API', () => {
      assert.deepEqual([...paths.keys()].sort(), [...statesOf(name)].sort());
    });

    for (const status of statesOf(name)) {
      test(`from ${status}: events the chart does not allow are refused with 409`, async () => {
        const subject = SUBJECTS[spec.name];
        const record = await drive(spec, name, paths.get(status)!);
        assert.equal(record.status, status);
        const inChart = new Set(edgesOf(name).filter((e) => e.from === status).map((e) => e.event));
        const expectedAllowed = allowedEvents(name, status, { now: new Date().toISOString(), role: subject.who().user.admin ? 'staff' : 'vendor', record }).sort();
        for (const event of [...eventsOf(name), 'teleport']) {
          if (inChart.has(event)) continue;
          const res = await send(spec, subject.who(), record, event);
          assert.equal(res.status, 409, `${spec.name} ${status} --${event}: ${res.status} ${JSON.stringify(res.body)}`);
          assert.deepEqual([...res.body.allowed_events].sort(), expectedAllowed, `${spec.name} ${status} allowed events`);
        }
        const unchanged = await d.ok(d.admin, 'GET', `/${spec.name}/${record.id}/`);
        assert.equal(unchanged.version, record.version, 'refused events change nothing');
      });
    }

    for (const edge of edgesOf(name)) {
      test(`${edge.from} --${edge.event}--> ${edge.to}`, async () => {
        const subject = SUBJECTS[spec.name];
        let record = await drive(spec, name, paths.get(edge.from)!);
        if (edge.guards.includes('isSystem')) {
          const res = await send(spec, subject.who(), record, edge.event);
          assert.equal(res.status, 403, 'only the server sends this event');
          record = subject.system ? await subject.system(record, edge.event) : await refundPayment(record, edge.event === 'refund');
          assert.equal(record.status, edge.to);
          return;
        }
        record = await prepare(spec, record, edge.guards);
        if (staffOnly(edge.guards) && !subject.who().user.admin) {
          const refused = await send(spec, subject.who(), record, edge.event);
          assert.equal(refused.status, 403, `vendor staff may not send ${edge.event}: ${JSON.stringify(refused.body)}`);
        }
        const audits = await d.sql<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1', [String(record.id)]);
        const own = subject.ownRoute?.[edge.event];
        if (own) {
          const generic = await send(spec, sender(subject, edge.guards), record, edge.event);
          assert.equal(generic.status, 400, `the generic transition cannot carry ${edge.event}: ${JSON.stringify(generic.body)}`);
        }
        const res = own ? await own(record) : await send(spec, sender(subject, edge.guards), record, edge.event);
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.equal(res.body.status, edge.to);
        assert.equal(res.body.version, record.version + 1);
        const action = subject.ownAction?.[edge.event] ?? `transition:${edge.event}`;
        const [entry] = await d.sql<Json>(
          'SELECT action, before, after FROM audit_log WHERE entity_id = $1 AND action = $2 ORDER BY at DESC LIMIT 1',
          [String(record.id), action],
        );
        assert.ok(entry, `audited as ${action}`);
        if (action.startsWith('transition:')) {
          assert.equal(entry.before.status, edge.from);
          assert.equal(entry.after.status, edge.to);
        }
        const audited = await d.sql<{ n: number }>('SELECT count(*)::int AS n FROM audit_log WHERE entity_id = $1', [String(record.id)]);
        assert.ok(audited[0].n > audits[0].n);
      });
    }
  });
}

describe('guards through the API', () => {
  test('cancel without a reason is a 400 on the reason field; with one it cancels and frees the seats', async () => {
    const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: sahara.service.id, starts_at: inDays(40), capacity: 5 });
    const b = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: sahara.customer.id, service_id: sahara.service.id, slot_id: slot.id, participants: { adult: 3 } });
    assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 3);
    const res = await d.call(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'cancel', version: b.version, reason: ' ' });
    assert.equal(res.status, 400);
    assert.ok(res.body.errors.reason);
    assert.ok(res.body.allowed_events.includes('cancel'));
    const cancelled = await d.ok(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'cancel', version: b.version, reason: 'Sandstorm' });
    assert.equal(cancelled.status_reason, 'Sandstorm');
    assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 0);
  });

  test('check-in is refused (409) three months ahead; on the day, with a balance due, only with a coded reason, which the history keeps', async () => {
    const b = await book(d, d.vendor, sahara, { starts_at: inDays(90) });
    assert.ok(b.balance > 0);
    const checkIn = (extra: Json = {}) => d.call(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'check_in', version: b.version, ...extra });
    const early = await checkIn();
    assert.equal(early.status, 409, JSON.stringify(early.body));
    assert.match(early.body.detail, /day of the activity/);
    assert.ok(!early.body.allowed_events.includes('check_in'));
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`)).status, 'confirmed');
    await d.sql("UPDATE bookings SET starts_at = now() + interval '1 minute' WHERE id = $1", [b.id]);
    // Money still due: free text alone is not enough, nor a code of another kind, nor "other" without words.
    const unpaid = await checkIn({ reason: 'Pays later' });
    assert.equal(unpaid.status, 400, JSON.stringify(unpaid.body));
    assert.match(unpaid.body.errors.reason_code[0], /balance is still due/);
    assert.ok(unpaid.body.allowed_events.includes('check_in'), 'offered: the reason is asked for');
    assert.deepEqual(Object.keys((await checkIn({ reason_code: 'weather' })).body.errors), ['reason_code']);
    assert.deepEqual(Object.keys((await checkIn({ reason_code: 'other' })).body.errors), ['reason']);
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`)).status, 'confirmed');
    const checkedIn = (await checkIn({ reason_code: 'pays_on_site', reason: 'At the desk after the tour' })).body;
    assert.deepEqual([checkedIn.status, checkedIn.status_reason_code, checkedIn.status_reason], ['checked_in', 'pays_on_site', 'At the desk after the tour']);
    const history = await d.ok(d.vendor, 'GET', `/audit-log/?entity=bookings&entity_id=${b.id}&action=transition:check_in`);
    assert.deepEqual([history.results.length, history.results[0]?.after.reason_code, history.results[0]?.after.reason], [1, 'pays_on_site', 'At the desk after the tour']);
  });

  test('the check-in window comes from the business settings', async () => {
    const b = await book(d, d.vendor, sahara);
    await d.sql("UPDATE bookings SET starts_at = now() + interval '1 minute' WHERE id = $1", [b.id]);
    const business = await d.ok(d.admin, 'GET', '/settings/business/');
    assert.equal(business.value.check_in_window_minutes, 120);
    const none = await d.ok(d.admin, 'PATCH', '/settings/business/', { version: business.version, check_in_window_minutes: 0 });
    const refused = await d.call(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'check_in', version: b.version, reason_code: 'pays_on_site' });
    await d.ok(d.admin, 'PATCH', '/settings/business/', { version: none.version, check_in_window_minutes: 120 });
    assert.equal(refused.status, 409, 'no window: not before the start');
    const checkedIn = await d.ok(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'check_in', version: b.version, reason_code: 'pays_on_site' });
    assert.equal(checkedIn.status, 'checked_in');
  });

  test('undo is refused (409) the day after a check-in', async () => {
    const b = await book(d, d.vendor, sahara);
    await d.sql('UPDATE bookings SET starts_at = now() WHERE id = $1', [b.id]);
    const checkedIn = await d.ok(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'check_in', version: b.version, reason_code: 'pays_on_site' });
    await d.sql("UPDATE bookings SET status_changed_at = now() - interval '2 days' WHERE id = $1", [b.id]);
    const res = await d.call(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'undo', version: checkedIn.version });
    assert.equal(res.status, 409);
    assert.match(res.body.detail, /same day/);
    assert.ok(!res.body.allowed_events.includes('undo'));
  });

  test('a vendor may not moderate reviews (403); a stale version is a 409 with the current record', async () => {
    const review = await SUBJECTS.reviews.create();
    const res = await d.call(d.vendor, 'POST', `/reviews/${review.id}/transition/`, { event: 'approve', version: review.version });
    assert.equal(res.status, 403);
    const stale = await d.call(d.admin, 'POST', `/reviews/${review.id}/transition/`, { event: 'approve', version: review.version + 5 });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.current.id, review.id);
    const before = await d.ok(d.vendor, 'GET', `/services/${review.service_id}/`);
    await d.ok(d.admin, 'POST', `/reviews/${review.id}/transition/`, { event: 'approve', version: review.version });
    const service = await d.ok(d.vendor, 'GET', `/services/${review.service_id}/`);
    assert.equal(service.reviews_count, before.reviews_count + 1);
    assert.equal(service.rating_avg, 4, 'every review of the walk rates 4');
  });

  test('escalating a chatbot request opens a ticket linked to it', async () => {
    const request = await SUBJECTS['chatbot-requests'].create();
    const reviewing = await d.ok(d.admin, 'POST', `/chatbot-requests/${request.id}/transition/`, { event: 'review', version: request.version });
    const escalated = await d.ok(d.admin, 'POST', `/chatbot-requests/${request.id}/transition/`, { event: 'escalate', version: reviewing.version });
    const ticket = await d.ok(d.admin, 'GET', `/tickets/${escalated.ticket_id}/`);
    assert.equal(ticket.chatbot_request_id, request.id);
    assert.match(ticket.body, /move my booking/);
  });

  test('publishing a service without a price is refused', async () => {
    const s = await d.ok(d.vendor, 'POST', '/services/', { title_i18n: i18n('Unpriced'), category_id: sahara.category.id, duration_minutes: 30, capacity: 2 });
    const res = await d.call(d.vendor, 'POST', `/services/${s.id}/transition/`, { event: 'publish', version: s.version });
    assert.equal(res.status, 409);
    assert.match(res.body.detail, /price/);
  });
});
