/**
 * Coded reasons: the reason-codes collection (read by everyone signed in, written by
 * staff), and the records that take a reason keeping its code beside the free text, the
 * server checking the code exists, is active and is of the kind the action takes.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
});
after(() => d.close());

const cancel = (b: Json, body: Json) => d.call(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'cancel', version: b.version, ...body });

describe('the reason-codes collection', () => {
  test('everyone signed in reads the codes of a kind, labelled in three languages', async () => {
    assert.equal((await d.call(null, 'GET', '/reason-codes/')).status, 401);
    const page = await d.ok(d.vendor, 'GET', '/reason-codes/?kind=cancellation&active=true&page_size=100');
    const codes = page.results.map((r: Json) => r.code);
    assert.deepEqual(codes, ['weather', 'customer_request', 'illness', 'vendor_cancelled', 'not_enough_participants', 'other']);
    const weather = page.results[0];
    assert.deepEqual(weather.label_i18n, { en: 'Weather conditions', fr: 'Conditions météorologiques', ar: 'الأحوال الجوية' });
    for (const r of page.results) for (const lang of ['en', 'fr', 'ar']) assert.ok(r.label_i18n[lang].length > 0, `${r.code} ${lang}`);
    assert.equal(page.results.find((r: Json) => r.code === 'other').needs_free_text, true);
  });

  test('staff write them; vendor staff may not; a code is retired, never deleted', async () => {
    const body = { kind: 'cancellation', code: 'road_closed', label_i18n: { en: 'Road closed', fr: 'Route fermée', ar: 'الطريق مغلق' } };
    assert.equal((await d.call(d.vendor, 'POST', '/reason-codes/', body)).status, 403);
    const created = await d.ok(d.admin, 'POST', '/reason-codes/', body);
    assert.equal(created.active, true);
    const duplicate = await d.call(d.admin, 'POST', '/reason-codes/', body);
    assert.equal(duplicate.status, 409);
    // The same code may exist for another kind.
    await d.ok(d.admin, 'POST', '/reason-codes/', { ...body, kind: 'refund' });
    const missingFr = await d.call(d.admin, 'POST', '/reason-codes/', { ...body, code: 'flood', label_i18n: { en: 'Flood', fr: '', ar: 'فيضان' } });
    assert.equal(missingFr.status, 400, 'every language is required');
    assert.equal((await d.call(d.admin, 'DELETE', `/reason-codes/${created.id}/?version=${created.version}`)).status, 405);
    const changeCode = await d.call(d.admin, 'PATCH', `/reason-codes/${created.id}/`, { version: created.version, code: 'other_code' });
    assert.equal(changeCode.status, 400, 'a code stays what stored records point to');
    const retired = await d.ok(d.admin, 'PATCH', `/reason-codes/${created.id}/`, { version: created.version, active: false });
    assert.equal(retired.active, false);
    const b = await book(d, d.vendor, sahara);
    assert.equal((await cancel(b, { reason_code: 'road_closed' })).status, 400, 'a retired code is refused');
  });
});

describe('a booking cancelled with a coded reason', () => {
  test('keeps the code, with no English text', async () => {
    const b = await book(d, d.vendor, sahara);
    const cancelled = (await cancel(b, { reason_code: 'weather' })).body;
    assert.equal(cancelled.status, 'cancelled');
    assert.equal(cancelled.status_reason_code, 'weather');
    assert.equal(cancelled.status_reason, null);
    const [entry] = await d.sql<Json>("SELECT after FROM audit_log WHERE entity_id = $1 AND action = 'transition:cancel'", [String(b.id)]);
    assert.match(JSON.stringify(entry.after), /"reason_code":"weather"/, 'the audit entry names the code');
  });

  test('refuses a code of another kind, an unknown code, and "other" without free text', async () => {
    const b = await book(d, d.vendor, sahara);
    const wrongKind = await cancel(b, { reason_code: 'fully_booked' });
    assert.equal(wrongKind.status, 400);
    assert.ok(wrongKind.body.errors.reason_code);
    assert.ok((await cancel(b, { reason_code: 'teleported' })).body.errors.reason_code);
    assert.equal((await cancel(b, { reason_code: 'Weather' })).status, 400, 'codes are lower-case');
    const bare = await cancel(b, { reason_code: 'other' });
    assert.equal(bare.status, 400);
    assert.ok(bare.body.errors.reason);
    const unchanged = await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`);
    assert.equal(unchanged.status, 'confirmed');
    const other = (await cancel(b, { reason_code: 'other', reason: 'Le guide est malade' })).body;
    assert.deepEqual([other.status, other.status_reason_code, other.status_reason], ['cancelled', 'other', 'Le guide est malade']);
  });

  test('a coded reason on an action that takes none is refused', async () => {
    const b = await d.ok(d.vendor, 'POST', '/bookings/', { customer_id: sahara.customer.id, service_id: sahara.manualService.id, starts_at: new Date(Date.now() + 9 * 86_400_000).toISOString(), participants: { adult: 1 } });
    const res = await d.call(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'confirm', version: b.version, reason_code: 'weather' });
    assert.equal(res.status, 400);
    assert.ok(res.body.errors.reason_code);
    const declined = await d.ok(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'decline', version: b.version, reason_code: 'fully_booked' });
    assert.equal(declined.status_reason_code, 'fully_booked');
  });

  test('free text alone still cancels (API clients without codes)', async () => {
    const b = await book(d, d.vendor, sahara);
    const cancelled = (await cancel(b, { reason: 'Sandstorm' })).body;
    assert.deepEqual([cancelled.status, cancelled.status_reason_code, cancelled.status_reason], ['cancelled', null, 'Sandstorm']);
  });
});

describe('refunds with coded reasons', () => {
  const paid = () => book(d, d.vendor, sahara, { payment_method: 'cash' });

  test('a refund keeps its code; the code must be a refund reason; a reason is required', async () => {
    const b = await paid();
    const refund = await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 100000, reason_code: 'goodwill' });
    assert.deepEqual([refund.reason_code, refund.reason], ['goodwill', null]);
    const wrongKind = await d.call(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 100000, reason_code: 'weather' });
    assert.equal(wrongKind.status, 400);
    assert.ok(wrongKind.body.errors.reason_code);
    const none = await d.call(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 100000 });
    assert.equal(none.status, 400);
    assert.ok(none.body.errors.reason);
    const bareOther = await d.call(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 100000, reason_code: 'other' });
    assert.ok(bareOther.body.errors.reason);
    const other = await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 100000, reason_code: 'other', reason: 'Geste pour le retard' });
    assert.equal(other.reason, 'Geste pour le retard');
    const changed = await d.call(d.vendor, 'PATCH', `/refunds/${refund.id}/`, { version: refund.version, reason_code: 'illness' });
    assert.equal(changed.status, 400, 'a change is checked too');
  });

  test('rejecting a refund takes a rejection reason', async () => {
    const b = await paid();
    const refund = await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: 100000, reason_code: 'service_issue' });
    const wrong = await d.call(d.vendor, 'POST', `/refunds/${refund.id}/transition/`, { event: 'reject', version: refund.version, reason_code: 'goodwill' });
    assert.equal(wrong.status, 400);
    const rejected = await d.ok(d.vendor, 'POST', `/refunds/${refund.id}/transition/`, { event: 'reject', version: refund.version, reason_code: 'outside_policy' });
    assert.deepEqual([rejected.status, rejected.status_reason_code], ['rejected', 'outside_policy']);
  });

  test('a full refund cancels its booking with the server\'s own coded reason', async () => {
    const b = await paid();
    let refund = await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: b.id, amount: b.paid, reason_code: 'activity_cancelled' });
    for (const event of ['approve', 'process']) refund = await d.ok(d.vendor, 'POST', `/refunds/${refund.id}/transition/`, { event, version: refund.version });
    await d.ok(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event: 'succeed', version: refund.version });
    const booking = await d.ok(d.vendor, 'GET', `/bookings/${b.id}/`);
    assert.deepEqual([booking.status, booking.status_reason_code, booking.status_reason], ['cancelled', 'fully_refunded', null]);
  });
});
