/**
 * The pricing chart's refresh: what the price depends on changed elsewhere (a price rule
 * saved), so the same request is priced again after the pause; with nothing to price,
 * a refresh asks nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { QuoteInput } from './pricePreview.ts';

// The API client reads the build's base URL when loaded; the requests themselves are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { PREVIEW_DEBOUNCE_MS, pricePreviewMachine } = await import('./pricePreview.ts');

function start() {
  const clock = new SimulatedClock();
  const asked: Record<string, unknown>[] = [];
  let total = 1000;
  const machine = pricePreviewMachine.provide({
    actors: {
      fetchQuote: fromPromise<Record<string, unknown>, QuoteInput>(async ({ input }) => {
        asked.push(input.body);
        return { total: total };
      }),
    },
  });
  const actor = createActor(machine, { input: { url: '/preview/' }, clock }).start();
  return { actor, clock, asked, setTotal: (n: number) => (total = n) };
}

test('refresh prices the same request again, after the pause, and shows the new price', async () => {
  const { actor, clock, asked, setTotal } = start();
  const request = { service_id: 's', participants: { adult: 2 } };
  actor.send({ type: 'request.changed', request });
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await waitFor(actor, (s) => s.matches('priced'));
  // The same request again is not asked twice: the form did not change.
  actor.send({ type: 'request.changed', request: { ...request } });
  assert.ok(actor.getSnapshot().matches('priced'));
  setTotal(800);
  actor.send({ type: 'refresh' });
  assert.ok(actor.getSnapshot().matches('waiting'));
  clock.increment(PREVIEW_DEBOUNCE_MS);
  await waitFor(actor, (s) => s.matches('priced') && (s.context.quote as { total: number }).total === 800);
  assert.deepEqual(asked, [request, request]);
});

test('refresh with nothing to price asks nothing', () => {
  const { actor, clock, asked } = start();
  actor.send({ type: 'refresh' });
  clock.increment(PREVIEW_DEBOUNCE_MS * 2);
  assert.ok(actor.getSnapshot().matches('idle'));
  assert.deepEqual(asked, []);
});
