/**
 * Customers: phones stored in E.164 on every write (and by migration 133 for rows written
 * before), found however they are typed; the list's figures kept by the server; vendor
 * staff scoped to the customers who booked with them; blocking and unblocking with a
 * reason, audited, and a blocked customer refused at booking with a clear message; and
 * messaging a customer, which continues their open conversation or opens one.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { normalizePhone } from '../../common/phone.ts';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
let serial = 0;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

/** A phone no other test uses: 0661 00 xx yy. */
const freshPhone = () => {
  const n = String(++serial).padStart(4, '0');
  return { typed: `0661 00 ${n.slice(0, 2)} ${n.slice(2)}`, e164: `+21366100${n}` };
};
const newCustomer = (who = d.admin, extra: Json = {}) => d.ok(who, 'POST', '/customers/', { name: `Nadia ${++serial}`, phone: freshPhone().typed, ...extra });

test('phones are stored in E.164 on create and on change; what cannot be a phone is a 400 at the field', async () => {
  const phone = freshPhone();
  const created = await d.ok(d.admin, 'POST', '/customers/', { name: 'Samir', phone: phone.typed });
  assert.equal(created.phone, phone.e164);
  const changed = await d.ok(d.admin, 'PATCH', `/customers/${created.id}/`, { phone: '+33 6 12 34 56 78', version: created.version });
  assert.equal(changed.phone, '+33612345678', 'a foreign number keeps its country code');
  const bad = await d.call(d.admin, 'PATCH', `/customers/${created.id}/`, { phone: '0855 12 34 56', version: changed.version });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.errors, { phone: ['Enter a phone number such as 0555 12 34 56, or with its country code such as +33 6 12 34 56 78.'] });
  const french = await d.call(d.admin, 'POST', '/customers/', { name: 'X', phone: '0555 12' }, { 'accept-language': 'fr' });
  assert.match(french.body.errors.phone[0], /Saisissez un numéro/);
  const byVendor = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Vendor-made', phone: '00213 770 11 22 33' });
  assert.equal(byVendor.phone, '+213770112233');
  // Normalised before it is judged: brackets and dots are how people type, and a refusal says what is expected.
  assert.equal((await d.ok(d.admin, 'POST', '/customers/', { name: 'Bracketed', phone: '(0662) 12 34 56' })).phone, '+213662123456');
  assert.equal((await d.ok(d.admin, 'POST', '/customers/', { name: 'Dotted', phone: '0662.12.34.57' })).phone, '+213662123457');
  const words = await d.call(d.admin, 'POST', '/customers/', { name: 'Words', phone: 'call me maybe' });
  assert.deepEqual(words.body.errors, { phone: ['Enter a phone number such as 0555 12 34 56, or with its country code such as +33 6 12 34 56 78.'] });
});

test('a phone typed in any usual way finds the same customer, part of one too', async () => {
  const customer = await newCustomer(d.admin, { phone: '0559 87 65 43' });
  for (const typed of ['0559 87 65 43', '+213559876543', '559-876-543', '00213 559 876 543']) {
    const page = await d.ok(d.admin, 'GET', `/customers/?search=${encodeURIComponent(typed)}`);
    assert.deepEqual(page.results.map((r: Json) => r.id), [customer.id], typed);
  }
  const partial = await d.ok(d.admin, 'GET', `/customers/?search=${encodeURIComponent('0559 87')}`);
  assert.ok(partial.results.some((r: Json) => r.id === customer.id));
  const byName = await d.ok(d.admin, 'GET', `/customers/?search=${encodeURIComponent(customer.name)}`);
  assert.deepEqual(byName.results.map((r: Json) => r.id), [customer.id]);
  const csv = await d.call(d.admin, 'GET', `/customers/export.csv?search=${encodeURIComponent('559-876-543')}&columns=name,phone`);
  assert.equal(csv.status, 200);
  // The way it is dialled in Algeria: text to a spreadsheet, neither a number (2.13E+11) nor a formula (a leading +).
  assert.match(String(csv.body), new RegExp(`${customer.name},0559 87 65 43\r\n`));
});

