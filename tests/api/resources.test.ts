/**
 * The generic resource routes (lists, reads, writes, versions, errors) and the money
 * rules on top of them, through the API.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COLLECTIONS } from '../../common/registry.ts';
import { localDay } from '../../common/money.ts';
import { addCover, book, catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

describe('schema', () => {
  test('every field of every read shape is a column of its table', async () => {
    for (const spec of COLLECTIONS) {
      const rows = await d.sql<{ column_name: string }>(
        'SELECT column_name FROM information_schema.columns WHERE table_name = $1 AND table_schema = current_schema()',
        [spec.table],
      );
      const columns = new Set(rows.map((r) => r.column_name));
      for (const field of Object.keys(spec.read.properties)) assert.ok(columns.has(field), `${spec.table}.${field}`);
    }
  });
});

describe('lists', () => {
  before(async () => {
    // 120 amenities straight into the table: enough for two full pages of 100.
    await d.sql(`INSERT INTO amenities (name_i18n, icon, active)
      SELECT jsonb_build_object('en', 'Amenity ' || lpad(g::text, 3, '0'), 'fr', 'Équipement ' || g, 'ar', 'مرفق ' || g), 'i' || (g % 7), g % 3 <> 0
      FROM generate_series(1, 120) g`);
    for (const [wilaya, commune] of [['47', 'Ghardaïa'], ['16', 'Alger Centre'], ['11', 'Tamanrasset'], ['16', 'Bab El Oued'], ['06', '100%_sure']]) {
      await d.ok(d.vendor, 'POST', '/locations/', { name_i18n: i18n(`Spot ${commune}`), wilaya_code: wilaya, commune });
    }
  });

  test('answer {count, next, previous, results} with links to the neighbouring pages', async () => {
    const first = await d.ok(d.vendor, 'GET', '/amenities/?page_size=50&active=true');
    assert.deepEqual(Object.keys(first).sort(), ['count', 'count_exact', 'next', 'previous', 'results']);
    assert.equal(first.count_exact, true);
    assert.equal(first.count, 80);
    assert.equal(first.results.length, 50);
    assert.equal(first.previous, null);
    assert.match(first.next, /^\/branch\/api\/amenities\/\?/, 'a relative link: no PUBLIC_URL here');
    const next = new URL(first.next, 'http://localhost');
    assert.equal(next.pathname, '/branch/api/amenities/');
    assert.equal(next.searchParams.get('page'), '2');
    assert.equal(next.searchParams.get('active'), 'true');
    const second = await d.ok(d.vendor, 'GET', `${next.pathname}${next.search}`);
    assert.equal(second.results.length, 30);
    assert.equal(second.next, null);
    assert.equal(new URL(second.previous, 'http://localhost').searchParams.get('page'), '1');
    const ids = new Set([...first.results, ...second.results].map((r: Json) => r.id));
    assert.equal(ids.size, 80, 'pages do not overlap');
    const beyond = await d.ok(d.vendor, 'GET', '/amenities/?page=99');
    assert.deepEqual(beyond.results, []);
  });

  test('page_size defaults to 25 and is capped at 100', async () => {
    assert.equal((await d.ok(d.vendor, 'GET', '/amenities/')).results.length, 25);
    const big = await d.ok(d.vendor, 'GET', '/amenities/?page_size=100000');
    assert.equal(big.results.length, 100);
    assert.equal((await d.call(d.vendor, 'GET', '/amenities/?page_size=0')).status, 400);
    assert.equal((await d.call(d.vendor, 'GET', '/amenities/?page=abc')).status, 400);
  });

  test('order by whitelisted fields, ascending or descending, and refuse others', async () => {
    const asc = await d.ok(d.vendor, 'GET', '/locations/?ordering=commune');
    const communes = asc.results.map((r: Json) => r.commune).filter(Boolean);
    assert.deepEqual(communes, [...communes].sort((a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)));
    const desc = await d.ok(d.vendor, 'GET', '/locations/?ordering=-commune');
    assert.deepEqual(desc.results.map((r: Json) => r.commune).filter(Boolean), [...communes].reverse());
    await d.ok(d.vendor, 'GET', '/locations/?ordering=wilaya_code,-created_at');
    const bad = await d.call(d.vendor, 'GET', '/locations/?ordering=password_hash');
    assert.equal(bad.status, 400);
    assert.ok(bad.body.errors.ordering);
  });

  test('a text in three languages is ordered in the language asked for, ignoring case', async () => {
    const names = { en: ['b Olive', 'A Palm', 'c Date'], fr: ['Z olivier', 'y palmier', 'X dattier'], ar: ['ب', 'ج', 'أ'] };
    for (let i = 0; i < 3; i++) {
      // The other vendor's, so the lists counted by the tests around stay as they are.
      await d.ok(d.vendor2, 'POST', '/locations/', { name_i18n: { en: names.en[i], fr: names.fr[i], ar: names.ar[i] }, wilaya_code: '39', commune: 'Order test' });
    }
    const order = async (ordering: string, lang: 'en' | 'fr' | 'ar') =>
      (await d.ok(d.vendor2, 'GET', `/locations/?wilaya_code=39&ordering=${ordering}`)).results.map((r: Json) => r.name_i18n[lang]);
    assert.deepEqual(await order('name_i18n.en', 'en'), ['A Palm', 'b Olive', 'c Date']);
    assert.deepEqual(await order('-name_i18n.fr', 'fr'), ['Z olivier', 'y palmier', 'X dattier']);
    assert.deepEqual(await order('name_i18n.ar', 'ar'), ['أ', 'ب', 'ج']);
    for (const bad of ['name_i18n', 'name_i18n.de', 'name_i18n.en.x', 'commune.en']) {
      const res = await d.call(d.vendor, 'GET', `/locations/?ordering=${bad}`);
      assert.equal(res.status, 400, bad);
      assert.match(res.body.errors.ordering[0], /name_i18n\.en\|fr\|ar/);
    }
  });

  test('search finds every word in any order, in every language, case, accents and punctuation aside; % and _ are no wildcards', async () => {
    // "amenity" in English and "01" anywhere: 001, 010..019 and 101.
    assert.equal((await d.ok(d.vendor, 'GET', '/amenities/?search=AMENITY%2001')).count, 12);
    assert.equal((await d.ok(d.vendor, 'GET', `/amenities/?search=${encodeURIComponent('مرفق 11')}`)).count, 11); // 11, 110..119
    assert.equal((await d.ok(d.vendor, 'GET', `/amenities/?search=${encodeURIComponent('119 equipement')}`)).count, 1);
    for (const q of ['ghard', 'GHARDAIA', 'ghardaïa spot']) assert.equal((await d.ok(d.vendor, 'GET', `/locations/?search=${encodeURIComponent(q)}`)).count, 1, q);
    assert.equal((await d.ok(d.vendor, 'GET', `/locations/?search=${encodeURIComponent('alger-centre')}`)).count, 1);
    assert.equal((await d.ok(d.vendor, 'GET', `/locations/?search=${encodeURIComponent('100%_')}`)).count, 1);
    assert.equal((await d.ok(d.vendor, 'GET', `/locations/?search=${encodeURIComponent('sure 100')}`)).count, 1);
    // Nothing but punctuation is no search at all.
    assert.equal((await d.ok(d.vendor, 'GET', `/locations/?search=${encodeURIComponent('%')}`)).count, (await d.ok(d.vendor, 'GET', '/locations/')).count);
  });

  test('filter by value, list of values, range and emptiness; refuse unknown filters and bad values', async () => {
    assert.equal((await d.ok(d.vendor, 'GET', '/locations/?wilaya_code=16')).count, 2);
    assert.equal((await d.ok(d.vendor, 'GET', '/locations/?wilaya_code__in=16,11')).count, 3);
    assert.equal((await d.ok(d.vendor, 'GET', '/locations/?branch_id__isnull=true')).count, 5);
    const since = new Date(Date.now() - 60_000).toISOString();
    assert.ok((await d.ok(d.vendor, 'GET', `/locations/?created_at__gte=${since}`)).count >= 5);
    assert.equal((await d.ok(d.vendor, 'GET', '/locations/?created_at__lt=2001-01-01')).count, 0);
    for (const query of ['wilaya_code=99', 'wilaya_code__in=16,xx', 'created_at__gte=yesterday', 'secret=1', 'active=maybe', 'branch_id=nope']) {
      const res = await d.call(d.vendor, 'GET', `/locations/?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(typeof res.body.detail, 'string');
    }
  });

  test('fields= returns only those fields (plus id and version), in the same order; unknown fields are refused', async () => {
    const all = await d.ok(d.vendor, 'GET', '/locations/?ordering=commune');
    const sparse = await d.ok(d.vendor, 'GET', '/locations/?ordering=commune&fields=commune,name_i18n');
    assert.deepEqual(Object.keys(sparse.results[0]).sort(), ['commune', 'id', 'name_i18n', 'version']);
    assert.deepEqual(
      sparse.results.map((r: Json) => [r.id, r.version, r.commune, r.name_i18n]),
      all.results.map((r: Json) => [r.id, r.version, r.commune, r.name_i18n]),
    );
    assert.equal(sparse.count, all.count);
    const bad = await d.call(d.vendor, 'GET', '/locations/?fields=commune,password_hash');
    assert.equal(bad.status, 400);
    assert.match(bad.body.errors.fields[0], /password_hash/);
    assert.equal((await d.call(d.vendor, 'GET', '/locations/export.csv?fields=commune')).status, 400, 'exports take no fields=');
  });

  test('export the filtered list as CSV, scoped like the list', async () => {
    await d.ok(d.vendor, 'POST', '/locations/', { name_i18n: i18n('=HYPERLINK("x")'), wilaya_code: '13', commune: 'Tlemcen, "centre"' });
    const res = await d.t.app.inject({ method: 'GET', url: '/branch/api/locations/export.csv?wilaya_code=13&ordering=commune', headers: { authorization: `Bearer ${d.vendor.token}` } });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="locations-/);
    const lines = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
    // Vendor staff's own export has no Vendor column: it would be them on every line.
    assert.ok(lines[0].startsWith('ID,Created,Updated,Version,Name'), lines[0]);
    assert.equal(lines.length, 2);
    assert.ok(lines[1].includes('"Tlemcen, ""centre"""'), lines[1]);
    assert.equal((await d.call(d.vendor, 'GET', '/vendors/export.csv')).status, 403);
    assert.equal((await d.call(null, 'GET', '/bookings/export.csv')).status, 401);
  });

  test('bookings: by status, date range and search on ref, customer name or phone', async () => {
    const b1 = await book(d, d.vendor, c, { starts_at: inDays(60) });
    await book(d, d.vendor, c, { starts_at: inDays(70) });
    const range = await d.ok(d.vendor, 'GET', `/bookings/?starts_at__gte=${inDays(59)}&starts_at__lte=${inDays(61)}`);
    assert.deepEqual(range.results.map((b: Json) => b.id), [b1.id]);
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/?search=${b1.ref.toLowerCase()}`)).results[0].id, b1.id);
    assert.ok((await d.ok(d.vendor, 'GET', `/bookings/?search=${encodeURIComponent(c.customer.name.slice(0, 8))}`)).count >= 2);
    assert.ok((await d.ok(d.vendor, 'GET', '/bookings/?search=555%2000%2011')).count >= 2);
    assert.ok((await d.ok(d.vendor, 'GET', '/bookings/?status__in=confirmed,requested&ordering=-starts_at')).count >= 2);
  });
});

describe('records', () => {
  test('a stale version is a 409 carrying the current record; nothing is written', async () => {
    const loc = await d.ok(d.vendor, 'POST', '/locations/', { name_i18n: i18n('Oasis'), wilaya_code: '30' });
    const v2 = await d.ok(d.vendor, 'PATCH', `/locations/${loc.id}/`, { commune: 'Ouargla', version: loc.version });
    assert.equal(v2.version, loc.version + 1);
    const stale = await d.call(d.vendor, 'PATCH', `/locations/${loc.id}/`, { commune: 'Touggourt', version: loc.version });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.current.commune, 'Ouargla');
    assert.equal(stale.body.current.version, v2.version);
    const staleDelete = await d.call(d.vendor, 'DELETE', `/locations/${loc.id}/?version=${loc.version}`);
    assert.equal(staleDelete.status, 409);
    assert.equal((await d.call(d.vendor, 'DELETE', `/locations/${loc.id}/`)).status, 400, 'delete needs a version');
    await d.ok(d.vendor, 'DELETE', `/locations/${loc.id}/?version=${v2.version}`);
    assert.equal((await d.call(d.vendor, 'GET', `/locations/${loc.id}/`)).status, 404);
  });

  test('bad input is a 400 with {detail, errors: {field: [message]}}; unknown fields are refused', async () => {
    const res = await d.call(d.vendor, 'POST', '/locations/', { name_i18n: { en: '', fr: 1 }, wilaya_code: '99', latitude: 200, mood: 'happy' });
    assert.equal(res.status, 400);
    assert.equal(typeof res.body.detail, 'string');
    for (const field of ['name_i18n.en', 'name_i18n.fr', 'name_i18n.ar', 'wilaya_code', 'latitude', 'mood']) {
      assert.ok(Array.isArray(res.body.errors[field]) && res.body.errors[field].length > 0, `${field}: ${JSON.stringify(res.body.errors)}`);
    }
    const cross = await d.call(d.vendor, 'POST', '/deals/', { title_i18n: i18n('x'), service_ids: [c.service.id], discount_percent: 5, starts_at: inDays(3), ends_at: inDays(2) });
    assert.deepEqual(Object.keys(cross.body.errors), ['ends_at']);
    const total = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, starts_at: inDays(4), participants: { adult: 1 }, total: 1 });
    assert.equal(total.status, 400, 'a client total is never accepted');
    assert.deepEqual(total.body.errors, { total: ['Unknown field.'] });
  });

  test('malformed ids are 404, missing methods 405, and records in use cannot be deleted', async () => {
    assert.equal((await d.call(d.vendor, 'GET', '/locations/not-a-uuid/')).status, 404);
    assert.equal((await d.call(d.vendor, 'GET', '/locations/00000000-0000-4000-8000-000000000000/')).status, 404);
    const b = await book(d, d.vendor, c);
    assert.equal((await d.call(d.vendor, 'DELETE', `/bookings/${b.id}/?version=${b.version}`)).status, 405);
    assert.equal((await d.call(d.admin, 'POST', '/audit-log/', {})).status, 405);
    const inUse = await d.call(d.admin, 'DELETE', `/categories/${c.category.id}/?version=${c.category.version}`);
    assert.equal(inUse.status, 409);
  });

  test('creates, changes and deletes are audited with before and after, in the same transaction', async () => {
    const branch = await d.ok(d.vendor, 'POST', '/branches/', { name: 'Timimoun' });
    const changed = await d.ok(d.vendor, 'PATCH', `/branches/${branch.id}/`, { manager_name: 'Salim', version: branch.version });
    await d.ok(d.vendor, 'DELETE', `/branches/${branch.id}/?version=${changed.version}`);
    const entries = await d.sql<Json>('SELECT action, actor_email, vendor_id, before, after FROM audit_log WHERE entity_id = $1 ORDER BY at', [branch.id]);
    assert.deepEqual(entries.map((e) => e.action), ['create', 'update', 'delete']);
    assert.equal(entries[0].after.name, 'Timimoun');
    assert.deepEqual(entries[1].before, { manager_name: null, version: 1 });
    assert.deepEqual(entries[1].after, { manager_name: 'Salim', version: 2 });
    assert.equal(entries[2].before.manager_name, 'Salim');
    assert.ok(entries.every((e) => e.actor_email === 'sahara@rihla.test' && e.vendor_id === d.vendorId));
  });
});

describe('money', () => {
  test('the server prices a booking from the rules: customer types, group threshold, weekdays, extras, coupon', async () => {
    const service = await d.ok(d.vendor, 'POST', '/services/', {
      title_i18n: i18n('Camel trek'), category_id: c.category.id, location_id: c.location.id, duration_minutes: 240, capacity: 30, customer_types: ['adult', 'child'],
      extras: [{ key: 'tea', name_i18n: i18n('Tea'), price: 20000, per: 'person' }],
    });
    const startsAt = inDays(12);
    const weekday = localDay(startsAt).weekday;
    for (const rule of [
      { customer_type: 'adult', amount: 400000 },
      { customer_type: 'adult', amount: 350000, min_group_size: 5 },
      { customer_type: 'adult', amount: 999999, weekdays: [(weekday + 1) % 7], priority: 10 },
      { customer_type: 'child', amount: 600000, per: 'booking' },
    ]) await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, ...rule });
    await addCover(d, service);
    await d.ok(d.vendor, 'POST', `/services/${service.id}/transition/`, { event: 'publish', version: service.version });
    const coupon = await d.ok(d.vendor, 'POST', '/coupons/', { code: 'DUNES10', kind: 'percent', value: 10, per_customer_limit: 1 });
    const b = await d.ok(d.vendor, 'POST', '/bookings/', {
      customer_id: c.customer.id, service_id: service.id, starts_at: startsAt, participants: { adult: 4, child: 2 },
      extras: [{ key: 'tea', quantity: 6 }], coupon_code: 'dunes10',
    });
    const subtotal = 4 * 350000 + 600000 + 6 * 20000;
    assert.equal(b.subtotal, subtotal);
    assert.equal(b.discount_amount, subtotal / 10);
    assert.equal(b.total, subtotal - subtotal / 10);
    assert.equal(b.balance, b.total);
    assert.equal(b.payment_status, 'unpaid');
    assert.equal(b.coupon_id, coupon.id);
    assert.equal(b.participants_count, 6);
    assert.equal((await d.ok(d.vendor, 'GET', `/coupons/${coupon.id}/`)).uses_count, 1);
    const again = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: service.id, starts_at: startsAt, participants: { adult: 1 }, coupon_code: 'DUNES10' });
    assert.equal(again.status, 400);
    assert.ok(again.body.errors.coupon_code);
    const noPrice = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: service.id, starts_at: startsAt, participants: { senior: 1 } });
    assert.ok(noPrice.body.errors['participants.senior']);
  });

  test('seats: a full slot refuses with 409; manual services wait for confirmation with a hold', async () => {
    const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.service.id, starts_at: inDays(33), capacity: 3 });
    await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 2 } });
    const full = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: slot.id, participants: { adult: 2 } });
    assert.equal(full.status, 409);
    assert.match(full.body.detail, /1 available/);
    const lowered = await d.call(d.vendor, 'PATCH', `/service-slots/${slot.id}/`, { capacity: 1, version: (await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).version });
    assert.equal(lowered.status, 409);
    const manual = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.manualService.id, starts_at: inDays(8), participants: { adult: 1 } });
    assert.equal(manual.status, 'requested');
    assert.ok(Date.parse(manual.hold_expires_at) > Date.now());
  });

  test('overdue holds and payment links expire on their own, through the chart and the audit log', async () => {
    const { expireOverdue } = await import('../../server/jobs/sweeper.ts');
    const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.manualService.id, starts_at: inDays(44), capacity: 4 });
    const held = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.manualService.id, slot_id: slot.id, participants: { adult: 2 } });
    const link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: held.id, amount: 1000, invitee_phone: '+213 661 000 000' });
    assert.deepEqual(await expireOverdue(d.t.app), { bookings: 0, invitations: 0 });
    await d.sql("UPDATE bookings SET hold_expires_at = now() - interval '1 minute' WHERE id = $1", [held.id]);
    await d.sql("UPDATE payment_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1", [link.id]);
    const done = await expireOverdue(d.t.app);
    assert.ok(done.bookings >= 1 && done.invitations >= 1);
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${held.id}/`)).status, 'expired');
    assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`)).status, 'expired');
    assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).booked, 0);
    const [entry] = await d.sql<Json>("SELECT actor_email, action FROM audit_log WHERE entity_id = $1 AND action = 'transition:expire'", [held.id]);
    assert.equal(entry.actor_email, 'system');
  });

  test('rebooking moves the seats and keeps the price', async () => {
    const a = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.service.id, starts_at: inDays(41), capacity: 5 });
    const b = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: c.service.id, starts_at: inDays(42), capacity: 5 });
    const booking = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, slot_id: a.id, participants: { adult: 3 } });
    const moved = await d.ok(d.vendor, 'PATCH', `/bookings/${booking.id}/`, { slot_id: b.id, version: booking.version });
    assert.equal(moved.starts_at, b.starts_at);
    assert.equal(moved.total, booking.total);
    assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${a.id}/`)).booked, 0);
    assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${b.id}/`)).booked, 3);
  });

  test('payments never exceed the balance; cash lands at once with commission and split; cards go through the gateway', async () => {
    const b = await book(d, d.vendor, c); // 2 adults = 1,000,000
    const over = await d.call(d.vendor, 'POST', '/payments/', { booking_id: b.id, amount: b.total + 1, method: 'cash' });
    assert.equal(over.status, 400);
    assert.ok(over.body.errors.amount);
    const cash = await d.ok(d.vendor, 'POST', '/payments/', { booking_id: b.id, amount: 300000, method: 'cash' });
    assert.equal(cash.status, 'paid');
    assert.equal(cash.platform_commission, 36000); // 12 %
    assert.equal(cash.vendor_share, 264000);
    let booking = await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`);
    assert.deepEqual([booking.paid, booking.balance, booking.payment_status], [300000, 700000, 'deposit']);
    const split = (await d.ok(d.vendor, 'GET', `/payment-splits/?payment_id=${cash.id}`)).results[0];
    assert.deepEqual([split.amount, split.platform_amount, split.vendor_net], [300000, 36000, 264000]);
    const changed = await d.ok(d.admin, 'PATCH', `/payment-splits/${split.id}/`, { commission_percent: 10, version: split.version });
    assert.deepEqual([changed.platform_amount, changed.vendor_net], [30000, 270000]);
    const card = await d.ok(d.vendor, 'POST', '/payments/', { booking_id: b.id, amount: 700000, method: 'cib' });
    assert.equal(card.status, 'pending');
    assert.match(card.checkout_url, /^\/pay\/dev-gateway\/dev_/);
    booking = await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`);
    assert.equal(booking.paid, 300000, 'a pending card payment is not money yet');
    // A card payment is the gateway's to settle: vendor staff may not mark it paid by hand,
    // nor fail or expire it; staff reconciling may, with a reason.
    for (const event of ['pay', 'fail', 'expire']) {
      const byVendor = await d.call(d.vendor, 'POST', `/payments/${card.id}/transition/`, { event, version: card.version, reason: 'Paid' });
      assert.equal(byVendor.status, 403, `${event}: ${JSON.stringify(byVendor.body)}`);
    }
    const inArabic = await d.call(d.vendor, 'POST', `/payments/${card.id}/transition/`, { event: 'pay', version: card.version, reason: 'Paid' }, { 'accept-language': 'ar' });
    assert.equal(inArabic.body.detail, 'تُسوّي بوابة الدفع الدفعات بالبطاقة؛ ولا يمكن تسويتها يدويًا إلا للموظفين.');
    const noReason = await d.call(d.admin, 'POST', `/payments/${card.id}/transition/`, { event: 'pay', version: card.version });
    assert.equal(noReason.status, 400);
    assert.ok(noReason.body.errors.reason);
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`)).paid, 300000, 'refusals change nothing');
    await d.ok(d.admin, 'POST', `/payments/${card.id}/transition/`, { event: 'pay', version: card.version, reason: 'Seen on the bank statement' });
    booking = await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`);
    assert.deepEqual([booking.paid, booking.balance, booking.payment_status], [1000000, 0, 'paid']);
  });

  test('a refund never exceeds what was paid; a full refund of a confirmed booking cancels it', async () => {
    const b = await book(d, d.vendor, c, { payment_method: 'cash' });
    assert.equal(b.payment_status, 'paid');
    const tooMuch = await d.call(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: b.paid + 1, reason: 'x' });
    assert.equal(tooMuch.status, 400);
    assert.ok(tooMuch.body.errors.amount);
    const first = await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 400000, reason: 'Shorter ride' });
    assert.equal(first.kind, 'partial');
    const second = await d.call(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 700000, reason: 'x' });
    assert.equal(second.status, 400, 'refunds under way count against what can be refunded');
    const run = async (r: Json) => {
      for (const event of ['approve', 'process']) r = await d.ok(d.vendor, 'POST', `/refunds/${r.id}/transition/`, { event, version: r.version });
      // How a refund ended is for staff (or the gateway) to say, not vendor staff.
      assert.equal((await d.call(d.vendor, 'POST', `/refunds/${r.id}/transition/`, { event: 'succeed', version: r.version })).status, 403);
      return d.ok(d.admin, 'POST', `/refunds/${r.id}/transition/`, { event: 'succeed', version: r.version });
    };
    await run(first);
    let booking = await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`);
    // Money given back on a booking that goes ahead is not owed again.
    assert.deepEqual([booking.refunded, booking.payment_status, booking.status, booking.balance], [400000, 'partially_refunded', 'confirmed', 0]);
    const rest = await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 600000, reason: 'Storm', destination: 'wallet' });
    assert.equal(rest.kind, 'full');
    await run(rest);
    booking = await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`);
    assert.deepEqual([booking.refunded, booking.payment_status, booking.status, booking.balance], [1000000, 'refunded', 'cancelled', 0]);
    // A coded reason every language shows, the refund's own words beside it.
    assert.deepEqual([booking.status_reason_code, booking.status_reason], ['fully_refunded', 'Storm']);
    const payment = (await d.ok(d.vendor, 'GET', `/payments/?booking_id=${b.id}`)).results[0];
    assert.deepEqual([payment.status, payment.refunded_amount], ['refunded', 1000000]);
    const customer = await d.ok(d.admin, 'GET', `/customers/${c.customer.id}/`);
    assert.ok(customer.wallet_balance >= 600000, 'the wallet refund was credited');
  });

  test('wallet balances come from the ledger and never go negative', async () => {
    const customer = await d.ok(d.admin, 'POST', '/customers/', { name: 'Wallet owner', phone: '+213 770 11 22 33' });
    const credit = await d.ok(d.admin, 'POST', '/wallet-transactions/', { customer_id: customer.id, kind: 'credit', source: 'top_up', amount: 5000, reason: 'Top-up' });
    assert.equal(credit.balance_after, 5000);
    const debit = await d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: customer.id, kind: 'debit', source: 'adjustment', amount: 6000, reason: 'Oops' });
    assert.equal(debit.status, 400);
    assert.ok(debit.body.errors.amount);
    await d.ok(d.admin, 'POST', '/wallet-transactions/', { customer_id: customer.id, kind: 'debit', source: 'adjustment', amount: 2000, reason: 'Fee' });
    const after = await d.ok(d.admin, 'GET', `/customers/${customer.id}/`);
    const ledger = await d.ok(d.admin, 'GET', `/wallet-transactions/?customer_id=${customer.id}&ordering=created_at`);
    assert.equal(after.wallet_balance, 3000);
    assert.equal(ledger.results.at(-1).balance_after, 3000);
    assert.equal((await d.call(d.admin, 'PATCH', `/wallet-transactions/${credit.id}/`, { version: 1 })).status, 405, 'the ledger is append-only');
    // Paying from the wallet debits it, and cannot overdraw it.
    const b = await book(d, d.admin, { ...c, customer });
    const overdraw = await d.call(d.vendor, 'POST', '/payments/', { booking_id: b.id, amount: 3001, method: 'wallet' });
    assert.equal(overdraw.status, 400);
    await d.ok(d.vendor, 'POST', '/payments/', { booking_id: b.id, amount: 3000, method: 'wallet' });
    assert.equal((await d.ok(d.admin, 'GET', `/customers/${customer.id}/`)).wallet_balance, 0);
  });

  test('payment links: amount up to the balance; only the gateway pays one (tests/api/payLink.test.ts)', async () => {
    const b = await book(d, d.vendor, c);
    assert.equal((await d.call(d.vendor, 'POST', '/payment-invitations/', { booking_id: b.id, amount: b.total + 1, invitee_phone: '+213 661 000 000' })).status, 400);
    let link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: b.id, amount: 250000, invitee_phone: '+213 661 000 000' });
    assert.equal(link.token.length, 32);
    link = await d.ok(d.vendor, 'POST', `/payment-invitations/${link.id}/transition/`, { event: 'resend', version: link.version });
    assert.equal(link.sent_count, 2);
    link = await d.ok(d.vendor, 'POST', `/payment-invitations/${link.id}/transition/`, { event: 'open', version: link.version });
    const byHand = await d.call(d.vendor, 'POST', `/payment-invitations/${link.id}/transition/`, { event: 'pay', version: link.version });
    assert.equal(byHand.status, 403);
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`)).paid, 0);
  });

  test('free bookings cost nothing; completing a booking earns loyalty points', async () => {
    const free = await book(d, d.admin, c, { payment_method: 'free' });
    assert.deepEqual([free.total, free.payment_status, free.balance], [0, 'paid', 0]);
    const b = await book(d, d.vendor, c);
    await d.sql("UPDATE bookings SET starts_at = now() - interval '2 hours' WHERE id = $1", [b.id]);
    const before = (await d.ok(d.admin, 'GET', `/customers/${c.customer.id}/`)).loyalty_points;
    await d.ok(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'complete', version: b.version });
    const earned = (await d.ok(d.admin, 'GET', `/customers/${c.customer.id}/`)).loyalty_points - before;
    assert.equal(earned, 10 + Math.floor(b.total / 10000));
    assert.equal((await d.call(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.customer.id, points: -1_000_000, reason: 'x' })).status, 400);
  });
});

describe('settings, messages and the API document', () => {
  test('a settings section is read with defaults and changed with its version, validated and audited', async () => {
    const fees = await d.ok(d.admin, 'GET', '/settings/fees/');
    assert.equal(fees.value.platform_commission_percent, 12);
    const changed = await d.ok(d.admin, 'PATCH', '/settings/fees/', { platform_commission_percent: 15, version: fees.version });
    assert.equal(changed.version, fees.version + 1);
    assert.equal(changed.value.platform_commission_percent, 15);
    assert.equal(changed.value.payment_fee_percent.cib, 1.5, 'other fields kept');
    const stale = await d.call(d.admin, 'PATCH', '/settings/fees/', { platform_commission_percent: 20, version: fees.version });
    assert.equal(stale.status, 409);
    assert.equal(stale.body.current.value.platform_commission_percent, 15);
    assert.equal((await d.call(d.admin, 'PATCH', '/settings/fees/', { platform_commission_percent: 120, version: changed.version })).status, 400);
    assert.equal((await d.call(d.admin, 'PATCH', '/settings/language/', { default: 'de', version: 1 })).status, 400);
    const [entry] = await d.sql<Json>("SELECT before, after FROM audit_log WHERE entity = 'settings' AND entity_id = 'fees'");
    assert.deepEqual([entry.before.platform_commission_percent, entry.after.platform_commission_percent], [12, 15]);
  });

  test('conversations: reply, list and mark read', async () => {
    const conv = await d.ok(d.vendor, 'POST', '/conversations/', { kind: 'customer', customer_id: c.customer.id, subject: 'Pick-up time' });
    await d.sql(`INSERT INTO messages (conversation_id, vendor_id, body, author_type, author_name) VALUES ($1, $2, 'When do we meet?', 'customer', 'Karim')`, [conv.id, d.vendorId]);
    await d.sql('UPDATE conversations SET unread_count = 1 WHERE id = $1', [conv.id]);
    const reply = await d.ok(d.vendor, 'POST', `/conversations/${conv.id}/messages/`, { body: 'At 8:00 by the dunes.' });
    assert.equal(reply.author_name, 'sahara');
    const thread = await d.ok(d.vendor, 'GET', `/conversations/${conv.id}/messages/`);
    assert.deepEqual(thread.results.map((m: Json) => m.author_type), ['customer', 'vendor']);
    const read = await d.ok(d.vendor, 'POST', `/conversations/${conv.id}/read/`, undefined, 200);
    assert.equal(read.unread_count, 0);
    assert.equal(read.last_message_preview, 'At 8:00 by the dunes.');
  });

  test('the OpenAPI document covers every collection and the docs page has no script', async () => {
    const doc = await d.ok(d.vendor, 'GET', '/openapi.json');
    assert.equal(doc.openapi, '3.1.0');
    for (const spec of COLLECTIONS.filter((s) => !s.parent)) {
      assert.ok(doc.paths[`/branch/api/${spec.name}/`]?.get, spec.name);
      if (spec.lifecycle) assert.ok(doc.paths[`/branch/api/${spec.name}/{id}/transition/`]?.post, `${spec.name} transition`);
      assert.ok(doc.paths[`/branch/api/${spec.name}/export.csv`]?.get, `${spec.name} export`);
    }
    assert.ok(doc.components.schemas.BookingsCreate.properties.participants);
    const refs = new Set<string>();
    JSON.stringify(doc, (key, value) => (key === '$ref' && refs.add(value), value));
    assert.deepEqual([...refs].filter((r) => !doc.components.schemas[r.split('/').pop()!]), [], 'every $ref resolves');
    const page = await d.t.app.inject({ method: 'GET', url: '/branch/api/docs/' });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /\/branch\/api\/bookings\//);
    assert.doesNotMatch(page.body, /<script/i);
  });
});
