/**
 * Payment links paid through the gateway: the public page's endpoints, the checkout, and
 * the signed, idempotent webhook that lands the payment.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { DEV_WEBHOOK_SECRET, SIGNATURE_HEADER, signWebhook } from '../../server/payments/gateway.ts';
import { runDueJobs } from '../../server/jobs/index.ts';
import { book, catalogFor, startDomain, tableCounts, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const pub = (method: string, url: string, body?: unknown) => d.call(null, method, url, body);

/** A booking, a link for part of it, opened and checked out: the pending payment. */
async function checkedOut(amount = 250000) {
  const booking = await book(d, d.vendor, c);
  const link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount, invitee_email: 'payer@example.test' });
  assert.equal((await pub('GET', `/pay/${link.token}/`)).status, 200, 'the payer opens the link');
  const checkout = await pub('POST', `/pay/${link.token}/checkout/`, { method: 'cib' });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  const opened = await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`);
  const payment = await d.ok(d.vendor, 'GET', `/payments/${opened.payment_id}/`);
  return { booking, link: opened, payment, checkoutUrl: checkout.body.checkout_url as string };
}

let events = 0;
function event(payment: Json, extra: Json = {}) {
  return { id: `evt_test_${++events}`, kind: 'payment.succeeded', reference: payment.gateway_reference, amount: payment.amount, currency: payment.currency, ...extra };
}

async function deliver(body: Json | string, signature: string | null = signWebhook(DEV_WEBHOOK_SECRET, typeof body === 'string' ? body : JSON.stringify(body)), provider = 'dev') {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const res = await d.t.app.inject({
    method: 'POST', url: `/branch/api/payments/webhook/${provider}/`, payload: text,
    headers: { 'content-type': 'application/json', ...(signature ? { [SIGNATURE_HEADER]: signature } : {}) },
  });
  return { status: res.statusCode, body: JSON.parse(res.body) };
}

describe('the public link', () => {
  test('shows only what the payer needs, and the first view opens the link', async () => {
    const booking = await book(d, d.vendor, c);
    const link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: 100000, invitee_phone: '+213 661 00 00 00' });
    const view = await pub('GET', `/pay/${link.token}/?lang=ar`);
    assert.equal(view.status, 200);
    assert.deepEqual(Object.keys(view.body).sort(), ['amount', 'booking_ref', 'currency', 'expires_at', 'last_attempt_failed', 'locale', 'participants', 'receipt', 'service', 'starts_at', 'status', 'vendor']);
    assert.equal(view.body.booking_ref, booking.ref, 'the payer sees the reference to quote');
    assert.deepEqual(view.body.participants, Object.entries(booking.participants).filter(([, n]) => Number(n) > 0).map(([type, count]) => ({ type, count })));
    assert.equal(view.body.receipt, null, 'no receipt before paying');
    assert.deepEqual([view.body.status, view.body.locale, view.body.amount, view.body.service], ['open', 'ar', 100000, c.service.title_i18n.ar]);
    assert.equal(view.body.starts_at, new Date(booking.starts_at).toISOString());
    const opened = await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`);
    assert.equal(opened.status, 'opened');
    assert.ok(opened.opened_at);
    // Without ?lang= the customer's own language.
    assert.equal((await pub('GET', `/pay/${link.token}/`)).body.locale, c.customer.locale ?? 'fr');
  });

  test('an unknown token is a 404, and counts against the address', async () => {
    assert.equal((await pub('GET', '/pay/not-a-real-token-at-all/')).status, 404);
    assert.equal((await pub('GET', '/pay/x/')).status, 404);
    const counted = await d.sql<{ n: number }>("SELECT count(*)::int AS n FROM login_failures WHERE account LIKE 'payment-link %'");
    assert.equal(counted[0].n, 2);
  });

  test('too many unknown tokens from one address are refused with 429, and other addresses still pay', async () => {
    const from = (address: string, token: string) =>
      d.t.app.inject({ method: 'GET', url: `/branch/api/pay/${token}/`, remoteAddress: address });
    for (let i = 0; i < 10; i++) assert.equal((await from('198.51.100.7', `guess-${i}-aaaaaaaaaaaaaaaa`)).statusCode, 404);
    const refused = await from('198.51.100.7', 'guess-more-aaaaaaaaaaaaaaaa');
    assert.equal(refused.statusCode, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    const booking = await book(d, d.vendor, c);
    const link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: 1000, invitee_phone: '+213 661 00 00 00' });
    assert.equal((await from('198.51.100.7', link.token)).statusCode, 429, 'even a real token, from the guessing address');
    assert.equal((await from('198.51.100.8', link.token)).statusCode, 200, 'another address is not slowed down');
  });

  test('expired, cancelled and paid links say so and refuse a checkout (409)', async () => {
    const booking = await book(d, d.vendor, c);
    let link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: 1000, invitee_phone: '+213 661 00 00 00' });
    // Past its expiry, before the sweeper moved it.
    await d.sql("UPDATE payment_invitations SET expires_at = now() - interval '1 minute' WHERE id = $1", [link.id]);
    assert.equal((await pub('GET', `/pay/${link.token}/`)).body.status, 'expired');
    const late = await pub('POST', `/pay/${link.token}/checkout/`, { method: 'cib' });
    assert.deepEqual([late.status, late.body.detail, late.body.status], [409, 'This payment link has expired.', 'expired']);
    assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`)).status, 'sent', 'an expired link is not opened');

    link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: 1000, invitee_phone: '+213 661 00 00 00' });
    await d.ok(d.vendor, 'POST', `/payment-invitations/${link.id}/transition/`, { event: 'cancel', version: link.version });
    assert.equal((await pub('GET', `/pay/${link.token}/`)).body.status, 'cancelled');
    const cancelled = await pub('POST', `/pay/${link.token}/checkout/`, { method: 'edahabia' });
    assert.deepEqual([cancelled.status, cancelled.body.detail], [409, 'This payment link was cancelled.']);
    assert.equal((await d.sql('SELECT id FROM payments WHERE booking_id = $1', [booking.id])).length, 0);

    const paid = await checkedOut();
    assert.equal((await deliver(event(paid.payment))).status, 200);
    const again = await pub('POST', `/pay/${paid.link.token}/checkout/`, { method: 'cib' });
    assert.deepEqual([again.status, again.body.detail], [409, 'This payment link has already been paid.']);
    // In the payer's language.
    const fr = await d.call(null, 'POST', `/pay/${paid.link.token}/checkout/`, { method: 'cib' }, { 'accept-language': 'fr' });
    assert.notEqual(fr.body.detail, 'This payment link has already been paid.');
  });

  test('a checkout takes only cib or edahabia; the link follows the latest, and an earlier one paid late still lands', async () => {
    const { booking, link, payment } = await checkedOut(100000);
    assert.equal((await pub('POST', `/pay/${link.token}/checkout/`, { method: 'cash' })).status, 400);
    assert.deepEqual([payment.status, payment.method, payment.recorded_by], ['pending', 'cib', null]);
    const second = await pub('POST', `/pay/${link.token}/checkout/`, { method: 'edahabia' });
    assert.equal(second.status, 200);
    const latest = await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`);
    assert.notEqual(latest.payment_id, payment.id);
    // The first tab's payment goes through after all: the money is on the booking.
    assert.equal((await deliver(event(payment))).body.outcome, 'applied');
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`)).paid, 100000);
    assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`)).status, 'opened');
    // The latest checkout, paid, is what pays the link.
    const newer = await d.ok(d.vendor, 'GET', `/payments/${latest.payment_id}/`);
    assert.equal((await deliver(event(newer))).body.outcome, 'applied');
    assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`)).status, 'paid');
  });
});

describe('sending a link', () => {
  const history = (bookingId: string) =>
    d.sql<Json>("SELECT after FROM audit_log WHERE entity = 'bookings' AND entity_id = $1 AND action = 'payment_link' ORDER BY at", [bookingId]);

  test('goes to the payer by SMS and email through the providers, and the booking\'s history says to whom', async () => {
    const booking = await book(d, d.vendor, c);
    const link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: 120000, invitee_phone: '+213 661 22 33 44', invitee_email: 'payer@example.test' });
    assert.deepEqual([link.sent_count, link.channel], [1, 'sms']);
    await runDueJobs(d.t.app);
    const sent = await d.sql<Json>("SELECT channel, address, body FROM notification_outbox WHERE idempotency_key LIKE $1 ORDER BY channel", [`payment-link:${link.id}:%`]);
    assert.deepEqual(sent.map((m) => [m.channel, m.address]), [['email', 'payer@example.test'], ['sms', '+213 661 22 33 44']]);
    assert.ok(sent.every((m) => String(m.body).includes(`/pay/${link.token}`) && String(m.body).includes(booking.ref)), 'each message carries the link and the booking');
    const [entry] = await history(booking.id);
    assert.deepEqual(entry.after.sent_to, [{ channel: 'sms', address: '+213 661 22 33 44' }, { channel: 'email', address: 'payer@example.test' }]);
    assert.deepEqual([entry.after.kind, entry.after.amount, entry.after.invitation_id], ['created', 120000, link.id]);
    // Resending sends again (a new key), and says so in the history.
    await d.ok(d.vendor, 'POST', `/payment-invitations/${link.id}/transition/`, { event: 'resend', version: link.version });
    await runDueJobs(d.t.app);
    const again = await d.sql<Json>('SELECT count(*)::int AS n FROM notification_outbox WHERE idempotency_key LIKE $1', [`payment-link:${link.id}:%`]);
    assert.equal(again[0].n, 4);
    assert.deepEqual((await history(booking.id)).map((e) => e.after.kind), ['created', 'resent']);
  });

  test('naming nobody, it goes to the booking\'s customer; with no phone or email anywhere it is only created, and said so', async () => {
    const booking = await book(d, d.vendor, c);
    const link = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: 50000 });
    assert.equal(link.invitee_phone, c.customer.phone);
    assert.equal(link.sent_count, 1);

    const other = await book(d, d.vendor, c);
    await d.sql("UPDATE customers SET phone = '', email = NULL WHERE id = $1", [c.customer.id]);
    await d.sql("UPDATE bookings SET customer_phone = NULL WHERE id = $1", [other.id]);
    try {
      const made = await d.ok(d.vendor, 'POST', '/payment-invitations/', { booking_id: other.id, amount: 50000 });
      assert.deepEqual([made.sent_count, made.last_sent_at, made.invitee_phone, made.invitee_email], [0, null, null, null]);
      const [entry] = await history(other.id);
      assert.deepEqual(entry.after.sent_to, []);
      const resend = await d.call(d.vendor, 'POST', `/payment-invitations/${made.id}/transition/`, { event: 'resend', version: made.version });
      assert.equal(resend.status, 400);
    } finally {
      await d.sql('UPDATE customers SET phone = $2, email = $3 WHERE id = $1', [c.customer.id, c.customer.phone, c.customer.email ?? null]);
    }
  });
});

describe('the webhook', () => {
  test('a bad or missing signature is a 401 and writes nothing; an unknown provider is a 404', async () => {
    const { payment } = await checkedOut();
    const before = await tableCounts(d);
    const evts = await d.sql('SELECT id FROM gateway_events');
    const body = JSON.stringify(event(payment));
    assert.equal((await deliver(body, signWebhook('another-secret', body))).status, 401);
    assert.equal((await deliver(body, null)).status, 401);
    assert.equal((await deliver(body.replace(String(payment.amount), '1'), signWebhook(DEV_WEBHOOK_SECRET, body))).status, 401, 'a changed body');
    assert.equal((await deliver(body, signWebhook(DEV_WEBHOOK_SECRET, body), 'satim')).status, 404);
    assert.deepEqual(await tableCounts(d), before);
    assert.deepEqual(await d.sql('SELECT id FROM gateway_events'), evts);
    assert.equal((await d.ok(d.vendor, 'GET', `/payments/${payment.id}/`)).status, 'pending');
  });

  test('payment.succeeded pays the payment, the link and the booking; the same event twice is one payment', async () => {
    const { booking, link, payment } = await checkedOut(250000);
    const evt = event(payment);
    const [first, second] = await Promise.all([deliver(evt), deliver(evt)]);
    assert.deepEqual([first.status, second.status], [200, 200]);
    assert.deepEqual([first.body.outcome, second.body.outcome].sort(), ['applied', 'replayed']);
    const third = await deliver(evt);
    assert.equal(third.body.outcome, 'replayed');
    const paid = await d.ok(d.vendor, 'GET', `/payments/${payment.id}/`);
    assert.equal(paid.status, 'paid');
    assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`)).status, 'paid');
    // The payer's page keeps a receipt: when, how, and the gateway's reference.
    const receipt = (await pub('GET', `/pay/${link.token}/`)).body.receipt;
    assert.deepEqual(receipt, { paid_at: new Date(paid.paid_at).toISOString(), method: 'cib', reference: payment.gateway_reference });
    const after = await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`);
    assert.deepEqual([after.paid, after.balance, after.payment_status], [250000, booking.total - 250000, 'deposit']);
    assert.equal((await d.sql("SELECT id FROM payment_splits WHERE payment_id = $1", [payment.id])).length, 1);
    const rows = await d.sql('SELECT outcome, vendor_id, payment_id, invitation_id, amount FROM gateway_events WHERE event_id = $1', [evt.id]);
    assert.deepEqual(rows, [{ outcome: 'applied', vendor_id: d.vendorId, payment_id: payment.id, invitation_id: link.id, amount: 250000 }]);
    // Another event for the same payment changes nothing either.
    assert.equal((await deliver(event(payment))).body.outcome, 'ignored');
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`)).paid, 250000);
  });

  test('the payment, the link and the booking move in one transaction: a failure leaves all three, and the event can come again', async () => {
    const { booking, link, payment } = await checkedOut(booking_total_part);
    await d.sql(`CREATE FUNCTION refuse_paid_link() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.status = 'paid' THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`);
    await d.sql('CREATE TRIGGER refuse_paid_link BEFORE UPDATE ON payment_invitations FOR EACH ROW EXECUTE FUNCTION refuse_paid_link()');
    const evt = event(payment);
    try {
      assert.equal((await deliver(evt)).status, 500);
    } finally {
      await d.sql('DROP TRIGGER refuse_paid_link ON payment_invitations');
      await d.sql('DROP FUNCTION refuse_paid_link()');
    }
    assert.equal((await d.ok(d.vendor, 'GET', `/payments/${payment.id}/`)).status, 'pending');
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`)).paid, 0);
    assert.equal((await d.sql('SELECT id FROM gateway_events WHERE event_id = $1', [evt.id])).length, 0);
    assert.equal((await deliver(evt)).body.outcome, 'applied', 'the gateway retries the same event');
    assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`)).status, 'paid');
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`)).paid, booking_total_part);
  });

  test('money taken after the booking was paid otherwise still lands, and the event says the booking is overpaid', async () => {
    const { booking, payment } = await checkedOut(200000);
    await d.ok(d.vendor, 'POST', '/payments/', { booking_id: booking.id, amount: booking.total - 100000, method: 'cash' });
    const evt = event(payment);
    assert.equal((await deliver(evt)).body.outcome, 'applied');
    const [row] = await d.sql('SELECT detail FROM gateway_events WHERE event_id = $1', [evt.id]);
    assert.equal(row.detail, 'The booking owed 1,000.00 DZD; it is overpaid by 1,000.00 DZD.');
    // On the payment's events, in the reader's language with its amounts.
    const [fr] = (await d.call(d.vendor, 'GET', `/payments/${payment.id}/events/`, undefined, { 'accept-language': 'fr' })).body.results;
    const amount = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'DZD' }).format(1000);
    assert.equal(fr.detail, `La réservation devait ${amount} ; elle est payée en trop de ${amount}.`);
    const after = await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`);
    assert.deepEqual([after.paid, after.balance, after.payment_status], [booking.total + 100000, -100000, 'paid']);
  });

  test('payment.failed fails the payment and leaves the link open for another try', async () => {
    const { booking, link, payment } = await checkedOut();
    const res = await deliver(event(payment, { kind: 'payment.failed' }));
    assert.equal(res.body.outcome, 'applied');
    assert.equal((await d.ok(d.vendor, 'GET', `/payments/${payment.id}/`)).status, 'failed');
    assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`)).status, 'opened');
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`)).paid, 0);
    assert.equal((await pub('GET', `/pay/${link.token}/`)).body.last_attempt_failed, true);
    assert.equal((await pub('POST', `/pay/${link.token}/checkout/`, { method: 'cib' })).status, 200);
  });

  test('an amount that does not match is recorded as failed and pays nothing', async () => {
    const { booking, link, payment } = await checkedOut();
    const evt = event(payment, { amount: payment.amount - 1 });
    assert.equal((await deliver(evt)).body.outcome, 'failed');
    const [row] = await d.sql('SELECT outcome, detail FROM gateway_events WHERE event_id = $1', [evt.id]);
    assert.equal(row.outcome, 'failed');
    assert.match(row.detail, /Nothing was paid/);
    assert.equal((await d.ok(d.vendor, 'GET', `/payments/${payment.id}/`)).status, 'pending');
    assert.equal((await d.ok(d.vendor, 'GET', `/payment-invitations/${link.id}/`)).status, 'opened');
    assert.equal((await d.ok(d.vendor, 'GET', `/bookings/${booking.id}/`)).paid, 0);
  });

  test('the development gateway\'s page pays through the same webhook', async () => {
    const { checkoutUrl, payment } = await checkedOut();
    const page = await d.t.app.inject({ method: 'GET', url: checkoutUrl });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /name="outcome" value="paid"/);
    assert.equal((await d.t.app.inject({ method: 'GET', url: '/pay/dev-gateway/dev_00000000-0000-0000-0000-000000000000' })).statusCode, 404);
    assert.equal(payment.checkout_url, checkoutUrl);
  });
});

