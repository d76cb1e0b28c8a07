/**
 * The media pipeline: uploads judged from their bytes (not their name or declared type),
 * the size limit, EXIF removed, the image proxy (only the breakpoints, format by extension
 * or Accept, ETag and 304, a year's immutable caching, resized once then read from
 * storage), order and cover, deleting files, and vendor scoping.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES } from '../../common/media.ts';
import { derivedKey, originalKey } from '../../server/media/storage.ts';
import { i18n, startDomain, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let service: Json;
let png: Buffer;
before(async () => {
  d = await startDomain();
  const category = await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n('Desert') });
  service = await d.ok(d.vendor, 'POST', '/services/', {
    title_i18n: i18n('Camel ride'), category_id: category.id, duration_minutes: 60, capacity: 10, max_participants: 10,
  });
  png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c8642d' } }).png().toBuffer();
});
after(() => d.close());

interface FilePart {
  name: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body as a browser sends it: fields first, then files. */
function multipart(fields: Record<string, string>, files: FilePart[]) {
  const boundary = `----rihla${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`), file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(who: Who, files: FilePart[], fields: Record<string, string> = {}) {
  const body = multipart({ owner_type: 'service', owner_id: String(service.id), ...fields }, files);
  const res = await d.t.app.inject({
    method: 'POST', url: '/branch/api/media/upload/', payload: body.payload,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': body.contentType },
  });
  return { status: res.statusCode, body: res.json() };
}

const image = (i: number, headers: Record<string, string> = {}, id = '') =>
  d.t.app.inject({ method: 'GET', url: `/branch/api/media/${id}/${i}`, headers });

describe('upload', () => {
  test('a real PNG is kept with its size, alt texts, owner and vendor; the first image of a record is its cover', async () => {
    const alt = { en: 'Camels at dusk', fr: 'Dromadaires au crépuscule', ar: 'جمال عند الغروب' };
    const res = await upload(d.vendor, [{ name: 'dunes.png', type: 'image/png', data: png }], { alt_i18n: JSON.stringify(alt) });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const [m] = res.body.results;
    assert.deepEqual([m.width, m.height, m.mime_type, m.stored, m.is_cover, m.sort_order], [800, 600, 'image/png', true, true, 0]);
    assert.deepEqual(m.alt_i18n, alt);
    assert.equal(m.vendor_id, d.vendorId);
    const second = await upload(d.admin, [{ name: 'b.png', type: 'image/png', data: png }]);
    assert.equal(second.status, 201);
    // Staff upload to a vendor's record: the image is the vendor's.
    assert.deepEqual([second.body.results[0].vendor_id, second.body.results[0].is_cover, second.body.results[0].sort_order], [d.vendorId, false, 1]);
  });

  test('a file that lies about its type is refused from its bytes, whatever its name and declared type', async () => {
    const php = Buffer.from('<?php system($_GET["c"]); ?>\n');
    const res = await upload(d.vendor, [{ name: 'photo.jpg', type: 'image/jpeg', data: php }]);
    assert.equal(res.status, 400);
    assert.match(res.body.errors.file[0], /not a JPEG, PNG, WebP or AVIF/);
    // A real image in another format (GIF) is refused too.
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } }).gif().toBuffer();
    assert.equal((await upload(d.vendor, [{ name: 'a.png', type: 'image/png', data: gif }])).status, 400);
  });

  test('a file over the size limit is a 413; no owner or an unknown field is a 400 at the field', async () => {
    const big = Buffer.alloc(IMAGE_MAX_BYTES + 1, 1);
    const res = await upload(d.vendor, [{ name: 'big.jpg', type: 'image/jpeg', data: big }]);
    assert.equal(res.status, 413);
    const missing = await upload(d.vendor, [{ name: 'a.png', type: 'image/png', data: png }], { owner_type: 'planet', owner_id: '' });
    assert.equal(missing.status, 400);
    assert.deepEqual(Object.keys(missing.body.errors).sort(), ['owner_id', 'owner_type']);
  });

  test('EXIF (GPS included) is stripped from the original and every size; the orientation is applied first', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#336699' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'Spy' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 45/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    assert.ok(sent.exif && sent.orientation === 6 && jpeg.includes(Buffer.from('Spy')), 'the test image carries EXIF');
    const res = await upload(d.vendor, [{ name: 'gps.jpg', type: 'image/jpeg', data: jpeg }]);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    const m = res.body.results[0];
    // Orientation 6 is a quarter turn: stored upright, 200 x 400.
    assert.deepEqual([m.width, m.height], [200, 400]);
    const original = await d.t.app.mediaStorage.get(originalKey(m.id));
    const meta = await sharp(original!).metadata();
    assert.equal(meta.exif, undefined);
    assert.equal(original!.includes(Buffer.from('Spy')), false);
    const derived = await image(320, {}, `${m.id}`).then(() => image(320, {}, `${m.id}`));
    assert.equal(derived.statusCode, 200);
    assert.equal((await sharp(derived.rawPayload).metadata()).exif, undefined);
  });
});

