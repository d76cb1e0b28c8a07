/**
 * The authorization matrix over every collection and action: without a token 401;
 * vendor staff on another vendor's record 404 (they never learn it exists); vendor
 * staff on what only staff may do 403; staff allowed. Plus the scoping rules that are
 * not a plain vendor_id: customers, the vendor's own record, help articles, settings,
 * the audit log, acting as a vendor, and references to another vendor's records.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COLLECTIONS, type CollectionSpec } from '../../common/registry.ts';
import { book, catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
let kabylie: Catalog;
/** One record per collection that vendor staff of Sahara must not see (Kabylie's, or platform-only). */
const foreign: Record<string, Json> = {};

const PATCHES: Record<string, Json> = {
  bookings: { notes: 'x' }, combos: { active: false }, refunds: { notify_customer: false }, locations: { commune: 'Djanet' },
  services: { capacity: 30 }, 'service-slots': { notes: 'x' }, 'price-rules': { priority: 1 }, categories: { sort_order: 2 },
  amenities: { icon: 'wifi' }, interests: { icon: 'sun' }, adventures: { days: 3 }, media: { alt_text: 'x' }, coupons: { description: 'x' },
  discounts: { active: false }, deals: { featured: true }, payments: { notes: 'x' }, 'payment-invitations': { message: 'x' },
  'payment-splits': { notes: 'x' }, customers: { notes: 'x' }, reviews: { vendor_reply: 'Thanks' }, vendors: { contact_name: 'x' },
  branches: { manager_name: 'x' }, 'vendor-documents': { notes: 'x' }, notifications: { segment: 'vip' }, topics: { description: 'x' }, conversations: { subject: 'x' },
  tickets: { priority: 'high' }, 'chatbot-requests': { resolution_note: 'x' }, 'help-articles': { sort_order: 3 }, banners: { sort_order: 1 },
  'reason-codes': { sort_order: 5 },
};

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
  kabylie = await catalogFor(d, d.vendor2, sahara.category);
  const v2 = d.vendor2;
  const kb = await book(d, v2, kabylie, { payment_method: 'cash' });
  const payment = (await d.ok(v2, 'GET', `/payments/?booking_id=${kb.id}`)).results[0];
  const done = await book(d, v2, kabylie);
  await d.sql("UPDATE bookings SET starts_at = now() - interval '3 hours' WHERE id = $1", [done.id]);
  await d.ok(v2, 'POST', `/bookings/${done.id}/transition/`, { event: 'complete', version: done.version });
  // Kabylie's payout of its paid booking, once the activity has taken place.
  const kabyliePayout = async () => {
    await d.sql("UPDATE vendor_share_entries SET payable_from = now() - interval '1 day' WHERE payment_id = $1", [payment.id]);
    return d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendor2Id, period_end: new Date(Date.now() + 3_600_000).toISOString().slice(0, 10) });
  };
  const conversation = await d.ok(v2, 'POST', '/conversations/', { kind: 'customer', customer_id: kabylie.customer.id, subject: 'Hello' });
  Object.assign(foreign, {
    bookings: kb,
    combos: await d.ok(v2, 'POST', '/combos/', {
      title_i18n: i18n('Combo'), items: [{ service_id: kabylie.service.id, required: true }, { service_id: kabylie.manualService.id, required: false }], pricing: 'percent_of_parts', percent: 90,
    }),
    refunds: await d.ok(v2, 'POST', '/refunds/', { booking_id: kb.id, amount: 1000, reason: 'Sorry' }),
    locations: kabylie.location,
    services: kabylie.service,
    'service-slots': await d.ok(v2, 'POST', '/service-slots/', { service_id: kabylie.service.id, starts_at: inDays(20), capacity: 4 }),
    'price-rules': (await d.ok(v2, 'GET', `/price-rules/?service_id=${kabylie.service.id}`)).results[0],
    adventures: await d.ok(v2, 'POST', '/adventures/', { title_i18n: i18n('Djurdjura'), days: 2, itinerary: [{ day: 1, title: 'Tikjda' }] }),
    media: await d.ok(v2, 'POST', '/media/', { url: 'https://cdn.example.test/a.jpg', owner_type: 'service', owner_id: kabylie.service.id }),
    coupons: await d.ok(v2, 'POST', '/coupons/', { code: 'KABYLIE10', kind: 'percent', value: 10 }),
    discounts: await d.ok(v2, 'POST', '/discounts/', { name_i18n: i18n('Early bird'), kind: 'percent', value: 5 }),
    deals: await d.ok(v2, 'POST', '/deals/', { title_i18n: i18n('Deal'), service_ids: [kabylie.service.id], discount_percent: 15, starts_at: inDays(1), ends_at: inDays(9) }),
    payments: payment,
    'payment-invitations': await d.ok(v2, 'POST', '/payment-invitations/', { booking_id: (await book(d, v2, kabylie)).id, amount: 1000, invitee_email: 'a@example.test' }),
    'payment-splits': (await d.ok(v2, 'GET', `/payment-splits/?payment_id=${payment.id}`)).results[0],
    // The payout claims the entry (its version moves), so the entry is read after it.
    payouts: await kabyliePayout(),
    'vendor-share-entries': (await d.ok(v2, 'GET', `/vendor-share-entries/?payment_id=${payment.id}`)).results[0],
    'commission-changes': await d.ok(d.admin, 'POST', `/vendors/${d.vendor2Id}/commission/`, { commission_percent: 11, reason: 'Partner rate' }),
    customers: kabylie.customer,
    'loyalty-entries': await d.ok(d.admin, 'POST', '/loyalty-entries/', { customer_id: kabylie.customer.id, points: 50, reason: 'Welcome' }),
    'wallet-transactions': await d.ok(d.admin, 'POST', '/wallet-transactions/', { customer_id: kabylie.customer.id, kind: 'credit', source: 'top_up', amount: 5000, reason: 'Top-up' }),
    reviews: await d.ok(d.admin, 'POST', '/reviews/', { booking_id: done.id, rating: 5 }),
    vendors: (await d.ok(d.admin, 'GET', `/vendors/${d.vendor2Id}/`)),
    branches: kabylie.branch,
    'vendor-documents': await d.ok(v2, 'POST', '/vendor-documents/', { kind: 'tax_card', number: 'KB-1', expires_on: inDays(60).slice(0, 10) }),
    notifications: await d.ok(d.admin, 'POST', '/notifications/', { title_i18n: i18n('T'), body_i18n: i18n('B'), channel: 'sms', audience_type: 'all_customers' }),
    topics: await d.ok(d.admin, 'POST', '/topics/', { key: 'deals.sahara', name_i18n: i18n('Sahara deals') }),
    // Seeded by the migration, one per booking event.
    'notification-templates': (await d.ok(d.admin, 'GET', '/notification-templates/?key=booking_confirmed')).results[0],
    conversations: conversation,
    tickets: await d.ok(v2, 'POST', '/tickets/', { requester_type: 'vendor', requester_name: 'Lydia', subject: 'Help' }),
    'chatbot-requests': await d.ok(d.admin, 'POST', '/chatbot-requests/', { transcript: [] }),
    'help-articles': await d.ok(d.admin, 'POST', '/help-articles/', { slug: 'staff-only-guide', title_i18n: i18n('Guide'), body_i18n: i18n('Body'), audience: 'staff' }),
    banners: await d.ok(d.admin, 'POST', '/banners/', { image_url: 'https://cdn.example.test/b.jpg' }),
    categories: sahara.category,
    amenities: await d.ok(d.admin, 'POST', '/amenities/', { name_i18n: i18n('Parking') }),
    interests: await d.ok(d.admin, 'POST', '/interests/', { name_i18n: i18n('Desert') }),
    'reason-codes': (await d.ok(d.admin, 'GET', '/reason-codes/?kind=cancellation&code=weather')).results[0],
    'audit-log': (await d.sql<Json>('SELECT id FROM audit_log WHERE vendor_id = $1 LIMIT 1', [d.vendor2Id]))[0],
  });
});
after(() => d.close());

