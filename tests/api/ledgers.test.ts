/**
 * The wallet and loyalty ledgers: a wallet never goes negative, also under concurrent
 * debits; points are earned when a booking completes and taken back when it is
 * refunded; the expiry job expires an earning once, also when two runs overlap; manual
 * adjustments need a reason and stay staff's; the loyalty settings count expiry in days.
 * Runs on PGlite, or on PostgreSQL when DATABASE_URL is set (the pool then really runs
 * the requests side by side).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, test } from 'node:test';
import { expirePoints } from '../../server/customers/loyalty.ts';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
let phone = 100;

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
});
after(() => d.close());

const newCustomer = () => d.ok(d.vendor, 'POST', '/customers/', { name: `Lina ${phone}`, phone: `+213 661 00 ${String(phone++).padStart(4, '0')}` });
const balances = async (id: string) => (await d.sql<Json>('SELECT wallet_balance, loyalty_points FROM customers WHERE id = $1', [id]))[0];
const entries = (customerId: string) => d.sql<Json>('SELECT points, source, balance_after, expires_at::text, expired_at FROM loyalty_entries WHERE customer_id = $1 ORDER BY created_at, id', [customerId]);

/** A booking of the customer, paid in cash and completed: it earns its points. */
async function completedBooking(customer: Json): Promise<Json> {
  const b = await book(d, d.vendor, sahara, { customer_id: customer.id });
  await d.ok(d.admin, 'POST', '/payments/', { booking_id: b.id, amount: b.total, method: 'cash' });
  await d.sql("UPDATE bookings SET starts_at = now() - interval '3 hours' WHERE id = $1", [b.id]);
  const [{ version }] = await d.sql<Json>('SELECT version FROM bookings WHERE id = $1', [b.id]);
  return d.ok(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'complete', version });
}

async function refund(booking: Json, amount: number) {
  const r = await d.ok(d.admin, 'POST', '/refunds/', { booking_id: booking.id, amount, destination: 'wallet', reason: 'Sandstorm' });
  let next = await d.ok(d.admin, 'POST', `/refunds/${r.id}/transition/`, { event: 'approve', version: r.version });
  next = await d.ok(d.admin, 'POST', `/refunds/${r.id}/transition/`, { event: 'process', version: next.version });
  return d.ok(d.admin, 'POST', `/refunds/${r.id}/transition/`, { event: 'succeed', version: next.version });
}

test('concurrent wallet debits never take the balance below zero', async () => {
  const c = await newCustomer();
  await d.ok(d.admin, 'POST', '/wallet-transactions/', { customer_id: c.id, kind: 'credit', source: 'top_up', amount: 100_000, reason: 'Gift for a complaint' });
  const debit = () => d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: c.id, kind: 'debit', source: 'adjustment', amount: 30_000, reason: 'Correction' });
  const results = await Promise.all(Array.from({ length: 8 }, debit));
  const statuses = results.map((r) => r.status).sort();
  assert.deepEqual(statuses, [201, 201, 201, 400, 400, 400, 400, 400], JSON.stringify(results.map((r) => r.body)));
  for (const refused of results.filter((r) => r.status === 400)) assert.match(refused.body.errors.amount[0], /would take it below zero/);
  assert.equal(Number((await balances(c.id)).wallet_balance), 10_000);
  // Every row's balance after follows from the one before: no two debits read the same balance.
  const rows = await d.sql<Json>('SELECT kind, amount, balance_after FROM wallet_transactions WHERE customer_id = $1 ORDER BY balance_after DESC', [c.id]);
  assert.deepEqual(rows.map((r) => Number(r.balance_after)), [100_000, 70_000, 40_000, 10_000]);
});

