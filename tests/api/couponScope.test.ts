/** Coupon codes are unique across all coupons, whatever the case; no vendor learns another's coupon beyond its code being taken. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const coupon = (code: string, value: number, extra = {}) => ({ code, kind: 'percent', value, ...extra });
const taken = { code: ['This code is already taken.'] };

test('another vendor cannot take the same code, and learns nothing of the first coupon', async () => {
  await d.ok(d.vendor, 'POST', '/coupons/', coupon('SUMMER10', 10));
  const other = await d.call(d.vendor2, 'POST', '/coupons/', coupon('summer10', 20));
  assert.equal(other.status, 409);
  assert.deepEqual(other.body, { detail: 'This code is already taken.', errors: taken });
  const list = await d.ok(d.vendor2, 'GET', '/coupons/?code=SUMMER10');
  assert.deepEqual(list.results, []);
});

test('a platform code and a vendor code never share a spelling, in either order', async () => {
  await d.ok(d.admin, 'POST', '/coupons/', coupon('PLATFORM5', 5));
  const vendorCopy = await d.call(d.vendor, 'POST', '/coupons/', coupon('platform5', 7));
  assert.equal(vendorCopy.status, 409);
  assert.deepEqual(vendorCopy.body.errors, taken);
  await d.ok(d.vendor, 'POST', '/coupons/', coupon('VENDORFIRST', 7));
  assert.equal((await d.call(d.admin, 'POST', '/coupons/', coupon('VendorFirst', 5))).status, 409);
  // Renaming onto a taken code is refused too.
  const mine = await d.ok(d.vendor2, 'POST', '/coupons/', coupon('RENAMEME', 5));
  const renamed = await d.call(d.vendor2, 'PATCH', `/coupons/${mine.id}/`, { version: mine.version, code: 'vendorfirst' });
  assert.equal(renamed.status, 409);
  assert.deepEqual(renamed.body.errors, taken);
});

test('a booking finds the one coupon of its code, and another vendor\'s coupon is unknown to it', async () => {
  const own = await d.ok(d.vendor, 'POST', '/coupons/', coupon('SHARED', 10));
  const booking = await book(d, d.vendor, c, { coupon_code: 'shared' });
  assert.equal(booking.coupon_id, own.id);
  assert.equal(booking.discount_amount, booking.subtotal / 10);
  const foreign = await d.ok(d.vendor2, 'POST', '/coupons/', coupon('ELSEWHERE', 90));
  const refused = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString(), participants: { adult: 2 }, coupon_code: foreign.code });
  assert.equal(refused.status, 400);
  assert.deepEqual(refused.body.errors, { coupon_code: ['Unknown coupon code.'] });
});

test('migration 132 renames existing clashes deterministically: the oldest keeps its code, the others get -2, -3', async () => {
  const sql = readFileSync(new URL('../../server/db/migrations/132_deal_funding_coupon_codes.sql', import.meta.url), 'utf8');
  const rename = /WITH ranked AS[\s\S]*?;/.exec(sql)![0];
  await d.sql('DROP INDEX coupons_code_upper_key');
  await d.sql(`INSERT INTO coupons (vendor_id, code, kind, value, created_at) VALUES
    (NULL, 'CLASH', 'percent', 5, now() - interval '2 days'), ($1, 'CLASH', 'percent', 5, now() - interval '1 day'), ($2, 'CLASH', 'percent', 5, now())`, [d.vendorId, d.vendor2Id]);
  await d.sql(rename);
  await d.sql('CREATE UNIQUE INDEX coupons_code_upper_key ON coupons (upper(code))');
  const rows = await d.sql<{ code: string; vendor_id: string | null }>(`SELECT code, vendor_id FROM coupons WHERE code LIKE 'CLASH%' ORDER BY created_at`);
  assert.deepEqual(rows.map((r) => r.code), ['CLASH', 'CLASH-2', 'CLASH-3']);
  assert.equal(rows[0].vendor_id, null);
});
