/**
 * Scenarios of the new-booking chart with fake actors and a simulated clock: the price
 * preview waits for changes to pause and the latest request wins; a refusal keeps its field
 * errors; slots load for the service and day and a full slot cannot be chosen; an empty
 * submit says what is missing and sends nothing; a customer created from the form is chosen.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Slot } from '../../src/api/bookingPricing.ts';
import type { ApiRecord } from '../../src/api/resources.ts';
import { newBookingMachine, type CustomerDraft } from '../../src/machines/bookings/newBooking.ts';
import { PREVIEW_DEBOUNCE_MS, pricePreviewMachine } from '../../src/machines/bookings/pricePreview.ts';

const service: ApiRecord = { id: 'svc', version: 1, extras: [] };
const slots: Slot[] = [
  { id: 'full', version: 1, starts_at: '2030-01-01T07:00:00.000Z', capacity: 8, booked: 8, closed: false },
  { id: 'free', version: 1, starts_at: '2030-01-01T13:00:00.000Z', capacity: 8, booked: 2, closed: false },
];

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(quote: (body: Record<string, unknown>, signal: AbortSignal) => Promise<Record<string, unknown>> = async (body) => ({ total: JSON.stringify(body).length })) {
  const clock = new SimulatedClock();
  const priced: Record<string, unknown>[] = [];
  const booked: Record<string, unknown>[] = [];
  const customers: CustomerDraft[] = [];
  const machine = newBookingMachine.provide({
    actors: {
      pricePreview: pricePreviewMachine.provide({
        actors: {
          fetchQuote: fromPromise<Record<string, unknown>, { url: string; body: Record<string, unknown> }>(({ input, signal }) => {
            priced.push(input.body);
            return quote(input.body, signal);
          }),
        },
      }),
      loadSlots: fromPromise<Slot[], { serviceId: string; date: string }>(async () => slots),
      createCustomer: fromPromise<ApiRecord, CustomerDraft>(async ({ input }) => {
        customers.push(input);
        return { id: 'new-customer', version: 1, name: input.name };
      }),
      createBooking: fromPromise<ApiRecord, Record<string, unknown>>(async ({ input }) => {
        booked.push(input);
        return { id: 'booking', version: 1 };
      }),
    },
  });
  const actor = createActor(machine, { clock });
  actor.start();
  const preview = () => actor.getSnapshot().children.preview as AnyActorRef;
  const set = (field: string, value: unknown) => actor.send({ type: 'field.changed', field: field as never, value });
  return { actor, clock, priced, booked, customers, preview, set };
}

test('the preview waits for changes to pause, then prices the form once', async () => {
  const { clock, priced, preview, set } = start();
  set('service', service);
  set('participants', { adult: '2' });
  set('participants', { adult: '3' });
  assert.equal(preview().getSnapshot().value, 'waiting');
  clock.increment(PREVIEW_DEBOUNCE_MS - 1);
  assert.equal(priced.length, 0);
  clock.increment(1);
  await waitFor(preview(), (s) => s.matches('priced'));
  assert.equal(priced.length, 1);
  assert.deepEqual(priced[0].participants, { adult: 3 });
  assert.equal(priced[0].service_id, 'svc');
});

test('the latest request wins: a change while pricing cancels the request under way', async () => {
  const aborted: unknown[] = [];
  const { clock, preview, set } = start(
    (body, signal) =>
      new Promise((resolve) => {
        signal.addEventListener('abort', () => aborted.push(body.participants));
        // The first answer would come late; the second at once.
        if ((body.participants as { adult: number }).adult === 1) setTimeout(() => resolve({ total: 1 }), 20);
        else resolve({ total: 2 });
      }),
  );
  set('service', service);
  clock.increment(PREVIEW_DEBOUNCE_MS);
  assert.equal(preview().getSnapshot().value, 'pricing');
  set('participants', { adult: '2' });
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await waitFor(preview(), (s) => s.matches('priced'));
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.deepEqual(preview().getSnapshot().context.quote, { total: 2 });
  assert.deepEqual(aborted, [{ adult: 1 }]);
});

test('a refusal keeps the server’s field errors; clearing the form clears the quote', async () => {
  const { clock, preview, set } = start(async () => {
    throw Object.assign(new Error('Invalid input'), { status: 400, fieldErrors: { coupon_code: ['Unknown coupon code.'] } });
  });
  set('service', service);
  set('couponCode', 'NOPE1');
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await waitFor(preview(), (s) => s.matches('refused'));
  assert.deepEqual(preview().getSnapshot().context.errors, { coupon_code: ['Unknown coupon code.'] });
  set('participants', { adult: '0' });
  assert.equal(preview().getSnapshot().value, 'idle');
  assert.deepEqual(preview().getSnapshot().context.errors, {});
});

test('slots load for the service and day; a full slot cannot be chosen, a free one is priced', async () => {
  const { actor, clock, priced, set } = start();
  set('service', service);
  set('date', '2030-01-01');
  await waitFor(actor, (s) => s.matches({ slots: 'loaded' }));
  assert.deepEqual(actor.getSnapshot().context.slots.map((s) => s.id), ['full', 'free']);
  actor.send({ type: 'slot.chosen', slot: slots[0] });
  assert.equal(actor.getSnapshot().context.form.slotId, null, 'a full slot is refused');
  actor.send({ type: 'slot.chosen', slot: slots[1] });
  assert.equal(actor.getSnapshot().context.form.slotId, 'free');
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await tick();
  assert.equal(priced.at(-1)?.slot_id, 'free');
  // Another day: the slot chosen belonged to the old one.
  set('date', '2030-01-02');
  assert.equal(actor.getSnapshot().context.form.slotId, null);
});

test('an empty submit says what is missing and sends nothing', () => {
  const { actor, booked } = start();
  actor.send({ type: 'submit' });
  const { errors } = actor.getSnapshot().context;
  assert.deepEqual(errors.customer_id, ['newBooking.customerRequired']);
  assert.deepEqual(errors.service_id, ['newBooking.serviceRequired']);
  assert.ok(actor.getSnapshot().matches({ form: 'editing' }));
  assert.equal(booked.length, 0);
  // Choosing a customer clears that field's error only.
  actor.send({ type: 'field.changed', field: 'customer', value: { id: 'c', version: 1 } });
  assert.equal(actor.getSnapshot().context.errors.customer_id, undefined);
  assert.ok(actor.getSnapshot().context.errors.service_id);
});

test('a customer created from the form is chosen; a complete form is booked', async () => {
  const { actor, booked, customers, set } = start();
  actor.send({ type: 'submit' });
  actor.send({ type: 'customer.open' });
  actor.send({ type: 'customer.save', draft: { name: 'Amina', phone: '+213 555 12 34 56', email: '' } });
  await waitFor(actor, (s) => s.matches({ customer: 'closed' }));
  assert.deepEqual(customers, [{ name: 'Amina', phone: '+213 555 12 34 56', email: '' }]);
  assert.equal(actor.getSnapshot().context.form.customer?.id, 'new-customer');
  assert.equal(actor.getSnapshot().context.errors.customer_id, undefined);

  set('service', service);
  set('date', '2030-01-01');
  await waitFor(actor, (s) => s.matches({ slots: 'loaded' }));
  actor.send({ type: 'slot.chosen', slot: slots[1] });
  actor.send({ type: 'submit' });
  await waitFor(actor, (s) => s.matches({ form: 'created' }));
  assert.equal(booked[0].customer_id, 'new-customer');
  assert.equal(booked[0].slot_id, 'free');
  assert.equal(actor.getSnapshot().context.created?.id, 'booking');
});
