/**
 * The refund asked for from a booking: an amount above zero and within what the server
 * allows, a complete reason, nothing sent otherwise; an amount that does not parse sends
 * nothing; the destination falls back to the original method when the one chosen is not
 * offered; the server's refusal keeps what was typed, at its fields or at the amount.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { RefundLimits, RefundRequest } from './bookingRefund.ts';

// The API client reads the build's base URL when loaded; the requests themselves are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { bookingRefundMachine, refundAmountErrors, refundRequest } = await import('./bookingRefund.ts');

const limits: RefundLimits = { most: 50_000, paymentId: 'p1', destinations: ['original_method', 'wallet'], reasonComplete: true };

function start(answer: (request: RefundRequest) => Promise<Record<string, unknown>> = async () => ({ id: 'r1', version: 1 })) {
  const sent: RefundRequest[] = [];
  const machine = bookingRefundMachine.provide({
    actors: {
      requestRefund: fromPromise<Record<string, unknown>, RefundRequest>(({ input }) => {
        sent.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { bookingId: 'b1' } }).start();
  return { actor, sent };
}

test('the amount must be above zero and at most what may be refunded', () => {
  assert.deepEqual(refundAmountErrors(null, 100), { amount: ['refund.amountInvalid'] });
  assert.deepEqual(refundAmountErrors(0, 100), { amount: ['refund.amountInvalid'] });
  assert.deepEqual(refundAmountErrors(101, 100), { amount: ['refund.amountTooHigh'] });
  assert.deepEqual(refundAmountErrors(100, 100), {});
});

test('an empty submit says what is missing and sends nothing', () => {
  const { actor, sent } = start();
  actor.send({ type: 'submit', limits: { ...limits, reasonComplete: false } });
  const { context } = actor.getSnapshot();
  assert.deepEqual(context.errors, { amount: ['refund.amountInvalid'] });
  assert.equal(context.reasonMissing, true);
  assert.ok(actor.getSnapshot().matches('editing'));
  assert.equal(sent.length, 0);
});

test('too much, or a reason incomplete, is refused in the browser', () => {
  const { actor, sent } = start();
  actor.send({ type: 'amount.changed', amount: 60_000, unreadable: false });
  actor.send({ type: 'submit', limits });
  assert.deepEqual(actor.getSnapshot().context.errors, { amount: ['refund.amountTooHigh'] });
  actor.send({ type: 'amount.changed', amount: 10_000, unreadable: false });
  assert.deepEqual(actor.getSnapshot().context.errors, {}, 'a new amount clears its error');
  actor.send({ type: 'submit', limits: { ...limits, reasonComplete: false } });
  assert.equal(actor.getSnapshot().context.reasonMissing, true);
  assert.equal(sent.length, 0);
});

test('an amount that does not parse sends nothing and adds no error (its field says so)', () => {
  const { actor, sent } = start();
  actor.send({ type: 'amount.changed', amount: null, unreadable: true });
  actor.send({ type: 'submit', limits });
  assert.deepEqual(actor.getSnapshot().context.errors, {});
  assert.equal(sent.length, 0);
});

test('a complete refund is sent from the payment the server names, with the reason trimmed', async () => {
  const { actor, sent } = start();
  actor.send({ type: 'amount.changed', amount: 10_000, unreadable: false });
  actor.send({ type: 'destination.changed', destination: 'wallet' });
  actor.send({ type: 'reason.changed', reason: { code: 'service_issue', text: '  Late start ' } });
  actor.send({ type: 'submit', limits });
  assert.ok(actor.getSnapshot().hasTag('busy'));
  await waitFor(actor, (s) => s.matches('done'));
  assert.deepEqual(sent, [{ booking_id: 'b1', payment_id: 'p1', amount: 10_000, destination: 'wallet', reason_code: 'service_issue', reason: 'Late start' }]);
  assert.deepEqual(actor.getSnapshot().context.refund, { id: 'r1', version: 1 });
});

test('a destination the server does not offer becomes the original method', () => {
  const request = refundRequest({ bookingId: 'b1', amount: 500, destination: 'wallet', reason: { code: '', text: 'Why' } }, { ...limits, destinations: ['original_method'] });
  assert.deepEqual(request, { booking_id: 'b1', payment_id: 'p1', amount: 500, destination: 'original_method', reason: 'Why' });
});

test('the server refusing at fields keeps them there; a refusal naming none shows at the amount', async () => {
  let failure: Error = Object.assign(new Error('Invalid input'), { status: 400, detail: 'Invalid input', fieldErrors: { reason_code: ['Unknown reason code.'] } });
  const { actor } = start(async () => {
    throw failure;
  });
  actor.send({ type: 'amount.changed', amount: 10_000, unreadable: false });
  actor.send({ type: 'submit', limits });
  await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  assert.deepEqual(actor.getSnapshot().context.errors, { reason_code: ['Unknown reason code.'] });
  assert.equal(actor.getSnapshot().context.amount, 10_000, 'what was typed stays');
  failure = Object.assign(new Error('Conflict'), { status: 409, detail: 'Nothing left to refund.', fieldErrors: {} });
  actor.send({ type: 'reason.changed', reason: { code: 'service_issue', text: '' } });
  actor.send({ type: 'submit', limits });
  await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  assert.deepEqual(actor.getSnapshot().context.errors, { amount: ['Nothing left to refund.'] });
});
