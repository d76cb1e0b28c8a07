/**
 * Prices and the catalogue around them: a price rule's checks (dates in order, an amount,
 * weekdays), the validity views by Algeria's day, the preview's breakdown by the rules,
 * adrenaline health questions in three languages, and personal services (a copy for one
 * customer, not offered to anyone else), each within the vendor's own records.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

/** Algeria's date `days` from today. */
const day = (days: number) => new Date(Date.now() + 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
const rule = (body: Json, who = d.vendor) => d.call(who, 'POST', '/price-rules/', { service_id: c.service.id, customer_type: 'adult', amount: 100000, ...body });

test('a price rule: valid_to before valid_from, a zero amount or a weekday out of range are 400 at the field', async () => {
  const reversed = await rule({ valid_from: day(10), valid_to: day(9) });
  assert.equal(reversed.status, 400);
  assert.deepEqual(Object.keys(reversed.body.errors), ['valid_to']);
  const free = await rule({ amount: 0 });
  assert.equal(free.status, 400);
  assert.ok(free.body.errors.amount);
  const weekday = await rule({ weekdays: [7] });
  assert.equal(weekday.status, 400);
  assert.ok(Object.keys(weekday.body.errors).some((k) => k.startsWith('weekdays')));
  const twice = await rule({ weekdays: [1, 1] });
  assert.equal(twice.status, 400);
  // A change is checked against the stored record: moving the start past the end is refused.
  const ok = await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: c.service.id, customer_type: 'senior', amount: 1000, valid_from: day(1), valid_to: day(5) }, 201);
  const moved = await d.call(d.vendor, 'PATCH', `/price-rules/${ok.id}/`, { valid_from: day(6), version: ok.version });
  assert.equal(moved.status, 400);
  assert.ok(moved.body.errors.valid_to);
});

test('validity views: current (open ends count), upcoming and expired, by the date in Algeria', async () => {
  const service = await d.ok(d.vendor, 'POST', '/services/', { title_i18n: i18n('Sand boarding'), category_id: c.category.id, duration_minutes: 60, capacity: 10, max_participants: 10 }, 201);
  const made = {
    open: await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 1, name: 'open' }, 201),
    today: await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 2, name: 'today', valid_from: day(0), valid_to: day(0) }, 201),
    fromPast: await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 3, name: 'fromPast', valid_from: day(-3) }, 201),
    later: await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 4, name: 'later', valid_from: day(1), valid_to: day(9) }, 201),
    past: await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 5, name: 'past', valid_to: day(-1) }, 201),
  };
  const names = async (view: string) =>
    (await d.ok(d.vendor, 'GET', `/price-rules/?service_id=${service.id}&view=${view}&ordering=amount`)).results.map((r: Json) => r.name);
  assert.deepEqual(await names('current'), ['open', 'today', 'fromPast']);
  assert.deepEqual(await names('upcoming'), ['later']);
  assert.deepEqual(await names('expired'), ['past']);
  assert.equal((await names('all')).length, Object.keys(made).length);
  assert.equal((await d.call(d.vendor, 'GET', '/price-rules/?view=someday')).status, 400);
});

test('preview: a line per customer type from the rule that applies that day and group size, the coupon at its field', async () => {
  const service = await d.ok(d.vendor, 'POST', '/services/', { title_i18n: i18n('Dune walk'), category_id: c.category.id, duration_minutes: 60, capacity: 30, max_participants: 30, customer_types: ['adult', 'child'] }, 201);
  const startsAt = inDays(20);
  const weekday = new Date(Date.parse(startsAt) + 3_600_000).getUTCDay();
  await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 300000 }, 201);
  await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 250000, min_group_size: 4 }, 201);
  await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'child', amount: 500000, per: 'booking', weekdays: [weekday] }, 201);
  await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'child', amount: 900000, per: 'booking', weekdays: [(weekday + 1) % 7] }, 201);
  const preview = (participants: Json, extra: Json = {}) => d.call(d.vendor, 'POST', '/bookings/preview/', { service_id: service.id, starts_at: startsAt, participants, ...extra });

  const small = await preview({ adult: 2, child: 1 });
  assert.equal(small.status, 200, JSON.stringify(small.body));
  assert.deepEqual(small.body.lines.map((l: Json) => [l.customer_type, l.quantity, l.unit_price, l.per, l.amount]), [
    ['adult', 2, 300000, 'person', 600000],
    ['child', 1, 500000, 'booking', 500000],
  ]);
  const group = await preview({ adult: 4 });
  assert.equal(group.body.lines[0].unit_price, 250000, 'the group rule from four people');
  assert.equal(group.body.subtotal, 1000000);

  const coupon = await preview({ adult: 1 }, { coupon_code: 'NOPE' });
  assert.equal(coupon.status, 400);
  assert.ok(coupon.body.errors.coupon_code);
  const foreign = await d.call(d.vendor2, 'POST', '/bookings/preview/', { service_id: service.id, starts_at: startsAt, participants: { adult: 1 } });
  assert.equal(foreign.status, 404);
});