const topLevel = COLLECTIONS.filter((c) => !c.parent);
const vendorMayNot = (spec: CollectionSpec, action: keyof CollectionSpec['access']) => spec.access[action] === 'staff' || spec.vendorRule === 'none';
/** Collections where vendor staff may see some records, and Kabylie's are hidden from Sahara. */
const scoped = (spec: CollectionSpec) => ['own', 'self', 'customer_of'].includes(spec.vendorRule);

test('every collection has a record for the matrix', () => {
  for (const spec of topLevel) assert.ok(foreign[spec.name]?.id, spec.name);
});

describe('without a token', () => {
  for (const spec of topLevel) {
    test(`${spec.name}: every action answers 401`, async () => {
      const id = foreign[spec.name].id;
      const calls: [string, string, unknown?][] = [
        ['GET', `/${spec.name}/`], ['GET', `/${spec.name}/${id}/`], ['POST', `/${spec.name}/`, {}], ['PATCH', `/${spec.name}/${id}/`, { version: 1 }],
        ['DELETE', `/${spec.name}/${id}/?version=1`],
      ];
      if (spec.lifecycle) calls.push(['POST', `/${spec.name}/${id}/transition/`, { event: 'x', version: 1 }]);
      for (const [method, url, body] of calls) {
        const res = await d.call(null, method, url, body);
        assert.equal(res.status, 401, `${method} ${url}`);
      }
      const bad = await d.call({ ...d.vendor, token: `${d.vendor.token}x` }, 'GET', `/${spec.name}/`);
      assert.equal(bad.status, 401);
    });
  }
});