test('the development gateway calls this server\'s own webhook, never the address a Host header names', async () => {
  const { checkoutUrl, payment } = await checkedOut();
  const form = { 'content-type': 'application/x-www-form-urlencoded' };
  // Not listening (and no PUBLIC_URL): a clear page, not a 500, and nothing paid.
  const unreachable = await d.t.app.inject({ method: 'POST', url: checkoutUrl, payload: 'outcome=paid', headers: form });
  assert.equal(unreachable.statusCode, 503);
  assert.equal((await d.ok(d.vendor, 'GET', `/payments/${payment.id}/`)).status, 'pending');

  // Somewhere an attacker would like a signed event posted.
  const caught: string[] = [];
  const trap: Server = createServer((req, res) => {
    caught.push(`${req.method} ${req.url}`);
    res.end('{}');
  });
  await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
  try {
    const origin = await d.t.app.listen({ port: 0, host: '127.0.0.1' });
    const trapHost = `127.0.0.1:${(trap.address() as AddressInfo).port}`;
    const res = await fetch(`${origin}${checkoutUrl}`, { method: 'POST', body: 'outcome=paid', headers: { ...form, host: trapHost }, redirect: 'manual' });
    assert.equal(res.status, 303, await res.text());
    assert.deepEqual(caught, [], 'no request reached the address in the Host header');
    assert.equal((await d.ok(d.vendor, 'GET', `/payments/${payment.id}/`)).status, 'paid', 'the payment landed through our own webhook');
  } finally {
    trap.close();
  }
});

