/**
 * Money invariants under random sequences of bookings, payments (methods with fees,
 * promotions the platform funds), refunds (partial and full) and payouts (built, paid,
 * cancelled), with fast-check, through the API:
 * - captured payments - refunds = vendor shares + platform commission + gateway fees,
 *   per vendor and overall, to the minor unit;
 * - no vendor share is paid out twice: each live payout's figures are exactly its
 *   entries, and what was paid never exceeds the shares of the entries paid;
 * - a refund never exceeds what remains of its payment (the server refuses more).
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import fc from 'fast-check';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let catalogs: { who: Domain['vendor']; vendorId: string; c: Catalog }[];

before(async () => {
  d = await startDomain();
  catalogs = [
    { who: d.vendor, vendorId: d.vendorId, c: await catalogFor(d, d.vendor) },
    { who: d.vendor2, vendorId: d.vendor2Id, c: await catalogFor(d, d.vendor2) },
  ];
  // Fees on the methods paid at once, so refunds and payouts meet fees that do not divide evenly.
  const fees = await d.ok(d.admin, 'GET', '/settings/fees/');
  await d.ok(d.admin, 'PATCH', '/settings/fees/', {
    version: fees.version,
    payment_fee_percent: { ...fees.value.payment_fee_percent, cash: 1.7, gift_card: 2.35 },
    payout_reserve_percent: 7.5,
  });
});
after(() => d.close());

const today = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

type Op =
  | { op: 'book'; vendor: number; funded: number }
  | { op: 'pay'; booking: number; share: number; method: 'cash' | 'gift_card' }
  | { op: 'refund'; payment: number; share: number; more: number }
  | { op: 'activityDone'; booking: number }
  | { op: 'payout'; vendor: number; then: 'keep' | 'pay' | 'cancel' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('book' as const), vendor: fc.nat(1), funded: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 300_000 })) }),
  fc.record({ op: fc.constant('pay' as const), booking: fc.nat(), share: fc.double({ min: 0.05, max: 1, noNaN: true }), method: fc.constantFrom('cash' as const, 'gift_card' as const) }),
  fc.record({ op: fc.constant('refund' as const), payment: fc.nat(), share: fc.double({ min: 0.01, max: 1, noNaN: true }), more: fc.nat(3) }),
  fc.record({ op: fc.constant('activityDone' as const), booking: fc.nat() }),
  fc.record({ op: fc.constant('payout' as const), vendor: fc.nat(1), then: fc.constantFrom('keep' as const, 'pay' as const, 'cancel' as const) }),
);

async function run(ops: Op[]) {
  const bookings: Json[] = [];
  const payments: Json[] = [];
  for (const step of ops) {
    if (step.op === 'book') {
      const { who, c } = catalogs[step.vendor];
      const booking = await book(d, who, c);
      // The platform's part of a promotion (PROMO sets it at booking creation).
      if (step.funded > 0) await d.sql('UPDATE bookings SET platform_funded_discount = $2 WHERE id = $1', [booking.id, Math.min(step.funded, booking.total)]);
      bookings.push(booking);
    } else if (step.op === 'pay' && bookings.length > 0) {
      const booking = bookings[step.booking % bookings.length];
      const [{ balance }] = await d.sql<Json>('SELECT balance FROM bookings WHERE id = $1', [booking.id]);
      const amount = Math.max(1, Math.floor(Number(balance) * step.share));
      if (Number(balance) <= 0) continue;
      payments.push(await d.ok(d.admin, 'POST', '/payments/', { booking_id: booking.id, amount, method: step.method }));
    } else if (step.op === 'refund' && payments.length > 0) {
      const payment = payments[step.payment % payments.length];
      const [row] = await d.sql<Json>('SELECT amount, refunded_amount FROM payments WHERE id = $1', [payment.id]);
      const left = Number(row.amount) - Number(row.refunded_amount);
      // Asking for more than what remains is refused, and changes nothing.
      const tooMuch = await d.call(d.admin, 'POST', '/refunds/', { booking_id: payment.booking_id, payment_id: payment.id, amount: left + 1 + step.more, destination: 'original_method', reason: 'Test' });
      assert.equal(tooMuch.status, 400, JSON.stringify(tooMuch.body));
      if (left <= 0) continue;
      const amount = Math.max(1, Math.floor(left * step.share));
      const refund = await d.ok(d.admin, 'POST', '/refunds/', { booking_id: payment.booking_id, payment_id: payment.id, amount, destination: 'original_method', reason: 'Test' });
      let r = await d.ok(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event: 'approve', version: refund.version });
      r = await d.ok(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event: 'process', version: r.version });
      await d.ok(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event: 'succeed', version: r.version });
    } else if (step.op === 'activityDone' && bookings.length > 0) {
      // Time passes: this booking's activity has taken place.
      const booking = bookings[step.booking % bookings.length];
      await d.sql("UPDATE vendor_share_entries SET payable_from = now() - interval '1 hour' WHERE booking_id = $1 AND kind = 'payment'", [booking.id]);
    } else if (step.op === 'payout') {
      const built = await d.call(d.admin, 'POST', '/payouts/build/', { vendor_id: catalogs[step.vendor].vendorId, period_end: today() });
      if (built.status === 409) continue;
      assert.equal(built.status, 201, JSON.stringify(built.body));
      const payout = built.body;
      if (step.then === 'cancel') {
        await d.ok(d.admin, 'POST', `/payouts/${payout.id}/transition/`, { event: 'cancel', version: payout.version });
      } else if (step.then === 'pay') {
        const approved = await d.ok(d.admin, 'POST', `/payouts/${payout.id}/transition/`, { event: 'approve', version: payout.version });
        await d.ok(d.admin, 'POST', `/payouts/${payout.id}/pay/`, { version: approved.version, bank_reference: `VIR-${payout.id.slice(0, 8)}` }, 200);
      }
    }
  }
}

async function checkInvariants() {
  // Per vendor: money in (payments captured, less refunds succeeded) against the ledger.
  const rows = await d.sql<Json>(
    `SELECT v.id,
            (SELECT coalesce(sum(amount), 0) FROM payments p WHERE p.vendor_id = v.id AND p.status IN ('paid', 'partially_refunded', 'refunded'))::bigint AS captured,
            (SELECT coalesce(sum(amount), 0) FROM refunds r WHERE r.vendor_id = v.id AND r.status = 'succeeded')::bigint AS refunded,
            (SELECT coalesce(sum(refunded_amount), 0) FROM payments p WHERE p.vendor_id = v.id)::bigint AS refunded_on_payments,
            (SELECT coalesce(sum(amount), 0) FROM vendor_share_entries e WHERE e.vendor_id = v.id)::bigint AS shares,
            (SELECT coalesce(sum(commission), 0) FROM vendor_share_entries e WHERE e.vendor_id = v.id)::bigint AS commission,
            (SELECT coalesce(sum(fee), 0) FROM vendor_share_entries e WHERE e.vendor_id = v.id)::bigint AS fees
       FROM vendors v`,
  );
  const overall = { captured: 0, refunded: 0, shares: 0, commission: 0, fees: 0 };
  for (const r of rows) {
    const [captured, refunded, shares, commission, fees] = [r.captured, r.refunded, r.shares, r.commission, r.fees].map(Number);
    assert.equal(Number(r.refunded_on_payments), refunded, 'refunds succeeded are on their payments');
    assert.equal(captured - refunded, shares + commission + fees, `vendor ${r.id}: ${JSON.stringify(r)}`);
    for (const [k, v] of Object.entries({ captured, refunded, shares, commission, fees })) overall[k as keyof typeof overall] += v;
  }
  assert.equal(overall.captured - overall.refunded, overall.shares + overall.commission + overall.fees);

  // The splits agree with the payments, and each payment with its entry.
  const splits = await d.sql<Json>(
    `SELECT p.id FROM payments p JOIN payment_splits s ON s.payment_id = p.id JOIN vendor_share_entries e ON e.payment_id = p.id AND e.kind = 'payment'
      WHERE s.vendor_net <> p.vendor_share OR s.platform_amount <> p.platform_commission + p.fee OR e.amount <> p.vendor_share OR e.commission <> p.platform_commission OR e.fee <> p.fee`,
  );
  assert.deepEqual(splits, []);

  // A refund never exceeds what remains of its payment.
  const over = await d.sql<Json>(
    `SELECT p.id FROM payments p WHERE p.refunded_amount > p.amount
        OR (SELECT coalesce(sum(amount), 0) FROM refunds r WHERE r.payment_id = p.id AND r.status = 'succeeded') > p.amount`,
  );
  assert.deepEqual(over, []);

  // No share paid twice: every live payout is exactly its entries, and pays at most their shares.
  const payouts = await d.sql<Json>(
    `SELECT o.id, o.status, o.gross, o.refunds, o.entries_count, o.amount, o.reserve_held, o.reserve_released,
            coalesce(sum(e.amount) FILTER (WHERE e.kind = 'payment'), 0)::bigint AS entry_gross,
            coalesce(-sum(e.amount) FILTER (WHERE e.kind = 'refund'), 0)::bigint AS entry_refunds,
            count(e.id)::int AS entry_count
       FROM payouts o LEFT JOIN vendor_share_entries e ON e.payout_id = o.id GROUP BY o.id`,
  );
  for (const p of payouts) {
    if (p.status === 'cancelled') {
      assert.equal(p.entry_count, 0, 'a cancelled payout holds no entries');
      continue;
    }
    assert.deepEqual([Number(p.gross), Number(p.refunds), p.entries_count], [Number(p.entry_gross), Number(p.entry_refunds), p.entry_count]);
  }
  const [paid] = await d.sql<Json>(
    `SELECT coalesce(sum(o.amount), 0)::bigint AS paid,
            (SELECT coalesce(sum(e.amount), 0) FROM vendor_share_entries e JOIN payouts q ON q.id = e.payout_id WHERE q.status = 'paid')::bigint AS owed
       FROM payouts o WHERE o.status = 'paid'`,
  );
  assert.ok(Number(paid.paid) <= Number(paid.owed), `paid ${paid.paid} of ${paid.owed}`);
  const released = await d.sql<Json>(`SELECT released_from FROM payouts WHERE released_from IS NOT NULL AND status <> 'cancelled' GROUP BY released_from HAVING count(*) > 1`);
  assert.deepEqual(released, [], 'a reserve is released once');
}

test('captured - refunds = shares + commission + fees per vendor and overall; nothing paid out twice; refunds within their payment', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(opArb, { minLength: 4, maxLength: 14 }), async (ops) => {
      await run(ops);
      await checkInvariants();
    }),
    { numRuns: 30 },
  );
});
