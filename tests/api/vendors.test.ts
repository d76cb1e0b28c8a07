/**
 * Vendors: legal identity in the Algerian formats, onboarding through the vendor chart
 * (approval needs a complete identity), suspension locking the vendor's staff out and
 * its services out of booking, the list's figures, and the vendor documents with their
 * verification and expiry.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createUser } from '../../server/auth/users.ts';
import { book, catalogFor, inDays, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;

const RIB = '007 00500 0000123456 29';
const RIB_WRONG_KEY = '007 00500 0000123456 28';
const IDENTITY = { legal_name: 'SARL Hoggar Treks', rc_number: '11/00-0123456 B 19', nif_number: '000111001234567', payout_method: 'rib', payout_account: RIB };

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
});
after(() => d.close());

const transition = (id: string, event: string, version: number, extra: Json = {}) =>
  d.call(d.admin, 'POST', `/vendors/${id}/transition/`, { event, version, ...extra });

describe('legal identity', () => {
  test('a RIB with a wrong key, a bad NIF or RC is refused at its field; valid ones are stored normalised', async () => {
    const v = await d.ok(d.admin, 'POST', '/vendors/', { trade_name: 'Hoggar Treks', legal_name: 'SARL Hoggar Treks' });
    const bad = await d.call(d.admin, 'PATCH', `/vendors/${v.id}/`, { version: v.version, payout_method: 'rib', payout_account: RIB_WRONG_KEY, nif_number: '12345', rc_number: '11/00-12 B 19' });
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(bad.body.errors).sort(), ['nif_number', 'payout_account', 'rc_number']);
    assert.equal(bad.body.errors.payout_account[0], 'The RIB key does not match: check the 20 digits.');
    const saved = await d.ok(d.admin, 'PATCH', `/vendors/${v.id}/`, { version: v.version, ...IDENTITY, rc_number: ' 11/00-0123456 b 19 ' });
    assert.equal(saved.payout_account, '00700500000012345629');
    assert.equal(saved.rc_number, '11/00-0123456 B 19');
    // A CCP is judged by its own key once the method changes.
    const ccpBad = await d.call(d.admin, 'PATCH', `/vendors/${v.id}/`, { version: saved.version, payout_method: 'ccp' });
    assert.equal(ccpBad.status, 400, 'the RIB is not a CCP');
    assert.ok(ccpBad.body.errors.payout_account);
    // Replacing the account on file needs a reason (tests/api/payoutAccount.test.ts).
    const ccp = await d.ok(d.admin, 'PATCH', `/vendors/${v.id}/`, { version: saved.version, payout_method: 'ccp', payout_account: '1234567 68', payout_change_reason: 'Moved to a postal account' });
    assert.equal(ccp.payout_account, '123456768');
    // Creating with a wrong key is refused too: the check is the server's, not the form's.
    const created = await d.call(d.admin, 'POST', '/vendors/', { trade_name: 'X', legal_name: 'Y', payout_method: 'ccp', payout_account: '1234567 69' });
    assert.equal(created.status, 400);
    assert.match(created.body.errors.payout_account[0], /CCP key/);
  });

  test('vendor staff read their own vendor only and cannot change its legal identity', async () => {
    assert.equal((await d.call(d.vendor, 'GET', '/vendors/')).status, 403);
    assert.equal((await d.call(d.vendor, 'GET', `/vendors/${d.vendor2Id}/`)).status, 404);
    const own = await d.ok(d.vendor, 'GET', `/vendors/${d.vendorId}/`);
    const refused = await d.call(d.vendor, 'PATCH', `/vendors/${d.vendorId}/`, { version: own.version, nif_number: '000111001234567', legal_name: 'SARL X' });
    assert.equal(refused.status, 403);
    // In words, at each field (never a column name), and in the request's language.
    assert.equal(refused.body.detail, 'Only staff may change these fields.');
    assert.deepEqual(refused.body.errors, { legal_name: ['Only staff may change this field.'], nif_number: ['Only staff may change this field.'] });
    const french = await d.call(d.vendor, 'PATCH', `/vendors/${d.vendorId}/`, { version: own.version, legal_name: 'SARL X' }, { 'accept-language': 'fr' });
    assert.deepEqual(french.body.errors, { legal_name: ['Seul le personnel de la plateforme peut modifier ce champ.'] });
    assert.equal((await d.call(d.vendor, 'POST', `/vendors/${d.vendorId}/transition/`, { version: own.version, event: 'suspend', reason: 'x' })).status, 403);
  });
});

describe('onboarding', () => {
  test('from application to active: review, approval refused until the identity is complete, then approved', async () => {
    let v = await d.ok(d.admin, 'POST', '/vendors/', { trade_name: 'Tassili Rando', legal_name: 'EURL Tassili Rando' });
    assert.equal(v.status, 'applied');
    assert.equal((await transition(v.id, 'approve', v.version)).status, 409, 'not under review yet');
    v = (await transition(v.id, 'start_review', v.version)).body;
    assert.equal(v.status, 'under_review');
    const refused = await transition(v.id, 'approve', v.version);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.detail, 'Complete the legal identity (legal name, RC, NIF and payout account) before approving this vendor.');
    assert.deepEqual(Object.keys(refused.body.errors).sort(), ['nif_number', 'payout_account', 'payout_method', 'rc_number']);
    v = await d.ok(d.admin, 'PATCH', `/vendors/${v.id}/`, { version: v.version, ...IDENTITY });
    v = await d.ok(d.admin, 'POST', `/vendors/${v.id}/transition/`, { event: 'approve', version: v.version });
    assert.equal(v.status, 'active');
    const audit = await d.sql('SELECT action FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY at', ['vendors', v.id]);
    // Filling in the identity sets the first payout account: audited as such.
    assert.deepEqual(audit.map((a) => a.action), ['create', 'transition:start_review', 'payout_account_change', 'transition:approve']);
  });

  test('rejecting and suspending need a reason', async () => {
    let v = await d.ok(d.admin, 'POST', '/vendors/', { trade_name: 'Nope Tours', legal_name: 'Nope' });
    v = (await transition(v.id, 'start_review', v.version)).body;
    assert.equal((await transition(v.id, 'reject', v.version)).status, 400);
    v = (await transition(v.id, 'reject', v.version, { reason: 'No commercial register' })).body;
    assert.equal(v.status, 'rejected');
    assert.equal(v.status_reason, 'No commercial register');
  });
});

describe('list figures', () => {
  test('services, bookings and revenue of the last 30 days and rating per vendor; filters by status and wilaya', async () => {
    const b1 = await book(d, d.vendor, sahara);
    const b2 = await book(d, d.vendor, sahara);
    // Older than 30 days: not counted; cancelled: not counted.
    await d.sql("UPDATE bookings SET created_at = now() - interval '40 days' WHERE id = $1", [b1.id]);
    const cancelled = await book(d, d.vendor, sahara);
    await d.ok(d.vendor, 'POST', `/bookings/${cancelled.id}/transition/`, { event: 'cancel', version: cancelled.version, reason: 'Changed plans' });
    await d.sql('UPDATE services SET rating_avg = 4, reviews_count = 3 WHERE id = $1', [sahara.service.id]);
    await d.sql('UPDATE services SET rating_avg = 5, reviews_count = 1 WHERE id = $1', [sahara.manualService.id]);
    const expected = await d.sql<{ n: number; total: string }>(
      `SELECT count(*)::int AS n, sum(total)::text AS total FROM bookings WHERE vendor_id = $1 AND created_at >= now() - interval '30 days' AND status NOT IN ('cancelled','declined','expired')`,
      [d.vendorId],
    );
    const sahara47 = await d.ok(d.admin, 'GET', `/vendors/${d.vendorId}/`);
    await d.ok(d.admin, 'PATCH', `/vendors/${d.vendorId}/`, { version: sahara47.version, wilaya_code: '47' });
    const page = await d.ok(d.admin, 'GET', `/vendors/?wilaya_code=47&status=active&fields=trade_name,status`);
    const row = page.results.find((r: Json) => r.id === d.vendorId);
    assert.ok(row, 'Sahara is active in wilaya 47');
    assert.ok(page.results.every((r: Json) => r.status === 'active'));
    assert.equal(row.services_count, 2);
    assert.equal(row.bookings_30d, expected[0].n);
    assert.ok(row.bookings_30d >= 1);
    assert.deepEqual(row.revenue_30d, [{ currency: 'DZD', amount: Number(expected[0].total) }]);
    assert.notEqual(b2.total, 0);
    assert.equal(row.rating_avg, 4.25, 'weighted by reviews: (4×3 + 5×1) / 4');
    const other = await d.ok(d.admin, 'GET', '/vendors/?wilaya_code=15');
    assert.ok(other.results.every((r: Json) => r.id !== d.vendorId));
  });
});

describe('exports', () => {
  test('vendors and their documents export in the reader\'s language: every header and enum in words', async () => {
    const cells = (row: string) => row.replace(/^\uFEFF/, '').split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/);
    const raw = (headers: string[]) => headers.filter((h) => /^[a-z_]+$/.test(h));
    for (const name of ['vendors', 'vendor-documents']) {
      const res = await d.call(d.admin, 'GET', `/${name}/export.csv?lang=fr`);
      assert.equal(res.status, 200, name);
      const rows = String(res.body).split('\r\n');
      assert.deepEqual(raw(cells(rows[0])), [], `${name}: untranslated headers`);
    }
    const one = await d.call(d.admin, 'GET', `/vendors/export.csv?lang=fr&columns=trade_name,status,payout_method&search=${encodeURIComponent('Sahara')}`);
    const [header, row] = String(one.body).replace(/^\uFEFF/, '').split('\r\n');
    assert.equal(header, 'Nom commercial,Statut,Mode de versement');
    assert.match(row, /^Sahara Quad Tours,Actif,/);
  });
});

describe('documents', () => {
  test('one per kind; staff verify (who and when); a vendor change asks for a new check; other vendors see nothing', async () => {
    const soon = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    let doc = await d.ok(d.vendor, 'POST', '/vendor-documents/', { kind: 'liability_insurance', number: 'AXA-2026-118', issued_on: '2025-12-01', expires_on: soon });
    assert.equal(doc.vendor_id, d.vendorId);
    assert.equal(doc.verified, false);
    const twice = await d.call(d.vendor, 'POST', '/vendor-documents/', { kind: 'liability_insurance', number: 'other' });
    assert.equal(twice.status, 409);
    assert.equal((await d.call(d.vendor, 'PATCH', `/vendor-documents/${doc.id}/`, { version: doc.version, verified: true })).status, 403);
    const backwards = await d.call(d.admin, 'PATCH', `/vendor-documents/${doc.id}/`, { version: doc.version, expires_on: '2025-01-01' });
    assert.equal(backwards.status, 400);
    assert.ok(backwards.body.errors.expires_on);

    doc = await d.ok(d.admin, 'PATCH', `/vendor-documents/${doc.id}/`, { version: doc.version, verified: true });
    assert.equal(doc.verified_by, d.admin.user.id);
    assert.ok(doc.verified_at);
    doc = await d.ok(d.vendor, 'PATCH', `/vendor-documents/${doc.id}/`, { version: doc.version, number: 'AXA-2026-119' });
    assert.equal(doc.verified, false, 'changed by the vendor: checked again');
    assert.equal(doc.verified_by, null);

    // The scan is one of the vendor's own media, never another vendor's (the references check).
    const [theirs, ours] = await d.sql<{ id: string }>(
      `INSERT INTO media (vendor_id, url, owner_type, owner_id) VALUES ($1, 'https://cdn.example.test/k.jpg', 'vendor', $1), ($2, 'https://cdn.example.test/s.jpg', 'vendor', $2) RETURNING id`,
      [d.vendor2Id, d.vendorId],
    );
    const foreignScan = await d.call(d.admin, 'PATCH', `/vendor-documents/${doc.id}/`, { version: doc.version, media_id: theirs.id });
    assert.equal(foreignScan.status, 400);
    assert.match(foreignScan.body.errors.media_id[0], /belongs to another vendor/);
    doc = await d.ok(d.admin, 'PATCH', `/vendor-documents/${doc.id}/`, { version: doc.version, media_id: ours.id });
    assert.equal(doc.media_id, ours.id);

    assert.equal((await d.call(d.vendor2, 'GET', `/vendor-documents/${doc.id}/`)).status, 404);
    assert.equal((await d.ok(d.vendor2, 'GET', '/vendor-documents/')).count, 0);

    // What the home queue and the vendor page ask: documents expiring within 30 days.
    const in30 = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const expiring = await d.ok(d.admin, 'GET', `/vendor-documents/?expires_on__lte=${in30}&ordering=expires_on&expand=vendor_id`);
    const found = expiring.results.find((r: Json) => r.id === doc.id);
    assert.ok(found);
    assert.equal(found._expanded.vendor_id.trade_name, 'Sahara Quad Tours');
    const later = await d.ok(d.admin, 'POST', '/vendor-documents/', { vendor_id: d.vendorId, kind: 'tax_card', expires_on: inDays(90).slice(0, 10) });
    assert.ok(!(await d.ok(d.admin, 'GET', `/vendor-documents/?expires_on__lte=${in30}`)).results.some((r: Json) => r.id === later.id));
  });
});

// Last: suspending ends the vendor's sessions, so the fixture's vendor token stops working for good.
describe('suspension', () => {
  test('locks the vendor staff out and its services out of booking, until reinstated', async () => {
    await createUser(d.t.db, { email: 'guide@sahara.test', name: 'Guide', password: 'guide-pass-1', admin: false, vendorId: d.vendorId });
    const login = () => d.t.app.inject({ method: 'POST', url: '/branch/api/vendors/login', payload: { email: 'guide@sahara.test', password: 'guide-pass-1' } });
    const first = await login();
    assert.equal(first.statusCode, 200);
    const token = first.json().access_token;
    const me = () => d.t.app.inject({ method: 'GET', url: '/branch/api/me/', headers: { authorization: `JWT ${token}` } });
    assert.equal((await me()).statusCode, 200);

    let v = await d.ok(d.admin, 'GET', `/vendors/${d.vendorId}/`);
    assert.equal((await transition(v.id, 'suspend', v.version)).status, 400, 'a reason is required');
    v = await d.ok(d.admin, 'POST', `/vendors/${v.id}/transition/`, { event: 'suspend', version: v.version, reason: 'Insurance expired' });
    assert.equal(v.status, 'suspended');
    assert.equal((await login()).statusCode, 401, 'no new session');
    assert.equal((await me()).statusCode, 401, 'the open session stops');
    assert.equal((await d.call(d.vendor, 'GET', '/bookings/')).status, 401);

    // The booking form's service picker no longer offers its services.
    const offered = () => d.ok(d.admin, 'GET', `/services/?status=published&vendor_active=true&vendor_id=${d.vendorId}`);
    assert.equal((await offered()).count, 0);
    // Staff booking one of its services is refused, with the reason at the service.
    const refused = await d.call(d.admin, 'POST', '/bookings/', { customer_id: sahara.customer.id, service_id: sahara.service.id, starts_at: inDays(5), participants: { adult: 2 } });
    assert.equal(refused.status, 400);
    assert.deepEqual(refused.body.errors.service_id, ['This vendor is not active: its services cannot be booked.']);
    const french = await d.call(d.admin, 'POST', '/bookings/', { customer_id: sahara.customer.id, service_id: sahara.service.id, starts_at: inDays(5), participants: { adult: 2 } }, { 'accept-language': 'fr' });
    assert.notEqual(french.body.errors.service_id[0], refused.body.errors.service_id[0], 'translated for a French page');

    v = await d.ok(d.admin, 'POST', `/vendors/${v.id}/transition/`, { event: 'reinstate', version: v.version });
    assert.equal(v.status, 'active');
    assert.equal((await login()).statusCode, 200);
    assert.equal((await offered()).count, 2);
    await book(d, d.admin, sahara);
  });
});
