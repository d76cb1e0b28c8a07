/**
 * Booking a combo: the form as it opens is priced (the required parts, one adult), each
 * change is priced again; an empty submit names the customer and the dates missing and
 * sends nothing; a complete form sends the parts ticked; a refusal at a part sent shows at
 * that part of the form, one naming no field above it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { CommandInput } from '../../api/commands.ts';
import type { ApiRecord } from '../../api/resources.ts';
import type { QuoteInput } from './pricePreview.ts';

// The API client reads the build's base URL when loaded; the requests themselves are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { comboBookingMachine, comboRefusal, comboPreviewRequest } = await import('./comboBooking.ts');
const { PREVIEW_DEBOUNCE_MS, pricePreviewMachine } = await import('./pricePreview.ts');

const items = [
  { service_id: 's1', required: true },
  { service_id: 's2', required: false },
  { service_id: 's3', required: true },
];
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

type BookInput = CommandInput<'bookingComboBook'>;

function start(book: (input: BookInput) => Promise<{ bookings: ApiRecord[] }> = async () => ({ bookings: [{ id: 'b1', version: 1 }] })) {
  const clock = new SimulatedClock();
  const priced: QuoteInput[] = [];
  const booked: BookInput[] = [];
  const machine = comboBookingMachine.provide({
    actors: {
      pricePreview: pricePreviewMachine.provide({
        actors: {
          fetchQuote: fromPromise<Record<string, unknown>, QuoteInput>(async ({ input }) => {
            priced.push(input);
            return { total: 1 };
          }),
        },
      }),
      bookCombo: fromPromise<{ bookings: ApiRecord[] }, BookInput>(({ input }) => {
        booked.push(input);
        return book(input);
      }),
    },
  });
  const actor = createActor(machine, { clock, input: { comboId: 'c1', items } }).start();
  const preview = () => actor.getSnapshot().children.preview as AnyActorRef;
  return { actor, clock, priced, booked, preview };
}

test('the form as it opens is priced: the required parts, one adult, on the combo’s quote', async () => {
  const { clock, priced, preview } = start();
  assert.equal(preview().getSnapshot().value, 'waiting');
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await tick();
  assert.deepEqual(priced, [{ read: 'comboQuote', args: { comboId: 'c1' }, url: undefined, body: { participants: { adult: 1 }, parts: [{ service_id: 's1' }, { service_id: 's3' }] } }]);
});

test('each change is priced again; counts that are not whole numbers clear the price', async () => {
  const { actor, clock, priced, preview } = start();
  actor.send({ type: 'customer.changed', customer: { id: 'cu', version: 1 } });
  actor.send({ type: 'part.changed', index: 1, change: { included: true, startsAt: '2030-01-02T08:00:00.000Z' } });
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await tick();
  assert.deepEqual(priced.at(-1)?.body, {
    customer_id: 'cu',
    participants: { adult: 1 },
    parts: [{ service_id: 's1' }, { service_id: 's2', starts_at: '2030-01-02T08:00:00.000Z' }, { service_id: 's3' }],
  });
  actor.send({ type: 'participants.changed', participants: { adult: '1.5' } });
  assert.equal(preview().getSnapshot().value, 'idle');
  assert.equal(comboPreviewRequest({ customer: null, participants: { adult: '0' }, parts: [] }), null);
});

test('a required part stays in', () => {
  const { actor } = start();
  actor.send({ type: 'part.changed', index: 0, change: { included: false } });
  assert.equal(actor.getSnapshot().context.parts[0].included, true);
});

test('an empty submit names what is missing and sends nothing; a change clears its error', () => {
  const { actor, booked } = start();
  actor.send({ type: 'participants.changed', participants: { adult: '0' } });
  actor.send({ type: 'submit' });
  const { errors, attempt } = actor.getSnapshot().context;
  assert.deepEqual(errors, {
    customer_id: ['comboBooking.customerRequired'],
    participants: ['comboBooking.participantsRequired'],
    'parts.0': ['comboBooking.dateRequired'],
    'parts.2': ['comboBooking.dateRequired'],
  });
  assert.equal(attempt, 1);
  assert.equal(booked.length, 0);
  actor.send({ type: 'part.changed', index: 2, change: { startsAt: '2030-01-03T08:00:00.000Z' } });
  assert.equal(actor.getSnapshot().context.errors['parts.2'], undefined);
});

test('a complete form books the parts ticked, each at its date', async () => {
  const { actor, booked } = start();
  actor.send({ type: 'customer.changed', customer: { id: 'cu', version: 1 } });
  actor.send({ type: 'participants.changed', participants: { adult: '2', child: '1' } });
  actor.send({ type: 'part.changed', index: 0, change: { startsAt: '2030-01-01T08:00:00.000Z' } });
  actor.send({ type: 'part.changed', index: 2, change: { startsAt: '2030-01-03T08:00:00.000Z' } });
  actor.send({ type: 'submit' });
  assert.ok(actor.getSnapshot().hasTag('busy'));
  await waitFor(actor, (s) => s.matches('booked'));
  assert.deepEqual(booked, [
    {
      comboId: 'c1',
      customer_id: 'cu',
      participants: { adult: 2, child: 1 },
      parts: [
        { service_id: 's1', starts_at: '2030-01-01T08:00:00.000Z' },
        { service_id: 's3', starts_at: '2030-01-03T08:00:00.000Z' },
      ],
    },
  ]);
  assert.equal(actor.getSnapshot().context.booked?.[0].id, 'b1');
});

test('the server’s refusal at the second part sent shows at the third part of the form', async () => {
  const { actor } = start(async () => {
    throw Object.assign(new Error('Invalid input'), { status: 400, detail: 'Invalid input', fieldErrors: { 'parts.1.starts_at': ['No slot then.'] } });
  });
  actor.send({ type: 'customer.changed', customer: { id: 'cu', version: 1 } });
  actor.send({ type: 'part.changed', index: 0, change: { startsAt: '2030-01-01T08:00:00.000Z' } });
  actor.send({ type: 'part.changed', index: 2, change: { startsAt: '2030-01-03T08:00:00.000Z' } });
  actor.send({ type: 'submit' });
  await waitFor(actor, (s) => s.matches('editing') && s.context.attempt === 1);
  assert.deepEqual(actor.getSnapshot().context.errors, { 'parts.2.starts_at': ['No slot then.'] });
  assert.deepEqual(comboRefusal([], { detail: 'Combo inactive.', fieldErrors: {} }), { form: ['Combo inactive.'] });
  assert.deepEqual(comboRefusal([], {}), { form: ['comboBooking.failed'] });
});
