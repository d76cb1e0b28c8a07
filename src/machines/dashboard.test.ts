/**
 * The home dashboard's data: read for a period and read again when it changes, refreshed
 * once after a burst of changes elsewhere (the figures stay on screen meanwhile), a failed
 * first read offered again, and a cancelled request asked again rather than shown as a failure.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { Dashboard, DashboardPeriod } from '../../common/dashboard.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../api/client.ts');
const { ABORTED, dashboardMachine } = await import('./dashboard.ts');

const figures = (period: DashboardPeriod, n: number) => ({ period, n }) as unknown as Dashboard;

function start(answer: (period: DashboardPeriod, call: number) => Promise<Dashboard>) {
  const clock = new SimulatedClock();
  const asked: DashboardPeriod[] = [];
  const machine = dashboardMachine.provide({
    actors: {
      load: fromPromise<Dashboard, { period: DashboardPeriod }>(({ input }) => {
        asked.push(input.period);
        return answer(input.period, asked.length);
      }),
    },
  });
  const actor = createActor(machine, { input: {}, clock }).start();
  return { actor, asked, clock };
}

test('reads the last 30 days first, and the chosen period when it changes', async () => {
  const { actor, asked } = start(async (period, n) => figures(period, n));
  const ready = await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(ready.context.data, figures(30, 1));
  actor.send({ type: 'period.set', period: 90 });
  assert.ok(actor.getSnapshot().matches('loading'));
  const again = await waitFor(actor, (s) => s.matches('ready'));
  assert.equal(again.context.period, 90);
  assert.deepEqual(again.context.data, figures(90, 2));
  assert.deepEqual(asked, [30, 90]);
});

test('a burst of changes elsewhere makes one read, once it has settled; the figures stay meanwhile', async () => {
  const { actor, asked, clock } = start(async (period, n) => figures(period, n));
  await waitFor(actor, (s) => s.matches('ready'));
  actor.send({ type: 'changed' });
  clock.increment(500);
  actor.send({ type: 'changed' });
  clock.increment(500);
  actor.send({ type: 'changed' });
  assert.ok(actor.getSnapshot().matches('settling'));
  assert.equal(asked.length, 1, 'nothing read while changes keep coming');
  clock.increment(800);
  assert.deepEqual(actor.getSnapshot().context.data, figures(30, 1), 'the figures stay while they are read again');
  const ready = await waitFor(actor, (s) => s.matches('ready'));
  assert.equal(asked.length, 2);
  assert.deepEqual(ready.context.data, figures(30, 2));
});

test('a failed first read says why and is read again on retry, or on a change', async () => {
  let fail = true;
  const { actor, asked } = start(async (period, n) => {
    if (fail) throw new ApiRequestError(503, 'The database is busy.', null);
    return figures(period, n);
  });
  const failed = await waitFor(actor, (s) => s.matches('failed'));
  assert.equal(failed.context.error, 'The database is busy.');
  assert.equal(failed.context.data, null);
  actor.send({ type: 'retry' });
  await waitFor(actor, (s) => s.matches('failed') && asked.length === 2);
  fail = false;
  actor.send({ type: 'changed' });
  const ready = await waitFor(actor, (s) => s.matches('ready'));
  assert.equal(ready.context.error, null, 'an answer clears the failure');
  assert.deepEqual(ready.context.data, figures(30, 3));
});

test('a failed refresh keeps the last figures beside the reason', async () => {
  let fail = false;
  const { actor, clock } = start(async (period, n) => {
    if (fail) throw new ApiRequestError(0, 'Network error', null);
    return figures(period, n);
  });
  await waitFor(actor, (s) => s.matches('ready'));
  fail = true;
  actor.send({ type: 'changed' });
  clock.increment(800);
  const failed = await waitFor(actor, (s) => s.matches('failed'));
  assert.deepEqual(failed.context.data, figures(30, 1));
  assert.equal(failed.context.error, 'Network error');
});

test('a cancelled request is asked again, not shown as a failure', async () => {
  const { actor, asked } = start(async (period, n) => {
    if (n === 1) throw ABORTED;
    return figures(period, n);
  });
  const ready = await waitFor(actor, (s) => s.matches('ready'));
  assert.equal(asked.length, 2);
  assert.equal(ready.context.error, null);
});
