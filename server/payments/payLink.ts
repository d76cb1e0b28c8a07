/**
 * Paying a payment link, with no back-office session: the token is the only key.
 *
 *   GET  /branch/api/pay/<token>/           what the payer needs (service, date, amount,
 *                                           vendor, status, booking reference, participants,
 *                                           and the receipt once paid); the first view opens the link
 *   POST /branch/api/pay/<token>/checkout/  {method} -> {checkout_url}: a pending card
 *                                           payment at the gateway, which its webhook completes
 *   POST /branch/api/payments/webhook/<provider>/
 *                                           the gateway's signed event, applied once per
 *                                           (provider, event id) in one transaction
 *
 * and, with the development gateway, its checkout page /pay/dev-gateway/<reference>.
 * Unknown tokens count as failed guesses in the login rate limit (per address).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { LOCALES, type Locale } from '../../common/common.ts';
import { collection } from '../../common/registry.ts';
import { loginRetryAfter, recordLoginFailure } from '../auth/index.ts';
import { moneyText } from '../errorLanguage.ts';
import { ApiError, conflict, notFound } from '../errors.ts';
import { DevGateway, type GatewayEvent } from './gateway.ts';
import { bookings, payments } from './money.ts';
import { registerLinkDelivery } from './paymentLinkDelivery.ts';
import { createPayment, invitationHooks, paymentHooks } from './payments.ts';
import { SYSTEM_ACTOR } from '../engine/actor.ts';
import type { Queryable } from '../db/index.ts';
import type { WriteContext } from '../engine/hooks.ts';
import { API_PREFIX, ownBaseUrl } from '../engine/paths.ts';
import { fetchUnscoped, updateRecord, type Row } from '../engine/records.ts';
import { applyTransition } from '../engine/transitions.ts';

const invitations = collection('payment-invitations');
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;
const num = (v: unknown) => Number(v ?? 0);

export const PayLinkView = Type.Object({
  status: Type.Union([Type.Literal('open'), Type.Literal('paid'), Type.Literal('expired'), Type.Literal('cancelled')]),
  locale: Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('ar')]),
  service: Type.String(),
  starts_at: Type.String(),
  amount: Type.Integer(),
  currency: Type.String(),
  vendor: Type.String(),
  expires_at: Type.String(),
  /** The last checkout of this link failed at the gateway: the page offers to try again. */
  last_attempt_failed: Type.Boolean(),
  /** The booking's reference, which the payer quotes to the vendor. */
  booking_ref: Type.String(),
  /** How many people of each customer type the booking is for. */
  participants: Type.Array(Type.Object({ type: Type.String(), count: Type.Integer() })),
  /** Once paid: what the payer keeps as proof (when, how, the gateway's reference). */
  receipt: Type.Union([
    Type.Object({ paid_at: Type.String(), method: Type.String(), reference: Type.Union([Type.String(), Type.Null()]) }),
    Type.Null(),
  ]),
});
export type PayLinkView = Static<typeof PayLinkView>;

export const CheckoutBody = Type.Object(
  {
    method: Type.Union([Type.Literal('cib'), Type.Literal('edahabia')]),
    /** The language the payer reads the page in: the gateway sends them back to it. */
    lang: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('fr'), Type.Literal('ar')])),
  },
  { additionalProperties: false },
);

/** The link as the payer sees it: `expired` as soon as its time is past, sweeper or not. */
function publicStatus(link: Row, now: string): PayLinkView['status'] {
  if (link.status === 'paid' || link.status === 'cancelled' || link.status === 'expired') return link.status;
  return new Date(link.expires_at as string | Date).getTime() <= Date.parse(now) ? 'expired' : 'open';
}

const REFUSALS = {
  paid: 'This payment link has already been paid.',
  cancelled: 'This payment link was cancelled.',
  expired: 'This payment link has expired.',
} as const;

// The "account" is the address too: a per-account count shared by every payer would let
// anyone guessing tokens slow the page down for all of them.
const keysOf = (request: FastifyRequest) => ({ account: `payment-link ${request.ip}`, address: request.ip });

/** The link of a token, locked; unknown tokens count against the address like failed logins. */
async function linkOf(tx: Queryable, request: FastifyRequest, token: string): Promise<Row> {
  const waiting = await loginRetryAfter(tx, keysOf(request));
  if (waiting > 0) throw new ApiError(429, { detail: 'Too many failed login attempts. Try again later.', retry_after: waiting }, { 'retry-after': String(waiting) });
  const { rows } = TOKEN.test(token) ? await tx.query<{ id: string }>('SELECT id FROM payment_invitations WHERE token = $1', [token]) : { rows: [] };
  const link = rows[0] && (await fetchUnscoped(tx, invitations, rows[0].id, true));
  if (!link) {
    await recordLoginFailure(tx, keysOf(request));
    throw notFound();
  }
  return link;
}

