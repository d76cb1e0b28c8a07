/**
 * Vendor shares and payouts: a share is payable once its activity has taken place, a
 * batch takes each entry once (even when two are built at once), deducts refunds made
 * since, holds a reserve the first batch built once its period has passed releases, and is paid with a bank reference;
 * vendors see their own payouts and statements only; commission changes are audited and
 * apply to later payments; a platform-funded discount is borne by the platform.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
let c2: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  c2 = await catalogFor(d, d.vendor2);
});
after(() => d.close());

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
/** The activity has taken place: its entries become payable. */
const activityPast = (bookingId: string) =>
  d.sql("UPDATE vendor_share_entries SET payable_from = now() - interval '1 day' WHERE booking_id = $1 AND kind = 'payment'", [bookingId]);
const entriesOf = (bookingId: string) => d.sql<Json>('SELECT * FROM vendor_share_entries WHERE booking_id = $1 ORDER BY created_at, kind', [bookingId]);
const build = (vendorId: string, extra: Json = {}) => d.call(d.admin, 'POST', '/payouts/build/', { vendor_id: vendorId, period_end: today(), ...extra });
/** Cancels every live payout, so each test starts with all entries free. */
async function cancelAll() {
  for (const p of (await d.ok(d.admin, 'GET', '/payouts/?page_size=100&status__in=draft,approved')).results) {
    await d.ok(d.admin, 'POST', `/payouts/${p.id}/transition/`, { event: 'cancel', version: p.version });
  }
}
async function refundCash(booking: Json, amount: number) {
  const r = await d.ok(d.admin, 'POST', '/refunds/', { booking_id: booking.id, amount, destination: 'original_method', reason: 'Storm' });
  const a = await d.ok(d.admin, 'POST', `/refunds/${r.id}/transition/`, { event: 'approve', version: r.version });
  const p = await d.ok(d.admin, 'POST', `/refunds/${r.id}/transition/`, { event: 'process', version: a.version });
  return d.ok(d.admin, 'POST', `/refunds/${r.id}/transition/`, { event: 'succeed', version: p.version });
}

test('a payment writes an entry that agrees with its split, payable after the activity only', async () => {
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  const [entry] = await entriesOf(booking.id);
  const [split] = (await d.ok(d.vendor, 'GET', `/payment-splits/?booking_id=${booking.id}`)).results;
  assert.equal(Number(entry.amount), split.vendor_net);
  assert.equal(Number(entry.commission) + Number(entry.fee), split.platform_amount);
  assert.equal(Number(entry.amount) + Number(entry.commission) + Number(entry.fee), 1_000_000);
  assert.equal(new Date(entry.payable_from).toISOString(), new Date(booking.ends_at ?? booking.starts_at).toISOString());

  await cancelAll();
  const early = await build(d.vendorId);
  assert.equal(early.status, 409, 'the activity is still to come');
  assert.match(early.body.detail, /Nothing is payable/);
  await activityPast(booking.id);
  const payout = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendorId, period_end: today() });
  assert.equal(payout.status, 'draft');
  assert.equal(payout.gross, Number(entry.amount));
  await d.ok(d.admin, 'POST', `/payouts/${payout.id}/transition/`, { event: 'cancel', version: payout.version });

  // Moved to a later date, the booking's unpaid share waits for the new activity.
  const later = new Date(Date.now() + 30 * 86_400_000).toISOString();
  await d.sql('UPDATE bookings SET starts_at = $2, ends_at = NULL WHERE id = $1', [booking.id, later]);
  const [moved] = await entriesOf(booking.id);
  assert.equal(new Date(moved.payable_from).toISOString(), later);
  assert.equal((await build(d.vendorId)).status, 409);
});

