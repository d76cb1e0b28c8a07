import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, test } from 'node:test';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let dist: string;

before(async () => {
  // A dist/ as a build before .build/ existed left it: the metafile beside the assets.
  dist = await mkdtemp(join(tmpdir(), 'rihla-dist-'));
  await mkdir(join(dist, 'assets'));
  await writeFile(join(dist, 'index.html'), '<!doctype html><title>Rihla</title>');
  // The build writes a pre-compressed copy beside each file.
  await writeFile(join(dist, 'index.html.gz'), gzipSync('<!doctype html><title>Rihla</title>'));
  await writeFile(join(dist, 'assets', 'main-abc123.js'), 'export {};');
  await writeFile(join(dist, 'metafile.json'), JSON.stringify({ inputs: { 'src/main.tsx': {} } }));
  await writeFile(join(dist, 'assets', 'metafile.json'), '{}');
  t = await startTestApp({ distDir: dist });
});
after(async () => {
  await t.close();
  await rm(dist, { recursive: true, force: true });
});

test('build metadata is never served', async () => {
  for (const url of ['/metafile.json', '/assets/metafile.json', '/fr/../metafile.json']) {
    const res = await t.app.inject({ method: 'GET', url });
    assert.equal(res.statusCode, 404, url);
    assert.ok(!res.body.includes('src/main.tsx'), url);
  }
  assert.equal((await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' })).statusCode, 200, 'assets still are');
});

test('hashed assets are cached for a year; the page itself is asked again each time', async () => {
  const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
  assert.equal(asset.headers['cache-control'], 'public, max-age=31536000, immutable');
  const page = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
  assert.equal(page.headers['cache-control'], 'no-cache');
});

test('the root serves the app whatever encodings the request accepts (a health check, curl)', async () => {
  for (const encoding of [undefined, 'identity', 'gzip']) {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: encoding ? { 'accept-encoding': encoding } : {} });
    assert.equal(res.statusCode, 200, String(encoding));
    assert.match(res.headers['content-type'] as string, /^text\/html/);
    if (!encoding || encoding === 'identity') assert.match(res.body, /<title>Rihla<\/title>/);
  }
  assert.equal((await t.app.inject({ method: 'HEAD', url: '/' })).statusCode, 200);
});
