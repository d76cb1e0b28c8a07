/**
 * Money in two currencies never mixes. The wallet is one balance in the marketplace's
 * currency (DZD): a booking in euros is neither paid from it nor refunded to it (400 at
 * `method`, `destination`, `refund_destination` or `refund_to`, in the reader's language),
 * and the screens are told where it can go. Then a vendor sells in dinars and in euros to
 * one customer, and each place an amount could cross currencies keeps them apart: vendor
 * shares, payouts, the payments totals, promotions with amounts, the fixed booking fee,
 * loyalty points earned per 100 DZD and the customer's lifetime spend.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { algeriaToday } from '../../common/time.ts';
import { addCover, book, catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
/** A published service of the same vendor priced in euros: 100.00 EUR an adult, 50.00 EUR a child. */
let euroService: Json;

/** 123,560.00 DZD, in centimes. */
const WALLET = 12_356_000;

async function change(section: string, fields: Json) {
  const current = await d.ok(d.admin, 'GET', `/settings/${section}/`);
  return d.ok(d.admin, 'PATCH', `/settings/${section}/`, { version: current.version, ...fields });
}

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  // Staff accept euros; the marketplace's currency (the wallet's) stays the dinar.
  await change('currency', { default: 'DZD', accepted: ['DZD', 'EUR'] });
  const service = await d.ok(d.vendor, 'POST', '/services/', {
    title_i18n: i18n('Paris walk'), category_id: c.category.id, location_id: c.location.id, branch_id: c.branch.id,
    duration_minutes: 120, capacity: 20, max_participants: 20, confirmation: 'instant', currency: 'EUR',
  });
  await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 10_000, currency: 'EUR' });
  await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'child', amount: 5_000, currency: 'EUR' });
  await addCover(d, service);
  euroService = await d.ok(d.vendor, 'POST', `/services/${service.id}/transition/`, { event: 'publish', version: service.version });
});
after(() => d.close());

let phone = 200;
const newCustomer = () => d.ok(d.vendor, 'POST', '/customers/', { name: `Nadia ${phone}`, phone: `+213 661 01 ${String(phone++).padStart(4, '0')}` });
const customerRow = async (id: string) => (await d.sql<Json>('SELECT wallet_balance, loyalty_points, lifetime_spend FROM customers WHERE id = $1', [id]))[0];
const count = async (table: string, customerId: string) => (await d.sql<Json>(`SELECT count(*)::int AS n FROM ${table} WHERE customer_id = $1`, [customerId]))[0].n;
const bookEuros = (customer: Json, extra: Json = {}) => book(d, d.vendor, { ...c, service: euroService, customer } as Catalog, extra);
const bookDinars = (customer: Json, extra: Json = {}) => book(d, d.vendor, { ...c, customer } as Catalog, extra);

async function walletWith(amount: number): Promise<Json> {
  const customer = await newCustomer();
  await d.ok(d.admin, 'POST', '/wallet-transactions/', { customer_id: customer.id, kind: 'credit', source: 'top_up', amount, reason: 'Goodwill' });
  return customer;
}

async function succeed(refund: Json) {
  const approved = await d.ok(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event: 'approve', version: refund.version });
  const processed = await d.ok(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event: 'process', version: approved.version });
  return d.call(d.admin, 'POST', `/refunds/${refund.id}/transition/`, { event: 'succeed', version: processed.version });
}

test('a booking in euros is not paid from a wallet in dinars: 400 at method, in the reader’s language, nothing written', async () => {
  const customer = await walletWith(WALLET);
  const euros = await bookEuros(customer, { participants: { adult: 2 } });
  assert.equal(euros.currency, 'EUR');
  assert.equal(euros.total, 20_000);
  const paymentsBefore = await count('payments', customer.id);

  const refused = await d.call(d.admin, 'POST', '/payments/', { booking_id: euros.id, amount: euros.total, method: 'wallet' });
  assert.equal(refused.status, 400, JSON.stringify(refused.body));
  assert.deepEqual(refused.body.errors.method, ['The wallet holds DZD; this booking is in EUR. Take this payment another way.']);
  const fr = await d.call(d.admin, 'POST', '/payments/', { booking_id: euros.id, amount: euros.total, method: 'wallet' }, { 'accept-language': 'fr' });
  assert.deepEqual(fr.body.errors.method, ['Le portefeuille est en DZD ; cette réservation est en EUR. Encaissez ce paiement autrement.']);
  const ar = await d.call(d.admin, 'POST', '/payments/', { booking_id: euros.id, amount: euros.total, method: 'wallet' }, { 'accept-language': 'ar' });
  assert.match(ar.body.errors.method[0], /^المحفظة بعملة DZD/);

  assert.equal(Number((await customerRow(customer.id)).wallet_balance), WALLET, 'not one euro cent taken from the dinars');
  assert.equal(await count('payments', customer.id), paymentsBefore, 'no payment written');
  assert.equal(await count('wallet_transactions', customer.id), 1, 'only the top-up');

  // The same wallet pays a booking in dinars.
  const dinars = await bookDinars(customer, { participants: { adult: 1 } });
  const paid = await d.ok(d.admin, 'POST', '/payments/', { booking_id: dinars.id, amount: dinars.total, method: 'wallet' });
  assert.equal(paid.status, 'paid');
  assert.equal(Number((await customerRow(customer.id)).wallet_balance), WALLET - dinars.total);
});

