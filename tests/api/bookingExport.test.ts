import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { EXPORT_BATCH, csvCell } from '../../server/engine/listing.ts';
import { book, catalogFor, startDomain, type Catalog, type Domain } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
let kabylie: Catalog;

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
  kabylie = await catalogFor(d, d.vendor2, sahara.category);
  await book(d, d.vendor, sahara, { notes: null });
  await book(d, d.vendor2, kabylie);
});
after(() => d.close());

async function exportCsv(token: string | null, query = '') {
  const res = await d.t.app.inject({
    method: 'GET',
    url: `/branch/api/bookings/export/${query}`,
    headers: token ? { authorization: `JWT ${token}` } : {},
  });
  return res;
}

const rowsOf = (body: string) => body.replace(/^\ufeff/, '').trim().split('\r\n');

test('staff export every booking with headers in the chosen language', async () => {
  const res = await exportCsv(d.admin.token, '?lang=fr');
  assert.equal(res.statusCode, 200);
  assert.match(String(res.headers['content-type']), /^text\/csv; charset=utf-8/);
  assert.match(String(res.headers['content-disposition']), /attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"/);
  const rows = rowsOf(res.body);
  assert.equal(rows[0].split(',')[0], 'Référence');
  assert.equal(rows.length, 1 + 2);
  assert.ok(res.body.startsWith('\ufeff'), 'a BOM lets spreadsheets read UTF-8');
  assert.match(rows[1], /Quad ride instant \(fr\)/, 'service titles in the chosen language');
});

test('Arabic labels for statuses; amounts in major units', async () => {
  const res = await exportCsv(d.admin.token, '?lang=ar');
  const [header, first] = rowsOf(res.body);
  assert.equal(header.split(',')[0], 'المرجع');
  assert.ok(first.includes('مؤكد') || first.includes('بانتظار التأكيد'), first);
  assert.match(first, /,10000\.00,/, '2 adults at 5,000.00 DZD');
});

test('vendor staff export only their own bookings; filters apply', async () => {
  const mine = rowsOf((await exportCsv(d.vendor.token)).body);
  assert.equal(mine.length, 2);
  const none = rowsOf((await exportCsv(d.admin.token, '?status=cancelled')).body);
  assert.equal(none.length, 1, 'header only');
});

test('no token is 401; a bad filter is 400 before any CSV is sent', async () => {
  assert.equal((await exportCsv(null)).statusCode, 401);
  const bad = await exportCsv(d.admin.token, '?status=nonsense');
  assert.equal(bad.statusCode, 400);
  assert.ok(bad.json().errors.status);
  assert.equal((await exportCsv(d.admin.token, '?lang=de')).statusCode, 400);
});

test('more rows than one batch arrive complete, in date order, each once', async () => {
  const count = EXPORT_BATCH + 5;
  await d.sql(
    `INSERT INTO bookings (ref, customer_id, customer_name, service_id, vendor_id, starts_at, participants, participants_count,
       subtotal, total, paid, balance, currency, status, payment_status, channel, extras)
     SELECT 'EX' || lpad(i::text, 6, '0'), $1, 'Bulk ' || i, $2, $3, now() + (i % 97) * interval '1 hour', '{"adult":1}', 1,
       100, 100, 0, 100, 'DZD', 'confirmed', 'unpaid', 'web', '[]'
     FROM generate_series(1, ${count}) i`,
    [sahara.customer.id, sahara.service.id, d.vendorId],
  );
  const rows = rowsOf((await exportCsv(d.admin.token, '?search=EX0')).body).slice(1);
  assert.equal(rows.length, count);
  assert.equal(new Set(rows.map((r) => r.split(',')[0])).size, count);
  const dates = rows.map((r) => r.split(',')[5]);
  assert.deepEqual(dates, [...dates].sort());
});

test('fields with commas, quotes and formulas are escaped', () => {
  assert.equal(csvCell('Haddad, Amina'), '"Haddad, Amina"');
  assert.equal(csvCell('say "hi"'), '"say ""hi"""');
  assert.equal(csvCell('=HYPERLINK("x")'), `"'=HYPERLINK(""x"")"`);
  assert.equal(csvCell('-12.50'), '-12.50');
  assert.equal(csvCell({ adult: 2 }), '"{""adult"":2}"');
  assert.equal(csvCell(null), '');
});