describe('staff', () => {
  for (const spec of topLevel) {
    test(`${spec.name}: staff list, export and read everything`, async () => {
      const list = await d.ok(d.admin, 'GET', `/${spec.name}/`);
      assert.ok(list.count >= 1);
      const exported = await d.call(d.admin, 'GET', `/${spec.name}/export.csv?columns=id`);
      assert.ok(exported.status === 200 && String(exported.body).includes(foreign[spec.name].id), 'exported');
      await d.ok(d.admin, 'GET', `/${spec.name}/${foreign[spec.name].id}/`);
    });
  }
});

describe('vendor staff', () => {
  for (const spec of topLevel) {
    const record = () => foreign[spec.name];
    test(`${spec.name}: ${scoped(spec) ? "another vendor's record is 404" : 'staff-only actions are 403'}`, async () => {
      const id = record().id;
      const v = d.vendor;
      // Listing.
      const list = await d.call(v, 'GET', `/${spec.name}/`);
      if (vendorMayNot(spec, 'list')) assert.equal(list.status, 403, 'list');
      else {
        assert.equal(list.status, 200);
        assert.ok(!list.body.results.some((r: Json) => r.id === id && scoped(spec)), 'foreign record listed');
        if (spec.vendorColumn !== 'none') assert.ok(list.body.results.every((r: Json) => r.vendor_id === d.vendorId || r.vendor_id === null || !scoped(spec)));
      }
      // Exporting, as listing.
      const exported = await d.call(v, 'GET', `/${spec.name}/export.csv?columns=id`);
      assert.equal(exported.status, list.status, 'export');
      const hidden = scoped(spec) || spec.vendorRule === 'audience';
      if (exported.status === 200) assert.ok(!(hidden && String(exported.body).includes(id)), 'foreign record exported');
      // Reading.
      const read = await d.call(v, 'GET', `/${spec.name}/${id}/`);
      assert.equal(read.status, vendorMayNot(spec, 'read') ? 403 : scoped(spec) || spec.vendorRule === 'audience' ? 404 : 200, 'read');
      // Writing.
      if (spec.patch) {
        const res = await d.call(v, 'PATCH', `/${spec.name}/${id}/`, { ...PATCHES[spec.name], version: record().version });
        assert.equal(res.status, vendorMayNot(spec, 'update') ? 403 : 404, `patch ${JSON.stringify(res.body)}`);
      }
      if (spec.access.delete !== 'none') {
        const res = await d.call(v, 'DELETE', `/${spec.name}/${id}/?version=${record().version}`);
        assert.equal(res.status, vendorMayNot(spec, 'delete') ? 403 : 404, 'delete');
      } else {
        assert.equal((await d.call(v, 'DELETE', `/${spec.name}/${id}/?version=1`)).status, 405);
      }
      if (spec.lifecycle) {
        const res = await d.call(v, 'POST', `/${spec.name}/${id}/transition/`, { event: 'approve', version: record().version });
        assert.equal(res.status, vendorMayNot(spec, 'transition') ? 403 : 404, 'transition');
      }
      if (spec.create && vendorMayNot(spec, 'create')) assert.equal((await d.call(v, 'POST', `/${spec.name}/`, {})).status, 403, 'create');
      // Nothing of Kabylie's changed.
      const still = await d.ok(d.admin, 'GET', `/${spec.name}/${id}/`);
      if ('version' in record()) assert.equal(still.version, record().version);
    });
  }

  test('may not create records for another vendor (403) nor use its records (400)', async () => {
    const res = await d.call(d.vendor, 'POST', '/locations/', { vendor_id: d.vendor2Id, name_i18n: i18n('X'), wilaya_code: '15' });
    assert.equal(res.status, 403);
    const viaBranch = await d.call(d.vendor, 'POST', '/locations/', { name_i18n: i18n('X'), wilaya_code: '15', branch_id: kabylie.branch.id });
    assert.equal(viaBranch.status, 400);
    assert.ok(viaBranch.body.errors.branch_id);
    const booking = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: sahara.customer.id, service_id: kabylie.service.id, starts_at: inDays(4), participants: { adult: 1 } });
    assert.equal(booking.status, 400);
    assert.ok(booking.body.errors.service_id);
    const refund = await d.call(d.vendor, 'POST', '/refunds/', { booking_id: foreign.bookings.id, amount: 100, reason: 'x' });
    assert.equal(refund.status, 400);
    const combo = await d.call(d.vendor, 'POST', '/combos/', {
      title_i18n: i18n('Mixed'), items: [{ service_id: sahara.service.id, required: true }, { service_id: kabylie.service.id, required: true }], pricing: 'fixed', price: 100,
    });
    assert.equal(combo.status, 400);
    assert.ok(combo.body.errors['items.1.service_id'], JSON.stringify(combo.body));
  });

  test('see customers who booked with them or whom they created, and no others', async () => {
    const mine = await d.ok(d.vendor, 'GET', '/customers/');
    const ids = mine.results.map((c: Json) => c.id);
    assert.ok(ids.includes(sahara.customer.id));
    assert.ok(!ids.includes(kabylie.customer.id));
    // Once Kabylie's customer books with Sahara (booked by staff), Sahara sees them.
    await book(d, d.admin, { ...sahara, customer: kabylie.customer });
    await d.ok(d.vendor, 'GET', `/customers/${kabylie.customer.id}/`);
    // Blocking is for staff.
    assert.equal((await d.call(d.vendor, 'POST', '/customers/', { name: 'X', phone: '+213 555 000 000', blocked: true })).status, 403);
  });

  test('see and edit their own vendor record, but not commission or legal identity', async () => {
    const own = await d.ok(d.vendor, 'GET', `/vendors/${d.vendorId}/`);
    const edited = await d.ok(d.vendor, 'PATCH', `/vendors/${d.vendorId}/`, { contact_name: 'Yacine', version: own.version });
    assert.equal(edited.contact_name, 'Yacine');
    assert.equal((await d.call(d.vendor, 'PATCH', `/vendors/${d.vendorId}/`, { commission_percent: 1, version: edited.version })).status, 403);
    assert.equal((await d.call(d.vendor, 'PATCH', `/payment-splits/${foreign['payment-splits'].id}/`, { commission_percent: 1, version: 1 })).status, 403);
  });

  test('read published help for vendors, and settings except fees; change no settings', async () => {
    await d.ok(d.admin, 'POST', '/help-articles/', { slug: 'vendor-guide', title_i18n: i18n('Vendor guide'), body_i18n: i18n('How to'), audience: 'vendor' });
    const help = await d.ok(d.vendor, 'GET', '/help-articles/');
    assert.deepEqual(help.results.map((a: Json) => a.slug), ['vendor-guide']);
    await d.ok(d.vendor, 'GET', '/settings/business/');
    assert.equal((await d.call(d.vendor, 'GET', '/settings/fees/')).status, 403);
    const business = await d.ok(d.admin, 'GET', '/settings/business/');
    assert.equal((await d.call(d.vendor, 'PATCH', '/settings/business/', { hold_minutes: 60, version: business.version })).status, 403);
    const sections = await d.ok(d.vendor, 'GET', '/settings/');
    assert.ok(!sections.results.some((s: Json) => s.section === 'fees'));
  });

  test("see their own audit trail only, and messages of their own conversations only", async () => {
    const audit = await d.ok(d.vendor, 'GET', '/audit-log/?page_size=100');
    assert.ok(audit.count > 0);
    assert.ok(audit.results.every((e: Json) => e.vendor_id === d.vendorId));
    assert.equal((await d.call(d.vendor, 'GET', `/conversations/${foreign.conversations.id}/messages/`)).status, 404);
    assert.equal((await d.call(d.vendor, 'POST', `/conversations/${foreign.conversations.id}/messages/`, { body: 'Hi' })).status, 404);
    const msg = await d.ok(d.vendor2, 'POST', `/conversations/${foreign.conversations.id}/messages/`, { body: 'Bonjour' });
    assert.equal(msg.author_type, 'vendor');
    const thread = await d.ok(d.vendor2, 'GET', `/conversations/${foreign.conversations.id}/messages/`);
    assert.equal(thread.count, 1);
  });
});

