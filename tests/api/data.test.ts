/**
 * A medium's owner expanded by its type (`expand=owner_id` on media): each image names the
 * service or location it belongs to, scoped like the owner's own collection.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
  for (const [type, owner] of [['service', sahara.service], ['location', sahara.location]] as const) {
    await d.sql(`INSERT INTO media (vendor_id, url, owner_type, owner_id, is_cover) VALUES ($1, 'https://cdn.example.test/x.jpg', $2, $3, false)`, [owner.vendor_id, type, owner.id]);
  }
});
after(() => d.close());

test("a media list names each image's owner from the owner's own collection, even when fields leave out the owner's type", async () => {
  const page = await d.ok(d.vendor, 'GET', '/media/?expand=owner_id&fields=id,owner_id&page_size=50');
  const byOwner = new Map((page.results as Json[]).map((m) => [m.owner_id, m._expanded.owner_id]));
  assert.deepEqual(byOwner.get(sahara.service.id), { id: sahara.service.id, title_i18n: sahara.service.title_i18n });
  assert.deepEqual(byOwner.get(sahara.location.id), { id: sahara.location.id, name_i18n: sahara.location.name_i18n });
});

test("staff see every owner named; an owner the caller may not see expands to null", async () => {
  const staff = await d.ok(d.admin, 'GET', `/media/?expand=owner_id&owner_id=${sahara.service.id}`);
  assert.equal(staff.results[0]._expanded.owner_id.id, sahara.service.id);
  // The medium made visible to the other vendor: its owner stays hidden from them.
  await d.sql(`UPDATE media SET vendor_id = $1 WHERE owner_id = $2`, [d.vendor2Id, sahara.service.id]);
  const foreign = await d.ok(d.vendor2, 'GET', `/media/?expand=owner_id&owner_id=${sahara.service.id}`);
  assert.ok(foreign.results.length > 0);
  for (const m of foreign.results as Json[]) assert.equal(m._expanded.owner_id, null);
});
