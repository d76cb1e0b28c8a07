/**
 * Payments, payment links, refunds and splits on the server. A payment never exceeds
 * the balance due; a refund never exceeds what was paid (less refunds under way); a
 * refund that succeeds updates its payments and the booking, credits the wallet when
 * asked, and a full refund of a confirmed booking cancels it.
 */
import { randomBytes } from 'node:crypto';
import { GATEWAY_METHODS, type PaymentMethod } from '../../common/payments.ts';
import { collection } from '../../common/registry.ts';
import { badRequest, conflict } from '../errors.ts';
import { moneyText } from '../errorLanguage.ts';
import { hooksOf, type CollectionHooks, type WriteContext } from '../engine/hooks.ts';
import { insertRecord, updateRecord, type Row } from '../engine/records.ts';
import { loadOr404, loadVisible } from '../engine/scope.ts';
import { applyTransition } from '../engine/transitions.ts';
import type { PaymentGateway } from './gateway.ts';
import { addSpend, assertWalletCurrency, bookings, cancellationRefundable, paymentLanded, payments, refundableOf, refunds, takeBackPoints, updateBookingMoney, walletMove } from './money.ts';
import { deliverLink, linkContacts } from './paymentLinkDelivery.ts';
import { recordRefundShare } from './payouts.ts';
import { getSettings } from '../settings/index.ts';
import { allowedEvents, sqlStatusesTagged, statusesTagged } from '../../common/lifecycles/index.ts';

const CLOSED = statusesTagged('booking', 'closed');
const CAPTURED = sqlStatusesTagged('payment', 'captured');
const num = (v: unknown) => Number(v ?? 0);

declare module 'fastify' {
  interface FastifyInstance {
    paymentGateway: PaymentGateway;
  }
}

export const paymentHooks: CollectionHooks = {
  async create(ctx, body) {
    // A gift card is paid at once, and there is no gift-card ledger yet to check a card's
    // number and balance against: only staff, who hold the cards, may record one.
    if (body.method === 'gift_card' && !ctx.actor.staff) throw badRequest({ method: ['Only staff may record a gift card payment.'] });
    const booking = await loadOr404(ctx.tx, bookings, String(body.booking_id), ctx.actor, { forUpdate: true });
    return createPayment(ctx, booking, body as never);
  },
  transitions: {
    pay: (ctx, record) => paymentLanded(ctx, record),
  },
};

/**
 * Records a payment on a locked booking. Cash and gift cards are paid at once; wallet
 * payments debit the wallet first (in the wallet's currency only: walletMove refuses any
 * other at `method`, and the transaction writes nothing); card payments (CIB, Edahabia) open a checkout at the
 * gateway and stay pending until it confirms.
 */
export async function createPayment(
  ctx: WriteContext,
  booking: Row,
  input: { amount: number; method: PaymentMethod; payer_name?: string | null; payer_phone?: string | null; payer_email?: string | null; notes?: string | null },
  /** A payment link's checkout sends the payer back to the link's page, and nobody recorded it. */
  options: { returnUrl?: string; recordedBy?: string | null } = {},
): Promise<Row> {
  if (CLOSED.includes(String(booking.status))) throw conflict(`This booking is ${booking.status}; it takes no more payments.`);
  const due = num(booking.balance);
  if (input.amount > due) throw badRequest({ amount: [due > 0 ? `More than the balance due (${moneyText(due, booking.currency)}).` : 'Nothing is due on this booking.'] });
  let payment = await insertRecord(ctx, payments, {
    vendor_id: booking.vendor_id,
    booking_id: booking.id,
    customer_id: booking.customer_id,
    amount: input.amount,
    currency: booking.currency,
    method: input.method,
    payer_name: input.payer_name ?? null,
    payer_phone: input.payer_phone ?? null,
    payer_email: input.payer_email ?? null,
    notes: input.notes ?? null,
    status: 'pending',
    recorded_by: options.recordedBy !== undefined ? options.recordedBy : ctx.actor.user.id,
  });
  if (GATEWAY_METHODS.includes(input.method)) {
    const checkout = await ctx.app.paymentGateway.createCheckout({
      orderNumber: String(payment.id).replaceAll('-', '').slice(0, 20),
      amount: input.amount,
      currency: String(booking.currency),
      method: input.method as 'cib' | 'edahabia',
      description: `Booking ${booking.ref}`,
      returnUrl: options.returnUrl ?? `/payments/${payment.id}`,
    });
    return updateRecord(ctx, payments, String(payment.id), { gateway_reference: checkout.reference, checkout_url: checkout.checkoutUrl });
  }
  if (input.method === 'wallet') {
    await walletMove(ctx, {
      customer_id: String(booking.customer_id), kind: 'debit', source: 'booking', amount: input.amount, currency: String(booking.currency),
      reason: `Payment for booking ${booking.ref}`, booking_id: String(booking.id), payment_id: String(payment.id),
    });
  }
  payment = await applyTransition(ctx, payments, paymentHooks, payment, { event: 'pay' }, 'system');
  return payment;
}