test('a booking in euros is not refunded to the wallet: the refund form is not offered it, and each way in is refused', async () => {
  const customer = await walletWith(100_000);
  const euros = await bookEuros(customer, { payment_method: 'cash', participants: { adult: 3 } });
  const dinars = await bookDinars(customer, { payment_method: 'cash', participants: { adult: 1 } });

  const refused = await d.call(d.admin, 'POST', '/refunds/', { booking_id: euros.id, amount: 10_000, destination: 'wallet', reason: 'Storm' });
  assert.equal(refused.status, 400, JSON.stringify(refused.body));
  assert.deepEqual(refused.body.errors.destination, ['The wallet holds DZD; this booking is in EUR. Refund it another way.']);
  const fr = await d.call(d.admin, 'POST', '/refunds/', { booking_id: euros.id, amount: 10_000, destination: 'wallet', reason: 'Storm' }, { 'accept-language': 'fr' });
  assert.deepEqual(fr.body.errors.destination, ['Le portefeuille est en DZD ; cette réservation est en EUR. Remboursez-la autrement.']);

  // What the refund form offers comes from the server.
  assert.deepEqual((await d.ok(d.admin, 'GET', `/bookings/${euros.id}/refundable/`)).destinations, ['original_method', 'gift_card']);
  assert.deepEqual((await d.ok(d.admin, 'GET', `/bookings/${dinars.id}/refundable/`)).destinations, ['original_method', 'wallet', 'gift_card']);

  // A refund asked before this rule, to the wallet, is refused when the money would move.
  const old = await d.ok(d.admin, 'POST', '/refunds/', { booking_id: euros.id, amount: 10_000, destination: 'original_method', reason: 'Storm' });
  await d.sql("UPDATE refunds SET destination = 'wallet' WHERE id = $1", [old.id]);
  const late = await succeed(old);
  assert.equal(late.status, 400, JSON.stringify(late.body));
  assert.deepEqual(late.body.errors.destination, ['The wallet holds DZD; this booking is in EUR. Refund it another way.']);
  assert.equal(Number((await customerRow(customer.id)).wallet_balance), 100_000, 'no euro cents credited as centimes');

  // Changing the booking to fewer people: the wallet is not offered, and asking for it is refused at its field.
  const plan = await d.ok(d.admin, 'POST', `/bookings/${euros.id}/change/preview/`, { participants: { adult: 1 } }, 200);
  assert.equal(plan.settlement.kind, 'less');
  assert.deepEqual(plan.settlement.destinations, ['original_method']);
  const current = await d.ok(d.admin, 'GET', `/bookings/${euros.id}/`);
  const changed = await d.call(d.admin, 'POST', `/bookings/${euros.id}/change/`, { participants: { adult: 1 }, expected_version: current.version, refund_destination: 'wallet' });
  assert.equal(changed.status, 400, JSON.stringify(changed.body));
  assert.deepEqual(changed.body.errors.refund_destination, ['The wallet holds DZD; this booking is in EUR. Refund it another way.']);
  assert.equal((await d.ok(d.admin, 'GET', `/bookings/${euros.id}/`)).total, euros.total, 'the change was not made');

  // Calling off a departure of euro bookings: the manifest offers no wallet, and the wallet is refused before anything is cancelled.
  const day = inDays(30).slice(0, 10);
  await d.ok(d.vendor, 'POST', '/service-slots/bulk/', { service_id: euroService.id, from: day, to: day, weekdays: [0, 1, 2, 3, 4, 5, 6], start_times: ['09:00'], capacity: 6 }, 201);
  const [slot] = (await d.ok(d.vendor, 'GET', `/service-slots/?service_id=${euroService.id}`)).results;
  const onSlot = await bookEuros(customer, { payment_method: 'cash', participants: { adult: 1 }, slot_id: slot.id, starts_at: slot.starts_at });
  assert.deepEqual((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/manifest/`)).refund_to, ['original']);
  const disrupted = await d.call(d.vendor, 'POST', `/service-slots/${slot.id}/disrupt/`, { reason_code: 'weather', refund_to: 'wallet' });
  assert.equal(disrupted.status, 400, JSON.stringify(disrupted.body));
  assert.deepEqual(disrupted.body.errors.refund_to, ['The wallet holds DZD; this booking is in EUR. Refund it another way.']);
  assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${onSlot.id}/`)).status, 'confirmed');
  assert.equal((await d.ok(d.vendor, 'GET', `/service-slots/${slot.id}/`)).closed, false);

  // The dinar booking still goes back to the wallet.
  const back = await d.ok(d.admin, 'POST', '/refunds/', { booking_id: dinars.id, amount: 50_000, destination: 'wallet', reason: 'Storm' });
  assert.equal((await succeed(back)).status, 200);
  assert.equal(Number((await customerRow(customer.id)).wallet_balance), 150_000);
});

