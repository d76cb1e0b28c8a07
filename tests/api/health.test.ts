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

test('every route\'s request schemas compile (they compile on first use, so this is where a bad one shows)', async () => {
  await t.app.ready();
  assert.ok(t.app.compileValidators() > 300);
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

test('field errors on keys named like Object.prototype members keep the usual shape', async () => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/branch/api/vendors/login',
    payload: { email: 'a@b.test', password: 'long-enough', constructor: 1, toString: 2 },
  });
  assert.equal(res.statusCode, 400);
  const body = res.json();
  assert.deepEqual(body.errors.constructor, ['Unknown field.']);
  assert.deepEqual(body.errors.toString, ['Unknown field.']);
});