// Payment invitations ------------------------------------------------------------------

const invitations = collection('payment-invitations');

export const invitationHooks: CollectionHooks = {
  async create(ctx, body) {
    const booking = await loadOr404(ctx.tx, bookings, String(body.booking_id), ctx.actor, { forUpdate: true });
    if (CLOSED.includes(String(booking.status))) throw conflict(`This booking is ${booking.status}; it takes no more payments.`);
    if (num(body.amount) > num(booking.balance)) throw badRequest({ amount: [`More than the balance due (${moneyText(num(booking.balance), booking.currency)}).`] });
    const business = await getSettings(ctx.tx, 'business');
    const expiresAt = (body.expires_at as string | undefined) ?? new Date(Date.parse(ctx.now) + business.invitation_hours * 3_600_000).toISOString();
    if (Date.parse(expiresAt) <= Date.parse(ctx.now)) throw badRequest({ expires_at: ['Must be in the future.'] });
    // The server decides whom the link reaches (the payer named, else the booking's
    // customer) and sends it; with nobody to reach it is only created (sent_count 0).
    const contacts = await linkContacts(ctx, booking, body);
    const reachable = Boolean(contacts.invitee_phone || contacts.invitee_email);
    const link = await insertRecord(ctx, invitations, {
      ...body,
      ...contacts,
      channel: contacts.invitee_phone ? 'sms' : 'email',
      vendor_id: booking.vendor_id,
      currency: booking.currency,
      expires_at: expiresAt,
      token: randomBytes(24).toString('base64url'),
      status: 'sent',
      sent_count: reachable ? 1 : 0,
      last_sent_at: reachable ? ctx.now : null,
    });
    await deliverLink(ctx, link, booking, 'created');
    return link;
  },
  transitions: {
    resend: async (ctx, record) => {
      if (!record.invitee_phone && !record.invitee_email) throw badRequest({ event: ['This link has no phone or email to send it to: copy it and share it.'] });
      const changes = { sent_count: num(record.sent_count) + 1, last_sent_at: ctx.now };
      const booking = await loadOr404(ctx.tx, bookings, String(record.booking_id), ctx.actor);
      await deliverLink(ctx, { ...record, ...changes }, booking, 'resent');
      return changes;
    },
    open: async (ctx) => ({ opened_at: ctx.now }),
    // `pay` is the gateway's (guard isSystem): the webhook sends it once the link's
    // checkout payment (payment_id, set at checkout) is paid (server/payments/payLink.ts).
  },
};

// Refunds ------------------------------------------------------------------------------

