/**
 * Which payment to refund and how much is the server's decision: the booking's
 * refundable amount (paid less refunds requested, approved, under way or done), per
 * payment, and the same rule when a refund is created.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const refundable = (id: string) => d.ok(d.vendor, 'GET', `/bookings/${id}/refundable/`);
const refund = (booking: Json, amount: number, extra: Json = {}) =>
  d.call(d.vendor, 'POST', '/refunds/', { booking_id: booking.id, amount, destination: 'original_method', reason: 'Storm', ...extra });

test('a paid booking can be refunded up to what was paid, less refunds already asked for', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const [payment] = (await d.ok(d.vendor, 'GET', `/payments/?booking_id=${booking.id}`)).results;
  let room = await refundable(booking.id);
  assert.deepEqual(
    { amount: room.amount, currency: room.currency, payment_id: room.payment_id, payments: room.payments.map((p: Json) => [p.id, p.amount, p.refundable]) },
    { amount: 1_000_000, currency: 'DZD', payment_id: payment.id, payments: [[payment.id, 1_000_000, 1_000_000]] },
  );
  const first = await refund(booking, 300_000, { payment_id: room.payment_id });
  assert.equal(first.status, 201);
  room = await refundable(booking.id);
  assert.equal(room.amount, 700_000, 'a requested refund already counts');
  assert.equal(room.payments[0].refundable, 700_000);

  const tooMuch = await refund(booking, 700_001);
  assert.equal(tooMuch.status, 400);
  assert.match(tooMuch.body.errors.amount[0], /7,000\.00 DZD/);
  const fromPayment = await refund(booking, 700_001, { payment_id: payment.id });
  assert.equal(fromPayment.status, 400);
  assert.ok(fromPayment.body.errors.amount);

  // A rejected refund gives its amount back.
  await d.ok(d.vendor, 'POST', `/refunds/${first.body.id}/transition/`, { event: 'reject', reason: 'Not eligible', version: first.body.version });
  assert.equal((await refundable(booking.id)).amount, 1_000_000);
  const full = await refund(booking, 1_000_000);
  assert.equal(full.status, 201);
  assert.equal(full.body.kind, 'full');
  const none = await refundable(booking.id);
  assert.deepEqual([none.amount, none.payment_id], [0, null]);
  const nothing = await refund(booking, 1);
  assert.equal(nothing.status, 400);
  assert.match(nothing.body.errors.amount[0], /Nothing paid/);
});

test('with several payments none is picked: the refund is spread over them', async () => {
  const booking = await book(d, d.vendor, c);
  assert.deepEqual(await refundable(booking.id), { amount: 0, currency: 'DZD', payment_id: null, payments: [], destinations: ['original_method', 'wallet', 'gift_card'] });
  await d.ok(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: 400_000, method: 'cash' });
  await d.ok(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: 100_000, method: 'cash' });
  const room = await refundable(booking.id);
  assert.equal(room.amount, 500_000);
  assert.equal(room.payment_id, null);
  assert.deepEqual(room.payments.map((p: Json) => p.refundable).sort(), [100_000, 400_000]);

  // From one payment's page: that payment's remainder, within the booking's.
  const small = room.payments.find((p: Json) => p.amount === 100_000);
  const fromSmall = await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/refundable/?payment_id=${small.id}`);
  assert.deepEqual([fromSmall.amount, fromSmall.payment_id], [100_000, small.id]);
  assert.equal((await refund(booking, 450_000, { payment_id: small.id })).status, 400, 'the same limit when the refund is made');
  const other = await book(d, d.vendor, c, { payment_method: 'cash' });
  const foreign = await d.ok(d.vendor, 'GET', `/bookings/${other.id}/refundable/?payment_id=${small.id}`);
  assert.equal(foreign.amount, 0, "another booking's payment gives nothing here");
});

test("another vendor's booking is a 404; without a token a 401", async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  assert.equal((await d.call(d.vendor2, 'GET', `/bookings/${booking.id}/refundable/`)).status, 404);
  assert.equal((await d.call(null, 'GET', `/bookings/${booking.id}/refundable/`)).status, 401);
  assert.equal((await d.call(d.admin, 'GET', `/bookings/${booking.id}/refundable/`)).status, 200);
  const doc = await d.ok(d.vendor, 'GET', '/openapi.json');
  assert.ok(doc.paths['/branch/api/bookings/{id}/refundable/'].get);
  assert.ok(doc.paths['/branch/api/bookings/{id}/refund/'].post);
});

// The booking's refund form: one confirmation, the chart's steps run as far as the role allows.
const refundNow = (who: Who, booking: Json, amount: number, extra: Json = {}) =>
  d.call(who, 'POST', `/bookings/${booking.id}/refund/`, { amount, destination: 'original_method', reason: 'Storm', ...extra });

test('staff refund a cash booking in one step: approved, processed and succeeded, the booking refunded', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const done = await refundNow(d.admin, booking, 250_000);
  assert.equal(done.status, 201);
  assert.equal(done.body.status, 'succeeded');
  assert.equal(done.body.booking_id, booking.id);
  const after = await d.ok(d.admin, 'GET', `/bookings/${booking.id}/`);
  assert.equal(after.refunded, 250_000);
  const steps = await d.sql<{ action: string }>("SELECT action FROM audit_log WHERE entity = 'refunds' AND entity_id = $1", [done.body.id]);
  assert.deepEqual(steps.map((s) => s.action).sort(), ['create', 'transition:approve', 'transition:process', 'transition:succeed'], 'each step in the history');
});

test('vendor staff take a refund as far as their role allows: processing, staff to confirm it', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const pending = await refundNow(d.vendor, booking, 100_000);
  assert.equal(pending.status, 201);
  assert.equal(pending.body.status, 'processing');
  assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`)).refunded, 0, 'no money moved yet');
  const refused = await d.call(d.vendor, 'POST', `/refunds/${pending.body.id}/transition/`, { event: 'succeed', version: pending.body.version });
  assert.equal(refused.status, 403);
  await d.ok(d.admin, 'POST', `/refunds/${pending.body.id}/transition/`, { event: 'succeed', version: pending.body.version });
  assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`)).refunded, 100_000);
});

test('a one-step refund keeps the rules of a request: too much, no reason, a bad id or another vendor write nothing', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const tooMuch = await refundNow(d.admin, booking, 1_000_001);
  assert.equal(tooMuch.status, 400);
  assert.ok(tooMuch.body.errors.amount);
  const noReason = await d.call(d.admin, 'POST', `/bookings/${booking.id}/refund/`, { amount: 1_000 });
  assert.equal(noReason.status, 400);
  assert.ok(noReason.body.errors.reason);
  assert.equal((await refundNow(d.admin, { id: 'not-an-id' }, 1_000)).status, 400);
  assert.equal((await refundNow(d.vendor2, booking, 1_000)).status, 404);
  assert.equal((await d.ok(d.admin, 'GET', `/refunds/?booking_id=${booking.id}`)).count, 0);
});

test('the refunds list finds a refund by booking reference, customer name or phone', async () => {
  const customer = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Yacine Belkacemi', phone: '0661 23 45 67' });
  const booking = await book(d, d.vendor, c, { payment_method: 'cash', customer_id: customer.id });
  const other = await book(d, d.vendor, c, { payment_method: 'cash' });
  const mine = (await refundNow(d.vendor, booking, 1_000)).body;
  await refundNow(d.vendor, other, 1_000);
  const found = async (term: string) => (await d.ok(d.vendor, 'GET', `/refunds/?search=${encodeURIComponent(term)}`)).results.map((r: Json) => r.id);
  assert.deepEqual(await found(booking.ref), [mine.id], 'by reference');
  assert.deepEqual(await found('belkacemi'), [mine.id], 'by part of the name');
  assert.deepEqual(await found('0661234567'), [mine.id], 'by the phone typed the local way');
  assert.deepEqual(await found('23 45 67'), [mine.id], 'by part of the phone');
  assert.deepEqual(await found('Storm').then((ids) => ids.includes(mine.id)), true, 'by its reason still');
  assert.deepEqual(await d.ok(d.vendor2, 'GET', `/refunds/?search=${encodeURIComponent(booking.ref)}`).then((p) => p.count), 0, "not another vendor's");
});
