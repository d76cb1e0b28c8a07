/**
 * Every insert and update through the generic record functions leaves its audit entry,
 * side effects included: the payment made with a booking, the booking's money fields
 * after a refund. And no write is audited twice.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const entriesOf = (id: string) =>
  d.sql<Json>('SELECT action, entity, actor_email, vendor_id, before, after FROM audit_log WHERE entity_id = $1 ORDER BY at, action', [String(id)]);

test('a booking paid in cash at creation leaves audit entries for the payment and its split', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const [payment] = (await d.ok(d.vendor, 'GET', `/payments/?booking_id=${booking.id}`)).results;
  assert.equal(payment.status, 'paid');
  const paymentEntries = await entriesOf(payment.id);
  assert.deepEqual(paymentEntries.map((e) => e.action).sort(), ['create', 'transition:pay']);
  const created = paymentEntries.find((e) => e.action === 'create')!;
  assert.equal(created.entity, 'payments');
  assert.equal(created.actor_email, 'sahara@rihla.test');
  assert.equal(created.vendor_id, d.vendorId);
  assert.equal(created.after.amount, booking.total);
  const [split] = await d.sql<Json>('SELECT id FROM payment_splits WHERE payment_id = $1', [payment.id]);
  assert.deepEqual((await entriesOf(split.id)).map((e) => e.action), ['create'], 'the split is audited once');
  const bookingEntries = await entriesOf(booking.id);
  assert.equal(bookingEntries.filter((e) => e.action === 'create').length, 1, 'the booking is audited once as created');
  const money = bookingEntries.find((e) => e.action === 'update' && 'paid' in e.after);
  assert.ok(money, `the paid amount landing on the booking is audited: ${JSON.stringify(bookingEntries)}`);
  assert.equal(money.before.paid, 0);
  assert.equal(money.after.paid, booking.total);
});

test('a refund that succeeds leaves an audit entry for the booking money and the payment it comes from', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const paid = await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`);
  let refund = await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: booking.id, amount: 100000, destination: 'original_method', reason: 'Rain' });
  for (const event of ['approve', 'process', 'succeed']) {
    refund = await d.ok(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event, version: refund.version });
  }
  const after = await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`);
  assert.equal(after.refunded, 100000);
  const money = (await entriesOf(booking.id)).filter((e) => e.action === 'update' && 'refunded' in e.after);
  assert.equal(money.length, 1, 'one entry for the refund landing on the booking');
  // A partial refund of a booking that goes ahead is money given back: nothing is owed again.
  assert.equal(after.balance, 0);
  assert.deepEqual(
    { before: money[0].before.refunded, after: money[0].after.refunded, version: money[0].after.version },
    { before: 0, after: 100000, version: after.version },
  );
  assert.ok(money[0].before.version >= paid.version);
  assert.equal(money[0].actor_email, 'staff@rihla.test');
  const [payment] = (await d.ok(d.vendor, 'GET', `/payments/?booking_id=${booking.id}`)).results;
  const paymentUpdates = (await entriesOf(payment.id)).filter((e) => e.action === 'update');
  assert.ok(paymentUpdates.some((e) => e.after.refunded_amount === 100000), 'the refunded amount of the payment is audited');
});

test('a PATCH and a transition are each audited once, with before and after', async () => {
  const booking = await book(d, d.vendor, c);
  const noted = await d.ok(d.vendor, 'PATCH', `/bookings/${booking.id}/`, { notes: 'Window seat', version: booking.version });
  await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, { event: 'cancel', reason: 'Sick', version: noted.version });
  const entries = await entriesOf(booking.id);
  assert.deepEqual(entries.map((e) => e.action), ['create', 'update', 'transition:cancel']);
  assert.deepEqual(entries[1].after, { notes: 'Window seat', version: noted.version });
  const cancel = entries[2];
  assert.equal(cancel.before.status, 'confirmed');
  assert.equal(cancel.after.status, 'cancelled');
  assert.equal(cancel.after.reason, 'Sick');
});