export const refundHooks: CollectionHooks = {
  async create(ctx, body) {
    const { tx } = ctx;
    const booking = await loadOr404(tx, bookings, String(body.booking_id), ctx.actor, { forUpdate: true });
    // Refused now, not when the money would go: the wallet takes its own currency only.
    if (body.destination === 'wallet') await assertWalletCurrency(tx, booking.currency, 'refund');
    const amount = num(body.amount);
    // A cancelled activity or a lower price after a change returns what it owes; any other
    // refund follows the business's cancellation window.
    const owed = ['activity_cancelled', 'booking_changed'].includes(String(body.reason_code));
    const room = owed ? await refundableOf(tx, booking) : await cancellationRefundable(tx, booking, ctx.now);
    const refundable = room.amount;
    if (amount > refundable) {
      const late = room.late_percent !== undefined;
      if (refundable > 0) throw badRequest({ amount: [late ? `This close to the start, at most ${moneyText(refundable, booking.currency)} can be refunded.` : `At most ${moneyText(refundable, booking.currency)} can be refunded.`] });
      throw badRequest({ amount: [late ? 'This close to the start, nothing more can be refunded.' : 'Nothing paid is left to refund.'] });
    }
    if (body.payment_id) {
      const payment = await loadVisible(tx, payments, String(body.payment_id), ctx.actor, { forUpdate: true });
      if (!payment || payment.booking_id !== booking.id) throw badRequest({ payment_id: ['Not a payment of this booking.'] });
      if (!statusesTagged('payment', 'captured').includes(String(payment.status))) throw badRequest({ payment_id: ['This payment was not paid.'] });
      const left = room.payments.find((p) => p.id === payment.id)?.refundable ?? 0;
      if (amount > left) throw badRequest({ amount: [`At most ${moneyText(left, payment.currency)} can be refunded from this payment.`] });
    }
    return insertRecord(ctx, refunds, {
      ...body,
      vendor_id: booking.vendor_id,
      currency: booking.currency,
      kind: amount === refundable ? 'full' : 'partial',
      status: 'requested',
      requested_by: ctx.actor.user.id,
    });
  },
  beforeUpdate: async (_ctx, before) => {
    if (!statusesTagged('refund', 'editable').includes(String(before.status))) throw conflict('A refund can only be edited before it is processed.');
  },
  transitions: {
    process: (ctx, record) => startRefund(ctx, record),
    retry: (ctx, record) => startRefund(ctx, record),
    succeed: (ctx, record) => refundSucceeded(ctx, record),
  },
};

/** The steps after a refund is asked for, in the refund chart's order. */
const REFUND_STEPS = ['approve', 'process', 'succeed'] as const;

/**
 * A refund taken as far as the refund chart lets the actor in one go: approved and
 * processed by anyone who may refund; marked succeeded by staff, unless a card gateway has
 * to confirm it. Where it stops (vendor staff leave it processing for staff), the booking
 * shows it with its next action.
 */
export async function refundAsFarAsAllowed(ctx: WriteContext, refund: Row): Promise<Row> {
  let current = refund;
  for (const event of REFUND_STEPS) {
    const allowed = allowedEvents('refund', String(current.status), { now: ctx.now, role: ctx.actor.role, record: current });
    if (!allowed.includes(event)) break;
    if (event === 'succeed' && (await refundedByGateway(ctx, current))) break;
    current = await applyTransition(ctx, refunds, refundHooks, current, { event });
  }
  return current;
}

/** Whether a refund goes back through the card gateway, which confirms it later. */
async function refundedByGateway(ctx: WriteContext, refund: Row): Promise<boolean> {
  if (refund.destination !== 'original_method') return false;
  const { rows } = await ctx.tx.query<{ method: string }>(
    `SELECT method FROM payments WHERE booking_id = $1 AND status IN ${CAPTURED} AND ($2::uuid IS NULL OR id = $2)`,
    [refund.booking_id, refund.payment_id ?? null],
  );
  return rows.some((r) => GATEWAY_METHODS.includes(r.method as PaymentMethod));
}

async function startRefund(ctx: WriteContext, refund: Row): Promise<Row> {
  if (refund.destination !== 'original_method') return {};
  const payment = refund.payment_id ? await loadVisible(ctx.tx, payments, String(refund.payment_id), ctx.actor) : undefined;
  if (payment && GATEWAY_METHODS.includes(payment.method as PaymentMethod)) {
    const { reference } = await ctx.app.paymentGateway.refund({
      reference: (payment.gateway_reference as string) ?? null, amount: num(refund.amount), currency: String(refund.currency),
    });
    return { gateway_reference: reference };
  }
  return {};
}

