// The image proxy: the first request for a size of an uploaded 4000x3000 JPEG (read the
// sanitized original, resize to 640 px, encode WebP, store it) against a cached hit (the
// stored copy read and sent), and a revalidation (If-None-Match -> 304).
//
// A published service of the demo vendor gets min(runs, 10) photos (each upload is judged,
// turned upright and re-encoded: about a second of CPU for 12 megapixels, timed too); each
// photo's first 640.webp is a first resize. Then `runs` x 10 requests for sizes already
// made are cached hits. Requests go one at a time over HTTP to the server on localhost,
// from a client in this process; the server runs sharp with one thread per image.
import sharp from 'sharp';
import { SUMMARY_COLUMNS, summary } from './lib/stats.mjs';

/**
 * A 4000x3000 photo-like JPEG of a couple of MB: shapes under grain (one flat colour
 * would decode and resize unrealistically fast, and weigh a few KB).
 */
async function photo(seed) {
  const shapes = Array.from({ length: 40 }, (_, i) => {
    const x = (seed * 997 + i * 379) % 4000;
    const y = (seed * 613 + i * 211) % 3000;
    const r = 80 + ((seed + i * 53) % 400);
    const hue = (seed * 37 + i * 29) % 360;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${hue} 60% 50%)" fill-opacity="0.6"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${(seed * 47) % 360} 70% 60%)"/><stop offset="1" stop-color="#123"/></linearGradient></defs>
    <rect width="4000" height="3000" fill="url(#g)"/>${shapes}</svg>`;
  const grain = await sharp({ create: { width: 4000, height: 3000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 14 } } }).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: grain, blend: 'overlay' }]).jpeg({ quality: 85 }).toBuffer();
}

export default {
  name: 'image-proxy',
  title: 'Image proxy: first resize of a 4000x3000 JPEG to 640 px WebP, and cached hits',
  needs: ['server'],
  async run({ server, runs, log }) {
    const session = await server.login('vendor@rihla.test', 'vendor12345');
    const auth = { authorization: `Bearer ${session.access_token}` };
    const services = await (await fetch(`${server.baseURL}/branch/api/services/?status=published&page_size=1`, { headers: auth })).json();
    const service = services.results[0];

    const photos = Math.min(runs, 10);
    const uploads = [];
    const ids = [];
    let bytes = 0;
    for (let i = 0; i < photos; i++) {
      const jpeg = await photo(i + 1);
      bytes = jpeg.length;
      const form = new FormData();
      form.append('owner_type', 'service');
      form.append('owner_id', service.id);
      form.append('file', new Blob([jpeg], { type: 'image/jpeg' }), `photo-${i}.jpg`);
      const t0 = performance.now();
      const response = await fetch(`${server.baseURL}/branch/api/media/upload/`, { method: 'POST', headers: auth, body: form });
      uploads.push(performance.now() - t0);
      if (response.status !== 201) throw new Error(`upload: HTTP ${response.status} ${await response.text()}`);
      ids.push((await response.json()).results[0].id);
    }
    log(`  ${photos} photos uploaded`);

    const get = async (url, headers = {}) => {
      const t0 = performance.now();
      const response = await fetch(url, { headers });
      const body = await response.arrayBuffer();
      return { ms: performance.now() - t0, response, size: body.byteLength };
    };
    const first = [];
    let etag = '';
    let derivedBytes = 0;
    for (const id of ids) {
      const { ms, response, size } = await get(`${server.baseURL}/branch/api/media/${id}/640.webp`);
      if (response.headers.get('x-image-cache') !== 'miss') throw new Error('the first request was not a resize');
      first.push(ms);
      etag = response.headers.get('etag');
      derivedBytes = size;
    }
    const cached = [];
    const revalidated = [];
    for (let run = 0; run < runs * 10; run++) {
      const id = ids[run % ids.length];
      const hit = await get(`${server.baseURL}/branch/api/media/${id}/640.webp`);
      if (hit.response.headers.get('x-image-cache') !== 'hit') throw new Error('a cached size was resized again');
      cached.push(hit.ms);
    }
    for (let run = 0; run < runs * 10; run++) {
      const not = await get(`${server.baseURL}/branch/api/media/${ids[ids.length - 1]}/640.webp`, { 'if-none-match': etag });
      if (not.response.status !== 304) throw new Error(`revalidation: HTTP ${not.response.status}`);
      revalidated.push(not.ms);
    }
    return {
      notes: [
        `A 4000x3000 JPEG of ${(bytes / 1024 / 1024).toFixed(1)} MB, resized to 640 px WebP (${(derivedBytes / 1024).toFixed(1)} KB). Targets: first resize under 400 ms, cached p95 under 5 ms.`,
      ],
      columns: ['request', 'runs', ...SUMMARY_COLUMNS],
      rows: [
        ['upload (judge, turn upright, re-encode, store)', String(uploads.length), ...summary(uploads)],
        ['first request: resize to 640.webp and store', String(first.length), ...summary(first)],
        ['cached hit: 640.webp from storage', String(cached.length), ...summary(cached)],
        ['revalidation: If-None-Match -> 304', String(revalidated.length), ...summary(revalidated)],
      ],
    };
  },
};
