import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { splitProportionally } from '../../server/routes/comboBooking.ts';
import { catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
let percentCombo: Json;
let fixedCombo: Json;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  const items = [
    { service_id: c.service.id, required: true },
    { service_id: c.manualService.id, required: false },
  ];
  percentCombo = await d.ok(d.vendor, 'POST', '/combos/', { title_i18n: i18n('Desert weekend'), items, pricing: 'percent_of_parts', percent: 90 });
  fixedCombo = await d.ok(d.vendor, 'POST', '/combos/', { title_i18n: i18n('Desert pass'), items, pricing: 'fixed', price: 1_500_000 });
});
after(() => d.close());

const bookingCount = async () => (await d.sql<Json>('SELECT count(*)::int AS n FROM bookings'))[0].n;

test('booking a combo books every part, each holding its seats, at the combo price', async () => {
  const res = await d.ok(d.vendor, 'POST', `/combos/${percentCombo.id}/book/`, {
    customer_id: c.customer.id,
    participants: { adult: 2 },
    parts: [
      { service_id: c.service.id, starts_at: inDays(10) },
      { service_id: c.manualService.id, starts_at: inDays(11) },
    ],
  }, 201);
  assert.equal(res.bookings.length, 2);
  for (const booking of res.bookings) {
    assert.equal(booking.combo_id, percentCombo.id);
    assert.equal(booking.subtotal, 1_000_000, 'two adults at 5,000.00 DZD');
    assert.equal(booking.total, 900_000, '90 % of the part');
    assert.equal(booking.discount_amount, 100_000);
    assert.equal(booking.balance, 900_000);
  }
  assert.deepEqual(res.bookings.map((b: Json) => b.status), ['confirmed', 'requested'], 'each part keeps its confirmation mode');
  const audit = await d.sql<Json>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'bookings' AND action = 'create' AND entity_id = ANY($1::text[])`, [res.bookings.map((b: Json) => b.id)]);
  assert.equal(audit[0].n, 2);
});

test('a fixed combo price is split across the parts in proportion to their prices', async () => {
  const res = await d.ok(d.vendor, 'POST', `/combos/${fixedCombo.id}/book/`, {
    customer_id: c.customer.id,
    participants: { adult: 2 },
    parts: [
      { service_id: c.service.id, starts_at: inDays(12) },
      { service_id: c.manualService.id, starts_at: inDays(12, 14) },
    ],
  }, 201);
  assert.deepEqual(res.bookings.map((b: Json) => b.total), [750_000, 750_000]);
  assert.deepEqual(splitProportionally(100, [1, 1, 1]), [34, 33, 33]);
  assert.deepEqual(splitProportionally(7, [0, 0]), [7, 0]);
});

test('every required part must be booked, and only the combo’s services', async () => {
  const missing = await d.call(d.vendor, 'POST', `/combos/${percentCombo.id}/book/`, {
    customer_id: c.customer.id,
    participants: { adult: 1 },
    parts: [{ service_id: c.manualService.id, starts_at: inDays(13) }],
  });
  assert.equal(missing.status, 400);
  assert.ok(missing.body.errors.parts);
  const foreign = await d.call(d.vendor, 'POST', `/combos/${percentCombo.id}/book/`, {
    customer_id: c.customer.id,
    participants: { adult: 1 },
    parts: [{ service_id: c.service.id, starts_at: inDays(13) }, { service_id: c.customer.id, starts_at: inDays(13) }],
  });
  assert.equal(foreign.status, 400);
});

test('a part that cannot be booked leaves nothing behind', async () => {
  const before = await bookingCount();
  const res = await d.call(d.vendor, 'POST', `/combos/${percentCombo.id}/book/`, {
    customer_id: c.customer.id,
    participants: { adult: 2 },
    parts: [
      { service_id: c.service.id, starts_at: inDays(14) },
      { service_id: c.manualService.id, starts_at: inDays(-3) },
    ],
  });
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.equal(await bookingCount(), before);
});

test('another vendor cannot see the combo; no token is 401', async () => {
  const body = { customer_id: c.customer.id, participants: { adult: 1 }, parts: [{ service_id: c.service.id, starts_at: inDays(15) }] };
  assert.equal((await d.call(d.vendor2, 'POST', `/combos/${percentCombo.id}/book/`, body)).status, 404);
  assert.equal((await d.call(null, 'POST', `/combos/${percentCombo.id}/book/`, body)).status, 401);
});
