/**
 * The personal services screen's forms with their requests provided: a new personal
 * service (choosing the service fills seats and price rows; what is missing is said
 * before sending; only filled prices are sent and the server's errors about them land on
 * the rows filled in; a service gone is said as such) and a payment link (nobody is said
 * before sending, the server's refusal at its fields, the booking and invitation kept).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PersonalServiceBody } from '../../api/prices.ts';
import type { ApiRecord } from '../../api/resources.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { newPersonalServiceMachine, personalServiceProblems } = await import('./newPersonalService.ts');
const { paymentLinkMachine, peopleOf } = await import('./paymentLink.ts');

const httpError = (status: number, detail: string, fieldErrors: Record<string, string[]> = {}) => Object.assign(new Error(detail), { status, detail, fieldErrors });

const base: ApiRecord = { id: 'svc', version: 2, capacity: 12, max_participants: 8, customer_types: ['adult', 'child', 'senior'], currency: 'DZD' };
const customer: ApiRecord = { id: 'cus', version: 1, name: 'Amina' };
const future = '2099-05-01T09:30:00.000Z';

function startPersonal(answer: (input: PersonalServiceBody & { baseId: string }) => Promise<{ service: ApiRecord }>) {
  const sent: (PersonalServiceBody & { baseId: string })[] = [];
  const machine = newPersonalServiceMachine.provide({
    actors: {
      createPersonal: fromPromise<{ service: ApiRecord }, PersonalServiceBody & { baseId: string }>(({ input }) => {
        sent.push(input);
        return answer(input);
      }),
    },
  });
  return { actor: createActor(machine).start(), sent };
}

test('a personal service: what is missing is said at its field before anything is sent', () => {
  const { actor, sent } = startPersonal(async () => ({ service: { id: 'new', version: 1 } }));
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.errors, {
    base: ['personal.serviceRequired'],
    customer_id: ['personal.customerRequired'],
    starts_at: ['personal.dateRequired'],
    capacity: ['personal.capacityRequired'],
  });
  actor.send({ type: 'base.chosen', service: base });
  const chosen = actor.getSnapshot().context;
  assert.equal(chosen.errors.base, undefined, 'choosing clears the field’s error');
  assert.equal(chosen.capacity, 8, 'the seats: the group limit, within the capacity');
  assert.deepEqual(chosen.prices.map((p) => p.customer_type), ['adult', 'child', 'senior']);
  assert.deepEqual(personalServiceProblems({ ...chosen, customer, starts_at: '2000-01-01T09:00:00.000Z' }, Date.now()), {
    starts_at: ['personal.dateFuture'],
    prices: ['personal.priceRequired'],
  });
  assert.equal(sent.length, 0);
});

test('a personal service: only filled prices are sent; the server’s errors about them land on the rows filled in; created, it ends', async () => {
  let answer: () => Promise<{ service: ApiRecord }> = async () => {
    throw httpError(400, 'Invalid body', { 'prices.1.customer_type': ['This customer type already has a price.'], starts_at: ['Must be in the future.'] });
  };
  const { actor, sent } = startPersonal(() => answer());
  actor.send({ type: 'capacity.changed', value: 5 });
  actor.send({ type: 'base.chosen', service: base });
  assert.equal(actor.getSnapshot().context.capacity, 5, 'seats typed first are kept');
  actor.send({ type: 'customer.chosen', customer });
  actor.send({ type: 'startsAt.changed', value: future });
  actor.send({ type: 'price.changed', index: 0, change: { amount: 150_000 } });
  actor.send({ type: 'price.changed', index: 2, change: { amount: 90_000, per: 'booking' } });
  actor.send({ type: 'submit' });
  const refused = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  assert.deepEqual(sent, [
    {
      baseId: 'svc',
      customer_id: 'cus',
      starts_at: future,
      capacity: 5,
      prices: [
        { customer_type: 'adult', amount: 150_000, per: 'person' },
        { customer_type: 'senior', amount: 90_000, per: 'booking' },
      ],
    },
  ]);
  assert.deepEqual(refused.context.errors, { 'prices.2.customer_type': ['This customer type already has a price.'], starts_at: ['Must be in the future.'] });
  assert.equal(refused.context.detail, null);
  assert.equal(refused.context.prices[2]!.amount, 90_000, 'what was typed stays');

  answer = async () => {
    throw httpError(404, 'Not found.');
  };
  actor.send({ type: 'submit' });
  const gone = await waitFor(actor, (s) => s.matches('editing') && s.context.detail !== null);
  assert.equal(gone.context.detail, 'personal.serviceGone');
  assert.equal(gone.context.refusals, 2, 'each refusal is counted: the form moves the focus to the first field named');

  answer = async () => ({ service: { id: 'personal', version: 1 } });
  actor.send({ type: 'submit' });
  const done = await waitFor(actor, (s) => s.status === 'done');
  assert.deepEqual(done.output, { service: { id: 'personal', version: 1 } });
});

test('a payment link: nobody is said before sending; the counts typed go, the refusal shows and stays; sent, it ends with both records', async () => {
  const sent: { slotId: string; participants: Record<string, number> }[] = [];
  let answer: () => Promise<{ booking: ApiRecord; invitation: ApiRecord }> = async () => {
    throw httpError(409, 'Not enough seats left: 1 available.', { participants: ['Only 1 seats left.'] });
  };
  const machine = paymentLinkMachine.provide({
    actors: {
      sendLink: fromPromise<{ booking: ApiRecord; invitation: ApiRecord }, { service: ApiRecord; customer: ApiRecord; slotId: string; participants: Record<string, number> }>(({ input }) => {
        sent.push({ slotId: input.slotId, participants: input.participants });
        return answer();
      }),
    },
  });
  const actor = createActor(machine, { input: { service: base } }).start();
  assert.deepEqual(peopleOf({ adult: '2', child: '', senior: '0' }), { adult: 2 });
  actor.send({ type: 'participants.changed', participants: { adult: '', child: '0' } });
  actor.send({ type: 'submit', customer, slotId: 'slot' });
  assert.deepEqual(actor.getSnapshot().context.errors, { participants: ['personal.participantsRequired'] });
  assert.equal(sent.length, 0);

  actor.send({ type: 'participants.changed', participants: { adult: '2', child: '1' } });
  actor.send({ type: 'submit', customer, slotId: 'slot' });
  const refused = await waitFor(actor, (s) => s.matches('editing') && s.context.detail !== null);
  assert.deepEqual(refused.context.errors, { participants: ['Only 1 seats left.'] });
  assert.equal(refused.context.detail, 'Not enough seats left: 1 available.');
  assert.deepEqual(refused.context.participants, { adult: '2', child: '1' });
  assert.deepEqual(sent, [{ slotId: 'slot', participants: { adult: 2, child: 1 } }]);

  answer = async () => ({ booking: { id: 'b', version: 1, ref: 'RH-9' }, invitation: { id: 'i', version: 1, amount: 300_000 } });
  actor.send({ type: 'participants.changed', participants: { adult: '1' } });
  actor.send({ type: 'submit', customer, slotId: 'slot' });
  const done = await waitFor(actor, (s) => s.status === 'done');
  assert.equal(done.context.sent?.booking.ref, 'RH-9');
  assert.equal(done.context.detail, null);
});