test('two batches built at once: each entry is in exactly one payout', async () => {
  await cancelAll();
  for (let i = 0; i < 3; i++) await activityPast((await book(d, d.vendor, c, { payment_method: 'cash' })).id);
  const [a, b] = await Promise.all([build(d.vendorId), build(d.vendorId)]);
  const statuses = [a.status, b.status].sort();
  assert.deepEqual(statuses, [201, 409], JSON.stringify([a.body, b.body]));
  const made = a.status === 201 ? a.body : b.body;
  const twice = await d.sql<Json>(
    `SELECT e.id FROM vendor_share_entries e JOIN payouts p ON p.id = e.payout_id WHERE p.status <> 'cancelled' GROUP BY e.id HAVING count(*) > 1`,
  );
  assert.equal(twice.length, 0);
  const [{ n }] = await d.sql<Json>('SELECT count(*)::int AS n FROM vendor_share_entries WHERE payout_id = $1', [made.id]);
  assert.equal(n, made.entries_count);
  assert.ok(made.entries_count >= 3);
  await d.ok(d.admin, 'POST', `/payouts/${made.id}/transition/`, { event: 'cancel', version: made.version });
  const [{ free }] = await d.sql<Json>('SELECT count(*)::int AS free FROM vendor_share_entries WHERE payout_id = $1', [made.id]);
  assert.equal(free, 0, 'cancelling releases its entries');
});

test('refunds since are deducted, a reserve is held and released by the next payout, paying needs a bank reference', async () => {
  await cancelAll();
  const fees = await d.ok(d.admin, 'GET', '/settings/fees/');
  assert.equal(fees.value.payout_reserve_percent, 10);
  const booking = await book(d, d.vendor2, c2, { payment_method: 'cash' });
  await activityPast(booking.id);
  await refundCash(booking, 200_000);
  const entries = await entriesOf(booking.id);
  assert.deepEqual(entries.map((e) => e.kind), ['payment', 'refund']);
  const [pay, back] = entries.map((e) => ({ amount: Number(e.amount), commission: Number(e.commission), fee: Number(e.fee) }));
  assert.equal(back.amount + back.commission + back.fee, -200_000);
  assert.equal(back.amount, -Math.round((200_000 * pay.amount) / 1_000_000), 'the vendor gives back its net in proportion');

  const preview = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendor2Id, period_end: today(), preview: true }, 200);
  const net = pay.amount + back.amount;
  assert.equal(preview.refunds, -back.amount);
  assert.equal(preview.reserve_held, Math.round(net * 0.1));
  assert.equal(preview.amount, net - preview.reserve_held);
  assert.equal((await d.sql('SELECT 1 FROM payouts WHERE vendor_id = $1', [d.vendor2Id])).length, 0, 'a preview writes nothing');

  let first = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendor2Id, period_end: today() });
  assert.deepEqual([first.gross, first.refunds, first.reserve_held, first.amount], [preview.gross, preview.refunds, preview.reserve_held, preview.amount]);
  const vendorTries = await d.call(d.vendor2, 'POST', `/payouts/${first.id}/transition/`, { event: 'approve', version: first.version });
  assert.equal(vendorTries.status, 403);
  first = await d.ok(d.admin, 'POST', `/payouts/${first.id}/transition/`, { event: 'approve', version: first.version });
  const noRef = await d.call(d.admin, 'POST', `/payouts/${first.id}/pay/`, { version: first.version, bank_reference: '  ' });
  assert.equal(noRef.status, 400);
  assert.ok(noRef.body.errors.bank_reference);
  const generic = await d.call(d.admin, 'POST', `/payouts/${first.id}/transition/`, { event: 'pay', version: first.version });
  assert.equal(generic.status, 400, 'the generic transition has no bank reference');
  first = await d.ok(d.admin, 'POST', `/payouts/${first.id}/pay/`, { version: first.version, bank_reference: 'VIR-2026-0001' }, 200);
  assert.deepEqual([first.status, first.bank_reference], ['paid', 'VIR-2026-0001']);
  const [payment] = await d.sql<Json>('SELECT payout_status FROM payments WHERE booking_id = $1', [booking.id]);
  assert.equal(payment.payout_status, 'paid_out');

  // The reserve is held for payout_reserve_days after the payout is paid: a payout built
  // minutes later releases nothing.
  assert.equal(fees.value.payout_reserve_days, 30);
  const soon = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendor2Id, period_end: today(), preview: true }, 200);
  assert.deepEqual([soon.reserve_released, soon.released_from, soon.reserve_days], [0, null, 30]);
  assert.equal((await build(d.vendor2Id)).status, 409, 'nothing new and no reserve due');

  // A refund made in the meantime is deducted at once; the vendor has nothing to cover it, so it waits.
  await refundCash(booking, 50_000);
  assert.equal((await build(d.vendor2Id)).status, 409, 'a batch never pays below zero');

  // 29 days later it is still held; after 30 days the first payout built releases it,
  // minus the refund its shares could not cover.
  const paidAgo = (days: number) => d.sql(`UPDATE payouts SET paid_at = now() - make_interval(days => $2) WHERE id = $1`, [first.id, days]);
  await paidAgo(29);
  assert.equal((await build(d.vendor2Id)).status, 409, 'the period has not passed');
  await paidAgo(31);
  const [refund2] = (await entriesOf(booking.id)).filter((e) => e.kind === 'refund').slice(-1);
  const second = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendor2Id, period_end: today() });
  assert.deepEqual(
    [second.entries_count, second.refunds, second.reserve_released, second.released_from, second.amount],
    [1, -Number(refund2.amount), first.reserve_held, first.id, first.reserve_held + Number(refund2.amount)],
  );
  assert.equal((await build(d.vendor2Id)).status, 409, 'the reserve is released once');
  // Cancelled, the payout that released it frees the reserve for the next one.
  await d.ok(d.admin, 'POST', `/payouts/${second.id}/transition/`, { event: 'cancel', version: second.version });
  const again = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendor2Id, period_end: today(), preview: true }, 200);
  assert.equal(again.reserve_released, first.reserve_held);
});