test('the customers export speaks the reader\'s language: every header, and languages by name', async () => {
  const customer = await newCustomer(d.admin, { locale: 'ar' });
  const search = `search=${encodeURIComponent(customer.name)}`;
  const french = String((await d.call(d.admin, 'GET', `/customers/export.csv?${search}&lang=fr&columns=name,locale,merged_into_id`)).body);
  // Every word of the name is searched for in any field (a "2" in another Nadia's phone too): the row of this customer.
  assert.ok(french.replace('\ufeff', '').split('\r\n').includes(`${customer.name},Arabe,`), french);
  for (const lang of ['fr', 'ar']) {
    const header = String((await d.call(d.admin, 'GET', `/customers/export.csv?${search}&lang=${lang}`)).body).replace('\ufeff', '').split('\r\n')[0]!;
    assert.ok(!/[a-z]_[a-z]/.test(header), `${lang}: no field names left in ${header}`);
  }
});

test('Arabic calls a customer one way (العميل) in every message, the labels the database keeps included', async () => {
  const ar = JSON.parse(readFileSync(new URL('../../src/locales/ar.json', import.meta.url), 'utf8')) as Record<string, string>;
  assert.deepEqual(Object.keys(ar).filter((key) => /زبون|زبائن/.test(ar[key]!)), []);
  const reasons = await d.sql<{ code: string }>(`SELECT code FROM reason_codes WHERE label_i18n->>'ar' ~ '(زبون|زبائن)'`);
  assert.deepEqual(reasons.map((r) => r.code), []);
});

test('migration 133 writes the phones stored before it as phone.ts would', async () => {
  const typed = ['0555 12 34 56', '+213 (0)661 22 33 44', '555-123-456', '0033 6 12 34 56 78', '021 23 45 67', 'call me', '0855 00 00 00'];
  const ids: string[] = [];
  for (const phone of typed) {
    const rows = await d.sql<{ id: string }>('INSERT INTO customers (name, phone) VALUES ($1, $2) RETURNING id', ['Before 133', phone]);
    ids.push(rows[0]!.id);
  }
  const sql = readFileSync(new URL('../../server/db/migrations/133_customer_phones.sql', import.meta.url), 'utf8');
  // The function and the update, not the indexes the migration also made.
  await d.t.db.exec(sql.slice(0, sql.indexOf('-- The customers list')).replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION'));
  const rows = await d.sql<{ id: string; phone: string }>('SELECT id, phone FROM customers WHERE id = ANY($1::uuid[])', [ids]);
  const phoneOf = new Map(rows.map((r) => [r.id, r.phone]));
  typed.forEach((phone, i) => assert.equal(phoneOf.get(ids[i]!), normalizePhone(phone) ?? phone, phone));
});

test('bookings, spend and last booking are kept on the customer; the list orders by them', async () => {
  const customer = await newCustomer(d.vendor);
  const booking = await book(d, d.vendor, { ...c, customer });
  await d.ok(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: booking.total, method: 'cash' });
  const read = await d.ok(d.admin, 'GET', `/customers/${customer.id}/`);
  assert.equal(read.bookings_count, 1);
  assert.equal(read.lifetime_spend, booking.total);
  assert.ok(Math.abs(Date.parse(read.last_booking_at) - Date.parse(booking.created_at)) < 1_000, 'last booked when the booking was made');
  // The booking keeps the customer's phone in the same form: found however it is typed.
  const typed = `0${customer.phone.slice(4, 7)} ${customer.phone.slice(7, 9)} ${customer.phone.slice(9)}`;
  const found = await d.ok(d.vendor, 'GET', `/bookings/?search=${encodeURIComponent(typed)}`);
  assert.deepEqual(found.results.map((b: Json) => b.id), [booking.id]);
  const best = await d.ok(d.admin, 'GET', '/customers/?ordering=-lifetime_spend&page_size=100&fields=lifetime_spend');
  const spends = best.results.map((r: Json) => r.lifetime_spend);
  assert.deepEqual(spends, [...spends].sort((a, b) => b - a));
  assert.ok(best.results.some((r: Json) => r.id === customer.id));
});

