/** Coupon codes are unique per vendor and among platform coupons; no vendor learns another's codes. */
import assert from 'node:assert/strict';
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

test('another vendor may use the same code, and learns nothing of the first one', async () => {
  await d.ok(d.vendor, 'POST', '/coupons/', coupon('SUMMER10', 10));
  const other = await d.call(d.vendor2, 'POST', '/coupons/', coupon('SUMMER10', 20));
  assert.equal(other.status, 201, JSON.stringify(other.body));
  const list = await d.ok(d.vendor2, 'GET', '/coupons/?code=SUMMER10');
  assert.deepEqual(list.results.map((r: { value: number }) => r.value), [20]);
});

test('a vendor cannot have the same code twice, nor the platform', async () => {
  await d.ok(d.vendor, 'POST', '/coupons/', coupon('TWICE', 10));
  const again = await d.call(d.vendor, 'POST', '/coupons/', coupon('TWICE', 15));
  assert.equal(again.status, 409);
  assert.deepEqual(again.body.errors, { code: ['Already in use.'] });
  await d.ok(d.admin, 'POST', '/coupons/', coupon('PLATFORM5', 5));
  assert.equal((await d.call(d.admin, 'POST', '/coupons/', coupon('PLATFORM5', 6))).status, 409);
  // A vendor's code may match a platform code: the vendor does not learn it exists.
  assert.equal((await d.call(d.vendor, 'POST', '/coupons/', coupon('PLATFORM5', 7))).status, 201);
});

test('a booking takes the service vendor\'s own coupon before a platform coupon with the same code', async () => {
  const own = await d.ok(d.vendor, 'POST', '/coupons/', coupon('SHARED', 10));
  await d.ok(d.admin, 'POST', '/coupons/', coupon('SHARED', 50));
  await d.ok(d.vendor2, 'POST', '/coupons/', coupon('SHARED', 90));
  const booking = await book(d, d.vendor, c, { coupon_code: 'shared' });
  assert.equal(booking.coupon_id, own.id);
  assert.equal(booking.discount_amount, booking.subtotal / 10);
});