test('the OpenAPI document names the public routes, with no session', async () => {
  const doc = await d.ok(null, 'GET', '/openapi.json');
  for (const path of ['/branch/api/pay/{token}/', '/branch/api/pay/{token}/checkout/', '/branch/api/payments/webhook/{provider}/']) {
    const op = Object.values(doc.paths[path] ?? {})[0] as Json | undefined;
    assert.deepEqual(op?.security, [], path);
  }
});

test('the links export in the reader\'s language, statuses named', async () => {
  const { link } = await checkedOut();
  const res = await d.t.app.inject({
    method: 'GET', url: `/branch/api/payment-invitations/export.csv?lang=fr&columns=invitee_email,amount,status,sent_count&search=${encodeURIComponent(link.invitee_email)}`,
    headers: { authorization: `Bearer ${d.vendor.token}` },
  });
  assert.equal(res.statusCode, 200);
  const [header, row] = res.body.replace(/^\uFEFF/, '').trim().split(/\r?\n/);
  assert.equal(header, 'E-mail du payeur,Montant,Statut,Envois');
  assert.match(row, /^payer@example\.test,2500(\.00)?,Ouvert,1$/);
});

describe('invitations and vendors', () => {
  test('a vendor sees only its own links, and nobody pays a link by hand', async () => {
    const { link } = await checkedOut();
    assert.equal((await d.call(d.vendor2, 'GET', `/payment-invitations/${link.id}/`)).status, 404);
    const list = await d.ok(d.vendor2, 'GET', '/payment-invitations/?page_size=100');
    assert.ok(list.results.every((l: Json) => l.vendor_id === d.vendor2Id));
    assert.equal((await d.call(d.vendor2, 'POST', `/payment-invitations/${link.id}/transition/`, { event: 'cancel', version: link.version })).status, 404);
    for (const who of [d.vendor, d.admin]) {
      assert.equal((await d.call(who, 'POST', `/payment-invitations/${link.id}/transition/`, { event: 'pay', version: link.version })).status, 403);
    }
  });
});

