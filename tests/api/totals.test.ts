/**
 * `GET /<collection>/totals/`: the count and the money of the whole filtered set (not a
 * page), per currency, scoped like the list.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Domain } from './resources.fixtures.ts';

let d: Domain;

before(async () => {
  d = await startDomain();
  const sahara = await catalogFor(d, d.vendor);
  const kabylie = await catalogFor(d, d.vendor2, sahara.category);
  for (const amount of [10000, 20000, 30000]) {
    const booking = await book(d, d.vendor, sahara, { payment_method: 'cash' });
    await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: booking.id, amount, reason: 'Weather' });
  }
  const foreign = await book(d, d.vendor2, kabylie, { payment_method: 'cash' });
  await d.ok(d.vendor2, 'POST', '/refunds/', { booking_id: foreign.id, amount: 70000, reason: 'Illness' });
});
after(() => d.close());

test('staff get the count and sum of every refund the filters match, over all pages', async () => {
  const totals = await d.ok(d.admin, 'GET', '/refunds/totals/?page_size=1');
  assert.equal(totals.count, 4);
  assert.deepEqual(totals.by_currency, [{ currency: 'DZD', count: 4, sums: { amount: 130000 } }]);
  const filtered = await d.ok(d.admin, 'GET', '/refunds/totals/?search=weather');
  assert.deepEqual(filtered.by_currency, [{ currency: 'DZD', count: 3, sums: { amount: 60000 } }]);
  const none = await d.ok(d.admin, 'GET', '/refunds/totals/?status=succeeded');
  assert.deepEqual(none, { count: 0, by_currency: [] });
});

test("vendor staff add up their own refunds only", async () => {
  const totals = await d.ok(d.vendor, 'GET', '/refunds/totals/');
  assert.deepEqual(totals.by_currency, [{ currency: 'DZD', count: 3, sums: { amount: 60000 } }]);
  const other = await d.ok(d.vendor2, 'GET', '/refunds/totals/');
  assert.deepEqual(other.by_currency, [{ currency: 'DZD', count: 1, sums: { amount: 70000 } }]);
});

test('a filter the list refuses is refused here too, and guests get 401', async () => {
  assert.equal((await d.call(d.admin, 'GET', '/refunds/totals/?status=nonsense')).status, 400);
  assert.equal((await d.call(d.admin, 'GET', '/refunds/totals/?colour=red')).status, 400);
  assert.equal((await d.call(null, 'GET', '/refunds/totals/')).status, 401);
});

test('the OpenAPI document describes the totals of a collection that has sums', async () => {
  const doc = await d.ok(null, 'GET', '/openapi.json');
  assert.ok(doc.paths['/branch/api/refunds/totals/']?.get, 'refunds totals');
  assert.equal(doc.paths['/branch/api/help-articles/totals/'], undefined, 'nothing to add up in help');
});