/** The money went back: payments, booking, wallet and spend follow; a full refund cancels a confirmed booking. */
async function refundSucceeded(ctx: WriteContext, refund: Row): Promise<Row> {
  const { tx } = ctx;
  const amount = num(refund.amount);
  // Allocate to the chosen payment, else to paid payments, most recent first.
  const { rows } = await tx.query<{ id: string }>(
    `SELECT id FROM payments WHERE booking_id = $1 AND status IN ${CAPTURED} ${refund.payment_id ? 'AND id = $2' : ''}
     ORDER BY paid_at DESC NULLS LAST, id FOR UPDATE`,
    refund.payment_id ? [refund.booking_id, refund.payment_id] : [refund.booking_id],
  );
  let left = amount;
  for (const { id } of rows) {
    if (left <= 0) break;
    const payment = await loadOr404(tx, payments, id, ctx.actor);
    const room = num(payment.amount) - num(payment.refunded_amount);
    const take = Math.min(room, left);
    if (take <= 0) continue;
    left -= take;
    const updated = await updateRecord(ctx, payments, id, { refunded_amount: num(payment.refunded_amount) + take }, { before: payment });
    await recordRefundShare(ctx, updated, num(payment.refunded_amount), take, refund);
    const event = num(updated.refunded_amount) >= num(updated.amount) ? 'refund' : 'partially_refund';
    await applyTransition(ctx, payments, paymentHooks, updated, { event, ...(refund.reason ? { reason: String(refund.reason) } : {}) }, 'system');
  }
  if (left > 0) throw conflict('The payments of this booking cannot cover this refund any more.');
  let booking = await loadOr404(tx, bookings, String(refund.booking_id), ctx.actor, { forUpdate: true });
  booking = await updateBookingMoney(ctx, booking, { refundedDelta: amount });
  if (refund.destination === 'wallet') {
    await walletMove(ctx, {
      customer_id: String(booking.customer_id), kind: 'credit', source: 'refund', amount, currency: String(refund.currency),
      reason: `Refund for booking ${booking.ref}`, booking_id: String(booking.id), refund_id: String(refund.id),
    });
  }
  await addSpend(tx, String(booking.customer_id), -amount, refund.currency);
  await takeBackPoints(ctx, booking);
  if (booking.status === 'confirmed' && num(booking.refunded) >= num(booking.paid)) {
    // Coded, so every language shows it; the refund's own words, if any, stay beside it.
    const cancel = { event: 'cancel', reason_code: 'fully_refunded', ...(refund.reason ? { reason: String(refund.reason) } : {}) };
    await applyTransition(ctx, bookings, hooksOf(ctx, 'bookings'), booking, cancel, 'system');
  }
  return { processed_at: ctx.now };
}

// Payment splits -----------------------------------------------------------------------

const splits = collection('payment-splits');

export const splitHooks: CollectionHooks = {
  async create(ctx, body) {
    const payment = await loadOr404(ctx.tx, payments, String(body.payment_id), ctx.actor);
    if (!statusesTagged('payment', 'wasPaid').includes(String(payment.status))) throw badRequest({ payment_id: ['This payment was not paid.'] });
    const { rows } = await ctx.tx.query<{ commission_percent: number }>('SELECT commission_percent FROM vendors WHERE id = $1', [payment.vendor_id]);
    const commission = (body.commission_percent as number | undefined) ?? rows[0].commission_percent;
    checkShares(body.shares as Row[] | undefined, num(payment.amount));
    const platform = Math.round((num(payment.amount) * commission) / 100) + num(payment.fee);
    return insertRecord(ctx, splits, {
      ...body,
      vendor_id: payment.vendor_id,
      booking_id: payment.booking_id,
      amount: payment.amount,
      currency: payment.currency,
      commission_percent: commission,
      platform_amount: platform,
      vendor_net: num(payment.amount) - platform,
    });
  },
  async beforeUpdate(ctx, before, changes) {
    checkShares((changes.shares as Row[] | undefined) ?? (before.shares as Row[]), num(before.amount));
    if (changes.commission_percent !== undefined) {
      const payment = await loadVisible(ctx.tx, payments, String(before.payment_id), ctx.actor);
      const platform = Math.round((num(before.amount) * num(changes.commission_percent)) / 100) + num(payment?.fee);
      changes.platform_amount = platform;
      changes.vendor_net = num(before.amount) - platform;
    }
  },
};

function checkShares(shares: Row[] | undefined, amount: number) {
  const sum = (shares ?? []).reduce((s, x) => s + num(x.amount), 0);
  if (sum > amount) throw badRequest({ shares: [`The shares add up to ${sum}, more than the payment (${amount}).`] });
}
