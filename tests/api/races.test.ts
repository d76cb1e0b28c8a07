/**
 * Money and one-time links raced: the same request sent many times at once applies once
 * (or as often as the money allows). On the embedded database transactions take turns;
 * on PostgreSQL (CI's second pass) the app's pool runs them on parallel connections, which
 * the first test proves, so each race here is a real one there.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
let phone = 500;
const TRIES = 6;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const newCustomer = () => d.ok(d.vendor, 'POST', '/customers/', { name: `Race ${phone}`, phone: `+213 662 00 ${String(phone++).padStart(4, '0')}` });
const at = <T>(n: number, send: (i: number) => Promise<T>) => Promise.all(Array.from({ length: n }, (_, i) => send(i)));
const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort((a, b) => a - b);
const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

test('the requests below run on parallel connections on PostgreSQL', async () => {
  const pids = await at(4, () => d.t.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // Held open a moment, so the other transactions need connections of their own.
    await tx.query('SELECT pg_sleep(0.1)');
    return rows[0].pid;
  }));
  assert.equal(new Set(pids).size, d.t.db.kind === 'postgres' ? 4 : 1);
});

test('cash payments for the whole balance at once: one lands, the others are refused, the booking is paid once', async () => {
  const booking = await book(d, d.vendor, c);
  const results = await at(TRIES, () => d.call(d.admin, 'POST', '/payments/', { booking_id: booking.id, amount: booking.total, method: 'cash' }));
  assert.deepEqual(statuses(results), [201, ...Array(TRIES - 1).fill(400)], JSON.stringify(results.map((r) => r.body)));
  const [row] = await d.sql<Json>('SELECT paid, total FROM bookings WHERE id = $1', [booking.id]);
  assert.equal(Number(row.paid), Number(row.total));
  const [{ n }] = await d.sql<Json>("SELECT count(*)::int AS n FROM payments WHERE booking_id = $1 AND status = 'paid'", [booking.id]);
  assert.equal(n, 1);
});

test('refunds of the whole payment requested and carried out at once never return more than was paid', async () => {
  const booking = await book(d, d.vendor, c);
  const payment = await d.ok(d.admin, 'POST', '/payments/', { booking_id: booking.id, amount: booking.total, method: 'cash' });
  const asked = await at(TRIES, () => d.call(d.admin, 'POST', '/refunds/', { booking_id: booking.id, payment_id: payment.id, amount: payment.amount, destination: 'original_method', reason: 'Sandstorm' }));
  const made = asked.filter((r) => r.status === 201).map((r) => r.body);
  assert.ok(made.length >= 1, JSON.stringify(asked.map((r) => r.body)));
  for (const refused of asked.filter((r) => r.status !== 201)) assert.equal(refused.status, 400, JSON.stringify(refused.body));
  // Every request that was made is pushed through to the end at the same time.
  await at(made.length, async (i) => {
    let r = await d.call(d.admin, 'POST', `/refunds/${made[i].id}/transition/`, { event: 'approve', version: made[i].version });
    if (r.status !== 200) return r;
    r = await d.call(d.admin, 'POST', `/refunds/${made[i].id}/transition/`, { event: 'process', version: r.body.version });
    if (r.status !== 200) return r;
    return d.call(d.admin, 'POST', `/refunds/${made[i].id}/transition/`, { event: 'succeed', version: r.body.version });
  });
  const [{ refunded, n }] = await d.sql<Json>("SELECT coalesce(sum(amount), 0)::bigint AS refunded, count(*)::int AS n FROM refunds WHERE payment_id = $1 AND status = 'succeeded'", [payment.id]);
  assert.equal(Number(refunded), Number(payment.amount), 'refunded exactly what was paid');
  assert.equal(n, 1);
  const [row] = await d.sql<Json>('SELECT refunded FROM bookings WHERE id = $1', [booking.id]);
  assert.equal(Number(row.refunded), Number(payment.amount), 'the booking counts it once');
});

test('one payout marked paid many times at once is paid once', async () => {
  for (const p of (await d.ok(d.admin, 'GET', `/payouts/?page_size=100&vendor_id=${d.vendorId}&status__in=draft,approved`)).results) {
    await d.ok(d.admin, 'POST', `/payouts/${p.id}/transition/`, { event: 'cancel', version: p.version });
  }
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  await d.sql("UPDATE vendor_share_entries SET payable_from = now() - interval '1 day' WHERE booking_id = $1 AND kind = 'payment'", [booking.id]);
  let payout = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendorId, period_end: today() });
  payout = await d.ok(d.admin, 'POST', `/payouts/${payout.id}/transition/`, { event: 'approve', version: payout.version });
  const results = await at(TRIES, (i) => d.call(d.admin, 'POST', `/payouts/${payout.id}/pay/`, { version: payout.version, bank_reference: `VIR-RACE-${i}` }));
  assert.deepEqual(statuses(results), [200, ...Array(TRIES - 1).fill(409)], JSON.stringify(results.map((r) => r.body)));
  const [row] = await d.sql<Json>('SELECT status, bank_reference FROM payouts WHERE id = $1', [payout.id]);
  assert.equal(row.status, 'paid');
  assert.equal(row.bank_reference, results.find((r) => r.status === 200)!.body.bank_reference);
  const [{ n }] = await d.sql<Json>("SELECT count(*)::int AS n FROM audit_log WHERE entity = 'payouts' AND entity_id = $1 AND after->>'status' = 'paid'", [payout.id]);
  assert.equal(n, 1, 'audited once');
});

test('loyalty points taken at once never go below zero', async () => {
  const customer = await newCustomer();
  await d.ok(d.admin, 'POST', '/loyalty-entries/', { customer_id: customer.id, points: 100, reason: 'Welcome' });
  const results = await at(TRIES, () => d.call(d.admin, 'POST', '/loyalty-entries/', { customer_id: customer.id, points: -30, reason: 'Redeemed at the desk' }));
  assert.deepEqual(statuses(results), [201, 201, 201, ...Array(TRIES - 3).fill(400)], JSON.stringify(results.map((r) => r.body)));
  const [row] = await d.sql<Json>('SELECT loyalty_points FROM customers WHERE id = $1', [customer.id]);
  assert.equal(Number(row.loyalty_points), 10);
});

test('a set-password link submitted many times at once sets one password', async () => {
  const invited = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/users/invite/`, { email: `race${phone++}@example.test`, name: 'Nadia Race' }, 201);
  const token = invited.set_password_path.split('/').pop();
  const results = await at(TRIES, (i) => d.call(null, 'POST', `/set-password/${token}/`, { password: `dunes and ${i} camels ${i}` }));
  assert.equal(results.filter((r) => r.status === 200).length, 1, JSON.stringify(results.map((r) => [r.status, r.body])));
  for (const refused of results.filter((r) => r.status !== 200)) assert.ok([404, 409, 410].includes(refused.status), JSON.stringify(refused.body));
  const [{ n }] = await d.sql<Json>('SELECT count(*)::int AS n FROM user_invitations WHERE user_id = $1 AND used_at IS NOT NULL', [invited.user.id]);
  assert.equal(n, 1);
});

test('two customers merged into each other at once: one merge wins, no customer is lost', async () => {
  const email = `twin${phone}@example.test`;
  const a = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Twin One', phone: `+213 662 00 ${String(phone++).padStart(4, '0')}`, email });
  const b = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Twin Two', phone: `+213 662 00 ${String(phone++).padStart(4, '0')}`, email: email.toUpperCase() });
  await book(d, d.vendor, c, { customer_id: a.id });
  await book(d, d.vendor, c, { customer_id: b.id });
  const [ab, ba, again] = await Promise.all([
    d.call(d.admin, 'POST', `/customers/${a.id}/merge/`, { other_id: b.id, version: a.version }),
    d.call(d.admin, 'POST', `/customers/${b.id}/merge/`, { other_id: a.id, version: b.version }),
    d.call(d.admin, 'POST', `/customers/${a.id}/merge/`, { other_id: b.id, version: a.version }),
  ]);
  const results = [ab, ba, again];
  assert.equal(results.filter((r) => r.status === 200).length, 1, JSON.stringify(results.map((r) => [r.status, r.body])));
  for (const refused of results.filter((r) => r.status !== 200)) assert.ok([400, 404, 409].includes(refused.status), JSON.stringify(refused.body));
  const rows = await d.sql<Json>('SELECT id, merged_into_id FROM customers WHERE id = ANY($1::uuid[])', [[a.id, b.id]]);
  const kept = rows.filter((r) => r.merged_into_id === null);
  assert.equal(kept.length, 1, 'exactly one of the two remains');
  const [{ n }] = await d.sql<Json>('SELECT count(*)::int AS n FROM bookings WHERE customer_id = $1', [kept[0].id]);
  assert.equal(n, 2, 'both customers\' bookings are on the one kept');
});