test('the reserve period is a whole number of days between 0 and 365', async () => {
  const fees = await d.ok(d.admin, 'GET', '/settings/fees/');
  for (const bad of [-1, 366, 1.5]) {
    const res = await d.call(d.admin, 'PATCH', '/settings/fees/', { version: fees.version, payout_reserve_days: bad });
    assert.equal(res.status, 400, String(bad));
    assert.ok(res.body.errors.payout_reserve_days, JSON.stringify(res.body));
  }
});

test('vendors see their own payouts and statements only, and build none', async () => {
  await cancelAll();
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  await activityPast(booking.id);
  const payout = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendorId, period_end: today() });
  const own = await d.ok(d.vendor, 'GET', '/payouts/');
  assert.ok(own.results.some((p: Json) => p.id === payout.id));
  assert.ok(own.results.every((p: Json) => p.vendor_id === d.vendorId));
  assert.equal((await d.ok(d.vendor2, 'GET', '/payouts/')).results.some((p: Json) => p.id === payout.id), false);
  assert.equal((await d.call(d.vendor2, 'GET', `/payouts/${payout.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor2, 'GET', `/payouts/${payout.id}/statement.csv`)).status, 404);
  assert.equal((await d.call(d.vendor, 'POST', '/payouts/build/', { vendor_id: d.vendorId, period_end: today() })).status, 403);

  const csv = await d.call(d.vendor, 'GET', `/payouts/${payout.id}/statement.csv?lang=fr`);
  assert.equal(csv.status, 200);
  const text = String(csv.body);
  assert.match(text, /Rihla SARL/);
  assert.ok(text.includes(booking.ref), 'each entry names its booking');
  assert.match(text, new RegExp(`${(payout.amount / 100).toFixed(2)},DZD`));
  const foreign = (await d.ok(d.vendor2, 'GET', '/vendor-share-entries/')).results;
  assert.ok(foreign.every((e: Json) => e.vendor_id === d.vendor2Id));
  await d.ok(d.admin, 'POST', `/payouts/${payout.id}/transition/`, { event: 'cancel', version: payout.version });
});

test('a commission change is staff-only, needs a reason, is audited and applies to later payments only', async () => {
  const earlier = await book(d, d.vendor, c, { payment_method: 'cash' });
  const [before] = await entriesOf(earlier.id);
  assert.equal((await d.call(d.vendor, 'POST', `/vendors/${d.vendorId}/commission/`, { commission_percent: 5, reason: 'Mine' })).status, 403);
  // Not through a PATCH of the vendor, even by staff: that would skip the reason and the history.
  const vendorRow = await d.ok(d.admin, 'GET', `/vendors/${d.vendorId}/`);
  const patched = await d.call(d.admin, 'PATCH', `/vendors/${d.vendorId}/`, { commission_percent: 5, version: vendorRow.version });
  assert.equal(patched.status, 400);
  assert.deepEqual(patched.body.errors, { commission_percent: ['Change the commission through its own change, with a reason.'] });
  assert.equal((await d.ok(d.admin, 'GET', `/vendors/${d.vendorId}/`)).commission_percent, vendorRow.commission_percent);
  const noReason = await d.call(d.admin, 'POST', `/vendors/${d.vendorId}/commission/`, { commission_percent: 5, reason: ' ' });
  assert.equal(noReason.status, 400);
  assert.ok(noReason.body.errors.reason);
  const change = await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/commission/`, { commission_percent: 5, reason: 'Loyal partner' });
  assert.deepEqual([change.from_percent, change.to_percent, change.reason, change.changed_by], [Number(before.commission_percent), 5, 'Loyal partner', d.admin.user.id]);
  const history = await d.ok(d.admin, 'GET', `/commission-changes/?vendor_id=${d.vendorId}`);
  assert.equal(history.results[0].id, change.id);
  const audit = await d.ok(d.admin, 'GET', `/audit-log/?entity=vendors&entity_id=${d.vendorId}`);
  assert.ok(audit.results.some((a: Json) => a.after?.commission_percent === 5 && a.after?.reason === 'Loyal partner'));

  const later = await book(d, d.vendor, c, { payment_method: 'cash' });
  const [after] = await entriesOf(later.id);
  assert.deepEqual([Number(after.commission_percent), Number(after.commission)], [5, 50_000]);
  const [unchanged] = await entriesOf(earlier.id);
  assert.equal(Number(unchanged.commission), Number(before.commission), 'earlier splits stay');
  await d.ok(d.admin, 'POST', `/vendors/${d.vendorId}/commission/`, { commission_percent: Number(before.commission_percent), reason: 'Back to standard' });
});

