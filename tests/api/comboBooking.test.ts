import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { splitProportionally } from '../../server/bookings/comboBooking.ts';
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

test('a customer of another vendor answers like an unknown id, and nothing of theirs shows', async () => {
  const c2 = await catalogFor(d, d.vendor2);
  const body = (customer_id: string) => ({ customer_id, participants: { adult: 1 }, parts: [{ service_id: c.service.id, starts_at: inDays(16) }] });
  const before = await bookingCount();
  const foreign = await d.call(d.vendor, 'POST', `/combos/${percentCombo.id}/book/`, body(c2.customer.id));
  const unknownId = '00000000-0000-4000-8000-000000000000';
  const unknown = await d.call(d.vendor, 'POST', `/combos/${percentCombo.id}/book/`, body(unknownId));
  assert.equal(foreign.status, 400, JSON.stringify(foreign.body));
  assert.equal(JSON.stringify(foreign.body).replace(c2.customer.id, unknownId), JSON.stringify(unknown.body), 'the same answer as for an unknown id');
  assert.deepEqual(Object.keys(foreign.body.errors), ['customer_id']);
  assert.ok(!JSON.stringify(foreign.body).includes(c2.customer.name));
  assert.equal(await bookingCount(), before);
  assert.equal((await d.call(d.vendor, 'GET', `/customers/${c2.customer.id}/`)).status, 404, 'the customer stays out of sight');
});

test('media refuse an owner of another vendor, like an unknown one, and take their own', async () => {
  const c2 = await catalogFor(d, d.vendor2);
  const media = (owner_type: string, owner_id: string) => ({ url: 'https://example.test/a.jpg', owner_type, owner_id });
  const unknownId = '00000000-0000-4000-8000-000000000000';
  for (const [type, foreignId] of [['service', c2.service.id], ['location', c2.location.id], ['vendor', d.vendor2Id]] as const) {
    const foreign = await d.call(d.vendor, 'POST', '/media/', media(type, foreignId));
    const unknown = await d.call(d.vendor, 'POST', '/media/', media(type, unknownId));
    assert.equal(foreign.status, 400, `${type}: ${JSON.stringify(foreign.body)}`);
    assert.deepEqual(Object.keys(foreign.body.errors), ['owner_id']);
    assert.equal(JSON.stringify(foreign.body).replace(foreignId, unknownId), JSON.stringify(unknown.body));
  }
  const own = await d.ok(d.vendor, 'POST', '/media/', media('service', c.service.id));
  // Changing only the kind checks the kept id against the new kind.
  const moved = await d.call(d.vendor, 'PATCH', `/media/${own.id}/`, { owner_type: 'location', version: own.version });
  assert.equal(moved.status, 400, JSON.stringify(moved.body));
  const repointed = await d.call(d.vendor, 'PATCH', `/media/${own.id}/`, { owner_id: c2.service.id, version: own.version });
  assert.equal(repointed.status, 400, JSON.stringify(repointed.body));
  await d.ok(d.vendor, 'PATCH', `/media/${own.id}/`, { owner_id: c.manualService.id, version: own.version });
});
