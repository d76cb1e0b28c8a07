/**
 * A booking page's actions: the step forward goes at once; closing or undoing something,
 * or checking in a customer who owes money by the chart's rule (collect cash, send a link,
 * or in anyway with a coded reason), is asked first; a reason the chart wants must
 * be complete before the action is sent, and is sent trimmed; checking in people the
 * activity's conditions flag wants the operator's words; cancelling sends nothing;
 * the payment link sent from the page is kept to copy.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor } from 'xstate';
import { bookingActionsMachine, reasonBody, type BookingActionsEmitted } from './bookingActions.ts';

/** A booking with a balance due (the chart's `owesMoney`), or paid up. */
const owing = { id: 'b1', version: 1, balance: 4500 };
const paid = { id: 'b1', version: 1, balance: 0 };

function start() {
  const actor = createActor(bookingActionsMachine).start();
  const sent: Omit<Extract<BookingActionsEmitted, { type: 'transition' }>, 'type' | 'booking'>[] = [];
  actor.on('transition', ({ event, payload }) => sent.push({ event, payload }));
  return { actor, sent };
}

test('an action that asks nothing is sent at once', () => {
  const { actor, sent } = start();
  actor.send({ type: 'choose', event: 'confirm', booking: owing });
  assert.deepEqual(sent, [{ event: 'confirm', payload: {} }]);
  assert.ok(actor.getSnapshot().matches('idle'));
  actor.send({ type: 'choose', event: 'check_in', booking: paid });
  assert.deepEqual(sent.at(-1), { event: 'check_in', payload: {} }, 'nothing owed: checked in at once');
});

test('checking in a customer who owes money asks first: in anyway only with a reason, sent with the check-in', () => {
  const { actor, sent } = start();
  actor.send({ type: 'choose', event: 'check_in', booking: owing });
  assert.ok(actor.getSnapshot().matches('asking'));
  assert.equal(actor.getSnapshot().context.pending, 'check_in');
  assert.equal(sent.length, 0);
  actor.send({ type: 'confirm', needsReason: false, reasonComplete: false });
  assert.equal(actor.getSnapshot().context.reasonMissing, true, 'no reason: not sent');
  assert.equal(sent.length, 0);
  actor.send({ type: 'reason.changed', reason: { code: 'pays_on_site', text: ' At the desk after the tour ' } });
  let asked: unknown = null;
  actor.on('transition', ({ booking }) => (asked = booking));
  actor.send({ type: 'confirm', needsReason: false, reasonComplete: true });
  assert.deepEqual(sent, [{ event: 'check_in', payload: { reason_code: 'pays_on_site', reason: 'At the desk after the tour' } }]);
  assert.equal(asked, owing, 'the booking asked about comes with it (a manifest asks about one of many)');
  assert.ok(actor.getSnapshot().matches('idle'));
});

test('checking in people the activity flags asks for words first, a code alone is not enough when money is owed too', () => {
  const flagged = [{ name: 'Amine', flags: ['under_min_age' as const] }];
  const { actor, sent } = start();
  actor.send({ type: 'choose', event: 'check_in', booking: paid, flagged });
  assert.ok(actor.getSnapshot().matches('asking'), 'paid, but a flagged person: asked');
  assert.deepEqual(actor.getSnapshot().context.flagged, flagged);
  actor.send({ type: 'confirm', needsReason: false, reasonComplete: true });
  assert.equal(actor.getSnapshot().context.reasonMissing, true, 'no words: not sent');
  actor.send({ type: 'reason.changed', reason: { code: '', text: ' His father is with him ' } });
  actor.send({ type: 'confirm', needsReason: false, reasonComplete: true });
  assert.deepEqual(sent, [{ event: 'check_in', payload: { reason: 'His father is with him' } }]);
  assert.deepEqual(actor.getSnapshot().context.flagged, [], 'forgotten once sent');

  actor.send({ type: 'choose', event: 'check_in', booking: owing, flagged });
  actor.send({ type: 'reason.changed', reason: { code: 'pays_on_site', text: '' } });
  actor.send({ type: 'confirm', needsReason: false, reasonComplete: true });
  assert.equal(sent.length, 1, 'owing and flagged: the code alone is not sent');
  actor.send({ type: 'reason.changed', reason: { code: 'pays_on_site', text: 'Pays after; his father signs' } });
  actor.send({ type: 'confirm', needsReason: false, reasonComplete: true });
  assert.deepEqual(sent.at(-1), { event: 'check_in', payload: { reason_code: 'pays_on_site', reason: 'Pays after; his father signs' } });

  actor.send({ type: 'choose', event: 'confirm', booking: paid, flagged });
  assert.deepEqual(sent.at(-1), { event: 'confirm', payload: {} }, 'flags matter to a check-in only');
});

