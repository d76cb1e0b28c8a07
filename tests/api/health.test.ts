import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
});
after(() => t.close());

test('health reports the database kind and the version', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/branch/api/health' });
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json(), {
    status: 'ok',
    database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    version: '0.0.1',
  });
});

test('unknown API paths answer a JSON 404, not the SPA', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/branch/api/nothing-here/' });
  assert.equal(res.statusCode, 404);
  assert.equal(res.json().detail, 'Not found');
});

test('every response carries a Content-Security-Policy without inline script', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/branch/api/health' });
  const csp = String(res.headers['content-security-policy']);
  assert.match(csp, /script-src 'self'/);
  assert.doesNotMatch(csp, /script-src[^;]*unsafe-inline/);
});
