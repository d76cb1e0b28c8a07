/**
 * The engine's CSV export of any list: the filtered set in the list's order, read by
 * keyset, headers and labels in the user's language, chosen columns, references by name.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { ENUM_LABELS } from '../../server/engine/csvExport.ts';
import { EXPORT_BATCH } from '../../server/engine/listing.ts';
import { tableInfo } from '../../server/engine/table.ts';
import { COLLECTION_BY_NAME } from '../../common/registry.ts';
import ar from '../../src/locales/ar.json' with { type: 'json' };
import en from '../../src/locales/en.json' with { type: 'json' };
import fr from '../../src/locales/fr.json' with { type: 'json' };
import { listScreens } from '../rules/listScreens.ts';
import { book, catalogFor, inDays, startDomain, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
let kabylie: Catalog;
let booking: Json;

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
  kabylie = await catalogFor(d, d.vendor2, sahara.category);
  booking = await book(d, d.vendor, sahara, { payment_method: 'cash', starts_at: inDays(5, 9) });
  await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: booking.id, amount: 123_456, destination: 'wallet', reason: 'Sandstorm, "dunes" closed' });
  const foreign = await book(d, d.vendor2, kabylie, { payment_method: 'cash' });
  await d.ok(d.vendor2, 'POST', '/refunds/', { booking_id: foreign.id, amount: 1000, destination: 'original_method', reason: 'Other vendor' });
});
after(() => d.close());

async function csv(who: Who | null, url: string) {
  const res = await d.t.app.inject({ method: 'GET', url: `/branch/api${url}`, headers: who ? { authorization: `Bearer ${who.token}` } : {} });
  return { status: res.statusCode, headers: res.headers, body: res.body, rows: res.body.replace(/^\ufeff/, '').trim().split('\r\n') };
}

test('chosen columns, in order, with headers, enums and money in the chosen language and references by name', async () => {
  const fr = await csv(d.vendor, '/refunds/export.csv?lang=fr&columns=booking_id,amount,status,destination,reason,created_at&expand=booking_id');
  assert.equal(fr.status, 200);
  assert.equal(fr.headers['cache-control'], 'no-store');
  assert.deepEqual(fr.rows[0].split(','), ['Réservation', 'Montant', 'Statut', 'Rembourser vers', 'Motif', 'Créé le']);
  assert.equal(fr.rows.length, 2, "only the vendor's own refund");
  const [ref, amount, status, destination, reason, created] = fr.rows[1].split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  assert.equal(ref, booking.ref, 'the booking by its reference, not its id');
  assert.equal(amount, '1234.56', 'money in major units');
  assert.equal(status, 'Demandé');
  assert.equal(destination, 'Portefeuille du client');
  assert.equal(reason, '"Sandstorm, ""dunes"" closed"');
  assert.match(created, /^\d{4}-\d\d-\d\d \d\d:\d\d$/);
  const ar = await csv(d.vendor, '/refunds/export.csv?lang=ar&columns=status,amount');
  assert.deepEqual(ar.rows[0].split(','), ['الحالة', 'المبلغ']);
  assert.equal(ar.rows[1].split(',')[0], 'مطلوب');
});

test('money exports in Arabic: every header and enum translated, the booking by its ref', async () => {
  const cells = (row: string) => row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const raw = (headers: string[]) => headers.filter((h) => /^[a-z_]+$/.test(h));
  // Every field, as a request without `columns` exports them.
  for (const name of ['payments', 'vendor-share-entries', 'payouts', 'commission-changes']) {
    const all = await csv(d.admin, `/${name}/export.csv?lang=ar`);
    assert.equal(all.status, 200, name);
    assert.deepEqual(raw(cells(all.rows[0])), [], `${name}: untranslated headers`);
  }
  const payments = await csv(d.vendor, `/payments/export.csv?lang=ar&columns=booking_id,method,payout_status&booking_id=${booking.id}`);
  assert.deepEqual(cells(payments.rows[0]), [ar['column.booking_id'], ar['column.method'], ar['column.payments.payout_status']]);
  assert.deepEqual(cells(payments.rows[1]), [booking.ref, ar['paymentMethod.cash'], ar['paymentPayoutStatus.pending']]);
  const entries = await csv(d.vendor, `/vendor-share-entries/export.csv?lang=ar&columns=booking_id,kind,commission,fee,commission_percent,payable_from,payout_id&booking_id=${booking.id}`);
  assert.deepEqual(raw(cells(entries.rows[0])), []);
  const [ref, kind] = cells(entries.rows[1]);
  assert.deepEqual([ref, kind], [booking.ref, ar['payouts.kind.payment']]);
});

test("instants in Algeria's time; texts in three languages in the chosen one", async () => {
  const res = await csv(d.vendor, `/bookings/export.csv?lang=fr&columns=ref,starts_at,service_title_i18n,vendor_id&expand=vendor_id&ref=${booking.ref}`);
  assert.deepEqual(res.rows[0].split(','), ['Référence', 'Date et heure', 'Prestation', 'Prestataire']);
  const hour = Number(new Date(booking.starts_at).getUTCHours()) + 1;
  assert.equal(res.rows[1].split(',')[1].slice(11), `${String(hour).padStart(2, '0')}:00`, 'UTC+1 in Algeria');
  assert.equal(res.rows[1].split(',')[2], 'Quad ride instant (fr)');
  assert.equal(res.rows[1].split(',')[3], 'Sahara Quad Tours');
});

test('bad columns, expand, fields or language are a 400 before anything is sent; roles as for the list', async () => {
  for (const query of ['columns=amount,password_hash', 'columns=', 'expand=reason', 'fields=amount', 'lang=de', 'status=nonsense', 'ordering=reason']) {
    const res = await d.call(d.vendor, 'GET', `/refunds/export.csv?${query}`);
    assert.equal(res.status, 400, query);
  }
  assert.equal((await d.call(d.vendor, 'GET', '/vendors/export.csv')).status, 403);
  assert.equal((await d.call(null, 'GET', '/refunds/export.csv')).status, 401);
});

test('every row once, in the list order, across batches: nullable and descending keys, texts in one language', async () => {
  const count = EXPORT_BATCH + 300;
  await d.sql(
    `INSERT INTO locations (vendor_id, name_i18n, wilaya_code, commune)
     SELECT $1, CASE WHEN i % 7 = 0 THEN jsonb_build_object('en', 'Spot ' || i) ELSE jsonb_build_object('en', 'Spot ' || i, 'fr', 'Lieu ' || (i % 50), 'ar', 'x') END,
            lpad(((i % 3) + 1)::text, 2, '0'), CASE WHEN i % 5 = 0 THEN NULL ELSE 'Commune ' || (i % 4) END
     FROM generate_series(1, ${count}) i`,
    [d.vendorId],
  );
  const ordering = 'commune,-wilaya_code,name_i18n.fr';
  const queries: string[] = [];
  const db = d.t.db as unknown as { query: (sql: string, params?: unknown[]) => Promise<unknown> };
  const original = db.query;
  db.query = (sql: string, params?: unknown[]) => (queries.push(sql), original.call(db, sql, params));
  let res;
  try {
    res = await csv(d.vendor, `/locations/export.csv?columns=id&ordering=${ordering}`);
  } finally {
    db.query = original;
  }
  const exported = res.rows.slice(1);
  const expected = await d.sql<{ id: string }>(
    `SELECT id FROM locations WHERE vendor_id = $1 ORDER BY commune ASC, wilaya_code DESC, lower(name_i18n->>'fr') ASC, id ASC`,
    [d.vendorId],
  );
  assert.ok(expected.length > count);
  assert.equal(exported.length, expected.length);
  assert.deepEqual(exported, expected.map((r) => r.id));
  assert.ok(!queries.some((q) => /OFFSET/i.test(q)), 'batches are read by keyset, not by offset');
  const list = await d.ok(d.vendor, 'GET', `/locations/?ordering=${ordering}&page_size=100&fields=id`);
  assert.deepEqual(exported.slice(0, 100), list.results.map((r: Json) => r.id), 'the same order as the list');
});

test('the OpenAPI document describes lang, columns and expand on exports, and no fields', async () => {
  const doc = await d.ok(d.vendor, 'GET', '/openapi.json');
  const names = doc.paths['/branch/api/refunds/export.csv'].get.parameters.map((p: Json) => p.name);
  for (const name of ['lang', 'columns', 'expand', 'ordering', 'status']) assert.ok(names.includes(name), name);
  assert.ok(!names.includes('fields'));
  assert.ok(doc.paths['/branch/api/bookings/export/'].get);
});

test('every list exports what its button asks, to whom it shows the list, each header translated and named once', async () => {
  const cells = (row: string) => row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const frWords = new Set(Object.entries(fr).filter(([key]) => key.startsWith('column.')).map(([, word]) => word));
  const screens = (await listScreens()).map(([, screen]) => screen);
  const names = [...new Set(screens.map((screen) => screen.collection.name))];
  assert.ok(names.includes('coupons') && names.includes('locations') && names.includes('tickets'), names.join());
  // What the list's button asks (its table's fields and expansions), and every field (a request without `columns`).
  const button = (screen: (typeof screens)[number], staff: boolean) => {
    const fields = screen.fields?.filter((f) => staff || f !== 'vendor_id');
    return [fields && `columns=${fields.join(',')}`, screen.expand?.length && `expand=${screen.expand.join(',')}`].filter(Boolean).join('&');
  };
  const requests = [...new Set(screens.flatMap((screen) => [`/${screen.collection.name}/export.csv?`, `/${screen.collection.name}/export.csv?${button(screen, true)}`]))];
  for (const url of requests) {
    const fields = new Set(tableInfo(COLLECTION_BY_NAME.get(url.split('/')[1])!).columns.keys());
    const headers: Record<string, string[]> = {};
    for (const lang of ['en', 'fr', 'ar']) {
      const res = await csv(d.admin, `${url}&lang=${lang}`);
      assert.equal(res.status, 200, `${url} (${lang}): ${res.body}`);
      const header = (headers[lang] = cells(res.rows[0]));
      assert.equal(new Set(header).size, header.length, `${url} (${lang}): a header named twice in ${res.rows[0]}`);
      assert.deepEqual(header.filter((h) => fields.has(h) || /^[a-z0-9_]+$/.test(h)), [], `${url} (${lang}): field names left`);
    }
    assert.deepEqual(headers.ar.filter((h) => !/\p{Script=Arabic}/u.test(h)), [], `${url}: headers not in Arabic`);
    // French may say a word as English does ("Type", "Code"), but only a word of its own catalogue.
    assert.deepEqual(headers.fr.filter((h, i) => h === headers.en[i] && !frWords.has(h)), [], `${url}: headers left in English`);
  }
  // Vendor staff take what their list's button asks wherever they have the list (tests/api/authz.test.ts: only their own records).
  for (const screen of screens) {
    const spec = COLLECTION_BY_NAME.get(screen.collection.name)!;
    // A screen with fields vendor staff never read is staff's own (vendor staff have theirs).
    if (screen.fields?.some((f) => spec.staffOnlyReadFields?.includes(f))) continue;
    const list = await d.call(d.vendor, 'GET', `/${spec.name}/?page_size=1`);
    const mine = await csv(d.vendor, `/${spec.name}/export.csv?lang=ar&${button(screen, false)}`);
    assert.equal(mine.status, list.status, `${spec.name}: export and list answer vendor staff alike: ${mine.body}`);
  }
  const bookings = cells((await csv(d.admin, '/bookings/export.csv?lang=fr&columns=customer_id,customer_name,service_id,service_title_i18n,coupon_code')).rows[0]);
  assert.deepEqual(bookings, ['Client (identifiant)', 'Client', 'Prestation (identifiant)', 'Prestation', 'Code promo']);
});

test("an enum exports by the words its list's filter shows, each value named in every language", async () => {
  for (const [where, screen] of await listScreens()) {
    const columns = tableInfo(COLLECTION_BY_NAME.get(screen.collection.name)!).columns;
    for (const filter of screen.filters) {
      if (filter.kind !== 'enum' || filter.optionLabel || !columns.has(filter.field)) continue;
      assert.equal(ENUM_LABELS[`${screen.collection.name}.${filter.field}`], filter.labelPrefix, `${where}: ${filter.field}`);
    }
  }
  for (const [field, prefix] of Object.entries(ENUM_LABELS)) {
    const [name, column] = field.split('.');
    const values = tableInfo(COLLECTION_BY_NAME.get(name)!).columns.get(column)?.schema.enum as string[] | undefined;
    assert.ok(values, `${field} is an enum`);
    for (const catalogue of [en, fr, ar] as Record<string, string>[]) {
      assert.deepEqual(values.filter((v) => !(`${prefix}.${v}` in catalogue)), [], `${field}: values without a name`);
    }
  }
});

test('the bookings export names the vendor and the channel for staff; vendor staff get no vendor column, it is always them', async () => {
  const cells = (row: string) => row.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const staff = await csv(d.admin, `/bookings/export/?lang=en&ref=${booking.ref}`);
  const header = cells(staff.rows[0]);
  assert.ok(header.includes('Vendor') && header.includes('Channel'), staff.rows[0]);
  const row = cells(staff.rows[1]);
  assert.equal(row[header.indexOf('Vendor')], 'Sahara Quad Tours');
  assert.equal(row[header.indexOf('Channel')], 'Back-office');
  const mine = await csv(d.vendor, `/bookings/export/?lang=en&ref=${booking.ref}`);
  assert.ok(!cells(mine.rows[0]).includes('Vendor') && cells(mine.rows[0]).includes('Channel'), mine.rows[0]);
  assert.ok(!cells((await csv(d.vendor, '/locations/export.csv?lang=en')).rows[0]).includes('Vendor'));
  assert.ok(cells((await csv(d.admin, '/locations/export.csv?lang=en')).rows[0]).includes('Vendor'));
});

test('phone numbers stay text a spreadsheet shows as typed: never a number, never a formula', async () => {
  const local = await d.ok(d.admin, 'POST', '/customers/', { name: 'Phone Cell Local', phone: '+213555987654' });
  const landline = await d.ok(d.admin, 'POST', '/customers/', { name: 'Phone Cell Landline', phone: '021 23 45 67' });
  const abroad = await d.ok(d.admin, 'POST', '/customers/', { name: 'Phone Cell Abroad', phone: '+33 6 12 34 56 78' });
  const res = await csv(d.admin, '/customers/export.csv?lang=en&columns=name,phone&search=phone%20cell&ordering=name');
  assert.deepEqual(res.rows.slice(1), ['Phone Cell Abroad,00 33612345678', 'Phone Cell Landline,021 23 45 67', 'Phone Cell Local,0555 98 76 54']);
  for (const c of [local, landline, abroad]) assert.match(c.phone, /^\+/, 'stored in E.164 all the same');
  const bookings = await csv(d.admin, `/bookings/export/?lang=en&ref=${booking.ref}`);
  const header = bookings.rows[0].split(',');
  assert.match(bookings.rows[1].split(',')[header.indexOf('Phone')], /^0\d{3}( \d\d){3}$/);
});