test('checking in a customer who owes money can collect the cash or send a link instead', () => {
  const { actor, sent } = start();
  const cash: unknown[] = [];
  actor.on('collectCash', ({ booking }) => cash.push(booking));
  actor.send({ type: 'choose', event: 'check_in', booking: owing });
  actor.send({ type: 'collect.cash' });
  assert.deepEqual(cash, [owing], 'the cash dialog opens on the booking');
  assert.ok(actor.getSnapshot().matches('idle'));
  actor.send({ type: 'choose', event: 'check_in', booking: owing });
  actor.send({ type: 'link.open' });
  assert.ok(actor.getSnapshot().matches('linking'));
  assert.deepEqual([sent.length, actor.getSnapshot().context.pending, actor.getSnapshot().context.owing], [0, null, false]);
  assert.equal(actor.getSnapshot().context.booking, owing, 'the link dialog is for that booking');
});

test('a cancellation asks for a reason: an incomplete one is shown missing, a complete one is sent trimmed', () => {
  const { actor, sent } = start();
  actor.send({ type: 'choose', event: 'cancel', booking: paid });
  actor.send({ type: 'confirm', needsReason: true, reasonComplete: false });
  assert.equal(actor.getSnapshot().context.reasonMissing, true);
  assert.ok(actor.getSnapshot().matches('asking'));
  assert.equal(sent.length, 0);
  actor.send({ type: 'reason.changed', reason: { code: 'weather', text: '  Sandstorm ' } });
  actor.send({ type: 'confirm', needsReason: true, reasonComplete: true });
  assert.deepEqual(sent, [{ event: 'cancel', payload: { reason_code: 'weather', reason: 'Sandstorm' } }]);
  assert.deepEqual(actor.getSnapshot().context, { pending: null, reason: { code: '', text: '' }, reasonMissing: false, sentLink: null, owing: false, booking: paid, flagged: [] });
});

test('an asked action the chart wants no reason for is sent without one', () => {
  const { actor, sent } = start();
  actor.send({ type: 'choose', event: 'no_show', booking: paid });
  actor.send({ type: 'reason.changed', reason: { code: '', text: 'typed anyway' } });
  actor.send({ type: 'confirm', needsReason: false, reasonComplete: true });
  assert.deepEqual(sent, [{ event: 'no_show', payload: {} }]);
});

test('cancelling the question sends nothing and forgets the reason', () => {
  const { actor, sent } = start();
  actor.send({ type: 'choose', event: 'decline', booking: paid });
  actor.send({ type: 'reason.changed', reason: { code: 'full', text: '' } });
  actor.send({ type: 'cancel' });
  assert.equal(sent.length, 0);
  assert.ok(actor.getSnapshot().matches('idle'));
  assert.deepEqual(actor.getSnapshot().context.reason, { code: '', text: '' });
});

test('the payment link sent is kept to copy; a dialog closed without one keeps the last', () => {
  const { actor } = start();
  actor.send({ type: 'link.open' });
  assert.ok(actor.getSnapshot().matches('linking'));
  actor.send({ type: 'link.closed', link: { id: 'l1', version: 1, token: 't' } });
  assert.equal(actor.getSnapshot().context.sentLink?.id, 'l1');
  actor.send({ type: 'link.open' });
  actor.send({ type: 'link.closed', link: null });
  assert.ok(actor.getSnapshot().matches('idle'));
  assert.equal(actor.getSnapshot().context.sentLink?.id, 'l1');
});

test('a reason is sent as its code and its trimmed text, each when given', () => {
  assert.deepEqual(reasonBody({ code: '', text: '  ' }), {});
  assert.deepEqual(reasonBody({ code: 'other', text: ' x ' }), { reason_code: 'other', reason: 'x' });
});