describe('image proxy', () => {
  let id: string;
  before(async () => {
    id = (await upload(d.vendor, [{ name: 'p.png', type: 'image/png', data: png }])).body.results[0].id;
  });

  test('serves the breakpoints only, resized and never enlarged', async () => {
    const res = await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${id}/640.webp` });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'image/webp');
    assert.deepEqual(await sharp(res.rawPayload).metadata().then((m) => [m.format, m.width, m.height]), ['webp', 640, 480]);
    const big = await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${id}/1536.webp` });
    assert.equal((await sharp(big.rawPayload).metadata()).width, 800);
    for (const bad of ['500.webp', '641.webp', '640.png', '640.jpg', '99999', 'x']) {
      const r = await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${id}/${bad}` });
      assert.equal(r.statusCode, 404, bad);
    }
    assert.equal((await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${crypto.randomUUID()}/640.webp` })).statusCode, 404);
  });

  test('the format follows the extension, else the Accept header (with Vary: Accept)', async () => {
    const avif = await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${id}/320`, headers: { accept: 'image/avif,image/webp,*/*' } });
    assert.equal(avif.headers['content-type'], 'image/avif');
    assert.equal(avif.headers.vary, 'Accept');
    assert.equal((await sharp(avif.rawPayload).metadata()).compression, 'av1');
    const webp = await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${id}/320`, headers: { accept: 'image/webp,*/*' } });
    assert.equal(webp.headers['content-type'], 'image/webp');
    const explicit = await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${id}/320.avif`, headers: { accept: 'image/webp' } });
    assert.equal(explicit.headers['content-type'], 'image/avif');
  });

  test('a year of immutable caching, an ETag and 304; the second request reads the stored copy', async () => {
    const url = `/branch/api/media/${id}/768.webp`;
    const first = await d.t.app.inject({ method: 'GET', url });
    assert.equal(first.headers['x-image-cache'], 'miss');
    assert.equal(first.headers['cache-control'], 'public, max-age=31536000, immutable');
    const etag = String(first.headers.etag);
    assert.match(etag, /^".+"$/);
    const stored = await d.t.app.mediaStorage.info(derivedKey(id, 768, 'webp'));
    assert.ok(stored);
    const second = await d.t.app.inject({ method: 'GET', url });
    assert.equal(second.headers['x-image-cache'], 'hit');
    assert.deepEqual(second.rawPayload, first.rawPayload);
    assert.deepEqual(await d.t.app.mediaStorage.info(derivedKey(id, 768, 'webp')), stored, 'not written again');
    const revalidated = await d.t.app.inject({ method: 'GET', url, headers: { 'if-none-match': etag } });
    assert.equal(revalidated.statusCode, 304);
    assert.equal(revalidated.rawPayload.length, 0);
    assert.equal(revalidated.headers.etag, etag);
    assert.equal((await d.t.app.inject({ method: 'GET', url, headers: { 'if-none-match': '"other"' } })).statusCode, 200);
  });
});

describe('order, cover, delete', () => {
  test('reorder in one request, one cover per record, and deleting removes the files', async () => {
    const owner = await d.ok(d.vendor, 'POST', '/services/', {
      title_i18n: i18n('Quad'), category_id: service.category_id, duration_minutes: 60, capacity: 4, max_participants: 4,
    });
    const body = multipart({ owner_type: 'service', owner_id: owner.id }, [1, 2, 3].map((n) => ({ name: `${n}.png`, type: 'image/png', data: png })));
    const res = await d.t.app.inject({ method: 'POST', url: '/branch/api/media/upload/', payload: body.payload, headers: { authorization: `Bearer ${d.vendor.token}`, 'content-type': body.contentType } });
    assert.equal(res.statusCode, 201);
    const [a, b, c] = res.json().results as Json[];
    const ids = [c.id, a.id, b.id];
    await d.ok(d.vendor, 'POST', '/media/reorder/', { owner_type: 'service', owner_id: owner.id, ids }, 200);
    const list = await d.ok(d.vendor, 'GET', `/media/?owner_type=service&owner_id=${owner.id}&ordering=sort_order`);
    assert.deepEqual(list.results.map((m: Json) => m.id), ids);
    // An image of another record in the list is refused at its place.
    const wrong = await d.call(d.vendor, 'POST', '/media/reorder/', { owner_type: 'service', owner_id: owner.id, ids: [a.id, String(service.id)] });
    assert.equal(wrong.status, 400);
    assert.deepEqual(Object.keys(wrong.body.errors), ['ids.1']);

    const bNow = list.results.find((m: Json) => m.id === b.id);
    await d.ok(d.vendor, 'PATCH', `/media/${b.id}/`, { version: bNow.version, is_cover: true });
    const covers = await d.sql('SELECT id FROM media WHERE owner_id = $1 AND is_cover', [owner.id]);
    assert.deepEqual(covers.map((r) => r.id), [b.id]);

    await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${b.id}/320.webp` });
    const current = await d.ok(d.vendor, 'GET', `/media/${b.id}/`);
    await d.ok(d.vendor, 'DELETE', `/media/${b.id}/?version=${current.version}`);
    assert.equal(await d.t.app.mediaStorage.info(originalKey(b.id)), undefined);
    assert.equal(await d.t.app.mediaStorage.info(derivedKey(b.id, 320, 'webp')), undefined);
    assert.equal((await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${b.id}/320.webp` })).statusCode, 404);
  });
});

describe('scoping', () => {
  test("another vendor cannot see, reorder, change or delete a vendor's media, nor attach images to their records", async () => {
    const m = (await upload(d.vendor, [{ name: 'v.png', type: 'image/png', data: png }])).body.results[0];
    assert.equal((await d.call(d.vendor2, 'GET', `/media/${m.id}/`)).status, 404);
    const list = await d.ok(d.vendor2, 'GET', '/media/?page_size=100');
    assert.equal(list.results.some((r: Json) => r.vendor_id === d.vendorId), false);
    assert.equal((await d.call(d.vendor2, 'PATCH', `/media/${m.id}/`, { version: m.version, is_cover: true })).status, 404);
    assert.equal((await d.call(d.vendor2, 'DELETE', `/media/${m.id}/?version=${m.version}`)).status, 404);
    assert.equal((await d.call(d.vendor2, 'POST', '/media/reorder/', { owner_type: 'service', owner_id: service.id, ids: [m.id] })).status, 404);
    const attach = await upload(d.vendor2, [{ name: 'x.png', type: 'image/png', data: png }]);
    assert.equal(attach.status, 400);
    assert.match(attach.body.errors.owner_id[0], /not found/);
    // Nor through the plain collection.
    const plain = await d.call(d.vendor2, 'POST', '/media/', { url: 'https://example.com/a.jpg', owner_type: 'service', owner_id: service.id });
    assert.equal(plain.status, 400);
    assert.equal((await d.call(null, 'POST', '/media/upload/', {})).status, 401);
  });
});

test('the OpenAPI document describes the upload, the order and the image proxy', async () => {
  const doc = await d.ok(d.vendor, 'GET', '/openapi.json');
  assert.ok(doc.paths['/branch/api/media/upload/'].post.requestBody.content['multipart/form-data']);
  assert.deepEqual(doc.paths['/branch/api/media/reorder/'].post.requestBody.content['application/json'].schema.required, ['owner_type', 'owner_id', 'ids']);
  assert.deepEqual(doc.paths['/branch/api/media/{id}/{width}'].get.security, []);
});