const systemContext = (app: FastifyInstance, tx: Queryable): WriteContext => ({ tx, actor: SYSTEM_ACTOR, app, now: new Date().toISOString() });

export async function registerPayLink(app: FastifyInstance): Promise<void> {
  // A link's messages point at this server's pay page.
  registerLinkDelivery((server) => ownBaseUrl(server) ?? '');
  app.get<{ Params: { token: string }; Querystring: { lang?: string } }>(
    `${API_PREFIX}/pay/:token/`,
    { schema: { querystring: Type.Object({ lang: Type.Optional(Type.String({ maxLength: 8 })) }), response: { 200: PayLinkView } } },
    async (request, reply) => {
      // A failed guess must be recorded even though the answer is an error: it is written
      // outside the transaction that would roll it back.
      const found = await app.db.transaction(async (tx) => {
        const ctx = systemContext(app, tx);
        let link = await linkOf(tx, request, request.params.token).catch((error) => error as ApiError);
        if (link instanceof Error) return link;
        // SATIM confirms by a status poll when the payer comes back (see its class).
        if (link.payment_id && !(app.paymentGateway instanceof DevGateway)) link = await pollGateway(ctx, link);
        if (link.status === 'sent' && publicStatus(link, ctx.now) === 'open') {
          link = await applyTransition(ctx, invitations, invitationHooks, link, { event: 'open' }, 'system');
        }
        const { rows } = await tx.query<{
          starts_at: Date | string; title_i18n: Record<string, string>; trade_name: string; locale: Locale; payment_status: string | null;
          ref: string; participants: Record<string, number>; paid_at: Date | string | null; method: string | null; gateway_reference: string | null;
        }>(
          `SELECT b.starts_at, s.title_i18n, v.trade_name, c.locale, p.status AS payment_status,
                  b.ref, b.participants, p.paid_at, p.method, p.gateway_reference
             FROM bookings b JOIN services s ON s.id = b.service_id JOIN vendors v ON v.id = b.vendor_id
             JOIN customers c ON c.id = b.customer_id LEFT JOIN payments p ON p.id = $2
            WHERE b.id = $1`,
          [link.booking_id, link.payment_id ?? null],
        );
        const info = rows[0];
        const asked = request.query.lang as Locale | undefined;
        const locale = asked && LOCALES.includes(asked) ? asked : info.locale;
        const view: PayLinkView = {
          status: publicStatus(link, ctx.now),
          locale,
          service: info.title_i18n[locale] || info.title_i18n.fr || info.title_i18n.en || '',
          starts_at: new Date(info.starts_at).toISOString(),
          amount: num(link.amount),
          currency: String(link.currency),
          vendor: info.trade_name,
          expires_at: new Date(link.expires_at as string | Date).toISOString(),
          last_attempt_failed: info.payment_status === 'failed',
          booking_ref: info.ref,
          participants: Object.entries(info.participants ?? {})
            .filter(([, count]) => Number(count) > 0)
            .map(([type, count]) => ({ type, count: Number(count) })),
          receipt:
            publicStatus(link, ctx.now) === 'paid' && info.paid_at
              ? { paid_at: new Date(info.paid_at).toISOString(), method: String(info.method), reference: info.gateway_reference }
              : null,
        };
        return view;
      });
      if (found instanceof Error) throw found;
      reply.header('cache-control', 'no-store');
      return found;
    },
  );

  app.post<{ Params: { token: string }; Body: Static<typeof CheckoutBody> }>(
    `${API_PREFIX}/pay/:token/checkout/`,
    { schema: { body: CheckoutBody } },
    async (request, reply) => {
      const outcome = await app.db.transaction(async (tx) => {
        const ctx = systemContext(app, tx);
        const link = await linkOf(tx, request, request.params.token).catch((error) => error as ApiError);
        if (link instanceof Error) return link;
        const status = publicStatus(link, ctx.now);
        if (status !== 'open') throw conflict(REFUSALS[status], { status });
        // The link follows its latest checkout. An earlier one still pending is left as it is:
        // the payer may have paid it in another tab, and money the gateway took must land
        // (it then does, on the booking, without moving the link).
        const booking = (await fetchUnscoped(tx, bookings, String(link.booking_id), true))!;
        if (num(link.amount) > num(booking.balance)) throw conflict('The booking no longer owes this amount; cancel this link instead.');
        const payment = await createPayment(
          ctx, booking,
          { amount: num(link.amount), method: request.body.method, payer_name: (link.invitee_name as string) ?? null, payer_phone: (link.invitee_phone as string) ?? null, payer_email: (link.invitee_email as string) ?? null },
          // Absolute when PUBLIC_URL is set: a hosted checkout (SATIM) sends the payer back to another origin's page.
          { returnUrl: `${app.config.publicUrl ?? ''}/pay/${request.params.token}${request.body.lang ? `?lang=${request.body.lang}` : ''}`, recordedBy: null },
        );
        await updateRecord(ctx, invitations, String(link.id), { payment_id: payment.id }, { before: link });
        return { checkout_url: String(payment.checkout_url) };
      });
      if (outcome instanceof Error) throw outcome;
      reply.header('cache-control', 'no-store');
      return outcome;
    },
  );

  // The webhook reads its body raw: the signature is over the exact bytes sent.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { provider: string } }>(`${API_PREFIX}/payments/webhook/:provider/`, async (request) => {
      const gateway = app.paymentGateway;
      if (request.params.provider !== gateway.name) throw notFound();
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const event = gateway.verifyWebhook(raw, request.headers);
      if (!event) throw new ApiError(401, { detail: 'The webhook signature is missing or wrong.' });
      const applied = await app.db.transaction((tx) => applyGatewayEvent(systemContext(app, tx), gateway.name, event, JSON.parse(raw.toString('utf8'))));
      return { received: true, outcome: applied };
    });
  });

  if (app.paymentGateway instanceof DevGateway) registerDevGatewayPage(app, app.paymentGateway);
}

