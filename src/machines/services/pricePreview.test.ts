/**
 * A service's price preview (the prices tab, the price rules screen): each whole request
 * priced by the booking preview's named read after the pause, an incomplete one clears the price, a
 * refresh (the rules changed) asks again.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { QuoteInput } from '../bookings/pricePreview.ts';
import type { PricePreviewChild } from './pricePreview.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { PREVIEW_DEBOUNCE_MS, pricePreviewMachine } = await import('../bookings/pricePreview.ts');
const { previewRequest, servicePricePreviewMachine } = await import('./pricePreview.ts');

test('the price preview’s request: a whole one only, the day at noon in Algeria, empty counts and coupon left out', () => {
  const form = { serviceId: 'svc', date: '2030-03-04', participants: { adult: '2', child: '' }, coupon: '', priceable: true };
  assert.deepEqual(previewRequest(form), { service_id: 'svc', starts_at: '2030-03-04T11:00:00.000Z', participants: { adult: 2 } });
  assert.deepEqual(previewRequest({ ...form, coupon: ' SUMMER ' })?.coupon_code, 'SUMMER');
  assert.equal(previewRequest({ ...form, date: null }), null);
  assert.equal(previewRequest({ ...form, participants: { adult: '0' } }), null);
  assert.equal(previewRequest({ ...form, participants: { adult: '1.5' } }), null);
  assert.equal(previewRequest({ ...form, priceable: false }), null, 'a service without a price rule has nothing to price');
});

test('the price preview asks the server after the pause, clears on an incomplete form, and asks again on refresh', async () => {
  const clock = new SimulatedClock();
  const asked: Record<string, unknown>[] = [];
  const machine = servicePricePreviewMachine.provide({
    actors: {
      pricePreview: pricePreviewMachine.provide({
        actors: {
          fetchQuote: fromPromise<Record<string, unknown>, QuoteInput>(async ({ input }) => {
            assert.equal(input.read, 'bookingQuote');
            asked.push(input.body);
            return { total: 1000 * asked.length };
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { serviceId: 'svc', date: '2030-03-04', priceable: true }, clock }).start();
  const preview = actor.getSnapshot().children.preview as PricePreviewChild;
  assert.ok(preview.getSnapshot().matches('waiting'), 'the first request is asked for at once');
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await waitFor(preview, (s) => s.matches('priced'));
  assert.deepEqual(asked, [{ service_id: 'svc', starts_at: '2030-03-04T11:00:00.000Z', participants: { adult: 2 } }]);

  actor.send({ type: 'participants.changed', participants: { adult: '' } });
  assert.ok(preview.getSnapshot().matches('idle'), 'nobody to price: the price is cleared');
  actor.send({ type: 'participants.changed', participants: { adult: '4' } });
  actor.send({ type: 'coupon.changed', coupon: 'NOSUCHCODE' });
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await waitFor(preview, (s) => s.matches('priced') && asked.length === 2);
  assert.deepEqual(asked[1], { service_id: 'svc', starts_at: '2030-03-04T11:00:00.000Z', participants: { adult: 4 }, coupon_code: 'NOSUCHCODE' }, 'only the latest request is asked');

  actor.send({ type: 'refresh' });
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await waitFor(preview, (s) => s.matches('priced') && asked.length === 3);
  assert.deepEqual((preview.getSnapshot().context.quote as { total: number }).total, 3000);
});

test('a service without a price rule is not priced (the server would refuse), until it gets one', async () => {
  const clock = new SimulatedClock();
  const asked: Record<string, unknown>[] = [];
  const machine = servicePricePreviewMachine.provide({
    actors: {
      pricePreview: pricePreviewMachine.provide({
        actors: {
          fetchQuote: fromPromise<Record<string, unknown>, QuoteInput>(async ({ input }) => {
            asked.push(input.body);
            return { total: 500 };
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { serviceId: 'svc', date: '2030-03-04', priceable: false }, clock }).start();
  const preview = actor.getSnapshot().children.preview as PricePreviewChild;
  clock.increment(PREVIEW_DEBOUNCE_MS);
  actor.send({ type: 'participants.changed', participants: { adult: '3' } });
  clock.increment(PREVIEW_DEBOUNCE_MS);
  assert.ok(preview.getSnapshot().matches('idle'), 'nothing is asked');
  assert.equal(asked.length, 0);

  actor.send({ type: 'priceable.changed', priceable: true });
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await waitFor(preview, (s) => s.matches('priced'));
  assert.deepEqual(asked, [{ service_id: 'svc', starts_at: '2030-03-04T11:00:00.000Z', participants: { adult: 3 } }]);
});