test('adrenaline: health questions in three languages (English required), weights in order; old single-language questions refused', async () => {
  const profile = (extra: Json) => ({ risk_level: 4, min_age: 16, waiver_required: true, health_questions: [], ...extra });
  const patch = async (adrenaline: Json) => {
    const current = await d.ok(d.vendor, 'GET', `/services/${c.manualService.id}/`);
    return d.call(d.vendor, 'PATCH', `/services/${c.manualService.id}/`, { adrenaline, version: current.version });
  };
  const saved = await patch(profile({ min_weight_kg: 40, max_weight_kg: 110, health_questions: [{ en: 'Any heart condition?', fr: 'Un problème cardiaque ?', ar: 'هل تعاني من مرض في القلب؟' }] }));
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
  assert.equal(saved.body.adrenaline.health_questions[0].ar, 'هل تعاني من مرض في القلب؟');
  const plain = await patch(profile({ health_questions: ['Any heart condition?'] }));
  assert.equal(plain.status, 400);
  const noEnglish = await patch(profile({ health_questions: [{ en: '', fr: 'Enceinte ?', ar: '' }] }));
  assert.equal(noEnglish.status, 400);
  assert.ok(Object.keys(noEnglish.body.errors).some((k) => k.startsWith('adrenaline.health_questions.0')), JSON.stringify(noEnglish.body));
  const weights = await patch(profile({ min_weight_kg: 90, max_weight_kg: 60 }));
  assert.equal(weights.status, 400);
  assert.ok(weights.body.errors['adrenaline.max_weight_kg']);
  const risk = await patch(profile({ risk_level: 6 }));
  assert.equal(risk.status, 400);
});

test('migration 123 turns stored single-language questions into English texts, keeping those already translated', async () => {
  const old = { risk_level: 3, min_age: 12, waiver_required: false, health_questions: ['Heart?', { en: 'Pregnant?', fr: 'Enceinte ?', ar: 'حامل؟' }] };
  await d.sql('UPDATE services SET adrenaline = $2::jsonb WHERE id = $1', [c.service.id, JSON.stringify(old)]);
  const migration = readFileSync(join(import.meta.dirname, '../../server/db/migrations/123_health_questions_i18n.sql'), 'utf8');
  await d.sql(migration);
  const [row] = await d.sql<Json>('SELECT adrenaline FROM services WHERE id = $1', [c.service.id]);
  assert.deepEqual(row.adrenaline.health_questions, [{ en: 'Heart?', fr: '', ar: '' }, { en: 'Pregnant?', fr: 'Enceinte ?', ar: 'حامل؟' }]);
  assert.equal(row.adrenaline.risk_level, 3);
  // What it wrote is what the API now accepts.
  const current = await d.ok(d.vendor, 'GET', `/services/${c.service.id}/`);
  await d.ok(d.vendor, 'PATCH', `/services/${c.service.id}/`, { adrenaline: row.adrenaline, version: current.version });
});

