/**
 * Locations: coordinates inside Algeria (both or neither), the number of services each
 * has (shown and sorted by the list), no deleting one in use, vendor scoping, and the
 * map's tile server (a setting the Content-Security-Policy follows).
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { ALGERIA_BOUNDS } from '../../common/geo.ts';
import { i18n, startDomain, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let category: Json;
before(async () => {
  d = await startDomain();
  category = await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n('Desert') });
});
after(() => d.close());

const place = (extra: Json = {}) => ({ name_i18n: i18n('Dunes camp'), wilaya_code: '47', ...extra });
const service = (locationId: string | null) => ({
  title_i18n: i18n('Camel ride'), category_id: category.id, location_id: locationId, duration_minutes: 60, capacity: 10, max_participants: 10,
});

describe('coordinates', () => {
  test('inside Algeria are kept; outside on any side are a 400 at the field that is out', async () => {
    const ok = await d.ok(d.vendor, 'POST', '/locations/', place({ latitude: 32.49, longitude: 3.67 }));
    assert.equal(ok.latitude, 32.49);
    const { minLat, maxLat, minLng, maxLng } = ALGERIA_BOUNDS;
    for (const [latitude, longitude, field] of [
      [maxLat + 0.1, 3, 'latitude'], [minLat - 0.1, 3, 'latitude'], [30, minLng - 0.1, 'longitude'], [30, maxLng + 0.1, 'longitude'],
    ] as const) {
      const res = await d.call(d.vendor, 'POST', '/locations/', place({ latitude, longitude }));
      assert.equal(res.status, 400, `${latitude}, ${longitude}`);
      assert.deepEqual(Object.keys(res.body.errors), [field]);
      assert.match(res.body.errors[field][0], /within Algeria/);
    }
    // Paris, by a change: the merged record is checked too.
    const res = await d.call(d.vendor, 'PATCH', `/locations/${ok.id}/`, { version: ok.version, latitude: 48.85, longitude: 2.35 });
    assert.equal(res.status, 400);
    assert.deepEqual(Object.keys(res.body.errors), ['latitude']);
  });

  test('come both or not at all', async () => {
    const lone = await d.call(d.vendor, 'POST', '/locations/', place({ latitude: 36.7 }));
    assert.equal(lone.status, 400);
    assert.deepEqual(Object.keys(lone.body.errors), ['longitude']);
    const none = await d.ok(d.vendor, 'POST', '/locations/', place());
    assert.equal(none.latitude, null);
    const half = await d.call(d.vendor, 'PATCH', `/locations/${none.id}/`, { version: none.version, longitude: 3 });
    assert.deepEqual(Object.keys(half.body.errors), ['latitude']);
    const both = await d.ok(d.vendor, 'PATCH', `/locations/${none.id}/`, { version: none.version, latitude: 36.75, longitude: 3.05 });
    const cleared = await d.ok(d.vendor, 'PATCH', `/locations/${both.id}/`, { version: both.version, latitude: null, longitude: null });
    assert.equal(cleared.longitude, null);
  });
});

describe('services at a location', () => {
  test('are counted as services are added, moved and deleted, and the list sorts by the count', async () => {
    const busy = await d.ok(d.vendor, 'POST', '/locations/', place({ name_i18n: i18n('Busy') }));
    const quiet = await d.ok(d.vendor, 'POST', '/locations/', place({ name_i18n: i18n('Quiet') }));
    const a = await d.ok(d.vendor, 'POST', '/services/', service(busy.id));
    await d.ok(d.vendor, 'POST', '/services/', service(busy.id));
    const c = await d.ok(d.vendor, 'POST', '/services/', service(quiet.id));
    const count = async (id: string) => (await d.ok(d.vendor, 'GET', `/locations/${id}/`)).services_count;
    assert.equal(await count(busy.id), 2);
    assert.equal(await count(quiet.id), 1);
    await d.ok(d.vendor, 'PATCH', `/services/${a.id}/`, { version: a.version, location_id: quiet.id });
    assert.equal(await count(busy.id), 1);
    assert.equal(await count(quiet.id), 2);
    await d.ok(d.vendor, 'DELETE', `/services/${c.id}/?version=${c.version}`);
    assert.equal(await count(quiet.id), 1);

    const list = await d.ok(d.vendor, 'GET', '/locations/?ordering=-services_count&fields=name_i18n,services_count&page_size=100');
    const counts = list.results.map((r: Json) => r.services_count);
    assert.deepEqual(counts, [...counts].sort((x, y) => y - x));
    assert.deepEqual(Object.keys(list.results[0]).sort(), ['id', 'name_i18n', 'services_count', 'version']);
  });

  test('is read, never written, by clients', async () => {
    const res = await d.call(d.vendor, 'POST', '/locations/', place({ services_count: 5 }));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.errors.services_count, ['Unknown field.']);
  });

  test('keep their location: deleting it is a 409 that says how many use it', async () => {
    const used = await d.ok(d.vendor, 'POST', '/locations/', place({ name_i18n: i18n('Used') }));
    const s1 = await d.ok(d.vendor, 'POST', '/services/', service(used.id));
    const s2 = await d.ok(d.vendor, 'POST', '/services/', service(used.id));
    const res = await d.call(d.vendor, 'DELETE', `/locations/${used.id}/?version=${used.version}`);
    assert.equal(res.status, 409);
    assert.match(res.body.detail, /used by 2 services/);
    assert.equal(res.body.services_count, 2);
    assert.equal((await d.ok(d.vendor, 'GET', `/services/${s1.id}/`)).location_id, used.id, 'nothing was changed');
    await d.ok(d.vendor, 'PATCH', `/services/${s1.id}/`, { version: s1.version, location_id: null });
    await d.ok(d.vendor, 'PATCH', `/services/${s2.id}/`, { version: s2.version, location_id: null });
    await d.ok(d.vendor, 'DELETE', `/locations/${used.id}/?version=${used.version}`);
  });
});

describe('vendor staff', () => {
  test("see and change only their own locations, and use only their own branches", async () => {
    const mine = await d.ok(d.vendor, 'POST', '/locations/', place({ name_i18n: i18n('Mine') }));
    const theirs = await d.ok(d.vendor2, 'POST', '/locations/', place({ name_i18n: i18n('Theirs') }));
    const list = await d.ok(d.vendor, 'GET', '/locations/?page_size=100');
    assert.ok(list.results.every((r: Json) => r.vendor_id === d.vendorId));
    assert.ok(list.results.some((r: Json) => r.id === mine.id));
    assert.equal((await d.call(d.vendor, 'GET', `/locations/${theirs.id}/`)).status, 404);
    assert.equal((await d.call(d.vendor, 'PATCH', `/locations/${theirs.id}/`, { version: 1, active: false })).status, 404);
    assert.equal((await d.call(d.vendor, 'DELETE', `/locations/${theirs.id}/?version=1`)).status, 404);
    assert.equal((await d.call(d.vendor, 'POST', '/locations/', place({ vendor_id: d.vendor2Id }))).status, 403);

    const foreignBranch = await d.ok(d.vendor2, 'POST', '/branches/', { name: 'Tizi office', wilaya_code: '15' });
    const res = await d.call(d.vendor, 'PATCH', `/locations/${mine.id}/`, { version: mine.version, branch_id: foreignBranch.id });
    assert.equal(res.status, 400);
    assert.ok(res.body.errors.branch_id);
    // Staff name the vendor, and that vendor's branches only.
    const staffMade = await d.call(d.admin, 'POST', '/locations/', place({ vendor_id: d.vendorId, branch_id: foreignBranch.id }));
    assert.equal(staffMade.status, 400);
    assert.match(staffMade.body.errors.branch_id[0], /another vendor/);
    assert.equal((await d.call(d.admin, 'POST', '/locations/', place())).status, 400, 'staff must name the vendor');
  });
});

describe('map tiles', () => {
  const csp = async () => {
    const res = await d.t.app.inject({ method: 'GET', url: '/branch/api/health' });
    const header = String(res.headers['content-security-policy']);
    return header.split(';').find((part) => part.trim().startsWith('img-src'))!.trim();
  };

  test("come from OpenStreetMap by default, readable by vendor staff, and the policy allows that origin", async () => {
    const map = await d.ok(d.vendor, 'GET', '/settings/map/');
    assert.equal(map.value.tile_url, 'https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    assert.equal(map.value.attribution, '© OpenStreetMap contributors');
    assert.equal(await csp(), "img-src 'self' data: blob: https://tile.openstreetmap.org");
  });

  test('are an https template with {z}, {x} and {y} on a plain host; the policy follows a change', async () => {
    const map = await d.ok(d.admin, 'GET', '/settings/map/');
    for (const tile_url of [
      'http://tile.openstreetmap.org/{z}/{x}/{y}.png',
      'https://tiles.example.org/{z}/{x}.png',
      'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      "https://tiles.example.org; script-src 'unsafe-inline'/{z}/{x}/{y}",
    ]) {
      const res = await d.call(d.admin, 'PATCH', '/settings/map/', { version: map.version, tile_url });
      assert.equal(res.status, 400, tile_url);
      assert.match(res.body.errors.tile_url[0], /https address on a plain host with \{z\}, \{x\} and \{y\}/, tile_url);
    }
    assert.equal((await d.call(d.vendor, 'PATCH', '/settings/map/', { version: map.version, tile_url: 'https://tiles.example.org/{z}/{x}/{y}.png' })).status, 403);
    await d.ok(d.admin, 'PATCH', '/settings/map/', { version: map.version, tile_url: 'https://tiles.example.org:8443/osm/{z}/{x}/{y}.png?key=k1' });
    assert.equal(await csp(), "img-src 'self' data: blob: https://tiles.example.org:8443");
  });
});