test('vendor staff see the customers who booked with them or whom they made, and change none', async () => {
  const theirs = await newCustomer(d.vendor);
  const staffs = await newCustomer(d.admin);
  const list = await d.ok(d.vendor, 'GET', '/customers/?page_size=100');
  const ids = list.results.map((r: Json) => r.id);
  assert.ok(ids.includes(theirs.id));
  assert.ok(!ids.includes(staffs.id));
  assert.equal((await d.call(d.vendor, 'GET', `/customers/${staffs.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor2, 'GET', `/customers/${theirs.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor, 'PATCH', `/customers/${theirs.id}/`, { name: 'Renamed', version: theirs.version })).status, 403);
  const block = await d.call(d.vendor, 'POST', `/customers/${theirs.id}/block/`, { blocked: true, reason: 'Rude', version: theirs.version });
  assert.equal(block.status, 403);
  assert.equal((await d.ok(d.admin, 'GET', `/customers/${theirs.id}/`)).blocked, false);
});

test('vendor staff get their own bookings\' figures of a customer, never the platform\'s ledgers, notes or other vendors\' figures', async () => {
  const other = await catalogFor(d, d.vendor2, c.category);
  const customer = await newCustomer(d.admin, { notes: 'Prefers mornings' });
  const mine = await book(d, d.admin, { ...other, customer });
  await d.ok(d.admin, 'POST', '/payments/', { booking_id: mine.id, amount: mine.total, method: 'cash' });
  const elsewhere = await book(d, d.admin, { ...c, customer });
  await d.ok(d.admin, 'POST', '/payments/', { booking_id: elsewhere.id, amount: elsewhere.total, method: 'cash' });
  await d.ok(d.admin, 'POST', '/wallet-transactions/', { customer_id: customer.id, kind: 'credit', source: 'top_up', amount: 5000, reason: 'Top-up' });
  const staff = await d.ok(d.admin, 'GET', `/customers/${customer.id}/`);
  assert.equal(staff.bookings_count, 2);
  assert.equal(staff.wallet_balance, 5000);
  const hidden = ['wallet_balance', 'loyalty_points', 'notes', 'blocked_reason'];
  const read = await d.ok(d.vendor2, 'GET', `/customers/${customer.id}/`);
  const [listed] = (await d.ok(d.vendor2, 'GET', `/customers/?search=${encodeURIComponent(customer.name)}`)).results;
  for (const record of [read, listed]) {
    for (const field of hidden) assert.ok(!(field in record), `${field} is not sent to vendor staff`);
    assert.equal(record.bookings_count, 1, 'their own bookings only');
    assert.equal(record.lifetime_spend, mine.total);
    assert.ok(Math.abs(Date.parse(record.last_booking_at) - Date.parse(mine.created_at)) < 1_000);
  }
  for (const query of ['ordering=-wallet_balance', 'ordering=name,-lifetime_spend', 'loyalty_points__gte=1', 'bookings_count__gte=2']) {
    assert.equal((await d.call(d.vendor2, 'GET', `/customers/?${query}`)).status, 400, query);
  }
  const csv = String((await d.call(d.vendor2, 'GET', `/customers/export.csv?search=${encodeURIComponent(customer.name)}`)).body);
  assert.ok(csv.includes(customer.name));
  for (const text of ['Prefers mornings', 'Wallet', 'Loyalty', 'Lifetime', 'Bookings', 'Notes']) assert.ok(!csv.includes(text), `${text} is not in the vendor's export`);
  assert.equal((await d.call(d.vendor2, 'GET', '/customers/export.csv?columns=name,wallet_balance')).status, 400);
  const twin = await d.ok(d.admin, 'POST', '/customers/', { name: `${customer.name} bis`, phone: customer.phone });
  await d.ok(d.admin, 'POST', '/bookings/', { customer_id: twin.id, service_id: other.service.id, starts_at: new Date(Date.now() + 9 * 86_400_000).toISOString(), participants: { adult: 1 } });
  const [duplicate] = (await d.ok(d.vendor2, 'GET', `/customers/${customer.id}/duplicates/`)).results;
  assert.equal(duplicate.id, twin.id);
  for (const field of [...hidden, 'bookings_count', 'lifetime_spend', 'last_booking_at']) assert.ok(!(field in duplicate), `${field} is not in a duplicate sent to vendor staff`);
  assert.match(String((await d.call(d.admin, 'GET', `/customers/export.csv?search=${encodeURIComponent(customer.name)}&columns=name,notes`)).body), /Prefers mornings/);
});

test('blocking needs a reason, is audited, and a blocked customer cannot be booked until unblocked', async () => {
  const customer = await newCustomer(d.vendor);
  const noReason = await d.call(d.admin, 'POST', `/customers/${customer.id}/block/`, { blocked: true, reason: '  ', version: customer.version });
  assert.equal(noReason.status, 400);
  assert.deepEqual(noReason.body.errors, { reason: ['Give the reason for blocking this customer.'] });
  const stale = await d.call(d.admin, 'POST', `/customers/${customer.id}/block/`, { blocked: true, reason: 'No-shows', version: customer.version + 5 });
  assert.equal(stale.status, 409);

  const blocked = await d.ok(d.admin, 'POST', `/customers/${customer.id}/block/`, { blocked: true, reason: 'Three no-shows', version: customer.version }, 200);
  assert.deepEqual([blocked.blocked, blocked.blocked_reason], [true, 'Three no-shows']);
  const refused = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: customer.id, service_id: c.service.id, starts_at: blocked.created_at, participants: { adult: 1 } });
  assert.equal(refused.status, 400);
  assert.deepEqual(refused.body.errors.customer_id, ['This customer is blocked and cannot be booked.']);
  const inArabic = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: customer.id, service_id: c.service.id, starts_at: blocked.created_at, participants: { adult: 1 } }, { 'accept-language': 'ar' });
  assert.deepEqual(inArabic.body.errors.customer_id, ['هذا العميل محظور ولا يمكن الحجز له.']);

  // A PATCH cannot block without a reason either.
  const other = await newCustomer();
  const patch = await d.call(d.admin, 'PATCH', `/customers/${other.id}/`, { blocked: true, version: other.version });
  assert.deepEqual(patch.body.errors, { blocked_reason: ['Give the reason for blocking this customer.'] });

  const unblocked = await d.ok(d.admin, 'POST', `/customers/${customer.id}/block/`, { blocked: false, reason: 'Paid the fee', version: blocked.version }, 200);
  assert.deepEqual([unblocked.blocked, unblocked.blocked_reason], [false, null]);
  await book(d, d.vendor, { ...c, customer });

  const audit = await d.sql<{ action: string; after: Json; actor_email: string }>(
    "SELECT action, after, actor_email FROM audit_log WHERE entity = 'customers' AND entity_id = $1 AND action IN ('block', 'unblock') ORDER BY at",
    [customer.id],
  );
  assert.deepEqual(audit.map((a) => [a.action, a.after.reason, a.actor_email]), [
    ['block', 'Three no-shows', d.admin.user.email],
    ['unblock', 'Paid the fee', d.admin.user.email],
  ]);
});