test('manual wallet and points adjustments need a reason, stay within their sources and are staff-only', async () => {
  const c = await newCustomer();
  const blank = await d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: c.id, kind: 'credit', source: 'adjustment', amount: 500, reason: '   ' });
  assert.equal(blank.status, 400);
  assert.ok(blank.body.errors.reason, JSON.stringify(blank.body));
  const asRefund = await d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: c.id, kind: 'credit', source: 'refund', amount: 500, reason: 'Fake refund' });
  assert.equal(asRefund.status, 400);
  assert.ok(asRefund.body.errors.source);
  const overdraw = await d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: c.id, kind: 'debit', source: 'adjustment', amount: 1, reason: 'Oops' });
  assert.equal(overdraw.status, 400);
  // The balance is in the marketplace's currency: euros are not added to it as dinars.
  const euros = await d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: c.id, kind: 'credit', source: 'top_up', amount: 10_000, currency: 'EUR', reason: 'Gift' });
  assert.equal(euros.status, 400);
  assert.equal(euros.body.errors.currency[0], 'The wallet is kept in DZD.');
  const huge = await d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: c.id, kind: 'credit', source: 'top_up', amount: 9_999_999_900, reason: 'Typo' }, { 'accept-language': 'fr' });
  assert.equal(huge.status, 400);
  assert.match(huge.body.errors.amount[0], /^Un crédit ou un débit manuel est limité à 1\s000\s000,00\sDZD\.$/);
  assert.equal((await balances(c.id)).wallet_balance, 0);
  const vendor = await d.call(d.vendor, 'POST', '/wallet-transactions/', { customer_id: c.id, kind: 'credit', source: 'top_up', amount: 500, reason: 'Mine' });
  assert.equal(vendor.status, 403);
  const vendorPoints = await d.call(d.vendor, 'POST', '/loyalty-entries/', { customer_id: c.id, points: 5, reason: 'Mine' });
  assert.equal(vendorPoints.status, 403);

  const added = await d.ok(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: 40, reason: 'Birthday gift' });
  assert.equal(added.source, 'adjustment');
  assert.equal(added.balance_after, 40);
  const tooMany = await d.call(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: -41, reason: 'Correction' }, { 'accept-language': 'fr' });
  assert.equal(tooMany.status, 400);
  assert.equal(tooMany.body.errors.points[0], 'Le client a 40 points ; cela les rendrait négatifs.');
  // Points are grouped the reader's way, in English too.
  await d.ok(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: 2800, reason: 'Campaign' });
  const grouped = await d.call(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: -2841, reason: 'Correction' });
  assert.equal(grouped.body.errors.points[0], 'The customer has 2,840 points; this would take them below zero.');
  const groupedFr = await d.call(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: -2841, reason: 'Correction' }, { 'accept-language': 'fr' });
  assert.match(groupedFr.body.errors.points[0], /^Le client a 2\s840 points/);
  await d.ok(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: -2800, reason: 'Campaign withdrawn' });
  const foreign = await completedBooking(await newCustomer());
  const wrongBooking = await d.call(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: 5, reason: 'Goodwill', booking_id: foreign.id });
  assert.equal(wrongBooking.status, 400);
  assert.ok(wrongBooking.body.errors.booking_id);
  assert.equal((await balances(c.id)).loyalty_points, 40);
  const audited = await d.sql<Json>("SELECT count(*)::int AS n FROM audit_log WHERE entity = 'loyalty-entries' AND entity_id = $1", [added.id]);
  assert.equal(audited[0].n, 1);
});

test('wallet and points CSV in French: headers, kinds and sources in words, and the reasons the server wrote', async () => {
  const c = await newCustomer();
  const booking = await completedBooking(c);
  await refund(booking, 10_000);
  const csv = async (name: string) => {
    const res = await d.t.app.inject({ method: 'GET', url: `/branch/api/${name}/export.csv?lang=fr&customer_id=${c.id}&ordering=created_at`, headers: { authorization: `Bearer ${d.admin.token}` } });
    assert.equal(res.statusCode, 200, res.body);
    const [header, ...rows] = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
    assert.deepEqual(header.split(',').filter((h) => /^[a-z_]+$/.test(h)), [], header);
    return { header, rows };
  };
  const wallet = await csv('wallet-transactions');
  assert.match(wallet.header, /Origine,.*Solde après/);
  assert.match(wallet.rows[0], new RegExp(`,Crédit,Remboursement,100\\.00,DZD,Remboursement de la réservation ${booking.ref},${booking.ref},`));
  const points = await csv('loyalty-entries');
  assert.match(points.rows[0], new RegExp(`,Gagnés avec la réservation ${booking.ref},`));
  assert.match(points.rows[1], new RegExp(`,Repris : la réservation ${booking.ref} a été remboursée,`));
});

test('a completed booking earns points; refunds take back their share, never below zero', async () => {
  const c = await newCustomer();
  const booking = await completedBooking(c);
  const loyalty = (await d.ok(d.admin, 'GET', '/settings/loyalty/')).value;
  const earned = loyalty.points_per_booking + Math.floor(booking.total / 10_000) * loyalty.points_per_100_dzd;
  assert.ok(earned > 20);
  assert.equal((await balances(c.id)).loyalty_points, earned);
  const [earning] = await entries(c.id);
  assert.equal(earning.source, 'booking');
  const expected = new Date(Date.now() + loyalty.expiry_days * 86_400_000).toISOString().slice(0, 10);
  assert.ok([expected, new Date(Date.parse(expected) - 86_400_000).toISOString().slice(0, 10)].includes(earning.expires_at));

  // Half the money back: half the points go.
  const half = Math.floor(booking.total / 2);
  await refund(booking, half);
  const afterHalf = Math.round((earned * half) / booking.total);
  assert.equal((await balances(c.id)).loyalty_points, earned - afterHalf);
  // The customer spends some points; the rest of the refund takes back only what is left.
  await d.ok(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: -(earned - afterHalf - 3), reason: 'Reward redeemed' });
  await refund(booking, booking.total - half);
  const rows = await entries(c.id);
  assert.deepEqual(rows.map((r) => r.source), ['booking', 'refund', 'adjustment', 'refund']);
  assert.equal(rows.at(-1)!.points, -3);
  assert.equal((await balances(c.id)).loyalty_points, 0);
});

