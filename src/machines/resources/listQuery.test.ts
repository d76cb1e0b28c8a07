import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pageCount, parseListQuery, serializeListQuery, toggleOrdering, withKeptParams } from './listQuery.ts';

const options = { filters: ['status', 'starts_at', 'vendor_id'], defaultOrdering: '-starts_at' };

test('a query reads back from its own URL', () => {
  const query = {
    page: 3,
    page_size: 50,
    ordering: 'total',
    search: 'Haddad',
    filters: { status: 'confirmed', starts_at__gte: '2026-11-01' },
  };
  assert.deepEqual(parseListQuery(serializeListQuery(query, options), options), query);
});

test('defaults stay out of the URL', () => {
  const query = parseListQuery('', options);
  assert.deepEqual(query, { page: 1, page_size: 25, ordering: '-starts_at', search: '', filters: {} });
  assert.equal(serializeListQuery(query, options), '');
});

test('unknown filters, bad pages and oversized pages are not trusted', () => {
  const query = parseListQuery('?page=-2&page_size=5000&secret=1&status=&vendor_id__in=a,b&ordering=', options);
  assert.equal(query.page, 1);
  assert.equal(query.page_size, 100);
  assert.deepEqual(query.filters, { vendor_id__in: 'a,b' });
  assert.equal(query.ordering, '-starts_at');
});

test('sorting a column toggles between ascending and descending', () => {
  assert.equal(toggleOrdering('-starts_at', 'total'), 'total');
  assert.equal(toggleOrdering('total', 'total'), '-total');
  assert.equal(toggleOrdering('-total', 'total'), 'total');
});

test('page count never drops below one', () => {
  assert.equal(pageCount(0, 25), 1);
  assert.equal(pageCount(26, 25), 2);
  assert.equal(pageCount(100, 25), 4);
});

test("a new query keeps the screen's own parameters, and only those", () => {
  const query = serializeListQuery({ page: 1, page_size: 25, ordering: '-starts_at', search: 'quad', filters: {} }, options);
  // The panel's record stays open; an old search and a parameter nobody kept do not come back.
  assert.equal(withKeptParams(query, '?search=qu&edit=abc&stale=1', ['edit', 'read']), '?search=quad&edit=abc');
  assert.equal(withKeptParams('', '?read=r1', ['edit', 'read']), '?read=r1');
  assert.equal(withKeptParams(query, '?edit=abc', []), query);
  // A list parameter cannot be kept over the new query.
  assert.equal(withKeptParams(query, '?search=old', ['search']), '?search=quad');
  assert.equal(withKeptParams('', '', ['edit']), '');
});