const booking_total_part = 200000;

describe('a gateway without webhooks (SATIM)', () => {
  // SATIM itself is the outside edge: a small HTTP server answering its REST calls.
  let satim: Server;
  let status = 0;
  let s: Domain;
  let sc: Catalog;
  before(async () => {
    satim = createServer((req, res) => {
      const url = new URL(req.url!, 'http://satim.test');
      res.setHeader('content-type', 'application/json');
      if (url.pathname.endsWith('/register.do')) {
        res.end(JSON.stringify({ errorCode: '0', orderId: `satim-${url.searchParams.get('orderNumber')}`, formUrl: `https://satim.test/form/${url.searchParams.get('orderNumber')}` }));
      } else if (url.pathname.endsWith('/getOrderStatus.do')) {
        res.end(JSON.stringify({ errorCode: '0', OrderStatus: status }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((resolve) => satim.listen(0, '127.0.0.1', resolve));
    const env = { SATIM_BASE_URL: `http://127.0.0.1:${(satim.address() as AddressInfo).port}`, SATIM_USERNAME: 'u', SATIM_PASSWORD: 'p', SATIM_TERMINAL_ID: 't' };
    Object.assign(process.env, env);
    try {
      s = await startDomain();
    } finally {
      for (const key of Object.keys(env)) delete process.env[key];
    }
    sc = await catalogFor(s, s.vendor);
  });
  after(async () => {
    await s.close();
    satim.close();
  });

  test('the payer coming back polls the order: paid once, however many times the page loads', async () => {
    const booking = await book(s, s.vendor, sc);
    const link = await s.ok(s.vendor, 'POST', '/payment-invitations/', { booking_id: booking.id, amount: 300000, invitee_phone: '+213 661 00 00 00' });
    assert.equal((await s.call(null, 'GET', `/pay/${link.token}/`)).status, 200);
    const checkout = await s.call(null, 'POST', `/pay/${link.token}/checkout/`, { method: 'cib' });
    assert.match(checkout.body.checkout_url, /^https:\/\/satim\.test\/form\//);
    status = 1; // still at the gateway
    assert.equal((await s.call(null, 'GET', `/pay/${link.token}/`)).body.status, 'open');
    status = 2; // deposited
    const [first, second] = [await s.call(null, 'GET', `/pay/${link.token}/`), await s.call(null, 'GET', `/pay/${link.token}/`)];
    assert.deepEqual([first.body.status, second.body.status], ['paid', 'paid']);
    assert.equal((await s.ok(s.vendor, 'GET', `/bookings/${booking.id}/`)).paid, 300000);
    const events = await s.sql('SELECT provider, kind, outcome FROM gateway_events WHERE invitation_id = $1', [link.id]);
    assert.deepEqual(events, [{ provider: 'satim', kind: 'payment.succeeded', outcome: 'applied' }]);
    // SATIM sends no webhook: whatever arrives at its webhook route is refused.
    assert.equal((await s.call(null, 'POST', '/payments/webhook/satim/', '{}')).status, 401);
  });
});