test('a merged customer is refused at booking with the customer to book instead, in the caller\'s language', async () => {
  const kept = await newCustomer(d.admin, { email: `twice${serial}@example.dz` });
  const merged = await newCustomer(d.admin, { email: kept.email.toUpperCase() });
  await d.ok(d.admin, 'POST', `/customers/${kept.id}/merge/`, { other_id: merged.id, version: kept.version }, 200);
  const body = { customer_id: merged.id, service_id: c.service.id, starts_at: new Date(Date.now() + 5 * 86_400_000).toISOString(), participants: { adult: 1 } };
  const refused = await d.call(d.admin, 'POST', '/bookings/', body);
  assert.equal(refused.status, 400);
  assert.deepEqual(refused.body.errors.customer_id, ['This customer was merged into another customer: book that customer instead.']);
  const french = await d.call(d.admin, 'POST', '/bookings/', body, { 'accept-language': 'fr' });
  assert.match(french.body.errors.customer_id[0], /fusionné/);
});

test('messaging a customer opens a conversation once and then continues it, for staff and each vendor apart', async () => {
  const customer = await newCustomer(d.vendor);
  const first = await d.ok(d.admin, 'POST', `/customers/${customer.id}/message/`, { body: 'Hello from the platform' }, 201);
  assert.equal(first.opened, true);
  assert.deepEqual([first.conversation.customer_id, first.conversation.vendor_id, first.conversation.kind], [customer.id, null, 'customer']);
  const second = await d.ok(d.admin, 'POST', `/customers/${customer.id}/message/`, { body: 'Are you there?' }, 200);
  assert.equal(second.opened, false);
  assert.equal(second.conversation.id, first.conversation.id);
  assert.equal(second.conversation.last_message_preview, 'Are you there?');

  const byVendor = await d.ok(d.vendor, 'POST', `/customers/${customer.id}/message/`, { body: 'Your quad ride' }, 201);
  assert.equal(byVendor.conversation.vendor_id, d.vendorId);
  assert.notEqual(byVendor.conversation.id, first.conversation.id);
  assert.equal((await d.call(d.vendor2, 'POST', `/customers/${customer.id}/message/`, { body: 'Hi' })).status, 404);
  assert.equal((await d.call(d.admin, 'POST', `/customers/${customer.id}/message/`, { body: '' })).status, 400);

  // Two first messages at once still make one conversation.
  const fresh = await newCustomer();
  const both = await Promise.all(['One', 'Two'].map((body) => d.call(d.admin, 'POST', `/customers/${fresh.id}/message/`, { body })));
  assert.deepEqual(both.map((r) => r.status).sort(), [200, 201]);
  assert.equal(both[0]!.body.conversation.id, both[1]!.body.conversation.id);

  const messages = await d.ok(d.admin, 'GET', `/conversations/${first.conversation.id}/messages/`);
  assert.deepEqual(messages.results.map((m: Json) => m.body), ['Hello from the platform', 'Are you there?']);
  const mine = await d.ok(d.vendor, 'GET', `/conversations/?customer_id=${customer.id}`);
  assert.deepEqual(mine.results.map((r: Json) => r.id), [byVendor.conversation.id]);
});

