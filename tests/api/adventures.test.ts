import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { catalogFor, i18n, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
let other: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  other = await catalogFor(d, d.vendor2, c.category);
});
after(() => d.close());

const trip = (extra: Json = {}) => ({
  title_i18n: i18n('Hoggar in two days'),
  days: 2,
  itinerary: [
    { day: 1, service_id: c.service.id, title: 'Quad at dawn', notes: 'Bring water' },
    { day: 2, service_id: c.manualService.id, title: 'Quad at dusk' },
  ],
  ...extra,
});

test('priced from its parts: the services’ one-person prices, summed when read', async () => {
  const created = await d.ok(d.vendor, 'POST', '/adventures/', trip({ price_mode: 'sum_of_parts' }));
  const read = await d.ok(d.vendor, 'GET', `/adventures/${created.id}/`);
  // Each part: one adult at 5,000.00 DZD (the fixtures' price rule), fees as in a booking.
  const part = (await d.ok(d.vendor, 'POST', '/bookings/preview/', { service_id: c.service.id, participants: { adult: 1 } }, 200)).total;
  assert.equal(read.price_amount, 2 * part);
  const listed = await d.ok(d.vendor, 'GET', "/adventures/?page_size=100");
  assert.equal(listed.results.find((r: Json) => r.id === created.id).price_amount, 2 * part, 'the list shows it too');
  // A step without a service adds nothing; a service without a price leaves the sum unknown.
  const noService = await d.ok(d.vendor, 'POST', '/adventures/', trip({ itinerary: [{ day: 1, title: 'Rest' }] }));
  assert.equal((await d.ok(d.vendor, 'GET', `/adventures/${noService.id}/`)).price_amount, null);
});

test('a fixed price needs an amount and is what it says', async () => {
  const missing = await d.call(d.vendor, 'POST', '/adventures/', trip({ price_mode: 'fixed' }));
  assert.equal(missing.status, 400);
  assert.ok(missing.body.errors.price);
  const fixed = await d.ok(d.vendor, 'POST', '/adventures/', trip({ price_mode: 'fixed', price: 9_900_000 }));
  assert.equal((await d.ok(d.vendor, 'GET', `/adventures/${fixed.id}/`)).price_amount, 9_900_000);
  const cleared = await d.call(d.vendor, 'PATCH', `/adventures/${fixed.id}/`, { version: fixed.version, price: null });
  assert.equal(cleared.status, 400, 'clearing the price of a fixed-price adventure is refused');
  const switched = await d.ok(d.vendor, 'PATCH', `/adventures/${fixed.id}/`, { version: fixed.version, price_mode: 'sum_of_parts', price: null }, 200);
  assert.equal(switched.price_mode, 'sum_of_parts');
});

test('the itinerary stays within the days, in their order, with the vendor’s own services', async () => {
  const late = await d.call(d.vendor, 'POST', '/adventures/', trip({ days: 1 }));
  assert.equal(late.status, 400);
  assert.ok(late.body.errors.itinerary);
  const backwards = await d.call(d.vendor, 'POST', '/adventures/', trip({ itinerary: [{ day: 2, title: 'b' }, { day: 1, title: 'a' }] }));
  assert.equal(backwards.status, 400);
  assert.match(backwards.body.errors.itinerary.join(' '), /order/);
  const foreign = await d.call(d.vendor, 'POST', '/adventures/', trip({ itinerary: [{ day: 1, title: 'x', service_id: other.service.id }] }));
  assert.equal(foreign.status, 400);
  assert.ok(foreign.body.errors['itinerary.0.service_id'], 'refused at the step, where the form shows it');
  const untitled = await d.call(d.vendor, 'POST', '/adventures/', trip({ itinerary: [{ day: 1, title: '' }] }));
  assert.equal(untitled.status, 400);
});

