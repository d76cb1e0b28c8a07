/**
 * Odd input that once reached the database and came back as a 500: each is a 400 naming
 * the field, for vendor staff and staff alike.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { jsonDepth, MAX_JSON_DEPTH } from '../../server/input.ts';
import { startDomain, type Domain } from './resources.fixtures.ts';

let d: Domain;
before(async () => {
  d = await startDomain();
});
after(() => d.close());

async function refused(url: string, field: string) {
  const res = await d.call(d.vendor, 'GET', url);
  assert.equal(res.status, 400, `${url} -> ${res.status} ${JSON.stringify(res.body)}`);
  assert.ok(res.body.errors?.[field], `${url}: an error on ${field}: ${JSON.stringify(res.body)}`);
}

test('a number beyond a bigint column', () => refused('/bookings/?total__gte=99999999999999999999', 'total__gte'));
test('a number beyond an integer column', () => refused('/services/?capacity=99999999999', 'capacity'));
test('a number in exponent notation beyond the column', () => refused('/customers/?lifetime_spend__gte=1e20', 'lifetime_spend__gte'));
test('numbers within the column still filter', async () => {
  assert.equal((await d.call(d.vendor, 'GET', '/bookings/?total__gte=0&total__lte=1000000000000')).status, 200);
  assert.equal((await d.call(d.vendor, 'GET', '/services/?capacity=10000')).status, 200);
});

test('a NUL byte in search', () => refused('/bookings/?search=a%00b', 'search'));
test('a NUL byte in a text filter', () => refused('/bookings/?ref=a%00b', 'ref'));
test('a NUL byte in an __in filter', () => refused('/bookings/?ref__in=RH000001,a%00b', 'ref__in'));
test('a NUL byte in the bookings export', () => refused('/bookings/export/?search=a%00b', 'search'));
test('a NUL byte in a generic export', () => refused('/customers/export.csv?search=a%00b', 'search'));

test('year 0 in a date filter', () => refused('/bookings/?starts_at__gte=0000-01-01T00:00:00Z', 'starts_at__gte'));
test('a date before 1900 or after 9999', async () => {
  await refused('/bookings/?starts_at__lt=1899-12-31', 'starts_at__lt');
  await refused('/bookings/?starts_at__lt=10000-01-01', 'starts_at__lt');
  assert.equal((await d.call(d.vendor, 'GET', '/bookings/?starts_at__gte=1900-01-01&starts_at__lt=9999-12-31T23:59:59Z')).status, 200);
});
test('year 0 in a body date', async () => {
  const res = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: crypto.randomUUID(), service_id: crypto.randomUUID(), starts_at: '0000-01-01T00:00:00Z', participants: { adult: 1 } });
  assert.equal(res.status, 400, JSON.stringify(res.body));
  assert.ok(res.body.errors.starts_at, JSON.stringify(res.body));
});

test('JSON nested 2,000 levels deep on an authenticated write', async () => {
  const deep = `${'['.repeat(2000)}${']'.repeat(2000)}`;
  for (const [method, url, body] of [
    ['POST', '/customers/', `{"name": "Deep", "notes": ${deep}}`],
    ['POST', '/services/', deep],
    ['PATCH', `/vendors/${d.vendorId}/`, `{"version": 1, "description_i18n": {"en": ${deep}}}`],
  ]) {
    const res = await d.call(d.vendor, method, url, body);
    assert.equal(res.status, 400, `${method} ${url} -> ${res.status} ${JSON.stringify(res.body)}`);
    assert.deepEqual(res.body.errors, { body: [`Nested deeper than ${MAX_JSON_DEPTH} levels.`] });
  }
});

test('the depth scan counts brackets outside strings only', () => {
  assert.equal(jsonDepth('{"a": [1, {"b": "[[[{{{\\"]]]"}]}'), 3);
  assert.equal(jsonDepth('"[[["'), 0);
  assert.equal(jsonDepth('[[[[[[', 2), 3, 'stops once past the limit');
});