test('a platform-funded discount is borne by the platform: the vendor is paid as if the customer paid it', async () => {
  const booking = await book(d, d.vendor, c);
  // 10 000 of discount funded by the platform on a booking now worth 1 000 000.
  await d.sql('UPDATE bookings SET platform_funded_discount = 1000000 WHERE id = $1', [booking.id]);
  const payment = await d.ok(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: 500_000, method: 'cash' });
  const [entry] = await entriesOf(booking.id);
  const commission = Number(entry.commission_percent);
  // Half the booking paid: half of the funded part counts for the vendor.
  const full = 500_000 + 500_000;
  assert.equal(Number(entry.amount), full - Math.round((full * commission) / 100));
  assert.equal(Number(entry.amount) + Number(entry.commission) + Number(entry.fee), 500_000);
  assert.ok(Number(entry.commission) < 0, 'the platform pays for its promotion');
  assert.equal(payment.platform_commission, Number(entry.commission));
  const ledger = await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/ledger/`);
  assert.deepEqual(ledger.totals, { gross: 500_000, commission: Number(entry.commission), fee: 0, vendor_net: Number(entry.amount) });
  assert.equal((await d.call(d.vendor2, 'GET', `/bookings/${booking.id}/ledger/`)).status, 404);
  const doc = await d.ok(d.vendor, 'GET', '/openapi.json');
  for (const path of ['/bookings/{id}/ledger/', '/payouts/build/', '/payouts/{id}/pay/', '/payouts/{id}/statement.csv', '/vendors/{id}/commission/']) {
    assert.ok(doc.paths[`/branch/api${path}`], path);
  }
});

test('the ledger shows each payment and refund from gross to payout, adding up', async () => {
  await cancelAll();
  const booking = await book(d, d.vendor, c, { payment_method: 'cash' });
  await activityPast(booking.id);
  await refundCash(booking, 250_000);
  const payout = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendorId, period_end: today() });
  const ledger = await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/ledger/`);
  assert.deepEqual(ledger.rows.map((r: Json) => [r.kind, r.gross, r.payout?.id]), [['payment', 1_000_000, payout.id], ['refund', -250_000, payout.id]]);
  for (const r of ledger.rows) assert.equal(r.commission + r.fee + r.vendor_net, r.gross);
  assert.equal(ledger.totals.gross, 750_000);
  await d.ok(d.admin, 'POST', `/payouts/${payout.id}/transition/`, { event: 'cancel', version: payout.version });
});