test('staff choose the vendor: its services only, or any for the platform', async () => {
  const mixed = trip({ vendor_id: d.vendorId, itinerary: [{ day: 1, title: 'a', service_id: c.service.id }, { day: 2, title: 'b', service_id: other.service.id }] });
  const refused = await d.call(d.admin, 'POST', '/adventures/', mixed);
  assert.equal(refused.status, 400);
  assert.deepEqual(Object.keys(refused.body.errors), ['itinerary.1.service_id']);
  assert.match(refused.body.errors['itinerary.1.service_id'][0], /another vendor/);
  const theirs = await d.ok(d.admin, 'POST', '/adventures/', trip({ vendor_id: d.vendor2Id, itinerary: [{ day: 1, title: 'b', service_id: other.service.id }] }));
  assert.equal(theirs.vendor_id, d.vendor2Id);
  const platform = await d.ok(d.admin, 'POST', '/adventures/', { ...mixed, vendor_id: null });
  assert.equal(platform.vendor_id, null, 'the platform may combine vendors');
});

test('a sum of parts is in one currency: a service priced in another is refused at its step', async () => {
  const euros = await d.call(d.vendor, 'POST', '/adventures/', trip({ price_mode: 'sum_of_parts', currency: 'EUR' }));
  assert.equal(euros.status, 400);
  assert.deepEqual(Object.keys(euros.body.errors).sort(), ['itinerary.0.service_id', 'itinerary.1.service_id']);
  assert.match(euros.body.errors['itinerary.0.service_id'][0], /DZD/);
  // A fixed price in euros does not add the services up.
  const fixed = await d.ok(d.vendor, 'POST', '/adventures/', trip({ price_mode: 'fixed', price: 50_000, currency: 'EUR' }));
  const switched = await d.call(d.vendor, 'PATCH', `/adventures/${fixed.id}/`, { version: fixed.version, price_mode: 'sum_of_parts', price: null });
  assert.equal(switched.status, 400, 'nor can it become a sum of services in dinars');
  assert.ok(switched.body.errors['itinerary.0.service_id']);
  const dinars = await d.ok(d.vendor, 'PATCH', `/adventures/${fixed.id}/`, { version: fixed.version, price_mode: 'sum_of_parts', price: null, currency: 'DZD' }, 200);
  assert.equal(dinars.currency, 'DZD');
});

test('publishing needs a step; another vendor’s adventure is a 404', async () => {
  const empty = await d.ok(d.vendor, 'POST', '/adventures/', trip({ itinerary: [] }));
  const refused = await d.call(d.vendor, 'POST', `/adventures/${empty.id}/transition/`, { event: 'publish', version: empty.version });
  assert.equal(refused.status, 409);
  const mine = await d.ok(d.vendor, 'POST', '/adventures/', trip());
  const published = await d.ok(d.vendor, 'POST', `/adventures/${mine.id}/transition/`, { event: 'publish', version: mine.version });
  assert.equal(published.status, 'published');
  const back = await d.ok(d.vendor, 'POST', `/adventures/${mine.id}/transition/`, { event: 'unpublish', version: published.version });
  assert.equal(back.status, 'draft');
  assert.equal((await d.call(d.vendor2, 'GET', `/adventures/${mine.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor2, 'PATCH', `/adventures/${mine.id}/`, { version: back.version, days: 3 })).status, 404);
  assert.equal((await d.call(d.vendor2, 'POST', `/adventures/${mine.id}/transition/`, { event: 'publish', version: back.version })).status, 404);
  const theirs = await d.ok(d.vendor2, 'GET', '/adventures/?page_size=100');
  assert.ok(theirs.results.every((r: Json) => r.vendor_id === d.vendor2Id));
  // Staff see every vendor's, and name the vendor.
  const all = await d.ok(d.admin, 'GET', `/adventures/?vendor_id=${d.vendorId}&expand=vendor_id&page_size=100`);
  assert.ok(all.results.some((r: Json) => r.id === mine.id && r._expanded.vendor_id.trade_name));
});
