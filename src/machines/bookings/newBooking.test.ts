/**
 * Scenarios of the new-booking chart with fake actors and a simulated clock: the price
 * preview waits for changes to pause and the latest request wins; a refusal keeps its field
 * errors; slots load for the service and day and a full slot cannot be chosen; an empty
 * submit says what is missing and sends nothing; a customer created from the form is chosen;
 * the customer and service the page was opened for are read and filled in, a failure kept
 * with a retry.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { Slot } from '../../api/bookingPricing.ts';
import type { ApiRecord } from '../../api/resources.ts';
import type { NewBookingInput, Prefill } from './newBooking.ts';
import type { QuoteInput } from './pricePreview.ts';

// The API client reads the build's base URL when loaded; the requests themselves are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { newBookingMachine, peopleOf, slotOffer } = await import('./newBooking.ts');
const { PREVIEW_DEBOUNCE_MS, pricePreviewMachine } = await import('./pricePreview.ts');

const service: ApiRecord = { id: 'svc', version: 1, extras: [] };
const slots: Slot[] = [
  { id: 'full', version: 1, starts_at: '2030-01-01T07:00:00.000Z', capacity: 8, booked: 8, closed: false },
  { id: 'free', version: 1, starts_at: '2030-01-01T13:00:00.000Z', capacity: 8, booked: 2, closed: false },
];

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(
  quote: (body: Record<string, unknown>, signal: AbortSignal) => Promise<Record<string, unknown>> = async (body) => ({ total: JSON.stringify(body).length }),
  { input, prefill = async () => ({ customer: null, service: null }) }: { input?: NewBookingInput; prefill?: (ids: Required<NewBookingInput>) => Promise<Prefill> } = {},
) {
  const clock = new SimulatedClock();
  const priced: Record<string, unknown>[] = [];
  const booked: Record<string, unknown>[] = [];
  const reads: QuoteInput['read'][] = [];
  const prefills: Required<NewBookingInput>[] = [];
  const machine = newBookingMachine.provide({
    actors: {
      pricePreview: pricePreviewMachine.provide({
        actors: {
          fetchQuote: fromPromise<Record<string, unknown>, QuoteInput>(({ input, signal }) => {
            priced.push(input.body);
            reads.push(input.read);
            return quote(input.body, signal);
          }),
        },
      }),
      loadSlots: fromPromise<Slot[], { serviceId: string; date: string }>(async () => slots),
      loadPrefill: fromPromise<Prefill, Required<NewBookingInput>>(({ input }) => {
        prefills.push(input);
        return prefill(input);
      }),
      createBooking: fromPromise<ApiRecord, Record<string, unknown>>(async ({ input }) => {
        booked.push(input);
        return { id: 'booking', version: 1 };
      }),
    },
  });
  const actor = createActor(machine, { clock, input });
  actor.start();
  const preview = () => actor.getSnapshot().children.preview as AnyActorRef;
  const set = (field: string, value: unknown) => actor.send({ type: 'field.changed', field: field as never, value });
  return { actor, clock, priced, booked, reads, prefills, preview, set };
}

test('the preview waits for changes to pause, then prices the form once', async () => {
  const { clock, priced, reads, preview, set } = start();
  set('service', service);
  set('participants', { adult: '2' });
  set('participants', { adult: '3' });
  assert.equal(preview().getSnapshot().value, 'waiting');
  clock.increment(PREVIEW_DEBOUNCE_MS - 1);
  assert.equal(priced.length, 0);
  clock.increment(1);
  await waitFor(preview(), (s) => s.matches('priced'));
  assert.equal(priced.length, 1);
  assert.deepEqual(reads, ['bookingQuote'], 'priced by the named read');
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
  const { actor, booked, set } = start();
  actor.send({ type: 'submit' });
  actor.send({ type: 'customer.open' });
  assert.ok(actor.getSnapshot().matches({ customer: 'open' }));
  // The dialog's own command made the customer.
  actor.send({ type: 'customer.created', customer: { id: 'new-customer', version: 1, name: 'Amina' } });
  assert.ok(actor.getSnapshot().matches({ customer: 'closed' }));
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

test('the dialog closed without a customer chooses nobody', () => {
  const { actor } = start();
  actor.send({ type: 'customer.open' });
  actor.send({ type: 'customer.cancel' });
  assert.ok(actor.getSnapshot().matches({ customer: 'closed' }));
  assert.equal(actor.getSnapshot().context.form.customer, null);
  // A customer made while closed (a late answer) is not taken.
  actor.send({ type: 'customer.created', customer: { id: 'late', version: 1 } });
  assert.equal(actor.getSnapshot().context.form.customer, null);
});

test('opened for a customer and a service, both are read and filled in, and the service\'s slots follow', async () => {
  const customer: ApiRecord = { id: 'c1', version: 1, name: 'Nadia' };
  const { actor, prefills } = start(undefined, { input: { customerId: 'c1', serviceId: 'svc' }, prefill: async () => ({ customer, service }) });
  assert.ok(actor.getSnapshot().matches({ prefill: 'loading' }));
  await waitFor(actor, (s) => s.matches({ prefill: 'done' }));
  assert.deepEqual(prefills, [{ customerId: 'c1', serviceId: 'svc' }]);
  assert.equal(actor.getSnapshot().context.form.customer?.id, 'c1');
  assert.equal(actor.getSnapshot().context.form.service?.id, 'svc');
  actor.send({ type: 'field.changed', field: 'date', value: '2030-01-01' });
  await waitFor(actor, (s) => s.matches({ slots: 'loaded' }));
});

test('opened without a customer or service, nothing is read', () => {
  const { actor, prefills } = start();
  assert.ok(actor.getSnapshot().matches({ prefill: 'done' }));
  assert.deepEqual(prefills, []);
});

test('a prefill that cannot be read says why and is read again on retry', async () => {
  let fail = true;
  const { actor, prefills } = start(undefined, {
    input: { customerId: 'c1' },
    prefill: async () => {
      if (fail) throw Object.assign(new Error('Server error'), { status: 500, detail: 'Server error' });
      return { customer: { id: 'c1', version: 1 }, service: null };
    },
  });
  await waitFor(actor, (s) => s.matches({ prefill: 'failed' }));
  assert.equal(actor.getSnapshot().context.prefillError, 'Server error');
  fail = false;
  actor.send({ type: 'prefill.retry' });
  await waitFor(actor, (s) => s.matches({ prefill: 'done' }));
  assert.equal(prefills.length, 2);
  assert.equal(actor.getSnapshot().context.form.customer?.id, 'c1');
  assert.equal(actor.getSnapshot().context.prefillError, null);
});

test('a slot offers its seats left; full, closed or too small for the people typed, it cannot be chosen', () => {
  assert.equal(peopleOf({ adult: '2', child: '1', senior: '', infant: 'x' }), 3);
  assert.deepEqual(slotOffer(slots[1], 3), { left: 6, full: false, tooSmall: false });
  assert.deepEqual(slotOffer(slots[1], 7), { left: 6, full: false, tooSmall: true });
  assert.deepEqual(slotOffer(slots[0], 1), { left: 0, full: true, tooSmall: false });
  assert.deepEqual(slotOffer({ ...slots[1], closed: true }, 1), { left: 6, full: true, tooSmall: false });
});

test('slots read again for another service or day leave the other regions where they are (the customer dialog stays open)', async () => {
  const { actor, set } = start();
  actor.send({ type: 'customer.open' });
  set('service', service);
  set('date', '2030-01-01');
  await waitFor(actor, (s) => s.matches({ slots: 'loaded' }));
  assert.ok(actor.getSnapshot().matches({ customer: 'open' }));
});
