/**
 * Finding records from anywhere (GET /search/): a booking by its ref, a customer by name
 * or by a phone typed any way, a service by its title in any language, a vendor by name;
 * scoped like the collections (a vendor never finds another vendor's booking or customer,
 * nor any vendor), and input that is not a search refused or matching nothing.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { COLLECTIONS } from '../../common/registry.ts';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
let c2: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  c2 = await catalogFor(d, d.vendor2);
});
after(() => d.close());

const search = async (who: Domain['admin'], q: string, locale = 'en'): Promise<Json[]> => {
  const res = await d.call(who, 'GET', `/search/?q=${encodeURIComponent(q)}&limit=20`, undefined, { 'accept-language': locale });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.results;
};
const ids = (results: Json[], kind: string) => results.filter((r) => r.kind === kind).map((r) => r.id);

test('a booking by its ref, whole, its beginning or in small letters; never by another vendor', async () => {
  const booking = await book(d, d.vendor, c);
  for (const q of [booking.ref, booking.ref.slice(0, 4), booking.ref.toLowerCase()]) {
    assert.ok(ids(await search(d.admin, q), 'booking').includes(booking.id), `staff, ${q}`);
    assert.ok(ids(await search(d.vendor, q), 'booking').includes(booking.id), `vendor, ${q}`);
  }
  const [found] = (await search(d.admin, booking.ref)).filter((r) => r.kind === 'booking');
  assert.equal(found.title, booking.ref);
  assert.equal(found.path, `/booking/${booking.id}`);
  assert.match(found.subtitle, new RegExp(c.customer.name));
  assert.deepEqual(ids(await search(d.vendor2, booking.ref), 'booking'), [], 'another vendor');
});

test('a customer by a part of the name or by the phone however typed; vendors find only their customers', async () => {
  const customer = await d.ok(d.admin, 'POST', '/customers/', { name: 'Ouardia Tizi-Searchable', phone: '0661 42 17 93' });
  // Staff created it: no vendor may find it until it books with them.
  const typings = ['0661 42 17 93', '+213661421793', '00213 661-42-17-93', '661 42 17 93', '0661 42 17', 'tizi-search', 'Ouardia T'];
  for (const q of typings) {
    assert.ok(ids(await search(d.admin, q), 'customer').includes(customer.id), `staff, ${q}`);
    assert.deepEqual(ids(await search(d.vendor, q), 'customer'), [], `vendor before booking, ${q}`);
  }
  await book(d, d.admin, { ...c, customer });
  for (const q of typings) assert.ok(ids(await search(d.vendor, q), 'customer').includes(customer.id), `vendor after booking, ${q}`);
  for (const q of typings) assert.deepEqual(ids(await search(d.vendor2, q), 'customer'), [], `the other vendor, ${q}`);
  const [found] = (await search(d.admin, '0661421793')).filter((r) => r.kind === 'customer');
  assert.deepEqual(found, { kind: 'customer', id: customer.id, title: customer.name, subtitle: '+213661421793', path: `/customers/${customer.id}` });
  // A customer a vendor created is theirs to find.
  assert.ok(ids(await search(d.vendor2, c2.customer.name), 'customer').includes(c2.customer.id));
  assert.ok(!ids(await search(d.vendor, c2.customer.name), 'customer').includes(c2.customer.id));
});

test('a customer merged into another is not found; the one it became is', async () => {
  const a = await d.ok(d.admin, 'POST', '/customers/', { name: 'Mergeable Searchperson', phone: '0770 31 41 59' });
  const b = await d.ok(d.admin, 'POST', '/customers/', { name: 'Mergeable Searchperson', phone: '0770 31 41 59', email: 'm.s@example.test' });
  await d.sql('UPDATE customers SET merged_into_id = $2 WHERE id = $1', [a.id, b.id]);
  assert.deepEqual(ids(await search(d.admin, 'mergeable search'), 'customer'), [b.id]);
});

test('a service by its title in any language, named in the reader\'s language; scoped to its vendor', async () => {
  const service = await d.ok(d.vendor, 'POST', '/services/', {
    title_i18n: { en: 'Dune sunset walk', fr: 'Coucher de soleil sur les dunes', ar: 'غروب الشمس على الكثبان' },
    category_id: c.category.id,
    location_id: c.location.id,
    duration_minutes: 90,
    capacity: 10,
    max_participants: 10,
  });
  for (const q of ['sunset walk', 'COUCHER de soleil', 'الكثبان']) {
    assert.ok(ids(await search(d.admin, q), 'service').includes(service.id), `staff, ${q}`);
    assert.ok(ids(await search(d.vendor, q), 'service').includes(service.id), `vendor, ${q}`);
    assert.deepEqual(ids(await search(d.vendor2, q), 'service'), [], `the other vendor, ${q}`);
  }
  const titleIn = async (locale: string) => (await search(d.vendor, 'sunset', locale)).find((r) => r.id === service.id)?.title;
  assert.equal(await titleIn('fr'), 'Coucher de soleil sur les dunes');
  assert.equal(await titleIn('ar'), 'غروب الشمس على الكثبان');
  assert.equal(await titleIn('en'), 'Dune sunset walk');
});

test('a vendor by name, for staff only', async () => {
  const results = await search(d.admin, 'sahara quad');
  assert.deepEqual(ids(results, 'vendor'), [d.vendorId]);
  assert.equal(results.find((r) => r.kind === 'vendor')?.path, `/vendors/${d.vendorId}`);
  assert.deepEqual(ids(await search(d.vendor, 'sahara quad'), 'vendor'), []);
  assert.deepEqual(ids(await search(d.vendor2, 'kabylie'), 'vendor'), []);
});

test('too short, wildcards and bad parameters: nothing found, or 400', async () => {
  assert.deepEqual(await search(d.admin, 'a'), []);
  assert.deepEqual(await search(d.admin, '   '), []);
  // LIKE's wildcards are searched for as they are.
  assert.deepEqual(await search(d.admin, '%%'), []);
  assert.deepEqual(await search(d.admin, '___'), []);
  assert.equal((await d.call(d.admin, 'GET', `/search/?q=${'x'.repeat(101)}`)).status, 400);
  assert.equal((await d.call(d.admin, 'GET', '/search/?q=abc&limit=50')).status, 400);
  assert.equal((await d.call(d.admin, 'GET', '/search/')).status, 400);
  assert.equal((await d.call(null, 'GET', '/search/?q=abc')).status, 401);
  // The limit holds per kind.
  for (let i = 0; i < 3; i++) await d.ok(d.admin, 'POST', '/customers/', { name: `Limitcase ${i}`, phone: `0550 00 00 0${i}` });
  const res = await d.ok(d.admin, 'GET', '/search/?q=limitcase&limit=2');
  assert.equal(res.results.filter((r: Json) => r.kind === 'customer').length, 2);
});

test('lists and the record search forgive: words in any order, accents, case, punctuation and dashes; a phone typed the local way', async () => {
  const customer = await d.ok(d.admin, 'POST', '/customers/', { name: 'Hélène Ben-Aïssa', phone: '0555 12 34 56' });
  const booking = await book(d, d.admin, { ...c, customer });
  assert.equal(booking.customer_name, 'Hélène Ben-Aïssa');
  const listed = async (resource: string, q: string) =>
    (await d.ok(d.admin, 'GET', `/${resource}/?page_size=100&search=${encodeURIComponent(q)}`)).results.map((r: Json) => r.id);
  for (const q of ['aissa helene', 'HELENE ben aissa', 'ben—aïssa', 'Hélène, Ben-Aissa', 'benaissa'.slice(0, 3) + ' helene']) {
    assert.ok((await listed('bookings', q)).includes(booking.id), `bookings list, ${q}`);
    assert.ok((await listed('customers', q)).includes(customer.id), `customers list, ${q}`);
    assert.ok(ids(await search(d.admin, q), 'customer').includes(customer.id), `record search, ${q}`);
  }
  for (const q of ['0555 12 34 56', '0555123456', '+213 555 12 34 56', '0555-12-34-56', '0555 12 34']) {
    assert.ok((await listed('bookings', q)).includes(booking.id), `bookings list, ${q}`);
    assert.ok((await listed('customers', q)).includes(customer.id), `customers list, ${q}`);
  }
  // A booking's ref and its customer's words together, in any order.
  assert.deepEqual(await listed('bookings', `helene ${booking.ref.toLowerCase()}`), [booking.id]);
  assert.deepEqual(await listed('bookings', 'helene nobody'), [], 'every word must be found');
  // The record search finds the booking by the phone as well as the customer.
  const byPhone = await search(d.vendor, '0555 12 34 56');
  assert.ok(ids(byPhone, 'booking').includes(booking.id));
  assert.ok(ids(byPhone, 'customer').includes(customer.id));
  assert.deepEqual(ids(await search(d.vendor2, '0555 12 34 56'), 'booking'), [], 'never another vendor\'s booking');
  // Arabic: short vowels and alef forms aside.
  const service = await d.ok(d.vendor, 'POST', '/services/', {
    title_i18n: { en: 'Desert school', fr: 'École du désert', ar: 'مَدْرَسَة الصحراء' },
    category_id: c.category.id, location_id: c.location.id, duration_minutes: 60, capacity: 5, max_participants: 5,
  });
  for (const q of ['ecole desert', 'DESERT école', 'الصحراء مدرسه']) assert.ok(ids(await search(d.vendor, q), 'service').includes(service.id), q);
  assert.ok((await listed('services', 'desert ecole')).includes(service.id));
});

test('the SPA folds text exactly as the database does', async () => {
  const { FOLD_FROM, searchFold } = await import('../../common/searchText.ts');
  const samples = [...FOLD_FROM, 'ÉLODIE Çà-côté', 'Jean—Pierre O’Brien', 'أَحْمَد إبراهيم مدرسة', 'Œuvre Straße', '+213 (555) 12.34/56', '٠٥٥٥ ١٢', 'a_b%c\\d', '«Hôtel»: Djanet!'];
  const rows = await d.sql<{ f: string }>(`SELECT search_fold(s) AS f FROM unnest($1::text[]) WITH ORDINALITY AS x(s, i) ORDER BY i`, [samples]);
  assert.deepEqual(rows.map((r) => r.f), samples.map(searchFold));
});

test('a table that keeps its search text folded folds exactly its search fields, and keeps it current', async () => {
  for (const spec of COLLECTIONS.filter((s) => s.searchFolded)) {
    const [column] = await d.sql<{ expression: string }>(
      `SELECT generation_expression AS expression FROM information_schema.columns WHERE table_name = $1 AND column_name = 'search_text'`, [spec.table]);
    assert.ok(column, `${spec.table}.search_text`);
    const folded = [...column.expression.matchAll(/coalesce\(([a-z_]+)/gi)].map((m) => m[1]);
    assert.deepEqual(folded, spec.search, `${spec.table}.search_text folds the registry's search fields, in order`);
  }
  const customer = await d.ok(d.admin, 'POST', '/customers/', { name: 'Zoé Ouarda', phone: '0555 98 76 54' });
  const booking = await book(d, d.admin, { ...c, customer });
  const payment = await d.ok(d.admin, 'POST', '/payments/', { booking_id: booking.id, amount: 100, method: 'cash', payer_name: 'Zoé Ouarda' });
  const found = async (q: string) => (await d.ok(d.admin, 'GET', `/payments/?view=all&search=${encodeURIComponent(q)}`)).results.map((r: Json) => r.id);
  for (const q of [booking.ref.toLowerCase(), 'ouarda zoe', `ZOE ${booking.ref}`]) assert.deepEqual(await found(q), [payment.id], q);
  await d.ok(d.admin, 'PATCH', `/payments/${payment.id}/`, { payer_name: 'Nadia Hamdi', version: payment.version });
  assert.deepEqual(await found('ouarda'), [], 'the folded text follows an edit');
  assert.deepEqual(await found('hamdi nadia'), [payment.id]);
});
