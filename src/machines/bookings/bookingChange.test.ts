/**
 * The change-a-booking chart with fake actors and a simulated clock: the form opens on
 * the booking as it is (its own seats free in its own slot), the preview follows the form,
 * the change sends the version and the settlement's choices, a refusal keeps what was
 * typed with the errors at the fields, and a conflict takes the current version without
 * losing the form.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, type AnyActorRef } from 'xstate';
import type { ChangeResult } from '../../api/bookingChange.ts';
import type { Slot } from '../../api/bookingPricing.ts';
import type { ApiRecord } from '../../api/resources.ts';
import type { QuoteInput } from './pricePreview.ts';

// The API client reads the build's base URL when loaded; the requests themselves are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { bookingChangeMachine, changeRequest, formOf } = await import('./bookingChange.ts');
const { PREVIEW_DEBOUNCE_MS, pricePreviewMachine } = await import('./pricePreview.ts');

const service: ApiRecord = { id: 'svc', version: 1, extras: [{ key: 'lunch', price: 80000, per: 'person' }] };
// 08:00 and 14:00 in Algeria (UTC+1).
const slots: Slot[] = [
  { id: 'mine', version: 1, starts_at: '2030-01-01T07:00:00.000Z', capacity: 4, booked: 4, closed: false },
  { id: 'other', version: 1, starts_at: '2030-01-01T13:00:00.000Z', capacity: 4, booked: 3, closed: false },
];
const booking: ApiRecord = {
  id: 'b1', version: 3, ref: 'RHABCDEF', slot_id: 'mine', starts_at: '2030-01-01T07:00:00.000Z', participants: { adult: 2 }, participants_count: 2,
  extras: [{ key: 'lunch', quantity: 2, unit_price: 80000, amount: 160000 }], customer_name: 'Karim', customer_phone: '+213 555 00 11 22', total: 1_160_000,
};

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(change: (body: Record<string, unknown>) => Promise<ChangeResult>) {
  const clock = new SimulatedClock();
  const priced: Record<string, unknown>[] = [];
  const sent: Record<string, unknown>[] = [];
  const machine = bookingChangeMachine.provide({
    actors: {
      pricePreview: pricePreviewMachine.provide({
        actors: {
          fetchQuote: fromPromise<Record<string, unknown>, QuoteInput>(async ({ input }) => {
            priced.push({ read: input.read, ...input.args, ...input.body });
            return { new_total: 1, settlement: { kind: 'none', amount: 0 } };
          }),
        },
      }),
      loadSlots: fromPromise<Slot[], { serviceId: string; date: string }>(async () => slots),
      changeBooking: fromPromise<ChangeResult, { bookingId: string; body: Record<string, unknown> }>(({ input }) => {
        sent.push(input.body);
        return change(input.body);
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { booking, service, customerEmail: 'karim@example.test' } });
  actor.start();
  const preview = () => actor.getSnapshot().children.preview as AnyActorRef;
  return { actor, clock, priced, sent, preview };
}

test('the form opens on the booking as it is, its own seats free in its own slot, and the preview prices it', async () => {
  const { actor, clock, priced } = start(async () => assert.fail('not confirmed'));
  const form = formOf(booking, service);
  assert.deepEqual([form.date, form.time, form.slotId, form.participants, form.extras], ['2030-01-01', '08:00', 'mine', { adult: '2' }, { lunch: '2' }]);
  await tick();
  const { context } = actor.getSnapshot();
  assert.equal(context.slots.find((s) => s.id === 'mine')!.booked, 2, 'the booking’s own two seats count as free for it');
  assert.equal(context.slots.find((s) => s.id === 'other')!.booked, 3);
  assert.deepEqual(context.choices, { refundDestination: 'original_method', sendLink: true, inviteeName: 'Karim', inviteePhone: '+213 555 00 11 22', inviteeEmail: 'karim@example.test' });
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await tick();
  assert.deepEqual(priced, [{ read: 'bookingChangeQuote', bookingId: 'b1', slot_id: 'mine', participants: { adult: 2 }, extras: [{ key: 'lunch', quantity: 2 }] }]);
});

test('another day needs a slot or a time before it is priced or confirmed', async () => {
  const { actor, sent } = start(async () => assert.fail('not sent'));
  await tick();
  actor.send({ type: 'field.changed', field: 'date', value: '2030-01-02' });
  assert.equal(changeRequest(actor.getSnapshot().context.form, actor.getSnapshot().context.slots), null);
  actor.send({ type: 'confirm' });
  assert.deepEqual(actor.getSnapshot().context.errors.starts_at, ['newBooking.slotRequired']);
  assert.deepEqual(sent, []);
});

test('a refusal keeps what was typed and puts the errors at the fields', async () => {
  const { actor, sent } = start(async () => {
    throw Object.assign(new Error('Invalid input'), { status: 400, detail: 'Invalid input', fieldErrors: { participants: ['Only 2 seats left.'] } });
  });
  await tick();
  actor.send({ type: 'field.changed', field: 'participants', value: { adult: '4' } });
  actor.send({ type: 'choice.changed', choices: { refundDestination: 'wallet', inviteeName: 'Samia' } });
  actor.send({ type: 'confirm' });
  await tick();
  const { context, value } = actor.getSnapshot();
  assert.equal((value as { form: string }).form, 'editing');
  assert.deepEqual(context.errors, { participants: ['Only 2 seats left.'] });
  assert.deepEqual(context.form.participants, { adult: '4' });
  assert.deepEqual(
    sent[0],
    { slot_id: 'mine', participants: { adult: 4 }, extras: [{ key: 'lunch', quantity: 2 }], expected_version: 3, refund_destination: 'wallet', send_link: true, invitee_name: 'Samia', invitee_phone: '+213 555 00 11 22', invitee_email: 'karim@example.test' },
  );
});

test('a conflict keeps the form; taking the current version sends it next time, and the change is done', async () => {
  let calls = 0;
  const current = { ...booking, version: 5, notes: 'Changed meanwhile' };
  const { actor, sent } = start(async () => {
    calls += 1;
    if (calls === 1) throw Object.assign(new Error('stale'), { status: 409, detail: 'stale', body: { detail: 'stale', current } });
    return { booking: { ...current, version: 6 }, settlement: { kind: 'none', amount: 0 }, invitation: null, refund: null, cancelled_links: [], coupon_problem: null };
  });
  await tick();
  actor.send({ type: 'field.changed', field: 'participants', value: { adult: '1' } });
  actor.send({ type: 'confirm' });
  await tick();
  assert.equal((actor.getSnapshot().value as { form: string }).form, 'conflict');
  assert.equal(actor.getSnapshot().context.current?.version, 5);
  actor.send({ type: 'conflict.reload' });
  await tick();
  assert.deepEqual(actor.getSnapshot().context.form.participants, { adult: '1' }, 'what was typed stays');
  actor.send({ type: 'confirm' });
  await tick();
  assert.deepEqual(sent.map((b) => b.expected_version), [3, 5]);
  assert.equal((actor.getSnapshot().value as { form: string }).form, 'done');
  assert.equal(actor.getSnapshot().context.result?.booking.version, 6);
});
