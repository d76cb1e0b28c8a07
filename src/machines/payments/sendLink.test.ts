/**
 * Sending a payment link: the browser's checks stop a draft before any request, the
 * booking's balance and customer are the defaults, the server's refusal keeps what was
 * typed with its words at their fields, and a sent link can be followed by another.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import { sendLinkMachine, sentTo, willSend } from './sendLink.ts';

const booking: ApiRecord = { id: 'b1', version: 1, ref: 'RDTEST01', balance: 500000, currency: 'DZD', customer_name: 'Nour Saidi', customer_phone: '+213 661 00 00 00' };

/** The machine with its request replaced: `answer` decides each body's fate. */
function start(answer: (body: Record<string, unknown>) => ApiRecord | Error, input: { booking?: ApiRecord | null } = {}) {
  const sent: Record<string, unknown>[] = [];
  const machine = sendLinkMachine.provide({
    actors: {
      createLink: fromPromise<ApiRecord, Record<string, unknown>>(async ({ input: body }) => {
        sent.push(body);
        const result = answer(body);
        if (result instanceof Error) throw result;
        return result;
      }),
    },
  });
  return { actor: createActor(machine, { input }).start(), sent };
}

test('a booking gives the defaults: its balance and its customer', () => {
  const { actor } = start(() => new Error('unused'), { booking });
  const { draft } = actor.getSnapshot().context;
  assert.deepEqual([draft.amount, draft.invitee_name, draft.invitee_phone], [500000, 'Nour Saidi', '+213 661 00 00 00']);
});

test('the browser’s checks stop a draft before any request', () => {
  const { actor, sent } = start(() => new Error('unused'));
  actor.send({ type: 'submit' });
  assert.deepEqual(Object.keys(actor.getSnapshot().context.errors).sort(), ['amount', 'booking_id']);
  actor.send({ type: 'pickBooking', booking: { ...booking, customer_phone: null } });
  actor.send({ type: 'edit', field: 'amount', value: 500001 });
  actor.send({ type: 'submit' });
  // No contact is not an error: the server sends to the booking's customer, or only creates the link.
  assert.deepEqual(actor.getSnapshot().context.errors, { amount: ['paymentLink.amountOverBalance'] });
  actor.send({ type: 'edit', field: 'amount', value: 400000 });
  assert.equal(actor.getSnapshot().context.errors.amount, undefined, 'editing a field clears its error');
  assert.deepEqual(sent, []);
  assert.equal(actor.getSnapshot().value, 'editing');
});

test('a refusal keeps what was typed and puts the server’s words at their fields', async () => {
  const refusal = Object.assign(new Error('Invalid input'), { status: 400, detail: 'Invalid input', fieldErrors: { expires_at: ['Must be in the future.'] } });
  const { actor, sent } = start(() => refusal, { booking });
  actor.send({ type: 'edit', field: 'expires_at', value: '2020-01-01T00:00:00.000Z' });
  actor.send({ type: 'edit', field: 'amount', value: 120000 });
  actor.send({ type: 'submit' });
  const snapshot = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  assert.deepEqual(snapshot.context.errors, { expires_at: ['Must be in the future.'] });
  assert.equal(snapshot.context.draft.amount, 120000);
  assert.deepEqual(sent, [{
    booking_id: 'b1', invitee_name: 'Nour Saidi', invitee_phone: '+213 661 00 00 00', invitee_email: null, amount: 120000, expires_at: '2020-01-01T00:00:00.000Z',
  }]);
});

test('a sent link is kept to show; another starts again from the booking', async () => {
  const { actor } = start((body) => ({ id: 'l1', version: 1, token: 'tok', amount: body.amount }), { booking });
  actor.send({ type: 'edit', field: 'amount', value: 1000 });
  actor.send({ type: 'submit' });
  const sent = await waitFor(actor, (s) => s.matches('sent'));
  assert.equal(sent.context.sent?.token, 'tok');
  actor.send({ type: 'again' });
  assert.equal(actor.getSnapshot().value, 'editing');
  assert.deepEqual([actor.getSnapshot().context.sent, actor.getSnapshot().context.draft.amount], [null, 500000]);
});

test('the button says "Send" when someone can be reached, "Create" otherwise; the answer says to whom it went', () => {
  const { actor } = start(() => new Error('unused'), { booking: { ...booking, customer_phone: null } });
  assert.equal(willSend(actor.getSnapshot().context.draft), false);
  actor.send({ type: 'edit', field: 'invitee_email', value: 'payer@example.test' });
  assert.equal(willSend(actor.getSnapshot().context.draft), true);
  assert.equal(willSend(start(() => new Error('unused'), { booking }).actor.getSnapshot().context.draft), true);
  const link = { id: 'l1', version: 1, sent_count: 1, invitee_phone: '+213 661 00 00 00', invitee_email: 'payer@example.test' };
  assert.deepEqual(sentTo(link), [{ channel: 'sms', address: '+213 661 00 00 00' }, { channel: 'email', address: 'payer@example.test' }]);
  assert.deepEqual(sentTo({ ...link, sent_count: 0 }), [], 'created, not sent');
});
