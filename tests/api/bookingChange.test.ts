/**
 * Changing a booking: the server reprices it, says how the difference is settled, and
 * on confirmation moves the seats, updates the booking and makes the payment link or the
 * refund in one transaction; the booking keeps its ref and its history both versions.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, inDays, startDomain, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const preview = (who: Who, booking: Json, body: Json) => d.call(who, 'POST', `/bookings/${booking.id}/change/preview/`, body);
const change = (who: Who, booking: Json, body: Json) => d.call(who, 'POST', `/bookings/${booking.id}/change/`, { expected_version: booking.version, ...body });
const reload = (booking: Json) => d.ok(d.admin, 'GET', `/bookings/${booking.id}/`);
const walletOf = async (customerId: string) => Number((await d.sql<Json>('SELECT wallet_balance FROM customers WHERE id = $1', [customerId]))[0].wallet_balance);

test('more: a paid booking that grows owes the difference, asked for by a payment link to the customer', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  assert.equal(booking.payment_status, 'paid');
  const plan = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/preview/`, { participants: { adult: 3 }, extras: [{ key: 'lunch', quantity: 1 }] }, 200);
  assert.equal(plan.old_total, booking.total);
  assert.equal(plan.new_total, booking.total + 500_000 + 80_000);
  assert.equal(plan.difference, 580_000);
  assert.equal(plan.paid, booking.total);
  assert.equal(plan.booking_version, booking.version);
  assert.deepEqual(plan.settlement, { kind: 'more', amount: 580_000, invitee: { name: c.customer.name, phone: c.customer.phone, email: c.customer.email } });
  assert.equal((await reload(booking)).version, booking.version, 'a preview writes nothing');

  const done = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 3 }, extras: [{ key: 'lunch', quantity: 1 }], expected_version: booking.version }, 200);
  assert.equal(done.booking.id, booking.id);
  assert.equal(done.booking.ref, booking.ref, 'the ref is kept');
  assert.deepEqual([done.booking.total, done.booking.balance, done.booking.payment_status, done.booking.participants_count], [plan.new_total, 580_000, 'deposit', 3]);
  assert.deepEqual(done.booking.participants, { adult: 3 });
  assert.equal(done.invitation.amount, 580_000);
  assert.equal(done.invitation.status, 'sent');
  assert.equal(done.invitation.invitee_name, c.customer.name);
  assert.equal(done.refund, null);
  const links = await d.ok(d.vendor, 'GET', `/payment-invitations/?booking_id=${booking.id}`);
  assert.equal(links.count, 1);
});

test('more without a link: the booking owes it, nothing is sent; another invitee can be named', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const silent = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 2, child: 1 }, expected_version: booking.version, send_link: false }, 200);
  assert.equal(silent.invitation, null);
  assert.equal(silent.booking.balance, 250_000);
  const other = await d.ok(
    d.vendor, 'POST', `/bookings/${booking.id}/change/`,
    { participants: { adult: 3 }, expected_version: silent.booking.version, invitee_name: 'Samia', invitee_phone: '+213 661 00 00 00', invitee_email: null },
    200,
  );
  assert.deepEqual([other.invitation.amount, other.invitation.invitee_name, other.invitation.invitee_phone], [250_000, 'Samia', '+213 661 00 00 00']);
});

test('less: staff refund the excess to the wallet at once; the booking money follows', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash', participants: { adult: 3 } });
  const walletBefore = await walletOf(c.customer.id);
  const plan = await d.ok(d.admin, 'POST', `/bookings/${booking.id}/change/preview/`, { participants: { adult: 2 } }, 200);
  assert.equal(plan.settlement.kind, 'less');
  assert.equal(plan.settlement.amount, 500_000);
  assert.deepEqual(plan.settlement.destinations, ['original_method', 'wallet']);

  const done = await d.ok(d.admin, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 2 }, expected_version: booking.version, refund_destination: 'wallet' }, 200);
  assert.deepEqual([done.refund.amount, done.refund.destination, done.refund.status, done.refund.reason_code], [500_000, 'wallet', 'succeeded', 'booking_changed']);
  assert.deepEqual(
    [done.booking.total, done.booking.paid, done.booking.refunded, done.booking.balance, done.booking.payment_status, done.booking.status],
    [booking.total - 500_000, booking.total, 500_000, 0, 'partially_refunded', 'confirmed'],
  );
  assert.equal(await walletOf(c.customer.id), walletBefore + 500_000);
  assert.equal(done.invitation, null);
});

test('less to the original method: a cash payment is refunded by staff at once; vendor staff leave it for staff to confirm', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash', participants: { adult: 3 } });
  const done = await d.ok(d.admin, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 1 }, expected_version: booking.version }, 200);
  assert.deepEqual([done.refund.amount, done.refund.destination, done.refund.status], [1_000_000, 'original_method', 'succeeded']);
  const [payment] = (await d.ok(d.admin, 'GET', `/payments/?booking_id=${booking.id}`)).results;
  assert.deepEqual([payment.refunded_amount, payment.status], [1_000_000, 'partially_refunded']);
  assert.deepEqual([done.booking.balance, done.booking.refunded], [0, 1_000_000]);

  const byVendor = await book(d, d.vendor, c, { payment_method: 'cash', participants: { adult: 3 } });
  const mine = await d.ok(d.vendor, 'POST', `/bookings/${byVendor.id}/change/`, { participants: { adult: 2 }, expected_version: byVendor.version }, 200);
  assert.equal(mine.refund.status, 'processing', 'only staff say a refund went through');
  assert.deepEqual([mine.booking.total, mine.booking.refunded, mine.booking.balance], [byVendor.total - 500_000, 0, -500_000]);
  const plan = await d.ok(d.vendor, 'POST', `/bookings/${byVendor.id}/change/preview/`, { participants: { adult: 2 } }, 200);
  assert.deepEqual([plan.paid, plan.settlement.kind], [byVendor.total - 500_000, 'none'], 'the refund under way already counts');
  // Up again while that refund is under way: the link asks for no more than the booking owes now.
  const up = await d.ok(d.vendor, 'POST', `/bookings/${byVendor.id}/change/`, { participants: { adult: 4 }, expected_version: mine.booking.version }, 200);
  assert.deepEqual([up.settlement.kind, up.invitation.amount, up.booking.balance], ['more', 500_000, 500_000]);
});

test('an unpaid booking that costs less just owes less; the same price settles nothing', async () => {
  const unpaid = await book(d, d.vendor, c, { participants: { adult: 3 } });
  const less = await d.ok(d.vendor, 'POST', `/bookings/${unpaid.id}/change/`, { participants: { adult: 2 }, expected_version: unpaid.version }, 200);
  assert.deepEqual([less.settlement, less.refund, less.invitation], [{ kind: 'none', amount: 0 }, null, null]);
  assert.deepEqual([less.booking.total, less.booking.balance, less.booking.payment_status], [unpaid.total - 500_000, unpaid.total - 500_000, 'unpaid']);

  const paid = await book(d, d.vendor, c, { payment_method: 'cash' });
  const when = inDays(40, 10);
  const moved = await d.ok(d.vendor, 'POST', `/bookings/${paid.id}/change/`, { starts_at: when, participants: { adult: 2 }, expected_version: paid.version }, 200);
  assert.deepEqual(moved.settlement, { kind: 'none', amount: 0 });
  assert.equal(Date.parse(moved.booking.starts_at), Date.parse(when));
  assert.equal(Date.parse(moved.booking.ends_at) - Date.parse(when), 120 * 60_000);
  assert.deepEqual([moved.booking.total, moved.booking.balance, moved.booking.payment_status], [paid.total, 0, 'paid']);
});

test('a full slot and too many participants are refused at the participants; seats stay where they were', async () => {
  const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.service.id, starts_at: inDays(45, 8), capacity: 3 });
  const booking = await book(d, d.vendor, c, { slot_id: slot.id, starts_at: undefined });
  await book(d, d.vendor, c, { slot_id: slot.id, starts_at: undefined, participants: { adult: 1 } });
  const full = await change(d.vendor, booking, { participants: { adult: 3 } });
  assert.equal(full.status, 400);
  assert.deepEqual(full.body.errors.participants, ['Only 2 seats left.']);
  const previewed = await preview(d.vendor, booking, { participants: { adult: 3 } });
  assert.equal(previewed.status, 400);
  assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 3);

  // Within the slot, fewer seats free a place; out of it, the seats go back.
  const fewer = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 1 }, expected_version: booking.version }, 200);
  assert.equal(fewer.booking.slot_id, slot.id);
  assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 2);
  const away = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/`, { starts_at: inDays(46, 8), participants: { adult: 1 }, expected_version: fewer.booking.version }, 200);
  assert.equal(away.booking.slot_id, null);
  assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 1);

  const tooMany = await change(d.vendor, away.booking, { participants: { adult: 21 } });
  assert.equal(tooMany.status, 400);
  assert.ok(tooMany.body.errors.participants);
});

test('a stale version is a 409 with both versions; a closed or started booking cannot change', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  await d.ok(d.vendor, 'PATCH', `/bookings/${booking.id}/`, { notes: 'Vegetarian lunch', version: booking.version }, 200);
  const stale = await change(d.vendor, booking, { participants: { adult: 3 } });
  assert.equal(stale.status, 409);
  assert.equal(stale.body.expected_version, booking.version);
  assert.equal(stale.body.current.version, booking.version + 1);
  assert.equal(stale.body.current.notes, 'Vegetarian lunch');
  assert.equal((await reload(booking)).total, booking.total, 'nothing changed');

  const current = await reload(booking);
  const cancelled = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, { event: 'cancel', reason: 'Weather', version: current.version });
  const closed = await change(d.vendor, cancelled, { participants: { adult: 1 } });
  assert.equal(closed.status, 409);
  assert.match(closed.body.detail, /Only upcoming/);
  assert.equal((await preview(d.vendor, cancelled, { participants: { adult: 1 } })).status, 409);
});

test("another vendor's booking is a 404; bad bodies are 400s", async () => {
  const booking = await book(d, d.vendor, c);
  assert.equal((await preview(d.vendor2, booking, { participants: { adult: 1 } })).status, 404);
  assert.equal((await change(d.vendor2, booking, { participants: { adult: 1 } })).status, 404);
  assert.equal((await change(null as never, booking, { participants: { adult: 1 } })).status, 401);
  assert.equal((await change(d.vendor, booking, { participants: { adult: 1 }, refund_destination: 'gift_card' })).status, 400);
  assert.equal((await d.call(d.vendor, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 1 } })).status, 400, 'expected_version is required');
  assert.equal((await reload(booking)).version, booking.version);
});

test('the history shows both versions: participants, extras, date and total before and after, under the same ref', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const when = inDays(50, 9);
  const done = await d.ok(
    d.vendor, 'POST', `/bookings/${booking.id}/change/`,
    { starts_at: when, participants: { adult: 2, child: 1 }, extras: [{ key: 'lunch', quantity: 3 }], expected_version: booking.version },
    200,
  );
  const audit = await d.ok(d.vendor, 'GET', `/audit-log/?entity=bookings&entity_id=${booking.id}&ordering=-at`);
  const entry = audit.results.find((a: Json) => a.action === 'change');
  assert.ok(entry, 'one change entry');
  assert.deepEqual(entry.before.participants, { adult: 2 });
  assert.deepEqual(entry.after.participants, { adult: 2, child: 1 });
  assert.deepEqual(entry.before.extras, []);
  assert.deepEqual(entry.after.extras.map((e: Json) => [e.key, e.quantity]), [['lunch', 3]]);
  assert.equal(Date.parse(entry.before.starts_at), Date.parse(booking.starts_at));
  assert.equal(Date.parse(entry.after.starts_at), Date.parse(when));
  assert.deepEqual([entry.before.total, entry.after.total], [booking.total, done.booking.total]);
  assert.deepEqual([entry.after.settlement, entry.after.settlement_amount], ['more', done.booking.total - booking.total]);
  assert.equal((await reload(booking)).ref, booking.ref);
  const doc = await d.ok(d.vendor, 'GET', '/openapi.json', undefined, 200);
  assert.ok(doc.paths['/branch/api/bookings/{id}/change/'].post);
  assert.ok(doc.paths['/branch/api/bookings/{id}/change/preview/'].post);
});

test("the booking's coupon is applied again, its own use not counted; one it no longer qualifies for is dropped and said", async () => {
  const coupon = await d.ok(d.vendor, 'POST', '/coupons/', { code: 'CHANGE10', kind: 'percent', value: 10, max_uses: 1, per_customer_limit: 1 });
  const booking = await book(d, d.vendor, c, { coupon_code: 'CHANGE10', payment_method: 'cash' });
  assert.equal(booking.discount_amount, 100_000);
  const done = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 3 }, expected_version: booking.version }, 200);
  assert.deepEqual([done.booking.coupon_id, done.booking.discount_amount, done.booking.total, done.coupon_problem], [coupon.id, 150_000, 1_350_000, null]);
  assert.equal(done.settlement.amount, 450_000);
  assert.equal((await d.ok(d.vendor, 'GET', `/coupons/${coupon.id}/`)).uses_count, 1);

  await d.ok(d.vendor, 'PATCH', `/coupons/${coupon.id}/`, { min_total: 1_200_000, version: (await d.ok(d.vendor, 'GET', `/coupons/${coupon.id}/`)).version }, 200);
  const plan = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/preview/`, { participants: { adult: 2 } }, 200);
  assert.match(plan.coupon_problem, /minimum/);
  assert.deepEqual([plan.quote.coupon_id, plan.new_total], [null, 1_000_000]);
  const dropped = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 2 }, expected_version: done.booking.version }, 200);
  assert.deepEqual([dropped.booking.coupon_id, dropped.booking.coupon_code, dropped.booking.total], [null, null, 1_000_000]);
  assert.equal((await d.ok(d.vendor, 'GET', `/coupons/${coupon.id}/`)).uses_count, 0, 'its use is given back');
});

test('an open payment link for more than the changed booking owes is cancelled; one it still owes stays', async () => {
  const booking = await book(d, d.vendor, c, { participants: { adult: 3 } });
  const full = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: booking.total, invitee_phone: '+213 555 00 11 22' });
  const part = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: 500_000, invitee_phone: '+213 555 00 11 22' });
  const done = await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/change/`, { participants: { adult: 2 }, expected_version: booking.version }, 200);
  assert.deepEqual(done.cancelled_links.map((l: Json) => [l.id, l.status]), [[full.id, 'cancelled']]);
  assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${part.id}/`)).status, 'sent');
});

test('two changes racing for the last seats of a slot: one gets them, the other is told how many are left', async () => {
  const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.service.id, starts_at: inDays(47, 8), capacity: 4 });
  const a = await book(d, d.vendor, c, { slot_id: slot.id, starts_at: undefined, participants: { adult: 1 } });
  const b = await book(d, d.vendor, c, { slot_id: slot.id, starts_at: undefined, participants: { adult: 1 } });
  const results = await Promise.all([a, b].map((booking) => change(d.vendor, booking, { participants: { adult: 3 } })));
  assert.deepEqual(results.map((r) => r.status).sort(), [200, 400]);
  assert.deepEqual(results.find((r) => r.status === 400)!.body.errors.participants, ['Only 1 seats left.']);
  assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 4);
});
