/**
 * Coupons, discounts and deals: validation, codes unique whatever their case, vendor
 * scoping, who funds a promotion (the booking's platform_funded_discount), the usage
 * report against the bookings themselves, the "check a code" preview, and maximum uses
 * and per-customer limits under concurrent bookings (run with DATABASE_URL for PostgreSQL).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { addCover, book, catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
let c2: Catalog;
let serial = 0;
/** A code no other test uses. */
const code = (prefix: string) => `${prefix}${++serial}`;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  c2 = await catalogFor(d, d.vendor2);
});
after(() => d.close());

const coupon = (extra: Json = {}) => ({ code: code('PROMO'), kind: 'percent', value: 10, ...extra });
/**
 * Published services (an adult at 5,000.00) of `c`'s vendor. Concurrent bookings go to
 * different services: a booking locks its service, which would otherwise queue them and
 * hide a race on the promotion.
 */
async function services(who: Who, cat: Catalog, n: number): Promise<Json[]> {
  const made: Json[] = [];
  for (let i = 0; i < n; i++) {
    const service = await d.ok(who, 'POST', '/services/', {
      title_i18n: i18n(`Race ${++serial}`), category_id: cat.category.id, location_id: cat.location.id, branch_id: cat.branch.id,
      duration_minutes: 60, capacity: 20, max_participants: 20, confirmation: 'instant',
    });
    await d.ok(who, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 500_000 });
    await addCover(d, service);
    made.push(await d.ok(who, 'POST', `/services/${service.id}/transition/`, { event: 'publish', version: service.version }));
  }
  return made;
}
const customer = (who = d.vendor) => d.ok(who, 'POST', '/customers/', { name: `Amina ${++serial}`, phone: '+213 555 10 20 30' });

test('windows that make sense, percent at most 100, a share for a shared promotion', async () => {
  const tooMuch = await d.call(d.vendor, 'POST', '/coupons/', coupon({ value: 150 }));
  assert.equal(tooMuch.status, 400);
  assert.deepEqual(tooMuch.body.errors, { value: ['A percentage cannot exceed 100.'] });

  const backwards = await d.call(d.vendor, 'POST', '/coupons/', coupon({ booking_from: inDays(10), booking_to: inDays(5) }));
  assert.deepEqual(backwards.body.errors, { booking_to: ['Must be after booking_from.'] });

  const travelFirst = await d.call(d.vendor, 'POST', '/discounts/', {
    name_i18n: i18n('Early'), kind: 'fixed', value: 5000, booking_from: inDays(10), travel_to: inDays(5).slice(0, 10),
  });
  assert.equal(travelFirst.status, 400);
  assert.deepEqual(travelFirst.body.errors, { travel_to: ['Must not end before the booking window opens.'] });

  const zero = await d.call(d.vendor, 'POST', '/coupons/', coupon({ kind: 'fixed', value: 0 }));
  assert.equal(zero.status, 400);
  assert.ok(zero.body.errors.value);

  const shared = await d.call(d.admin, 'POST', '/coupons/', coupon({ vendor_id: d.vendorId, funded_by: 'shared' }));
  assert.deepEqual(shared.body.errors, { platform_share_percent: ['Required for a shared promotion.'] });

  // The same rules on a change, against the record as it would be stored.
  const kept = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ booking_from: inDays(1) }));
  const moved = await d.call(d.vendor, 'PATCH', `/coupons/${kept.id}/`, { version: kept.version, booking_to: inDays(0) });
  assert.deepEqual(moved.body.errors, { booking_to: ['Must be after booking_from.'] });

  const deal = await d.call(d.vendor, 'POST', '/deals/', {
    title_i18n: i18n('Spring'), service_ids: [c.service.id], discount_percent: 15, starts_at: inDays(5), ends_at: inDays(2),
  });
  assert.deepEqual(deal.body.errors, { ends_at: ['Must be after starts_at.'] });
});