test('dinars and euros sold side by side never mix: shares, payouts, totals, promotions, fees, points and spend', async () => {
  const customer = await newCustomer();
  // A fixed booking fee (in the marketplace's currency) and a fixed coupon in dinars.
  await change('fees', { customer_booking_fee_fixed: 20_000 });
  await d.ok(d.admin, 'POST', '/coupons/', { code: 'MINUS500', kind: 'fixed', value: 50_000, currency: 'DZD' });
  await d.ok(d.admin, 'POST', '/coupons/', { code: 'TENPC', kind: 'percent', value: 10 });
  try {
    // The coupon's 500.00 DZD are not 500.00 EUR off a booking in euros; a percentage fits both.
    const preview = (service: Json, coupon_code: string) =>
      d.call(d.vendor, 'POST', '/bookings/preview/', { service_id: service.id, participants: { adult: 2 }, starts_at: inDays(10), coupon_code, customer_id: customer.id });
    const euroCoupon = await preview(euroService, 'MINUS500');
    assert.equal(euroCoupon.status, 400, JSON.stringify(euroCoupon.body));
    assert.deepEqual(euroCoupon.body.errors.coupon_code, ['This promotion is in DZD; this booking is in EUR.']);
    const euroCouponFr = await d.call(d.vendor, 'POST', '/bookings/preview/', { service_id: euroService.id, participants: { adult: 2 }, starts_at: inDays(10), coupon_code: 'MINUS500' }, { 'accept-language': 'fr' });
    assert.deepEqual(euroCouponFr.body.errors.coupon_code, ['Cette promotion est en DZD ; cette réservation est en EUR.']);
    assert.equal((await preview(c.service, 'MINUS500')).body.discount_amount, 50_000);
    assert.equal((await preview(euroService, 'TENPC')).body.discount_amount, 2_000);

    // The fixed fee is in dinars: a booking in euros pays none of it (no percentage is set).
    const dinars = await bookDinars(customer, { payment_method: 'cash', participants: { adult: 2 }, coupon_code: 'MINUS500' });
    const euros = await bookEuros(customer, { payment_method: 'cash', participants: { adult: 2 } });
    assert.deepEqual([dinars.currency, dinars.fee_amount, dinars.discount_amount, dinars.total], ['DZD', 20_000, 50_000, 1_000_000 - 50_000 + 20_000]);
    assert.deepEqual([euros.currency, euros.fee_amount, euros.discount_amount, euros.total], ['EUR', 0, 0, 20_000]);

    // Vendor shares: each entry in its payment's currency, adding up to it.
    const shares = await d.sql<Json>(
      `SELECT e.currency, p.currency AS paid_in, e.amount, e.amount + e.commission + e.fee AS parts FROM vendor_share_entries e
         JOIN payments p ON p.id = e.payment_id WHERE e.booking_id = ANY($1::uuid[]) ORDER BY e.currency`,
      [[dinars.id, euros.id]],
    );
    assert.deepEqual(shares.map((s) => [s.currency, s.paid_in, Number(s.parts)]), [['DZD', 'DZD', dinars.total], ['EUR', 'EUR', euros.total]]);

    // Payouts: a batch is in one currency and takes only that currency's shares.
    await d.sql("UPDATE vendor_share_entries SET payable_from = now() - interval '1 day' WHERE booking_id = ANY($1::uuid[])", [[dinars.id, euros.id]]);
    // Today in Algeria: the period ends at its midnight, so a share made just now (the refund above) is in it.
    const periodEnd = algeriaToday();
    const payable = async (currency: string) => {
      const [row] = await d.sql<Json>(
        `SELECT coalesce(sum(amount) FILTER (WHERE kind = 'payment'), 0)::bigint AS gross, coalesce(-sum(amount) FILTER (WHERE kind = 'refund'), 0)::bigint AS refunds
           FROM vendor_share_entries WHERE vendor_id = $1 AND currency = $2 AND payout_id IS NULL AND payable_from <= now()`,
        [d.vendorId, currency],
      );
      return [Number(row.gross), Number(row.refunds)];
    };
    const euroShare = Number(shares.find((s) => s.currency === 'EUR')?.amount);
    for (const currency of ['DZD', 'EUR']) {
      const batch = await d.ok(d.admin, 'POST', '/payouts/build/', { vendor_id: d.vendorId, period_end: periodEnd, currency, preview: true }, 200);
      assert.equal(batch.currency, currency);
      assert.deepEqual([batch.gross, batch.refunds], await payable(currency), `${currency} payout: ${JSON.stringify(batch)}`);
      if (currency === 'EUR') assert.ok(batch.gross >= euroShare && batch.gross < 20_000, 'euro shares only, not a dinar among them');
    }

    // The payments totals: one row per currency, each its own sum.
    const totals = await d.ok(d.admin, 'GET', `/payments/totals/?customer_id=${customer.id}`);
    const byCurrency = Object.fromEntries(totals.by_currency.map((t: Json) => [t.currency, t.sums.amount]));
    assert.deepEqual(byCurrency, { DZD: dinars.total, EUR: euros.total });

    // Lifetime spend is kept in dinars: the euros are not added to it.
    assert.equal(Number((await customerRow(customer.id)).lifetime_spend), dinars.total);

    // Points per 100 DZD: the booking in euros earns the points per booking only.
    for (const b of [dinars, euros]) {
      await d.sql("UPDATE bookings SET starts_at = now() - interval '3 hours', ends_at = now() - interval '1 hour' WHERE id = $1", [b.id]);
      const [{ version }] = await d.sql<Json>('SELECT version FROM bookings WHERE id = $1', [b.id]);
      await d.ok(d.vendor, 'POST', `/bookings/${b.id}/transition/`, { event: 'complete', version });
    }
    const earned = await d.sql<Json>("SELECT booking_id, points FROM loyalty_entries WHERE customer_id = $1 AND source = 'booking'", [customer.id]);
    const points = Object.fromEntries(earned.map((e) => [e.booking_id, e.points]));
    assert.equal(points[dinars.id], 10 + Math.floor(dinars.total / 10_000));
    assert.equal(points[euros.id], 10, 'no points for 200 "dinars" that are euros');
  } finally {
    await change('fees', { customer_booking_fee_fixed: 0 });
  }
});

