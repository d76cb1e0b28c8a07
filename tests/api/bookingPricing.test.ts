/**
 * Prices before booking: the new booking's preview and a combo's quote price exactly as a
 * booking does, write nothing, and answer 404 for another vendor's service or combo; a
 * combo's price as an amount in the combo list; a full slot refuses one more seat.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, i18n, inDays, startDomain, tableCounts, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const preview = (body: Json, who = d.vendor) => d.call(who, 'POST', '/bookings/preview/', body);

test('the preview prices a booking as it would be made: a line per customer type, extras, total', async () => {
  const two = await preview({ service_id: c.service.id, starts_at: inDays(5), participants: { adult: 2 } });
  assert.equal(two.status, 200, JSON.stringify(two.body));
  assert.equal(two.body.total, 1_000_000, 'two adults at 5,000.00 DZD');
  assert.deepEqual(two.body.lines.map((l: Json) => [l.customer_type, l.quantity, l.unit_price, l.amount]), [['adult', 2, 500_000, 1_000_000]]);

  const family = await preview({ service_id: c.service.id, starts_at: inDays(5), participants: { adult: 2, child: 1 }, extras: [{ key: 'lunch', quantity: 3 }] });
  assert.equal(family.status, 200);
  assert.equal(family.body.subtotal, 1_000_000 + 250_000 + 3 * 80_000);
  assert.deepEqual(family.body.extras.map((e: Json) => [e.key, e.quantity, e.amount]), [['lunch', 3, 240_000]]);

  // Without a start or a customer yet, it is today's price.
  const early = await preview({ service_id: c.service.id, participants: { adult: 1 } });
  assert.equal(early.status, 200);
  assert.equal(early.body.total, 500_000);

  // The booking made from the same body costs what the preview said.
  const booking = await book(d, d.vendor, c, { participants: { adult: 2, child: 1 }, extras: [{ key: 'lunch', quantity: 3 }] });
  assert.equal(booking.total, family.body.total);
});

test('the preview answers what cannot be priced at its field, and writes nothing', async () => {
  const counts = await tableCounts(d);
  const coupon = await preview({ service_id: c.service.id, customer_id: c.customer.id, starts_at: inDays(5), participants: { adult: 1 }, coupon_code: 'NOSUCHCODE' });
  assert.equal(coupon.status, 400);
  assert.deepEqual(Object.keys(coupon.body.errors), ['coupon_code']);
  const infants = await preview({ service_id: c.service.id, starts_at: inDays(5), participants: { infant: 1 } });
  assert.equal(infants.status, 400);
  assert.ok(infants.body.errors['participants.infant'], JSON.stringify(infants.body));
  const unknownField = await preview({ service_id: c.service.id, participants: { adult: 1 }, total: 1 });
  assert.equal(unknownField.status, 400);
  const ok = await preview({ service_id: c.service.id, customer_id: c.customer.id, participants: { adult: 1 } });
  assert.equal(ok.status, 200);
  assert.deepEqual(await tableCounts(d), counts);
});

test('a vendor cannot preview another vendor’s service, nor quote its combo (404)', async () => {
  const other = await preview({ service_id: c.service.id, participants: { adult: 1 } }, d.vendor2);
  assert.equal(other.status, 404);
  const unknown = await preview({ service_id: '00000000-0000-4000-8000-000000000000', participants: { adult: 1 } });
  assert.equal(unknown.status, 404);
  assert.equal((await preview({ service_id: c.service.id, participants: { adult: 1 } }, d.admin)).status, 200, 'staff price any service');
  assert.equal((await d.call(null, 'POST', '/bookings/preview/', { service_id: c.service.id, participants: { adult: 1 } })).status, 401);

  const combo = await d.ok(d.vendor, 'POST', '/combos/', {
    title_i18n: i18n('Scoped combo'), items: [{ service_id: c.service.id, required: true }, { service_id: c.manualService.id, required: true }], pricing: 'percent_of_parts', percent: 80,
  });
  const quoted = await d.call(d.vendor2, 'POST', `/combos/${combo.id}/quote/`, { participants: { adult: 1 }, parts: [{ service_id: c.service.id }, { service_id: c.manualService.id }] });
  assert.equal(quoted.status, 404);
});

test('a combo quote gives each part its price and its share of the combo price; the booking costs the same', async () => {
  const combo = await d.ok(d.vendor, 'POST', '/combos/', {
    title_i18n: i18n('Quoted weekend'), items: [{ service_id: c.service.id, required: true }, { service_id: c.manualService.id, required: false }], pricing: 'percent_of_parts', percent: 90,
  });
  const parts = [{ service_id: c.service.id, starts_at: inDays(20) }, { service_id: c.manualService.id, starts_at: inDays(21) }];
  const quote = await d.ok(d.vendor, 'POST', `/combos/${combo.id}/quote/`, { participants: { adult: 2 }, parts }, 200);
  assert.deepEqual(quote.parts.map((p: Json) => [p.price, p.total]), [[1_000_000, 900_000], [1_000_000, 900_000]]);
  assert.equal(quote.subtotal, 2_000_000);
  assert.equal(quote.total, 1_800_000);
  const booked = await d.ok(d.vendor, 'POST', `/combos/${combo.id}/book/`, { customer_id: c.customer.id, participants: { adult: 2 }, parts }, 201);
  assert.equal(booked.bookings.reduce((s: number, b: Json) => s + b.total, 0), quote.total);

  const foreign = await d.call(d.vendor, 'POST', `/combos/${combo.id}/quote/`, { participants: { adult: 1 }, parts: [{ service_id: c.customer.id }] });
  assert.equal(foreign.status, 400);
  const noPrice = await d.call(d.vendor, 'POST', `/combos/${combo.id}/quote/`, { participants: { infant: 1 }, parts: [{ service_id: c.service.id }] });
  assert.equal(noPrice.status, 400);
  assert.ok(noPrice.body.errors['participants.infant']);
});

test('the combo list shows each combo’s price as an amount: a percentage of its required parts for one person', async () => {
  const percent = await d.ok(d.vendor, 'POST', '/combos/', {
    title_i18n: i18n('Amount percent'), items: [{ service_id: c.service.id, required: true }, { service_id: c.manualService.id, required: false }], pricing: 'percent_of_parts', percent: 90,
  });
  const fixed = await d.ok(d.vendor, 'POST', '/combos/', {
    title_i18n: i18n('Amount fixed'), items: [{ service_id: c.service.id, required: true }, { service_id: c.manualService.id, required: true }], pricing: 'fixed', price: 777_700,
  });
  const list = await d.ok(d.vendor, 'GET', '/combos/?page_size=100');
  const byId = new Map(list.results.map((r: Json) => [r.id, r]));
  assert.equal((byId.get(percent.id) as Json).price_amount, 450_000, '90 % of one adult at 5,000.00 DZD (the optional part left out)');
  assert.equal((byId.get(fixed.id) as Json).price_amount, 777_700);
  assert.equal((await d.ok(d.vendor, 'GET', `/combos/${percent.id}/`)).price_amount, 450_000);
  // A sparse list without the pricing fields is left as asked.
  const sparse = await d.ok(d.vendor, 'GET', '/combos/?fields=title_i18n');
  assert.ok(sparse.results.every((r: Json) => !('price_amount' in r)));
});

test('a slot holds no more seats than it has: the server refuses an overbooking (409)', async () => {
  const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.service.id, starts_at: inDays(30, 8), capacity: 3 });
  await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 2 } });
  const over = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 2 } });
  assert.equal(over.status, 409);
  assert.ok(over.body.errors.participants);
  await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 1 } });
  const full = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, starts_at: inDays(30, 8), participants: { adult: 1 } });
  assert.equal(full.status, 409, 'the same start without the slot id finds the slot');
  assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 3);
});
