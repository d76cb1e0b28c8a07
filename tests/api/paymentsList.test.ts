/**
 * The payments screens' API: the list and its totals row over the whole filtered set
 * (checked against a sum made here from every page of the same list), a cash payment
 * never above the balance, the gateway events of a payment, and reconciling with a note;
 * vendor staff see, add up and read their own payments only.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
const SUMS = ['amount', 'fee', 'platform_commission', 'vendor_share', 'refunded_amount'] as const;
let sahara: Json[] = [];
let kabylie: Json;

before(async () => {
  d = await startDomain();
  const sc = await catalogFor(d, d.vendor);
  const kc = await catalogFor(d, d.vendor2, sc.category);
  for (const amount of [1500, 2500, 4000]) {
    const booking = await book(d, d.vendor, sc);
    sahara.push(await d.ok(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount, method: 'cash', payer_name: `Payer ${amount}` }));
  }
  // A paid payment partly refunded, and one still pending at the gateway.
  const refunded = sahara[2];
  let refund = await d.ok(d.admin, 'POST', '/refunds/', { booking_id: refunded.booking_id, payment_id: refunded.id, amount: 1000, reason: 'Weather' });
  for (const event of ['approve', 'process', 'succeed']) refund = await d.ok(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event, version: refund.version });
  const card = await book(d, d.vendor, sc);
  sahara.push(await d.ok(d.vendor, 'POST', '/payments/', { booking_id: card.id, amount: 3000, method: 'cib' }));
  const foreign = await book(d, d.vendor2, kc);
  kabylie = await d.ok(d.vendor2, 'POST', '/payments/', { booking_id: foreign.id, amount: 7000, method: 'cash' });
});
after(() => d.close());

/** Every payment of a list request, page after page. */
async function everyPayment(who: Who, query: string): Promise<Json[]> {
  const all: Json[] = [];
  for (let page = 1; ; page++) {
    const body = await d.ok(who, 'GET', `/payments/?${query}&page_size=2&page=${page}`);
    all.push(...body.results);
    if (!body.next) return all;
  }
}

/** The totals row as the test adds it up from the list itself. */
function addUp(rows: Json[]) {
  const by = new Map<string, { currency: string; count: number; sums: Record<string, number> }>();
  for (const row of rows) {
    const entry = by.get(row.currency) ?? { currency: row.currency, count: 0, sums: Object.fromEntries(SUMS.map((f) => [f, 0])) };
    entry.count++;
    for (const f of SUMS) entry.sums[f] += Number(row[f]);
    by.set(row.currency, entry);
  }
  return { count: rows.length, by_currency: [...by.values()] };
}

test('the totals row adds up the whole filtered set, whatever the filters, views and search', async () => {
  const ref = sahara[1].booking_ref;
  const today = new Date().toISOString().slice(0, 10);
  for (const query of ['', 'view=paid', 'view=pending', 'view=refunded', 'method=cash', 'method=cib', `search=${ref}`, 'search=payer 1500',
    `vendor_id=${d.vendorId}`, `created_at__gte=${today}`, 'created_at__lt=2000-01-01', 'status=paid&method=cash']) {
    const rows = await everyPayment(d.admin, query);
    const totals = await d.ok(d.admin, 'GET', `/payments/totals/?${query}`);
    assert.deepEqual(totals, addUp(rows), query);
  }
  const all = await d.ok(d.admin, 'GET', '/payments/totals/');
  assert.equal(all.count, 5);
  assert.equal(all.by_currency[0].sums.amount, 1500 + 2500 + 4000 + 3000 + 7000);
  assert.equal(all.by_currency[0].sums.refunded_amount, 1000);
  const paid = await d.ok(d.admin, 'GET', '/payments/totals/?view=paid');
  assert.equal(paid.count, 4, 'cash payments, the partly refunded one among them; not the pending card payment');
  const found = await d.ok(d.admin, 'GET', `/payments/?search=${ref}`);
  assert.deepEqual(found.results.map((p: Json) => p.id), [sahara[1].id], 'found by its booking ref');
});