test('the marketplace currency does not change while wallets hold money in it', async () => {
  await walletWith(50_000);
  const current = await d.ok(d.admin, 'GET', '/settings/currency/');
  const refused = await d.call(d.admin, 'PATCH', '/settings/currency/', { version: current.version, default: 'EUR' }, { 'accept-language': 'fr' });
  assert.equal(refused.status, 400, JSON.stringify(refused.body));
  assert.match(refused.body.errors.default[0], /^Des porte-monnaie clients contiennent de l’argent en DZD \(\d+ avec un solde\)/);
  assert.equal((await d.ok(d.admin, 'GET', '/settings/currency/')).value.default, 'DZD', 'nothing saved');
  // Emptied wallets (here, in the database) let it change; the wallet is then kept in the new currency.
  const [{ n }] = await d.sql<Json>('SELECT count(*)::int AS n FROM customers WHERE wallet_balance <> 0');
  assert.ok(n >= 1);
  await d.sql('UPDATE customers SET wallet_balance = 0');
  await change('currency', { default: 'EUR' });
  const customer = await newCustomer();
  const dinars = await d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: customer.id, kind: 'credit', source: 'top_up', amount: 1_000, currency: 'DZD', reason: 'Gift' });
  assert.deepEqual(dinars.body.errors?.currency, ['The wallet is kept in EUR.']);
  await change('currency', { default: 'DZD' });
});