describe('staff acting as a vendor', () => {
  test('see exactly what that vendor sees, and leave an audit trail', async () => {
    const session = await d.ok(d.admin, 'POST', `/vendors/${d.vendor2Id}/act-as/`, { reason: 'Checking their bookings' }, 200);
    const headers = { 'x-act-as-vendor': session.id };
    const [entry] = await d.sql<Json>("SELECT actor_email, vendor_id, acting_reason FROM audit_log WHERE action = 'act_as' ORDER BY at DESC LIMIT 1");
    assert.deepEqual(entry, { actor_email: 'staff@rihla.test', vendor_id: d.vendor2Id, acting_reason: 'Checking their bookings' });
    const bookings = await d.call(d.admin, 'GET', '/bookings/?page_size=100', undefined, headers);
    assert.equal(bookings.status, 200);
    assert.ok(bookings.body.results.length > 0 && bookings.body.results.every((b: Json) => b.vendor_id === d.vendor2Id));
    assert.equal((await d.call(d.admin, 'GET', '/vendors/', undefined, headers)).status, 403);
    assert.equal((await d.call(d.admin, 'GET', `/locations/${sahara.location.id}/`, undefined, headers)).status, 404);
    const loc = await d.call(d.admin, 'POST', '/locations/', { name_i18n: i18n('Tikjda'), wilaya_code: '10' }, headers);
    assert.equal(loc.status, 201);
    assert.equal(loc.body.vendor_id, d.vendor2Id);
    const [created] = await d.sql<Json>("SELECT acting_as_vendor_id FROM audit_log WHERE entity_id = $1 AND action = 'create'", [loc.body.id]);
    assert.equal(created.acting_as_vendor_id, d.vendor2Id);
    // A header naming no act-as session of this staff member is refused, not ignored.
    assert.equal((await d.call(d.admin, 'GET', '/bookings/', undefined, { 'x-act-as-vendor': d.vendor2Id })).status, 403);
  });
});
