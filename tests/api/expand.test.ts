/**
 * `expand=` on lists and single reads: the names a list shows come in the same response,
 * in one query per expanded field whatever the page size, scoped like their collection.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
let kabylie: Catalog;
const saharaBookings: Json[] = [];

async function refund(who: Domain['vendor'], booking: Json, amount = 50000) {
  return d.ok(who, 'POST', '/refunds/', { booking_id: booking.id, amount, destination: 'original_method', reason: 'Weather' });
}

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
  kabylie = await catalogFor(d, d.vendor2, sahara.category);
  for (let i = 0; i < 3; i++) {
    const booking = await book(d, d.vendor, sahara, { payment_method: 'cash' });
    saharaBookings.push(booking);
    await refund(d.vendor, booking);
  }
  await refund(d.vendor2, await book(d, d.vendor2, kabylie, { payment_method: 'cash' }));
});
after(() => d.close());

/** Runs `fn` counting the SQL statements the app sends meanwhile. */
async function countQueries(fn: () => Promise<unknown>): Promise<number> {
  const db = d.t.db as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = db.query;
  let n = 0;
  db.query = (...args: unknown[]) => {
    // The realtime hub reads announced events on the same database whenever they arrive
    // (on PostgreSQL, the writes just before may land during the count): not the list's queries.
    if (!String(args[0]).includes('realtime_events')) n += 1;
    return original.apply(db, args);
  };
  try {
    await fn();
  } finally {
    db.query = original;
  }
  return n;
}

test("a vendor listing refunds with expand gets its bookings' refs and customers, nothing of another vendor", async () => {
  const page = await d.ok(d.vendor, 'GET', '/refunds/?expand=booking_id,vendor_id');
  assert.equal(page.results.length, 3);
  const refs = new Map(saharaBookings.map((b) => [b.id, b]));
  for (const row of page.results) {
    const booking = refs.get(row.booking_id)!;
    assert.ok(booking, 'only their own refunds');
    assert.deepEqual(row._expanded.booking_id, { id: booking.id, ref: booking.ref, customer_name: booking.customer_name, starts_at: booking.starts_at });
    assert.deepEqual(row._expanded.vendor_id, { id: d.vendorId, trade_name: 'Sahara Quad Tours' });
  }
  const plain = await d.ok(d.vendor, 'GET', '/refunds/');
  assert.ok(plain.results.every((r: Json) => !('_expanded' in r)), 'no expansion unless asked');
});

test('an expanded field comes back even when fields= leaves it out', async () => {
  const page = await d.ok(d.vendor, 'GET', '/refunds/?fields=amount&expand=booking_id');
  assert.deepEqual(Object.keys(page.results[0]).sort(), ['_expanded', 'amount', 'booking_id', 'id', 'version']);
  assert.match(page.results[0]._expanded.booking_id.ref, /^RH/);
});

test('a reference the caller may not see expands to null, as an unknown id does', async () => {
  // A record pointing at another vendor's branch can only be made behind the API's back.
  await d.sql('UPDATE services SET branch_id = $1 WHERE id = $2', [kabylie.branch.id, sahara.manualService.id]);
  const page = await d.ok(d.vendor, 'GET', '/services/?expand=branch_id,location_id');
  const forged = page.results.find((s: Json) => s.id === sahara.manualService.id);
  assert.equal(forged.branch_id, kabylie.branch.id);
  assert.equal(forged._expanded.branch_id, null, "another vendor's branch is not named");
  assert.deepEqual(forged._expanded.location_id, { id: sahara.location.id, name_i18n: sahara.location.name_i18n });
  const staff = await d.ok(d.admin, 'GET', `/services/${sahara.manualService.id}/?expand=branch_id`);
  assert.equal(staff._expanded.branch_id.name, kabylie.branch.name, 'staff see every branch');
});

test('a single read expands too', async () => {
  const [first] = (await d.ok(d.vendor, 'GET', '/refunds/')).results;
  const one = await d.ok(d.vendor, 'GET', `/refunds/${first.id}/?expand=booking_id,payment_id`);
  assert.equal(one._expanded.booking_id.id, first.booking_id);
  assert.equal(one._expanded.payment_id, null, 'no payment chosen');
  assert.equal((await d.call(d.vendor, 'GET', `/refunds/${first.id}/?expand=nonsense`)).status, 400);
  assert.equal((await d.call(d.vendor, 'GET', `/refunds/${first.id}/?other=1`)).status, 400);
});

test('unknown fields, lists of ids and fields without labels are refused with a 400 at expand', async () => {
  for (const query of ['/refunds/?expand=reason', '/refunds/?expand=booking_id,password_hash', '/coupons/?expand=service_ids', '/combos/?expand=items.service_id']) {
    const res = await d.call(d.vendor, 'GET', query);
    assert.equal(res.status, 400, query);
    assert.ok(res.body.errors.expand, query);
  }
});

test('the audit trail names the people who acted', async () => {
  const trail = await d.ok(d.vendor, 'GET', `/audit-log/?entity=bookings&entity_id=${saharaBookings[0].id}&expand=actor_user_id`);
  assert.ok(trail.results.length > 0);
  for (const entry of trail.results) assert.deepEqual(entry._expanded.actor_user_id, { id: d.vendor.user.id, name: d.vendor.user.name });
});

test('the number of queries does not grow with the page size', async () => {
  for (let i = 0; i < 4; i++) await refund(d.vendor, await book(d, d.vendor, sahara, { payment_method: 'cash' }), 10000);
  const url = (size: number) => `/refunds/?page_size=${size}&expand=booking_id,payment_id,vendor_id`;
  let small: Json = {};
  let large: Json = {};
  const one = await countQueries(async () => (small = await d.ok(d.vendor, 'GET', url(1))));
  const seven = await countQueries(async () => (large = await d.ok(d.vendor, 'GET', url(7))));
  assert.equal(small.results.length, 1);
  assert.equal(large.results.length, 7);
  assert.ok(large.results.every((r: Json) => r._expanded.booking_id?.ref), 'every row has its label');
  assert.equal(seven, one, `${one} queries for 1 row, ${seven} for 7`);
});

test('the OpenAPI document lists expand on lists and reads, naming what can be expanded', async () => {
  const doc = await d.ok(d.vendor, 'GET', '/openapi.json');
  const list = doc.paths['/branch/api/refunds/'].get.parameters.find((p: Json) => p.name === 'expand');
  assert.match(list.schema.description, /booking_id/);
  const read = doc.paths['/branch/api/refunds/{id}/'].get.parameters.find((p: Json) => p.name === 'expand');
  assert.ok(read);
});