test('vendor staff list, add up and read their own payments only', async () => {
  const own = await everyPayment(d.vendor, '');
  assert.deepEqual(own.map((p) => p.id).sort(), sahara.map((p) => p.id).sort());
  const totals = await d.ok(d.vendor, 'GET', '/payments/totals/');
  assert.deepEqual(totals, addUp(own));
  const other = await d.ok(d.vendor2, 'GET', '/payments/totals/');
  assert.deepEqual(other.by_currency.map((c: Json) => [c.count, c.sums.amount]), [[1, 7000]]);
  assert.equal((await d.call(d.vendor, 'GET', `/payments/${kabylie.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor, 'GET', `/payments/${kabylie.id}/events/`)).status, 404);
  assert.equal((await d.call(null, 'GET', '/payments/totals/')).status, 401);
});

test('a cash payment is never more than the balance: a field error, and nothing written', async () => {
  const sc = await catalogFor(d, d.vendor);
  const booking = await book(d, d.vendor, sc);
  const res = await d.call(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: booking.balance + 1, method: 'cash' });
  assert.equal(res.status, 400);
  // The amount in major units with its currency, as people read it, in their language.
  const major = (booking.balance / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  assert.deepEqual(res.body.errors.amount, [`More than the balance due (${major} DZD).`]);
  assert.equal((await d.ok(d.admin, 'GET', `/payments/?booking_id=${booking.id}`)).count, 0);
  const fr = await d.call(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: booking.balance + 1, method: 'cash' }, { 'accept-language': 'fr' });
  const frAmount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'DZD' }).format(booking.balance / 100);
  assert.equal(fr.body.errors.amount[0], `Plus que le solde dû (${frAmount}).`);
  // The whole balance is accepted, and the booking is then paid.
  const payment = await d.ok(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: booking.balance, method: 'cash', payer_name: 'Amina' });
  assert.equal(payment.status, 'paid');
  assert.equal(payment.booking_ref, booking.ref);
  const after = await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`);
  assert.deepEqual([after.paid, after.balance], [booking.balance, 0]);
  // A gift card is paid at once with nothing to check it against: staff only.
  const gift = await d.call(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: 100, method: 'gift_card' });
  assert.equal(gift.status, 400);
  assert.deepEqual(gift.body.errors.method, ['Only staff may record a gift card payment.']);
  // A foreign booking is not the vendor's to pay: refused as if it did not exist.
  const foreign = await d.call(d.vendor, 'POST', '/payments/', { booking_id: kabylie.booking_id, amount: 100, method: 'cash' });
  const unknown = await d.call(d.vendor, 'POST', '/payments/', { booking_id: '00000000-0000-4000-8000-000000000000', amount: 100, method: 'cash' });
  assert.equal(foreign.status, 400);
  assert.deepEqual(foreign.body.errors.booking_id, [`${kabylie.booking_id} was not found.`]);
  assert.deepEqual(unknown.body.errors.booking_id, ['00000000-0000-4000-8000-000000000000 was not found.']);
});

test("the gateway events of a payment, oldest first, for whoever may see it", async () => {
  const card = sahara[3];
  for (const [i, [kind, outcome]] of [['payment.failed', 'applied'], ['payment.succeeded', 'applied'], ['payment.succeeded', 'ignored']].entries()) {
    await d.sql(
      `INSERT INTO gateway_events (provider, event_id, kind, vendor_id, payment_id, amount, currency, outcome, detail, payload, received_at)
       VALUES ('dev', $1, $2, $3, $4, 3000, 'DZD', $5, $6, '{}', now() + make_interval(secs => $7))`,
      [`evt-${i}`, kind, d.vendorId, card.id, outcome, outcome === 'ignored' ? 'Replayed event.' : null, i],
    );
  }
  const { results } = await d.ok(d.vendor, 'GET', `/payments/${card.id}/events/`);
  assert.deepEqual(results.map((e: Json) => [e.event_id, e.kind, e.outcome, e.amount]), [
    ['evt-0', 'payment.failed', 'applied', 3000],
    ['evt-1', 'payment.succeeded', 'applied', 3000],
    ['evt-2', 'payment.succeeded', 'ignored', 3000],
  ]);
  assert.equal((await d.call(d.vendor2, 'GET', `/payments/${card.id}/events/`)).status, 404);
  assert.deepEqual((await d.ok(d.admin, 'GET', `/payments/${sahara[0].id}/events/`)).results, []);
});

test('staff reconcile a payment with a note, and undo it with one; audited; vendor staff may not', async () => {
  const payment = await d.ok(d.admin, 'GET', `/payments/${sahara[0].id}/`);
  const forbidden = await d.call(d.vendor, 'POST', `/payments/${payment.id}/reconcile/`, { reconciled: true, note: 'Seen on the statement', version: payment.version });
  assert.equal(forbidden.status, 403);
  const blank = await d.call(d.admin, 'POST', `/payments/${payment.id}/reconcile/`, { reconciled: true, note: '   ', version: payment.version });
  assert.equal(blank.status, 400);
  assert.deepEqual(blank.body.errors, { note: ['A note is required.'] });
  const stale = await d.call(d.admin, 'POST', `/payments/${payment.id}/reconcile/`, { reconciled: true, note: 'x', version: payment.version + 1 });
  assert.equal(stale.status, 409);
  assert.equal((await d.call(d.admin, 'POST', '/payments/00000000-0000-4000-8000-000000000000/reconcile/', { reconciled: true, note: 'x', version: 1 })).status, 404);

  // A card payment still pending took no money: nothing to match on the statement.
  const pending = await d.ok(d.admin, 'GET', `/payments/${sahara[3].id}/`);
  assert.equal(pending.status, 'pending');
  const unpaid = await d.call(d.admin, 'POST', `/payments/${pending.id}/reconcile/`, { reconciled: true, note: 'x', version: pending.version });
  assert.equal(unpaid.status, 409);
  assert.equal(unpaid.body.detail, 'Only a payment that was paid can be reconciled.');
  const done = await d.ok(d.admin, 'POST', `/payments/${payment.id}/reconcile/`, { reconciled: true, note: 'Seen on the bank statement', version: payment.version }, 200);
  assert.equal(done.reconciled, true);
  assert.equal(done.reconciled_note, 'Seen on the bank statement');
  assert.equal(done.reconciled_by, d.admin.user.id);
  assert.ok(done.reconciled_at);
  assert.equal(done.version, payment.version + 1);
  const undone = await d.ok(d.admin, 'POST', `/payments/${payment.id}/reconcile/`, { reconciled: false, note: 'Amount differs from the bank', version: done.version }, 200);
  assert.deepEqual([undone.reconciled, undone.reconciled_note, undone.reconciled_at, undone.reconciled_by], [false, 'Amount differs from the bank', null, null]);

  const audit = await d.sql(`SELECT action, actor_user_id, after FROM audit_log WHERE entity = 'payments' AND entity_id = $1 AND action LIKE '%reconcile' ORDER BY at`, [payment.id]);
  assert.deepEqual(audit.map((a) => [a.action, a.after.reconciled, a.after.reconciled_note]), [
    ['reconcile', true, 'Seen on the bank statement'],
    ['unreconcile', false, 'Amount differs from the bank'],
  ]);
  // The flag is not a field of PATCH any more: only the route with its note sets it.
  const patch = await d.call(d.admin, 'PATCH', `/payments/${payment.id}/`, { reconciled: true, version: undone.version });
  assert.equal(patch.status, 400);
  const list = await d.ok(d.admin, 'GET', '/payments/?reconciled=false&expand=reconciled_by,recorded_by');
  assert.ok(list.results.some((p: Json) => p.id === payment.id));
});

test("the totals row's rollup stays equal to the payments it groups through payments, refunds and reconciling", async () => {
  const grouped = `SELECT vendor_id, status, method, currency, reconciled, count(*)::int AS count, sum(amount)::bigint AS amount, sum(fee)::bigint AS fee,
      sum(platform_commission)::bigint AS platform_commission, sum(vendor_share)::bigint AS vendor_share, sum(refunded_amount)::bigint AS refunded_amount
    FROM payments GROUP BY 1, 2, 3, 4, 5`;
  const rollup = `SELECT vendor_id, status, method, currency, reconciled, count::int AS count, amount, fee, platform_commission, vendor_share, refunded_amount
    FROM payment_totals WHERE count <> 0`;
  const order = ' ORDER BY 1, 2, 3, 4, 5';
  const rows = await d.sql(`SELECT count(*)::int AS n FROM payments`);
  assert.ok(rows[0].n >= 6, 'payments were written: cash, card, refunded, reconciled');
  assert.deepEqual(await d.sql(`SELECT * FROM (${rollup}) r${order}`), await d.sql(`SELECT * FROM (${grouped}) g${order}`));
  // A view of statuses only is read from the rollup; with a date range, from the payments: the same answer.
  const fromRollup = await d.ok(d.admin, 'GET', '/payments/totals/?view=paid');
  const fromRows = await d.ok(d.admin, 'GET', '/payments/totals/?view=paid&created_at__gte=2000-01-01');
  assert.deepEqual(fromRollup, fromRows);
});

test('the OpenAPI document describes the payment events and reconcile routes and the payments totals', async () => {
  const doc = await d.ok(null, 'GET', '/openapi.json');
  assert.ok(doc.paths['/branch/api/payments/{id}/events/']?.get);
  assert.deepEqual(doc.paths['/branch/api/payments/{id}/reconcile/']?.post?.requestBody?.content['application/json'].schema.required?.sort(), ['note', 'reconciled', 'version']);
  assert.ok(doc.paths['/branch/api/payments/totals/']?.get);
});

test('the CSV export of the filtered payments: headers in the language asked for, money in major units', async () => {
  const ref = sahara[0].booking_ref;
  const res = await d.call(d.admin, 'GET', `/payments/export.csv?lang=fr&search=${ref}&columns=booking_ref,method,amount,platform_commission,vendor_share`);
  assert.equal(res.status, 200);
  const lines = String(res.body).replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  assert.equal(lines[0], 'Réf. réservation,Moyen de paiement,Montant,Commission de la plateforme,Part du prestataire');
  assert.equal(lines.length, 2);
  assert.match(lines[1], new RegExp(`^${ref},[^,]+,15(\\.00)?,`));
});

