/**
 * Services: publishing names every missing piece at its field in one answer; the list
 * carries "price from" (the lowest active price rule) and the wilaya (of the location),
 * kept by the database and filtered, ordered and exported in one query; participants
 * stay within min ≤ max ≤ capacity; a subcategory belongs to the category; and a vendor
 * sees and changes only its own.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { addCover, i18n, startDomain, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let category: Json;
let oran: Json;
before(async () => {
  d = await startDomain();
  category = await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n('Sea') });
  oran = await d.ok(d.vendor, 'POST', '/locations/', { name_i18n: i18n('Port'), wilaya_code: '31' });
});
after(() => d.close());

const draft = (extra: Json = {}) =>
  d.ok(d.vendor, 'POST', '/services/', { title_i18n: i18n('Kayak'), category_id: category.id, duration_minutes: 90, capacity: 12, ...extra });
const publish = (s: Json) => d.call(d.vendor, 'POST', `/services/${s.id}/transition/`, { event: 'publish', version: s.version });

describe('publishing', () => {
  test('a bare draft is refused once, naming the price rules, the location and the cover at their fields', async () => {
    const s = await draft();
    const res = await publish(s);
    assert.equal(res.status, 409);
    assert.deepEqual(Object.keys(res.body.errors).sort(), ['cover', 'location_id', 'price_rules']);
    for (const words of [/price rule/, /where/, /cover/]) assert.match(res.body.detail, words);
    assert.equal((await d.ok(d.vendor, 'GET', `/services/${s.id}/`)).status, 'draft');
  });

  test('each piece added leaves only the others missing; all three publish it', async () => {
    const s = await draft();
    await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: s.id, customer_type: 'adult', amount: 300000 });
    assert.deepEqual(Object.keys((await publish(s)).body.errors).sort(), ['cover', 'location_id']);
    const placed = await d.ok(d.vendor, 'PATCH', `/services/${s.id}/`, { version: s.version, location_id: oran.id });
    assert.deepEqual(Object.keys((await publish(placed)).body.errors), ['cover']);
    await addCover(d, placed);
    const res = await publish(placed);
    assert.equal(res.status, 200);
    assert.equal(res.body.status, 'published');
  });

  test('an inactive price rule does not count', async () => {
    const s = await draft({ location_id: oran.id });
    await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: s.id, customer_type: 'adult', amount: 300000, active: false });
    await addCover(d, s);
    assert.deepEqual(Object.keys((await publish(s)).body.errors), ['price_rules']);
  });
});

describe('the list', () => {
  test('price from follows the active price rules as they are added, changed, deactivated and deleted', async () => {
    const s = await draft();
    const priceFrom = async () => (await d.ok(d.vendor, 'GET', `/services/${s.id}/`)).price_from;
    assert.equal(await priceFrom(), null);
    const adult = await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: s.id, customer_type: 'adult', amount: 400000 });
    const child = await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: s.id, customer_type: 'child', amount: 150000 });
    assert.equal(await priceFrom(), 150000);
    const cheaper = await d.ok(d.vendor, 'PATCH', `/price-rules/${adult.id}/`, { version: adult.version, amount: 100000 });
    assert.equal(await priceFrom(), 100000);
    await d.ok(d.vendor, 'PATCH', `/price-rules/${cheaper.id}/`, { version: cheaper.version, active: false });
    assert.equal(await priceFrom(), 150000);
    await d.ok(d.vendor, 'DELETE', `/price-rules/${child.id}/?version=${child.version}`, undefined, 204);
    assert.equal(await priceFrom(), null);
  });

  test('one request carries price from, the wilaya and the names; it filters by wilaya and orders by price', async () => {
    const cheap = await draft({ title_i18n: i18n('Cheap'), location_id: oran.id });
    const dear = await draft({ title_i18n: i18n('Dear'), location_id: oran.id });
    const elsewhere = await d.ok(d.vendor, 'POST', '/locations/', { name_i18n: i18n('Cliff'), wilaya_code: '06' });
    const far = await draft({ title_i18n: i18n('Far'), location_id: elsewhere.id });
    for (const [s, amount] of [[cheap, 100], [dear, 900], [far, 500]] as const) {
      await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: s.id, customer_type: 'adult', amount });
    }
    const page = await d.ok(
      d.vendor, 'GET',
      `/services/?wilaya_code=31&ordering=-price_from&fields=title_i18n,price_from,wilaya_code,category_id,location_id&expand=category_id,location_id`,
    );
    const mine = page.results.filter((r: Json) => [cheap.id, dear.id].includes(r.id));
    assert.deepEqual(mine.map((r: Json) => r.price_from), [900, 100]);
    assert.ok(page.results.every((r: Json) => r.wilaya_code === '31'), 'only Oran');
    assert.equal(mine[0]._expanded.category_id.name_i18n.en, 'Sea');
    assert.equal(mine[0]._expanded.location_id.name_i18n.en, 'Port');
    assert.deepEqual((await d.ok(d.vendor, 'GET', `/services/?price_from__gte=500&price_from__lte=500&wilaya_code=06`)).results.map((r: Json) => r.id), [far.id]);

    // The wilaya follows the location: the service moved, then the location moved.
    const moved = await d.ok(d.vendor, 'PATCH', `/services/${cheap.id}/`, { version: cheap.version, location_id: elsewhere.id });
    assert.equal(moved.wilaya_code, '06');
    await d.ok(d.vendor, 'PATCH', `/locations/${elsewhere.id}/`, { version: elsewhere.version, wilaya_code: '16' });
    assert.equal((await d.ok(d.vendor, 'GET', `/services/${cheap.id}/`)).wilaya_code, '16');
  });

  test('price from and the wilaya are the database’s: a client cannot write them', async () => {
    const s = await draft();
    const res = await d.call(d.vendor, 'PATCH', `/services/${s.id}/`, { version: s.version, price_from: 1, wilaya_code: '16' });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body.errors).sort(), ['price_from', 'wilaya_code']);
  });

  test('the CSV export names the status and the price in the asked language', async () => {
    const s = await draft({ title_i18n: i18n('Exported') });
    await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: s.id, customer_type: 'adult', amount: 250000 });
    const res = await d.t.app.inject({
      method: 'GET',
      url: `/branch/api/services/export.csv?lang=fr&columns=title_i18n,price_from,status&search=Exported`,
      headers: { authorization: `Bearer ${d.vendor.token}` },
    });
    assert.equal(res.statusCode, 200);
    const [header, row] = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    assert.match(header, /À partir de/);
    // Money in major units: 250000 centimes is 2500.00 DZD.
    assert.match(row, /Exported \(fr\)\W+2500\.00\W+Brouillon/);
  });
});

describe('participants', () => {
  test('minimum ≤ maximum ≤ capacity, on create and on a change (checked against the merged record)', async () => {
    for (const [body, field] of [
      [{ min_participants: 5, max_participants: 3 }, 'max_participants'],
      [{ max_participants: 13 }, 'max_participants'],
      [{ min_participants: 13 }, 'min_participants'],
    ] as const) {
      const res = await d.call(d.vendor, 'POST', '/services/', { title_i18n: i18n('Dive'), category_id: category.id, duration_minutes: 60, capacity: 12, ...body });
      assert.equal(res.status, 400, JSON.stringify(body));
      assert.deepEqual(Object.keys(res.body.errors), [field]);
    }
    const s = await draft({ min_participants: 2, max_participants: 12 });
    const shrunk = await d.call(d.vendor, 'PATCH', `/services/${s.id}/`, { version: s.version, capacity: 10 });
    assert.equal(shrunk.status, 400);
    assert.deepEqual(Object.keys(shrunk.body.errors), ['max_participants']);
    const ok = await d.ok(d.vendor, 'PATCH', `/services/${s.id}/`, { version: s.version, capacity: 10, max_participants: 10 });
    assert.equal(ok.max_participants, 10);
  });
});

describe('subcategory', () => {
  test('is one of the chosen category’s children, on create and when either changes', async () => {
    const kayak = await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n('Kayak'), parent_id: category.id });
    const land = await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n('Land') });
    const hiking = await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n('Hiking'), parent_id: land.id });
    const wrong = await d.call(d.vendor, 'POST', '/services/', {
      title_i18n: i18n('Paddle'), category_id: category.id, subcategory_id: hiking.id, duration_minutes: 60, capacity: 4,
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(Object.keys(wrong.body.errors), ['subcategory_id']);
    const s = await draft({ subcategory_id: kayak.id });
    const moved = await d.call(d.vendor, 'PATCH', `/services/${s.id}/`, { version: s.version, category_id: land.id });
    assert.deepEqual(Object.keys(moved.body.errors), ['subcategory_id'], 'the old subcategory would stay under another category');
    const both = await d.ok(d.vendor, 'PATCH', `/services/${s.id}/`, { version: s.version, category_id: land.id, subcategory_id: hiking.id });
    assert.equal(both.subcategory_id, hiking.id);
    const cleared = await d.ok(d.vendor, 'PATCH', `/services/${s.id}/`, { version: both.version, category_id: category.id, subcategory_id: null });
    assert.equal(cleared.subcategory_id, null);
  });

  test('is never the category itself: a service sits under a top-level category', async () => {
    const rafting = await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n('Rafting'), parent_id: category.id });
    const wrong = await d.call(d.vendor, 'POST', '/services/', { title_i18n: i18n('Rapids'), category_id: rafting.id, duration_minutes: 60, capacity: 4 });
    assert.equal(wrong.status, 400);
    assert.deepEqual(Object.keys(wrong.body.errors), ['category_id']);
    const s = await draft({});
    const moved = await d.call(d.vendor, 'PATCH', `/services/${s.id}/`, { version: s.version, category_id: rafting.id });
    assert.deepEqual(Object.keys(moved.body.errors), ['category_id']);
  });
});

describe('vendor scoping', () => {
  test('another vendor neither lists, reads, changes nor publishes a service; staff see it with its vendor named', async () => {
    const s = await draft({ title_i18n: i18n('Private cove') });
    const theirs = await d.ok(d.vendor2, 'GET', '/services/?search=Private%20cove');
    assert.equal(theirs.count, 0);
    assert.equal((await d.call(d.vendor2, 'GET', `/services/${s.id}/`)).status, 404);
    assert.equal((await d.call(d.vendor2, 'PATCH', `/services/${s.id}/`, { version: s.version, capacity: 3 })).status, 404);
    assert.equal((await d.call(d.vendor2, 'POST', `/services/${s.id}/transition/`, { event: 'publish', version: s.version })).status, 404);
    // Nor can a vendor put its service at another vendor's location.
    const foreign = await d.ok(d.vendor2, 'POST', '/locations/', { name_i18n: i18n('Theirs'), wilaya_code: '15' });
    const res = await d.call(d.vendor, 'PATCH', `/services/${s.id}/`, { version: s.version, location_id: foreign.id });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body.errors), ['location_id']);
    const staff = await d.ok(d.admin, 'GET', `/services/?search=Private%20cove&expand=vendor_id`);
    assert.equal(staff.results[0]._expanded.vendor_id.id, d.vendorId);
  });
});