/**
 * Applies one verified gateway event. The event row is claimed first (ON CONFLICT DO
 * NOTHING): a replay, even concurrent, finds it taken and changes nothing. Returns the
 * outcome recorded, or `replayed`.
 */
export async function applyGatewayEvent(ctx: WriteContext, provider: string, event: GatewayEvent, payload: object): Promise<string> {
  const { tx } = ctx;
  const claimed = await tx.query<{ id: string }>(
    `INSERT INTO gateway_events (provider, event_id, kind, amount, currency, outcome, payload, received_at)
     VALUES ($1, $2, $3, $4, $5, 'ignored', $6, $7) ON CONFLICT (provider, event_id) DO NOTHING RETURNING id`,
    [provider, event.id, event.kind, event.amount, ['DZD', 'EUR', 'USD'].includes(event.currency) ? event.currency : null, JSON.stringify(payload), ctx.now],
  );
  if (!claimed.rows[0]) return 'replayed';
  const record = (outcome: 'applied' | 'ignored' | 'failed', detail: string | null, ids: { vendor?: unknown; payment?: unknown; invitation?: unknown } = {}) =>
    tx.query('UPDATE gateway_events SET outcome = $2, detail = $3, vendor_id = $4, payment_id = $5, invitation_id = $6 WHERE id = $1', [
      claimed.rows[0].id, outcome, detail, ids.vendor ?? null, ids.payment ?? null, ids.invitation ?? null,
    ]).then(() => outcome);

  const { rows } = await tx.query<{ id: string }>('SELECT id FROM payments WHERE gateway_reference = $1', [event.reference]);
  const payment = rows[0] && (await fetchUnscoped(tx, payments, rows[0].id, true));
  if (!payment) return record('ignored', 'No payment has this gateway reference.');
  const { rows: links } = await tx.query<{ id: string }>('SELECT id FROM payment_invitations WHERE payment_id = $1', [payment.id]);
  let link = links[0] && (await fetchUnscoped(tx, invitations, links[0].id, true));
  const ids = { vendor: payment.vendor_id, payment: payment.id, invitation: link?.id };
  if (payment.status !== 'pending') return record('ignored', `The payment is already ${payment.status}.`, ids);
  if (event.amount !== num(payment.amount) || event.currency !== payment.currency) {
    return record('failed', `The gateway reports ${moneyText(event.amount, event.currency)}; the payment is ${moneyText(num(payment.amount), payment.currency)}. Nothing was paid.`, ids);
  }
  if (event.kind === 'payment.failed') {
    // The link stays open: the payer may try again.
    await applyTransition(ctx, payments, paymentHooks, payment, { event: 'fail', reason: 'The gateway declined the payment' }, 'system');
    return record('applied', null, ids);
  }
  // The money was taken at the gateway: it lands whatever happened to the booking or the
  // link meanwhile, and the event's detail says what staff must settle (a refund).
  const notes: string[] = [];
  const booking = (await fetchUnscoped(tx, bookings, String(payment.booking_id)))!;
  if (num(payment.amount) > num(booking.balance)) notes.push(`The booking owed ${moneyText(num(booking.balance), booking.currency)}; it is overpaid by ${moneyText(num(payment.amount) - num(booking.balance), booking.currency)}.`);
  // The payment chart's `pay` lands it: split, booking paid / balance / payment status.
  await applyTransition(ctx, payments, paymentHooks, payment, { event: 'pay' }, 'system');
  if (link && ['sent', 'opened'].includes(String(link.status))) {
    if (link.status === 'sent') link = await applyTransition(ctx, invitations, invitationHooks, link, { event: 'open' }, 'system');
    await applyTransition(ctx, invitations, invitationHooks, link, { event: 'pay' }, 'system');
  } else if (link) {
    notes.push(`The link was ${link.status} when its payment landed.`);
  }
  return record('applied', notes.length > 0 ? notes.join(' ') : null, ids);
}