test('the expiry job expires an earning once, also when two runs overlap, and spares what later earnings cover', async () => {
  const c = await newCustomer();
  const first = await completedBooking(c);
  await completedBooking(c);
  const [a, b] = await entries(c.id);
  // The first earning's day has come; part of the balance was spent since.
  await d.sql("UPDATE loyalty_entries SET expires_at = current_date - 1 WHERE booking_id = $1 AND source = 'booking'", [first.id]);
  await d.ok(d.admin, 'POST', '/loyalty-entries/', { customer_id: c.id, points: -5, reason: 'Reward redeemed' });
  const [one, two] = await Promise.all([expirePoints(d.t.app), expirePoints(d.t.app)]);
  assert.equal(one.entries + two.entries, 1, 'one run claimed the earning, the other found it taken');
  assert.equal(one.points + two.points, a.points - 5, 'the spent points came from the earning expiring first');
  const rows = await entries(c.id);
  const expiries = rows.filter((r) => r.source === 'expiry');
  assert.equal(expiries.length, 1);
  assert.equal((await balances(c.id)).loyalty_points, b.points);
  assert.ok(rows.find((r) => r.source === 'booking' && r.expires_at < new Date().toISOString().slice(0, 10))!.expired_at);
  // Run again: nothing left to expire for this customer.
  await expirePoints(d.t.app);
  assert.equal((await entries(c.id)).filter((r) => r.source === 'expiry').length, 1);
  const audit = await d.sql<Json>("SELECT actor_email FROM audit_log WHERE entity = 'loyalty-entries' AND after->>'source' = 'expiry' AND after->>'customer_id' = $1", [c.id]);
  assert.deepEqual(audit.map((r) => r.actor_email), ['system']);
});

test('loyalty settings count expiry in days', async () => {
  const s = await d.ok(d.admin, 'GET', '/settings/loyalty/');
  assert.equal(s.value.expiry_days, 365);
  assert.equal('expiry_months' in s.value, false);
  const saved = await d.ok(d.admin, 'PATCH', '/settings/loyalty/', { version: s.version, expiry_days: 90 });
  assert.equal(saved.value.expiry_days, 90);
  const months = await d.call(d.admin, 'PATCH', '/settings/loyalty/', { version: saved.version, expiry_months: 3 });
  assert.equal(months.status, 400);
  const vendor = await d.call(d.vendor, 'PATCH', '/settings/loyalty/', { version: saved.version, expiry_days: 10 });
  assert.equal(vendor.status, 403);
  await d.ok(d.admin, 'PATCH', '/settings/loyalty/', { version: saved.version, expiry_days: 365 });
});

test('migration 134 turns stored months of expiry into days', async () => {
  const sql = readFileSync(new URL('../../server/db/migrations/134_loyalty_expiry_days.sql', import.meta.url), 'utf8');
  // Its first statement: the settings rewrite (the rest changes the schema, done once).
  const rewrite = sql.slice(sql.indexOf('UPDATE settings'), sql.indexOf(';', sql.indexOf('UPDATE settings')) + 1);
  const [{ version }] = await d.sql<Json>("SELECT version FROM settings WHERE section = 'loyalty'");
  await d.sql(`UPDATE settings SET value = (value - 'expiry_days') || '{"expiry_months": 6}' WHERE section = 'loyalty'`);
  await d.sql(rewrite);
  let s = await d.ok(d.admin, 'GET', '/settings/loyalty/');
  assert.equal(s.value.expiry_days, 180);
  assert.equal('expiry_months' in s.value, false);
  assert.equal(s.version, version + 1);
  // No expiry stays no expiry.
  await d.sql(`UPDATE settings SET value = (value - 'expiry_days') || '{"expiry_months": null}' WHERE section = 'loyalty'`);
  await d.sql(rewrite);
  s = await d.ok(d.admin, 'GET', '/settings/loyalty/');
  assert.equal(s.value.expiry_days, null);
  await d.ok(d.admin, 'PATCH', '/settings/loyalty/', { version: s.version, expiry_days: 365 });
});