test('customers are filtered by the wilaya of their bookings', async () => {
  const customer = await newCustomer(d.vendor);
  await book(d, d.vendor, { ...c, customer });
  const there = await d.ok(d.admin, 'GET', `/customers/?booking_wilaya=${c.location.wilaya_code}&page_size=100`);
  assert.ok(there.results.some((r: Json) => r.id === customer.id));
  const elsewhere = await d.ok(d.admin, 'GET', '/customers/?booking_wilaya=01&page_size=100');
  assert.ok(!elsewhere.results.some((r: Json) => r.id === customer.id));
  assert.equal((await d.call(d.admin, 'GET', '/customers/?booking_wilaya=99')).status, 400);

  // A customer the vendor made, who booked only with another vendor: staff see where, the vendor does not.
  const c2 = await catalogFor(d, d.vendor2);
  const elsewhereOnly = await newCustomer(d.vendor);
  await book(d, d.admin, { ...c2, customer: elsewhereOnly });
  const wilaya = c2.location.wilaya_code;
  const byStaff = await d.ok(d.admin, 'GET', `/customers/?booking_wilaya=${wilaya}&page_size=100&fields=name`);
  assert.ok(byStaff.results.some((r: Json) => r.id === elsewhereOnly.id));
  const byVendor = await d.ok(d.vendor, 'GET', `/customers/?booking_wilaya=${wilaya}&page_size=100&fields=name`);
  assert.ok(!byVendor.results.some((r: Json) => r.id === elsewhereOnly.id));
  assert.ok(byVendor.results.some((r: Json) => r.id === customer.id), "the vendor's own booking in the wilaya counts");
  const csv = await d.call(d.vendor, 'GET', `/customers/export.csv?booking_wilaya=${wilaya}&columns=name`);
  assert.doesNotMatch(String(csv.body), new RegExp(elsewhereOnly.name));
});

test('the API document describes blocking and messaging a customer', async () => {
  const doc = await d.ok(d.admin, 'GET', '/openapi.json');
  assert.deepEqual(doc.paths['/branch/api/customers/{id}/block/'].post.requestBody.content['application/json'].schema.required.sort(), ['blocked', 'reason', 'version']);
  assert.ok(doc.paths['/branch/api/customers/{id}/message/'].post);
  assert.match(doc.paths['/branch/api/customers/'].get.description, /Vendor staff never get the platform's wallet_balance, loyalty_points, notes/);
  assert.match(doc.paths['/branch/api/customers/{id}/'].get.description, /own records/);
});