/** A gateway without webhooks (SATIM): the pending checkout's state, polled, becomes the same event. */
async function pollGateway(ctx: WriteContext, link: Row): Promise<Row> {
  const payment = await fetchUnscoped(ctx.tx, payments, String(link.payment_id));
  if (payment?.status !== 'pending' || !payment.gateway_reference) return link;
  const reference = String(payment.gateway_reference);
  const state = await ctx.app.paymentGateway.status(reference);
  if (state === 'pending') return link;
  const kind = state === 'paid' ? 'payment.succeeded' : 'payment.failed';
  const event: GatewayEvent = { id: `${reference}:${state}`, kind, reference, amount: num(payment.amount), currency: String(payment.currency) };
  await applyGatewayEvent(ctx, ctx.app.paymentGateway.name, event, { polled: true, state });
  return (await fetchUnscoped(ctx.tx, invitations, String(link.id), true))!;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const DEV_REFERENCE = /^dev_[0-9a-f-]{36}$/;

/**
 * The development gateway's checkout page: stands in for SATIM's hosted page (which is
 * the gateway's, in its own language), so it is plain English HTML with no script.
 */
function registerDevGatewayPage(app: FastifyInstance, gateway: DevGateway): void {
  app.get<{ Params: { reference: string } }>('/pay/dev-gateway/:reference', async (request, reply) => {
    const order = DEV_REFERENCE.test(request.params.reference) ? gateway.order(request.params.reference) : undefined;
    if (!order) return reply.status(404).type('text/html; charset=utf-8').send(devPage('<p>Unknown order.</p>'));
    const amount = new Intl.NumberFormat('en', { style: 'currency', currency: order.currency }).format(order.amount / 100);
    const body = order.status === 'pending'
      ? `<p>${escapeHtml(order.description)}: <strong>${escapeHtml(amount)}</strong></p>
         <form method="post"><button name="outcome" value="paid">Pay ${escapeHtml(amount)}</button> <button name="outcome" value="failed">Fail</button></form>`
      : `<p>This order is ${order.status}.</p>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(devPage(body));
  });

  app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    scope.post<{ Params: { reference: string }; Body: { outcome?: string } }>('/pay/dev-gateway/:reference', async (request, reply) => {
      const outcome = request.body?.outcome === 'paid' ? 'paid' : request.body?.outcome === 'failed' ? 'failed' : null;
      if (!outcome || !DEV_REFERENCE.test(request.params.reference)) return reply.status(400).type('text/html; charset=utf-8').send(devPage('<p>Choose Pay or Fail.</p>'));
      // Over HTTP to our own webhook route, signed, as the real gateway would call it. The
      // address is this server's, from its configuration: never from the request's Host.
      const base = ownBaseUrl(app);
      if (!base) return reply.status(503).type('text/html; charset=utf-8').send(devPage('<p>The gateway cannot reach the shop: set PUBLIC_URL.</p>'));
      let back: string | null;
      try {
        back = await gateway.complete(request.params.reference, outcome, `${base}${API_PREFIX}/payments/webhook/${gateway.name}/`);
      } catch (error) {
        request.log.warn({ err: error }, 'development gateway: the webhook call failed');
        return reply.status(502).type('text/html; charset=utf-8').send(devPage('<p>The shop did not confirm this payment. Nothing was charged; try again.</p>'));
      }
      if (!back) return reply.status(409).type('text/html; charset=utf-8').send(devPage('<p>This order is done.</p>'));
      return reply.redirect(back, 303);
    });
  });
}

function devPage(body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Development payment gateway</title><meta name="color-scheme" content="light dark">
<style>body{font:16px system-ui,sans-serif;max-inline-size:32rem;margin:3rem auto;padding-inline:1rem}button{font:inherit;padding:.5rem 1rem;margin-inline-end:.5rem}</style></head>
<body><main><h1>Development payment gateway</h1>${body}</main></body></html>`;
}