test('codes are stored upper-case and unique whatever the case typed', async () => {
  const typed = code('spring');
  const created = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ code: typed }));
  assert.equal(created.code, typed.toUpperCase());
  const again = await d.call(d.vendor, 'POST', '/coupons/', coupon({ code: typed.toUpperCase().replace('S', 's') }));
  assert.equal(again.status, 409);
  assert.deepEqual(again.body.errors, { code: ['This code is already taken.'] });
  const other = await d.ok(d.vendor, 'POST', '/coupons/', coupon());
  const renamed = await d.call(d.vendor, 'PATCH', `/coupons/${other.id}/`, { version: other.version, code: typed });
  assert.equal(renamed.status, 409);
  // Booking with the code in any case finds it.
  const booking = await book(d, d.vendor, c, { coupon_code: typed });
  assert.equal(booking.coupon_id, created.id);
  assert.equal(booking.coupon_code, typed.toUpperCase());
});

test('vendors fund their own promotions, see only theirs, and use only their services', async () => {
  const platform = await d.call(d.vendor, 'POST', '/coupons/', coupon({ funded_by: 'platform' }));
  assert.equal(platform.status, 400);
  assert.deepEqual(platform.body.errors, { funded_by: ['Only staff can charge a promotion to the platform.'] });
  const mine = await d.ok(d.vendor, 'POST', '/coupons/', coupon());
  assert.equal(mine.funded_by, 'vendor');
  assert.equal(mine.platform_share_percent, null);
  const sneaky = await d.call(d.vendor, 'PATCH', `/coupons/${mine.id}/`, { version: mine.version, funded_by: 'shared', platform_share_percent: 100 });
  assert.equal(sneaky.status, 400);

  // Another vendor's coupon is not there at all.
  assert.equal((await d.call(d.vendor2, 'GET', `/coupons/${mine.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor2, 'GET', `/coupons/${mine.id}/usage/`)).status, 404);
  assert.equal((await d.call(d.vendor2, 'PATCH', `/coupons/${mine.id}/`, { version: mine.version, value: 50 })).status, 404);

  const foreign = await d.call(d.vendor, 'POST', '/coupons/', coupon({ service_ids: [c2.service.id] }));
  assert.deepEqual(foreign.body.errors, { service_ids: [`${c2.service.id} was not found.`] });
  const staffMix = await d.call(d.admin, 'POST', '/discounts/', { vendor_id: d.vendorId, name_i18n: i18n('Mix'), kind: 'percent', value: 5, service_ids: [c2.service.id] });
  assert.deepEqual(staffMix.body.errors, { service_ids: [`${c2.service.id} belongs to another vendor.`] });

  // The platform's own coupon is the platform's; staff may share a vendor's.
  const own = await d.ok(d.admin, 'POST', '/coupons/', coupon());
  assert.equal(own.funded_by, 'platform');
  const charged = await d.call(d.admin, 'POST', '/coupons/', coupon({ funded_by: 'vendor' }));
  assert.deepEqual(charged.body.errors, { funded_by: ['A platform promotion is funded by the platform.'] });
  const shared = await d.ok(d.admin, 'PATCH', `/coupons/${mine.id}/`, { version: mine.version, funded_by: 'shared', platform_share_percent: 30 });
  assert.equal(shared.platform_share_percent, 30);
  const back = await d.ok(d.admin, 'PATCH', `/coupons/${mine.id}/`, { version: shared.version, funded_by: 'vendor' });
  assert.equal(back.platform_share_percent, null, 'the share goes with the shared funding');
});

test('the booking records the part of its discount the platform pays', async () => {
  const byPlatform = await d.ok(d.admin, 'POST', '/coupons/', coupon({ value: 10 }));
  const byVendor = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ value: 10 }));
  const shared = await d.ok(d.admin, 'POST', '/coupons/', coupon({ vendor_id: d.vendorId, kind: 'fixed', value: 100_001, funded_by: 'shared', platform_share_percent: 40 }));
  const a = await book(d, d.vendor, c, { coupon_code: byPlatform.code });
  assert.equal(a.discount_amount, 100_000, '10% of two adults at 5,000.00');
  assert.equal(a.platform_funded_discount, 100_000);
  const b = await book(d, d.vendor, c, { coupon_code: byVendor.code });
  assert.equal(b.platform_funded_discount, 0);
  const s = await book(d, d.vendor, c, { coupon_code: shared.code });
  assert.equal(s.discount_amount, 100_001);
  assert.equal(s.platform_funded_discount, 40_000, '40% of 1,000.01, to the centime');
  assert.equal((await book(d, d.vendor, c)).platform_funded_discount, 0);

  // Stacked: the coupon's amount first, then the discount's, each charged to its funder.
  const stackCoupon = await d.ok(d.admin, 'POST', '/coupons/', coupon({ vendor_id: d.vendorId, kind: 'fixed', value: 200_000, stackable: true, funded_by: 'platform' }));
  const stackDiscount = await d.ok(d.vendor, 'POST', '/discounts/', { name_i18n: i18n('Stack'), kind: 'fixed', value: 50_000, stackable: true, service_ids: [c.manualService.id] });
  const stacked = await book(d, d.vendor, c, { service_id: c.manualService.id, coupon_code: stackCoupon.code });
  assert.equal(stacked.discount_id, stackDiscount.id);
  assert.equal(stacked.discount_amount, 250_000);
  assert.equal(stacked.platform_funded_discount, 200_000);
  // Each named, with its part and its funder: the booking's page and the price box say it.
  const named = (await d.ok(d.vendor, 'GET', `/bookings/${stacked.id}/discounts/`)).results;
  assert.deepEqual(
    named.map((x: Json) => [x.source, x.code, x.name_i18n?.en ?? null, x.kind, x.value, x.amount, x.funded_by, x.platform_amount]),
    [['coupon', stackCoupon.code, null, 'fixed', 200_000, 200_000, 'platform', 200_000], ['discount', null, 'Stack', 'fixed', 50_000, 50_000, 'vendor', 0]],
  );
  const preview = await d.ok(d.vendor, 'POST', '/bookings/preview/', { service_id: c.service.id, customer_id: c.customer.id, participants: { adult: 2 }, coupon_code: byPlatform.code }, 200);
  assert.deepEqual(preview.applied.map((x: Json) => [x.source, x.code, x.kind, x.value, x.funded_by]), [['coupon', byPlatform.code, 'percent', 10, 'platform']]);
  assert.deepEqual((await d.ok(d.vendor, 'GET', `/bookings/${b.id}/discounts/`)).results.map((x: Json) => x.funded_by), ['vendor']);
  await d.ok(d.vendor, 'PATCH', `/discounts/${stackDiscount.id}/`, { version: stackDiscount.version, active: false });
});

test('a deal prices the activities in its window, as the single best automatic offer, and is funded like a discount', async () => {
  const [service] = await services(d.vendor, c, 1);
  const window = { starts_at: inDays(10), ends_at: inDays(13) };
  const deal = await d.ok(d.vendor, 'POST', '/deals/', { title_i18n: i18n('Dune weekend'), service_ids: [service.id], discount_percent: 15, ...window });
  assert.equal(deal.funded_by, 'vendor');
  const body = (startsAt: string, extra: Json = {}) => ({ customer_id: c.customer.id, service_id: service.id, starts_at: startsAt, participants: { adult: 2 }, ...extra });
  const inWindow = new Date(Date.parse(window.starts_at) + 86_400_000).toISOString();
  const price = async (request: Json) => {
    const answer = await d.call(d.vendor, 'POST', '/bookings/preview/', request);
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  };

  // The preview and the booking price an activity inside the window at 15% off, not one after it.
  const preview = await price(body(inWindow));
  assert.equal(preview.deal_id, deal.id);
  assert.equal(preview.discount_amount, 150_000, '15% of two adults at 5,000.00');
  assert.deepEqual(preview.deal, { id: deal.id, title_i18n: deal.title_i18n, discount_percent: 15 }, 'the form names the deal on the discount line');
  const outside = await price(body(inDays(20)));
  assert.equal(outside.deal_id, null);
  assert.equal(outside.discount_amount, 0);
  assert.equal(outside.deal, null);
  const booked = await d.ok(d.vendor, 'POST', '/bookings/', body(inWindow));
  assert.equal(booked.discount_amount, 150_000);
  assert.equal(booked.platform_funded_discount, 0, 'the vendor funds its own deal');

  // Staff share it with the vendor: the platform's part is counted on the booking.
  const sharedDeal = await d.ok(d.admin, 'PATCH', `/deals/${deal.id}/`, { version: deal.version, funded_by: 'shared', platform_share_percent: 40 });
  const shared = await d.ok(d.vendor, 'POST', '/bookings/', body(inWindow));
  assert.equal(shared.platform_funded_discount, 60_000);
  assert.deepEqual([booked.deal_id, shared.deal_id], [deal.id, deal.id]);
  const usage = await d.ok(d.vendor, 'GET', `/deals/${deal.id}/usage/`);
  assert.deepEqual(usage.by_currency, [{ currency: 'DZD', uses: 2, revenue: 1_700_000, discount_given: 300_000, platform_funded: 60_000, vendor_funded: 240_000 }]);
  assert.equal((await d.call(d.vendor2, 'GET', `/deals/${deal.id}/usage/`)).status, 404);
  const sneaky = await d.call(d.vendor, 'PATCH', `/deals/${deal.id}/`, { version: sharedDeal.version, funded_by: 'platform' });
  assert.deepEqual(sneaky.body.errors, { funded_by: ['Only staff can charge a promotion to the platform.'] });

  // A larger coupon replaces the deal (a deal never stacks); a smaller one loses to it.
  const big = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ value: 20, stackable: true, service_ids: [service.id] }));
  const withBig = await price(body(inWindow, { coupon_code: big.code }));
  assert.deepEqual([withBig.coupon_id, withBig.deal_id, withBig.discount_amount], [big.id, null, 200_000]);
  const small = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ value: 5, stackable: true, service_ids: [service.id] }));
  const withSmall = await price(body(inWindow, { coupon_code: small.code }));
  assert.deepEqual([withSmall.coupon_id, withSmall.deal_id, withSmall.discount_amount], [null, deal.id, 150_000]);

  // An inactive deal prices nothing.
  await d.ok(d.vendor, 'PATCH', `/deals/${deal.id}/`, { version: sharedDeal.version, active: false });
  assert.equal((await price(body(inWindow))).discount_amount, 0);
});

test('the usage report counts the bookings that used a coupon, as the bookings themselves say', async () => {
  const promo = await d.ok(d.admin, 'POST', '/coupons/', coupon({ vendor_id: d.vendorId, value: 20, funded_by: 'shared', platform_share_percent: 50 }));
  const other = await customer();
  const made = [
    await book(d, d.vendor, c, { coupon_code: promo.code }),
    await book(d, d.vendor, c, { coupon_code: promo.code, participants: { adult: 3 } }),
    await book(d, d.vendor, c, { coupon_code: promo.code, customer_id: other.id, participants: { adult: 1, child: 1 } }),
    await book(d, d.vendor, c, { coupon_code: promo.code, customer_id: other.id }),
  ];
  await book(d, d.vendor, c); // without the code: not counted
  const cancelled = made[3];
  await d.ok(d.vendor, 'POST', `/bookings/${cancelled.id}/transition/`, { event: 'cancel', reason: 'Changed plans', version: cancelled.version });

  const counted = made.slice(0, 3);
  const report = await d.ok(d.vendor, 'GET', `/coupons/${promo.id}/usage/`);
  assert.equal(report.uses, 3);
  assert.equal(report.customers, 2);
  const sum = (f: string) => counted.reduce((n, b) => n + b[f], 0);
  assert.deepEqual(report.by_currency, [{
    currency: 'DZD',
    uses: 3,
    revenue: sum('total'),
    discount_given: sum('discount_amount'),
    platform_funded: sum('platform_funded_discount'),
    vendor_funded: sum('discount_amount') - sum('platform_funded_discount'),
  }]);
  assert.equal(sum('platform_funded_discount'), counted.reduce((n, b) => n + Math.round(b.discount_amount / 2), 0));
  assert.deepEqual(new Set(report.bookings.results.map((b: Json) => b.ref)), new Set(counted.map((b) => b.ref)));
  const page2 = await d.ok(d.vendor, 'GET', `/coupons/${promo.id}/usage/?page=2&page_size=2`);
  assert.equal(page2.bookings.results.length, 1);
  assert.equal(page2.bookings.count, 3);
  // The coupon's own counter agrees (a cancelled booking keeps its use there).
  assert.equal((await d.ok(d.vendor, 'GET', `/coupons/${promo.id}/`)).uses_count, 4);
  const doc = await d.ok(d.vendor, 'GET', '/openapi.json');
  assert.ok(doc.paths['/branch/api/coupons/{id}/usage/'].get && doc.paths['/branch/api/discounts/{id}/usage/'].get);
});

test('discounts have a usage report and their per-customer limit holds', async () => {
  const first = await customer();
  const discount = await d.ok(d.vendor, 'POST', '/discounts/', {
    name_i18n: i18n('Once each'), kind: 'fixed', value: 30_000, per_customer_limit: 1, service_ids: [c.manualService.id], funded_by: 'vendor',
  });
  const a = await book(d, d.vendor, c, { service_id: c.manualService.id, customer_id: first.id });
  const b = await book(d, d.vendor, c, { service_id: c.manualService.id, customer_id: first.id });
  assert.equal(a.discount_id, discount.id);
  assert.equal(b.discount_id, null, 'the second booking of the same customer pays full price');
  const report = await d.ok(d.vendor, 'GET', `/discounts/${discount.id}/usage/`);
  assert.equal(report.uses, 1);
  assert.equal(report.by_currency[0].discount_given, 30_000);
  await d.ok(d.vendor, 'PATCH', `/discounts/${discount.id}/`, { version: discount.version, active: false });
});

test('checking a code prices the booking with it or says why it does not apply, in the caller\'s language', async () => {
  const ok = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ value: 25, min_total: 600_000 }));
  const check = (body: Json, lang = 'en') => d.call(d.vendor, 'POST', '/bookings/preview/', { service_id: c.service.id, starts_at: inDays(4), participants: { adult: 2 }, ...body }, { 'accept-language': lang });
  const priced = await check({ coupon_code: ok.code.toLowerCase() });
  assert.equal(priced.status, 200);
  assert.equal(priced.body.coupon_id, ok.id);
  assert.equal(priced.body.discount_amount, 250_000);
  const below = await check({ coupon_code: ok.code, participants: { adult: 1 } });
  assert.deepEqual(below.body.errors, { coupon_code: ['The booking total is below the minimum for this promotion.'] });

  const ended = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ booking_from: inDays(-10), booking_to: inDays(-2) }));
  assert.deepEqual((await check({ coupon_code: ended.code })).body.errors, { coupon_code: ['This promotion has ended.'] });
  assert.deepEqual((await check({ coupon_code: ended.code }, 'fr')).body.errors, { coupon_code: ['Cette promotion est terminée.'] });
  const elsewhere = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ service_ids: [c.manualService.id] }));
  assert.deepEqual((await check({ coupon_code: elsewhere.code }, 'ar')).body.errors, { coupon_code: ['هذا العرض لا ينطبق على هذه الخدمة.'] });
  assert.deepEqual((await check({ coupon_code: 'NOSUCHCODE' })).body.errors, { coupon_code: ['Unknown coupon code.'] });
  // Checking writes nothing.
  assert.equal((await d.ok(d.vendor, 'GET', `/coupons/${ok.id}/`)).uses_count, 0);
});

test('views: active now, scheduled, expired', async () => {
  const now = await d.ok(d.vendor2, 'POST', '/coupons/', coupon({ booking_from: inDays(-3), booking_to: inDays(3) }));
  const later = await d.ok(d.vendor2, 'POST', '/coupons/', coupon({ booking_from: inDays(5) }));
  const over = await d.ok(d.vendor2, 'POST', '/coupons/', coupon({ booking_to: inDays(-5) }));
  const off = await d.ok(d.vendor2, 'POST', '/coupons/', coupon({ active: false }));
  const ids = async (view: string) => new Set((await d.ok(d.vendor2, 'GET', `/coupons/?view=${view}&page_size=100`)).results.map((r: Json) => r.id));
  const active = await ids('active');
  assert.ok(active.has(now.id) && !active.has(later.id) && !active.has(over.id) && !active.has(off.id));
  assert.deepEqual([...(await ids('scheduled'))], [later.id]);
  assert.deepEqual([...(await ids('expired'))], [over.id]);
  assert.equal((await ids('all')).size, 4);
});

test('a coupon or discount out of uses says so and leaves the "active now" view', async () => {
  const once = await d.ok(d.vendor2, 'POST', '/coupons/', coupon({ max_uses: 1 }));
  assert.equal(once.used_up, false);
  await book(d, d.vendor2, c2, { coupon_code: once.code });
  const after = await d.ok(d.vendor2, 'GET', `/coupons/${once.id}/`);
  assert.deepEqual([after.uses_count, after.used_up, after.active], [1, true, true]);
  const ids = async (path: string, view: string) => new Set((await d.ok(d.vendor2, 'GET', `${path}?view=${view}&page_size=100`)).results.map((r: Json) => r.id));
  assert.ok(!(await ids('/coupons/', 'active')).has(once.id));
  assert.deepEqual([...(await ids('/coupons/', 'used_up'))], [once.id]);

  const [service] = await services(d.vendor2, c2, 1);
  const discount = await d.ok(d.vendor2, 'POST', '/discounts/', { name_i18n: i18n('Once'), kind: 'fixed', value: 1000, max_uses: 1, service_ids: [service.id] });
  await book(d, d.vendor2, c2, { service_id: service.id });
  assert.equal((await d.ok(d.vendor2, 'GET', `/discounts/${discount.id}/`)).used_up, true);
  assert.ok((await ids('/discounts/', 'used_up')).has(discount.id));
});

test('N uses left, N + 5 concurrent bookings: exactly N get the coupon, the others are refused at the code', async () => {
  const left = 3;
  const limited = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ max_uses: 10 }));
  await d.sql('UPDATE coupons SET uses_count = 7 WHERE id = $1', [limited.id]);
  const people = await Promise.all(Array.from({ length: left + 5 }, () => customer()));
  const where = await services(d.vendor, c, left + 5);
  const results = await Promise.all(
    people.map((p, i) => d.call(d.vendor, 'POST', '/bookings/', { customer_id: p.id, service_id: where[i].id, starts_at: inDays(60), participants: { adult: 1 }, coupon_code: limited.code })),
  );
  const made = results.filter((r) => r.status === 201);
  assert.equal(made.length, left, JSON.stringify(results.map((r) => r.status)));
  assert.ok(made.every((r) => r.body.coupon_id === limited.id));
  for (const r of results.filter((x) => x.status !== 201)) {
    assert.equal(r.status, 400);
    assert.deepEqual(r.body.errors, { coupon_code: ['This promotion has been used up.'] });
  }
  assert.equal((await d.ok(d.vendor, 'GET', `/coupons/${limited.id}/`)).uses_count, 10);
  const [{ n }] = await d.sql<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE coupon_id = $1', [limited.id]);
  assert.equal(n, left);
});

test('a per-customer limit holds under concurrent bookings of that customer', async () => {
  const limit = 2;
  const once = await d.ok(d.vendor, 'POST', '/coupons/', coupon({ per_customer_limit: limit }));
  const who = await customer();
  const where = await services(d.vendor, c, limit + 5);
  const results = await Promise.all(
    where.map((service) => d.call(d.vendor, 'POST', '/bookings/', { customer_id: who.id, service_id: service.id, starts_at: inDays(120), participants: { adult: 1 }, coupon_code: once.code })),
  );
  assert.equal(results.filter((r) => r.status === 201).length, limit, JSON.stringify(results.map((r) => r.status)));
  assert.ok(results.filter((r) => r.status !== 201).every((r) => r.body.errors?.coupon_code?.[0] === 'This customer has already used this promotion.'));
});

test('a discount with maximum uses holds under concurrent bookings too', async () => {
  const discount = await d.ok(d.vendor2, 'POST', '/discounts/', { name_i18n: i18n('First two'), kind: 'percent', value: 5, max_uses: 2 });
  const people = await Promise.all(Array.from({ length: 7 }, () => customer(d.vendor2)));
  const where = await services(d.vendor2, c2, 7);
  const results = await Promise.all(
    people.map((p, i) => d.call(d.vendor2, 'POST', '/bookings/', { customer_id: p.id, service_id: where[i].id, starts_at: inDays(80), participants: { adult: 1 } })),
  );
  assert.ok(results.every((r) => r.status === 201), JSON.stringify(results.map((r) => r.status)));
  assert.equal(results.filter((r) => r.body.discount_id === discount.id).length, 2, 'the others book at full price');
  assert.equal((await d.ok(d.vendor2, 'GET', `/discounts/${discount.id}/`)).uses_count, 2);
});
