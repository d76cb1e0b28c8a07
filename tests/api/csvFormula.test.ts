/**
 * CSV formula injection: every export defuses a cell a spreadsheet would run as a
 * formula, whatever its prefix, also after leading whitespace.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { csvCell } from '../../server/engine/listing.ts';
import { book, catalogFor, startDomain, type Catalog, type Domain } from './resources.fixtures.ts';

for (const text of ['=1+1', '+1+1', '-1+1', '@SUM(A1)', '\t=1+1', '\r=1+1', ' =1+1', '  +1', '\n-cmd', ' @x', "-1+1+cmd|' /C calc'!A0", '-', '+213 555 00 11 22']) {
  test(`a cell starting ${JSON.stringify(text)} is defused`, () => {
    const cell = csvCell(text);
    const unquoted = cell.startsWith('"') ? cell.slice(1, -1).replaceAll('""', '"') : cell;
    assert.equal(unquoted, `'${text}`);
  });
}

test('numbers, dates and ordinary text stay as they are', () => {
  for (const text of ['-12.50', '-3', '0', '12.5', '2026-11-23', 'Karim', 'a=b', 'x-1']) assert.equal(csvCell(text), text);
  assert.equal(csvCell(-12.5), '-12.5');
  assert.equal(csvCell('a,b'), '"a,b"');
});

let d: Domain;
let c: Catalog;
const NAMES = ["-1+1+cmd|' /C calc'!A0", ' =1+1', '\t@SUM(1)'];

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  for (const name of NAMES) {
    const customer = await d.ok(d.vendor, 'POST', '/customers/', { name, phone: '+213 555 00 11 22' });
    await book(d, d.vendor, { ...c, customer });
  }
});
after(() => d.close());

for (const url of ['/bookings/export/?lang=en', '/customers/export.csv', '/bookings/export.csv']) {
  test(`${url} defuses formulas`, async () => {
    const res = await d.call(d.vendor, 'GET', url);
    assert.equal(res.status, 200);
    const body = String(res.body);
    for (const name of NAMES) {
      assert.ok(body.includes(`'${name}`), `${JSON.stringify(name)} defused in ${url}`);
      assert.ok(!new RegExp(`(^|[,\\n"])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'm').test(body), `${JSON.stringify(name)} never verbatim in ${url}`);
    }
  });
}