test('personal service: a published copy for one customer with its prices and one departure; not offered or bookable for anyone else', async () => {
  const other = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Someone else', phone: '+213 555 99 88 77' }, 201);
  const startsAt = inDays(15, 8);
  const made = await d.call(d.vendor, 'POST', `/services/${c.service.id}/personal/`, {
    customer_id: c.customer.id, starts_at: startsAt, capacity: 6, prices: [{ customer_type: 'adult', amount: 420000 }, { customer_type: 'child', amount: 900000, per: 'booking' }],
  });
  assert.equal(made.status, 201, JSON.stringify(made.body));
  const { service, price_rules, slot } = made.body;
  assert.deepEqual(
    [service.private_customer_id, service.base_service_id, service.status, service.capacity, service.max_participants, service.vendor_id, service.title_i18n.en, service.location_id],
    [c.customer.id, c.service.id, 'published', 6, 6, d.vendorId, c.service.title_i18n.en, c.service.location_id],
  );
  assert.deepEqual(service.customer_types, ['adult', 'child']);
  assert.deepEqual(price_rules.map((r: Json) => [r.customer_type, r.amount, r.per]), [['adult', 420000, 'person'], ['child', 900000, 'booking']]);
  assert.deepEqual([new Date(slot.starts_at).toISOString(), slot.capacity], [startsAt, 6]);
  const audited = await d.sql<Json>("SELECT entity FROM audit_log WHERE action = 'create' AND entity_id = ANY($1::text[]) ORDER BY entity", [[service.id, slot.id, ...price_rules.map((r: Json) => r.id)]]);
  assert.deepEqual(audited.map((a) => a.entity), ['price-rules', 'price-rules', 'service-slots', 'services']);

  const publicIds = (await d.ok(d.vendor, 'GET', '/services/?view=public&status=published&page_size=100')).results.map((s: Json) => s.id);
  assert.ok(publicIds.includes(c.service.id) && !publicIds.includes(service.id), 'the public list leaves it out');
  const personalIds = (await d.ok(d.vendor, 'GET', '/services/?view=personal')).results.map((s: Json) => s.id);
  assert.deepEqual(personalIds, [service.id]);

  const forOther = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: other.id, service_id: service.id, slot_id: slot.id, participants: { adult: 1 } });
  assert.equal(forOther.status, 400);
  assert.deepEqual(forOther.body.errors.service_id, ['This private service is for another customer.']);
  const booked = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: service.id, slot_id: slot.id, participants: { adult: 2 } });
  assert.equal(booked.status, 201, JSON.stringify(booked.body));
  assert.equal(booked.body.total >= 840000, true);
});

test('personal service: checks at the fields, nothing written; another vendor’s service is 404, their customer unknown', async () => {
  const count = async () => (await d.sql<Json>('SELECT count(*)::int AS n FROM services'))[0].n;
  const before = await count();
  const body = { customer_id: c.customer.id, starts_at: inDays(9), capacity: 4, prices: [{ customer_type: 'adult', amount: 1000 }] };
  const past = await d.call(d.vendor, 'POST', `/services/${c.service.id}/personal/`, { ...body, starts_at: inDays(-1) });
  assert.deepEqual([past.status, Object.keys(past.body.errors)], [400, ['starts_at']]);
  const twice = await d.call(d.vendor, 'POST', `/services/${c.service.id}/personal/`, { ...body, prices: [{ customer_type: 'adult', amount: 1000 }, { customer_type: 'adult', amount: 2000 }] });
  assert.deepEqual([twice.status, Object.keys(twice.body.errors)], [400, ['prices.1.customer_type']]);
  const free = await d.call(d.vendor, 'POST', `/services/${c.service.id}/personal/`, { ...body, prices: [{ customer_type: 'adult', amount: 0 }] });
  assert.equal(free.status, 400);
  assert.equal((await d.call(d.vendor2, 'POST', `/services/${c.service.id}/personal/`, body)).status, 404);
  const c2 = await catalogFor(d, d.vendor2, c.category);
  const theirCustomer = await d.call(d.vendor, 'POST', `/services/${c.service.id}/personal/`, { ...body, customer_id: c2.customer.id });
  assert.deepEqual([theirCustomer.status, Object.keys(theirCustomer.body.errors)], [400, ['customer_id']]);
  assert.equal(await count(), before + 2, 'only the other vendor’s catalogue was written');
  assert.equal((await d.call(null, 'POST', `/services/${c.service.id}/personal/`, body)).status, 401);
});

test("vendor scoping: another vendor's price rules are 404 to read, change or list", async () => {
  const mine = await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: c.service.id, customer_type: 'student', amount: 7000 }, 201);
  assert.equal((await d.call(d.vendor2, 'GET', `/price-rules/${mine.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor2, 'PATCH', `/price-rules/${mine.id}/`, { amount: 1, version: mine.version })).status, 404);
  const listed = await d.ok(d.vendor2, 'GET', '/price-rules/?view=all&page_size=100');
  assert.ok(listed.results.every((r: Json) => r.vendor_id === d.vendor2Id));
  const onTheirs = await rule({ service_id: c.service.id }, d.vendor2);
  assert.equal(onTheirs.status, 400);
  assert.ok(onTheirs.body.errors.service_id);
});
