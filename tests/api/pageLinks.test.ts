import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { i18n, startDomain, type Domain } from './resources.fixtures.ts';

let d: Domain;
before(async () => {
  d = await startDomain();
  for (const n of [1, 2, 3]) await d.ok(d.admin, 'POST', '/categories/', { name_i18n: i18n(`Links ${n}`) });
});
after(() => d.close());

const list = (host: string) =>
  d.call(d.vendor, 'GET', '/categories/?page=2&page_size=1&search=Links', undefined, { host, 'x-forwarded-host': host });

test('next and previous never reflect a spoofed Host header', async () => {
  const res = await list('evil.example');
  assert.equal(res.status, 200);
  for (const link of [res.body.next, res.body.previous]) {
    assert.ok(!link.includes('evil'), link);
    assert.match(link, /^\/branch\/api\/categories\/\?/, 'relative: path and query');
    const url = new URL(link, 'http://localhost');
    assert.equal(url.searchParams.get('search'), 'Links');
    assert.equal(url.searchParams.get('page_size'), '1');
  }
  assert.equal(new URL(res.body.next, 'http://localhost').searchParams.get('page'), '3');
  assert.equal(new URL(res.body.previous, 'http://localhost').searchParams.get('page'), '1');
});

test('with PUBLIC_URL the links are absolute under it', async () => {
  d.t.app.config.publicUrl = 'https://rihla.example/back';
  try {
    const res = await list('evil.example');
    assert.match(res.body.next, /^https:\/\/rihla\.example\/back\/branch\/api\/categories\/\?/);
    assert.match(res.body.previous, /^https:\/\/rihla\.example\/back\/branch\/api\/categories\/\?/);
  } finally {
    d.t.app.config.publicUrl = undefined;
  }
});
