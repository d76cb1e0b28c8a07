/**
 * Availability: slots in bulk (Algerian wall-clock times, existing starts skipped, a cap),
 * the capacity floor, closing and reopening, a booking's roster and the manifest's flags
 * against the adrenaline profile, and a disrupted departure (cancel, refund once, tell
 * the customer), each within the vendor's own records.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';
import { startingSoonToday } from '../startingSoon.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

/** The local date `days` from today (UTC date is fine that far ahead). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

const bulk = (who = d.vendor, body: Json = {}) =>
  d.call(who, 'POST', '/service-slots/bulk/', { service_id: c.service.id, from: day(60), to: day(66), weekdays: [0, 1, 2, 3, 4, 5, 6], start_times: ['09:00', '14:30'], capacity: 6, ...body });

const slotAt = async (start: string) => (await d.ok(d.vendor, 'GET', `/service-slots/?service_id=${c.service.id}&starts_at=${encodeURIComponent(start)}`)).results[0];

test('bulk: every weekday x time in the range, Algerian local times, one audit entry; a repeat skips what exists', async () => {
  const first = await bulk();
  assert.equal(first.status, 201, JSON.stringify(first.body));
  assert.deepEqual([first.body.created, first.body.skipped.length, first.body.past.length], [14, 0, 0]);
  const morning = await d.sql<Json>('SELECT starts_at, ends_at, capacity, vendor_id FROM service_slots WHERE service_id = $1 ORDER BY starts_at LIMIT 1', [c.service.id]);
  // 09:00 in Algiers is 08:00 UTC; the service lasts 120 minutes.
  assert.equal(new Date(morning[0].starts_at).toISOString(), `${day(60)}T08:00:00.000Z`);
  assert.equal(new Date(morning[0].ends_at).toISOString(), `${day(60)}T10:00:00.000Z`);
  assert.deepEqual([morning[0].capacity, morning[0].vendor_id], [6, d.vendorId]);

  const again = await bulk(d.vendor, { from: day(66), to: day(67), weekdays: [weekdayOf(day(66)), weekdayOf(day(67))] });
  assert.equal(again.status, 201);
  assert.deepEqual([again.body.created, again.body.skipped.length], [2, 2], 'day 66 exists already, day 67 is new');
  const audit = await d.sql<Json>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'bulk_create' AND vendor_id = $1", [d.vendorId]);
  assert.equal(audit[0].n, 2);
});

test('bulk: only the chosen weekdays; more than 1000 slots, a reversed range or bad times are 400 and write nothing', async () => {
  const from = day(100);
  const made = await bulk(d.vendor, { from, to: day(113), weekdays: [weekdayOf(from)], start_times: ['07:00'] });
  assert.equal(made.body.created, 2);
  const before = (await d.sql<Json>('SELECT count(*)::int AS n FROM service_slots'))[0].n;
  const tooMany = await bulk(d.vendor, { from: day(200), to: day(600), start_times: ['08:00', '10:00', '12:00'] });
  assert.equal(tooMany.status, 400);
  assert.match(tooMany.body.errors.to[0], /1000/);
  assert.equal((await bulk(d.vendor, { from: day(70), to: day(69) })).body.errors.to[0], 'Must be on or after the first day.');
  const badTime = await bulk(d.vendor, { start_times: ['25:00'] });
  assert.equal(badTime.status, 400);
  assert.ok(Object.keys(badTime.body.errors).some((k) => k.startsWith('start_times')));
  assert.equal((await d.sql<Json>('SELECT count(*)::int AS n FROM service_slots'))[0].n, before);
});

test("bulk for another vendor's service is refused at service_id, without writing; the routes are documented", async () => {
  const res = await bulk(d.vendor2);
  assert.equal(res.status, 400);
  assert.ok(res.body.errors.service_id);
  assert.equal((await d.call(null, 'POST', '/service-slots/bulk/', {})).status, 401);
  const doc = await d.ok(d.vendor, 'GET', '/openapi.json');
  assert.ok(doc.paths['/branch/api/service-slots/bulk/'].post);
  assert.ok(doc.paths['/branch/api/service-slots/{id}/manifest/'].get);
  assert.ok(doc.paths['/branch/api/service-slots/{id}/disrupt/'].post);
});

test('capacity never below what is booked: 409 with the count; close and reopen', async () => {
  const slot = await slotAt(`${day(61)}T08:00:00.000Z`);
  await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 3 } });
  let current = await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`);
  const lowered = await d.call(d.vendor, 'PATCH', `/service-slots/${slot.id}/`, { capacity: 2, version: current.version });
  assert.equal(lowered.status, 409);
  assert.equal(lowered.body.detail, '3 seats are booked');
  assert.equal(lowered.body.booked, 3);
  assert.ok(lowered.body.errors.capacity[0]);
  current = await d.ok(d.vendor, 'PATCH', `/service-slots/${slot.id}/`, { capacity: 3, version: current.version });
  assert.equal(current.capacity, 3);
  current = await d.ok(d.vendor, 'PATCH', `/service-slots/${slot.id}/`, { closed: true, version: current.version });
  const refused = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 1 } });
  assert.equal(refused.status, 409);
  current = await d.ok(d.vendor, 'PATCH', `/service-slots/${slot.id}/`, { closed: false, capacity: 4, version: current.version });
  await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 1 } });
});

test('roster: validated on the server, flagged in the manifest against the adrenaline profile; check-in with flags needs a reason', async () => {
  const service = await d.ok(d.vendor, 'GET', `/services/${c.service.id}/`);
  await d.ok(d.vendor, 'PATCH', `/services/${service.id}/`, {
    version: service.version, adrenaline: { risk_level: 4, min_age: 16, min_weight_kg: 40, max_weight_kg: 110, waiver_required: true, health_questions: [] },
  });
  // Today, shortly ahead, so check-in is open.
  const start = await startingSoonToday(30);
  const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.service.id, starts_at: start.toISOString(), capacity: 10 });
  let booking = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 2 } });

  const patch = (roster: unknown) => d.call(d.vendor, 'PATCH', `/bookings/${booking.id}/`, { roster, version: booking.version });
  const three = await patch([1, 2, 3].map((i) => ({ name: `P${i}`, age: 30, weight_kg: 70, waiver_signed: true })));
  assert.equal(three.status, 400);
  assert.match(three.body.errors.roster[0], /2 participants/);
  const bad = await patch([{ name: '', age: -1, weight_kg: 70, waiver_signed: true }]);
  assert.equal(bad.status, 400);
  const blank = await patch([{ name: '   ', age: 20, weight_kg: 70, waiver_signed: true }]);
  assert.deepEqual(blank.body.errors, { 'roster.0.name': ['A name is required.'] });

  const ok = await patch([
    { name: 'Amine', age: 14, weight_kg: 120, waiver_signed: false },
    { name: 'Lina', age: 30, weight_kg: 60, waiver_signed: true },
  ]);
  assert.equal(ok.status, 200, JSON.stringify(ok.body));
  booking = ok.body;
  const manifest = await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/manifest/`);
  assert.equal(manifest.service.adrenaline.min_age, 16);
  const row = manifest.bookings.find((b: Json) => b.id === booking.id);
  assert.deepEqual(row.flags, [['under_min_age', 'over_max_weight', 'waiver_missing'], []]);
  assert.deepEqual([row.customer_phone, row.balance > 0, row.roster[1].name], [c.customer.phone, true, 'Lina']);

  // Unpaid and flagged: a coded reason for the money, and words for the people.
  const checkIn = (extra: Json) => d.call(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, { event: 'check_in', version: booking.version, ...extra });
  const plain = await checkIn({ reason: 'Parent present' });
  assert.equal(plain.status, 400);
  assert.ok(plain.body.errors.reason_code);
  const coded = await checkIn({ reason_code: 'pays_on_site' });
  assert.equal(coded.status, 400);
  assert.match(coded.body.errors.reason[0], /Amine/);
  const checked = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, {
    event: 'check_in', version: booking.version, reason_code: 'pays_on_site', reason: 'Parent present; waiver signed on paper',
  });
  assert.equal(checked.status, 'checked_in');

  assert.equal((await d.call(d.vendor2, 'GET', `/service-slots/${slot.id}/manifest/`)).status, 404);
  assert.equal((await d.call(d.admin, 'GET', `/service-slots/${slot.id}/manifest/`)).status, 200);
  await d.ok(d.vendor, 'PATCH', `/services/${service.id}/`, { version: service.version + 1, adrenaline: null });
});

test('disrupt: every booking cancelled and fully refunded once (original method or wallet), the customer told, the slot closed; a retry changes nothing', async () => {
  const slot = await slotAt(`${day(62)}T13:30:00.000Z`);
  const customer2 = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Yasmine Ait', phone: '+213 555 99 88 77', locale: 'ar' });
  const paidCash = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 1 }, payment_method: 'cash' });
  const unpaid = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: customer2.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 2 } });
  const other = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: customer2.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 1 }, payment_method: 'cash' });
  await d.ok(d.vendor, 'POST', `/bookings/${other.id}/transition/`, { event: 'cancel', reason_code: 'customer_request', version: other.version });

  assert.equal((await d.call(d.vendor2, 'POST', `/service-slots/${slot.id}/disrupt/`, { reason_code: 'weather', refund_to: 'original' })).status, 404);
  const badCode = await d.call(d.vendor, 'POST', `/service-slots/${slot.id}/disrupt/`, { reason_code: 'not_a_code', refund_to: 'original' });
  assert.equal(badCode.status, 400);
  assert.ok(badCode.body.errors.reason_code);
  assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${paidCash.id}/`)).status, 'confirmed', 'a refused request changes nothing');

  const run = () => d.ok(d.vendor, 'POST', `/service-slots/${slot.id}/disrupt/`, { reason_code: 'weather', reason: 'Sandstorm warning', refund_to: 'original' }, 200);
  const first = await run();
  assert.equal(first.slot.closed, true);
  assert.equal(first.slot.disruption_reason_code, 'weather');
  assert.equal(first.slot.booked, 0);
  const by = (res: Json, id: string) => res.results.find((r: Json) => r.booking_id === id);
  assert.deepEqual(
    [by(first, paidCash.id).outcome, by(first, paidCash.id).refund_amount, by(first, paidCash.id).refund_status, by(first, paidCash.id).refund_to],
    ['cancelled', paidCash.total, 'succeeded', 'original'],
  );
  assert.deepEqual([by(first, unpaid.id).outcome, by(first, unpaid.id).refund_amount], ['cancelled', 0]);
  assert.equal(by(first, other.id).outcome, 'already_cancelled');
  const after = await d.ok(d.vendor, 'GET', `/bookings/${paidCash.id}/`);
  assert.deepEqual([after.status, after.status_reason_code, after.refunded, after.payment_status], ['cancelled', 'weather', paidCash.total, 'refunded']);

  // The customer's message, in their language.
  const msgs = await d.sql<Json>(
    `SELECT m.body, m.author_type FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.booking_id = $1`, [unpaid.id]);
  assert.equal(msgs.length, 1);
  assert.equal(msgs[0].author_type, 'system');
  assert.match(msgs[0].body, /تم إلغاء حجزكم/);
  assert.match(msgs[0].body, /الأحوال الجوية/);

  const counts = async () => (await d.sql<Json>(
    `SELECT (SELECT count(*)::int FROM refunds WHERE booking_id = ANY($1::uuid[])) AS refunds,
            (SELECT count(*)::int FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.booking_id = ANY($1::uuid[])) AS messages`,
    [[paidCash.id, unpaid.id, other.id]],
  ))[0];
  const before = await counts();
  assert.deepEqual(before, { refunds: 1, messages: 2 });
  const second = await run();
  assert.ok(second.results.every((r: Json) => r.outcome === 'already_cancelled' && r.refund_amount === 0));
  assert.deepEqual(await counts(), before, 'a retry refunds nobody twice and sends nothing again');
});

test('disrupt to the wallet credits it; a booking the chart cannot cancel is reported as failed while the others go through', async () => {
  const slot = await slotAt(`${day(63)}T08:00:00.000Z`);
  const customer = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Walid Wallet', phone: '+213 555 12 34 56', locale: 'fr' });
  const paid = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 2 }, payment_method: 'cash' });
  const stuck = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 1 } });
  // Already underway: the chart refuses to cancel a completed activity.
  await d.sql("UPDATE bookings SET status = 'completed' WHERE id = $1", [stuck.id]);

  const res = await d.ok(d.vendor, 'POST', `/service-slots/${slot.id}/disrupt/`, { reason_code: 'other', reason: 'Vehicle breakdown', refund_to: 'wallet' }, 200);
  const done = res.results.find((r: Json) => r.booking_id === paid.id);
  assert.deepEqual([done.outcome, done.refund_amount, done.refund_to], ['cancelled', paid.total, 'wallet']);
  const failed = res.results.find((r: Json) => r.booking_id === stuck.id);
  assert.equal(failed.outcome, 'failed');
  assert.ok(failed.detail);
  // The wallet is staff's to see: vendor staff never get a customer's balance.
  const wallet = await d.ok(d.admin, 'GET', `/customers/${customer.id}/`);
  assert.equal(wallet.wallet_balance, paid.total);
  const ledger = await d.sql<Json>('SELECT kind, source, amount FROM wallet_transactions WHERE customer_id = $1', [customer.id]);
  assert.deepEqual(ledger.map((l) => [l.kind, l.source, Number(l.amount)]), [['credit', 'refund', paid.total]]);
  const msg = await d.sql<Json>('SELECT m.body FROM messages m JOIN conversations c ON c.id = m.conversation_id WHERE c.booking_id = $1', [paid.id]);
  assert.match(msg[0].body, /portefeuille Rihla/);
  assert.match(msg[0].body, /Vehicle breakdown/);

  // "other" needs its words.
  const wordless = await d.call(d.vendor, 'POST', `/service-slots/${slot.id}/disrupt/`, { reason_code: 'other', refund_to: 'wallet' });
  assert.equal(wordless.status, 400);
  assert.ok(wordless.body.errors.reason);
});

test('disrupt: a request not yet accepted is declined, with the disruption’s coded reason', async () => {
  const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.manualService.id, starts_at: `${day(64)}T08:00:00.000Z`, capacity: 4 });
  const requested = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.manualService.id, slot_id: slot.id, participants: { adult: 1 } });
  assert.equal(requested.status, 'requested');
  const res = await d.ok(d.vendor, 'POST', `/service-slots/${slot.id}/disrupt/`, { reason_code: 'vendor_cancelled', refund_to: 'original' }, 200);
  assert.deepEqual(res.results.map((r: Json) => [r.outcome, r.refund_amount]), [['cancelled', 0]]);
  const after = await d.ok(d.vendor, 'GET', `/bookings/${requested.id}/`);
  assert.deepEqual([after.status, after.status_reason_code], ['declined', 'vendor_cancelled']);
  assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 0);
});
