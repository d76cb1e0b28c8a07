import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { catalogFor, i18n, startDomain, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
const cat = (en: string, extra: Json = {}) => d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n(en), ...extra });
const orderOf = async (parent: string | null) =>
  (await d.ok(d.admin, 'GET', `/categories/?${parent ? `parent_id=${parent}` : 'parent_id__isnull=true'}&ordering=sort_order&page_size=100`)).results.map((r: Json) => r.id);

before(async () => {
  d = await startDomain();
});
after(() => d.close());

test('a reorder saves the order and the parents of a tree in one request, audited', async () => {
  const water = await cat('Water', { sort_order: 0 });
  const desert = await cat('Desert', { sort_order: 1 });
  const surf = await cat('Surf', { parent_id: water.id, sort_order: 0 });
  const dunes = await cat('Dunes', { parent_id: water.id, sort_order: 1 });
  const res = await d.ok(d.admin, 'POST', '/categories/reorder/', {
    items: [
      { id: desert.id, sort_order: 0, parent_id: null },
      { id: water.id, sort_order: 1, parent_id: null },
      { id: dunes.id, sort_order: 0, parent_id: desert.id },
      { id: surf.id, sort_order: 0, parent_id: water.id },
    ],
  }, 200);
  assert.equal(res.changed, 3, 'surf kept its place and is not rewritten');
  const top = await orderOf(null);
  assert.ok(top.indexOf(desert.id) < top.indexOf(water.id));
  assert.deepEqual(await orderOf(desert.id), [dunes.id]);
  assert.deepEqual(await orderOf(water.id), [surf.id]);
  const audit = await d.sql<Json>(`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'categories' AND action = 'reorder'`);
  assert.equal(audit[0].n, 3);
});

test('a reorder is refused whole: unknown or repeated ids, a third level, a cycle', async () => {
  const a = await cat('Air', { sort_order: 5 });
  const b = await cat('Paragliding', { parent_id: a.id });
  const c = await cat('Balloon');
  const refused = async (items: Json[], path: string) => {
    const res = await d.call(d.admin, 'POST', '/categories/reorder/', { items });
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.ok(res.body.errors[path], `${path} in ${JSON.stringify(res.body.errors)}`);
  };
  await refused([{ id: c.id, sort_order: 1 }, { id: '00000000-0000-4000-8000-000000000000', sort_order: 2 }], 'items.1.id');
  await refused([{ id: c.id, sort_order: 1 }, { id: c.id, sort_order: 2 }], 'items.1.id');
  await refused([{ id: c.id, sort_order: 0, parent_id: b.id }], 'items.0.parent_id');
  await refused([{ id: a.id, sort_order: 0, parent_id: c.id }], 'items.0.parent_id');
  // A cycle: each the other's parent.
  await refused([{ id: c.id, sort_order: 0, parent_id: a.id }, { id: a.id, sort_order: 0, parent_id: c.id }], 'items.1.parent_id');
  await refused([{ id: c.id, sort_order: 0, parent_id: c.id }], 'items.0.parent_id');
  const stored = await d.ok(d.admin, 'GET', `/categories/${a.id}/`);
  assert.equal(stored.sort_order, 5, 'nothing of a refused request is written');
  assert.equal(stored.parent_id, null);
  // The same rule holds for an ordinary change.
  const third = await d.call(d.admin, 'POST', '/categories/', { name_i18n: i18n('Tandem'), parent_id: b.id });
  assert.equal(third.status, 400);
  assert.ok(third.body.errors.parent_id);
  const under = await d.call(d.admin, 'PATCH', `/categories/${a.id}/`, { version: a.version, parent_id: c.id });
  assert.equal(under.status, 400);
});

test('flat lists reorder too; parents are not theirs; vendor staff may not reorder', async () => {
  const one = await d.ok(d.admin, 'POST', '/amenities/', { name_i18n: i18n('Showers'), sort_order: 0 });
  const two = await d.ok(d.admin, 'POST', '/amenities/', { name_i18n: i18n('Parking'), sort_order: 1 });
  await d.ok(d.admin, 'POST', '/amenities/reorder/', { items: [{ id: two.id, sort_order: 0 }, { id: one.id, sort_order: 1 }] }, 200);
  const list = await d.ok(d.admin, 'GET', '/amenities/?page_size=100');
  assert.deepEqual(list.results.map((r: Json) => r.id), [two.id, one.id], 'listed in their order by default');
  assert.equal((await d.call(d.admin, 'POST', '/amenities/reorder/', { items: [{ id: one.id, sort_order: 0, parent_id: null }] })).status, 400);
  assert.equal((await d.call(d.admin, 'POST', '/interests/reorder/', { items: [] })).status, 400);
  assert.equal((await d.call(d.vendor, 'POST', '/amenities/reorder/', { items: [{ id: one.id, sort_order: 3 }] })).status, 403);
  assert.equal((await d.call(d.vendor, 'POST', '/categories/reorder/', { items: [{ id: one.id, sort_order: 3 }] })).status, 403);
  assert.equal((await d.call(null, 'POST', '/interests/reorder/', { items: [{ id: one.id, sort_order: 3 }] })).status, 401);
});

test('a term in use is not deleted: 409 with how many services use it', async () => {
  const parent = await cat('Mountain');
  const sub = await cat('Climbing', { parent_id: parent.id });
  const amenity = await d.ok(d.admin, 'POST', '/amenities/', { name_i18n: i18n('Lockers') });
  const interest = await d.ok(d.admin, 'POST', '/interests/', { name_i18n: i18n('Stargazing') });
  const c = await catalogFor(d, d.vendor, parent);
  await d.ok(d.vendor, 'PATCH', `/services/${c.service.id}/`, { version: c.service.version, subcategory_id: sub.id, amenity_ids: [amenity.id], interest_ids: [interest.id] }, 200);

  const parentRes = await d.call(d.admin, 'DELETE', `/categories/${parent.id}/?version=${parent.version}`);
  assert.equal(parentRes.status, 409);
  assert.equal(parentRes.body.services, 2, 'both services of the catalogue are in it');
  assert.match(parentRes.body.detail, /Used by 2 services/);
  const subRes = await d.call(d.admin, 'DELETE', `/categories/${sub.id}/?version=${sub.version}`);
  assert.equal(subRes.status, 409);
  assert.match(subRes.body.detail, /Used by 1 service\b/);
  for (const [name, tag] of [['amenities', amenity], ['interests', interest]] as const) {
    const res = await d.call(d.admin, 'DELETE', `/${name}/${tag.id}/?version=${tag.version}`);
    assert.equal(res.status, 409, name);
    assert.equal(res.body.services, 1);
  }
  const unused = await d.ok(d.admin, 'POST', '/amenities/', { name_i18n: i18n('Hammocks') });
  await d.ok(d.admin, 'DELETE', `/amenities/${unused.id}/?version=${unused.version}`);
  // A category holding subcategories (and no service) says so.
  const empty = await cat('Snow');
  await cat('Ski', { parent_id: empty.id });
  const res = await d.call(d.admin, 'DELETE', `/categories/${empty.id}/?version=${empty.version}`);
  assert.equal(res.status, 409);
  assert.equal(res.body.subcategories, 1);
});
