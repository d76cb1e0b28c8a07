/**
 * Confirming a lifecycle action on a list's rows: the question holds the rows and the
 * reason typed; the action goes to the bulk run only with the reason the chart wants, with
 * the reason's code and text, and a cancelled question sends nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BulkOutcome, BulkRow } from './bulk.ts';

Object.assign(globalThis, { __API_BASE_URL__: '' });
const { bulkMachine } = await import('./bulk.ts');
const { lifecycleConfirmMachine, NO_REASON, reasonPayload } = await import('./lifecycleConfirm.ts');

type Run = { resource: string; event: string; rows: BulkRow[]; payload: Record<string, unknown> };

function start() {
  const runs: Run[] = [];
  const machine = lifecycleConfirmMachine.provide({
    actors: {
      bulk: bulkMachine.provide({
        actors: {
          transitionEach: fromPromise<BulkOutcome, Run>(async ({ input }) => {
            runs.push(input);
            return { done: input.rows.map((r) => r.id), refused: [] };
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { resource: 'reviews' } }).start();
  return { actor, runs };
}

const row = (id: string) => ({ id, version: 2, status: 'pending' });
const labelled = (id: string): BulkRow => ({ id, version: 2, label: `#${id}` });

test('a reason code and free text go as the request carries them', () => {
  assert.deepEqual(reasonPayload({ code: 'spam', text: '  ' }), { reason_code: 'spam' });
  assert.deepEqual(reasonPayload({ code: '', text: ' Abusive words ' }), { reason: 'Abusive words' });
  assert.deepEqual(reasonPayload(NO_REASON), {});
});

test('an action that wants no reason runs at once on the rows asked about', async () => {
  const { actor, runs } = start();
  actor.send({ type: 'ask', event: 'publish', rows: [row('r1'), row('r2')] });
  const asking = actor.getSnapshot();
  assert.ok(asking.matches('asking'));
  assert.deepEqual(asking.context.rows.map((r) => r.id), ['r1', 'r2']);
  actor.send({ type: 'confirm', withReason: false, complete: false, rows: [labelled('r1'), labelled('r2')] });
  assert.ok(actor.getSnapshot().matches('closed'));
  assert.equal(actor.getSnapshot().context.event, null);
  const bulk = actor.getSnapshot().children.bulk!;
  await waitFor(bulk, (s) => s.matches('reported'));
  assert.deepEqual(runs, [{ resource: 'reviews', event: 'publish', rows: [labelled('r1'), labelled('r2')], payload: {} }]);
});

test('a reason the chart wants is asked for until it is complete, then goes with the action', async () => {
  const { actor, runs } = start();
  actor.send({ type: 'ask', event: 'reject', rows: [row('r1')] });
  actor.send({ type: 'confirm', withReason: true, complete: false, rows: [labelled('r1')] });
  assert.ok(actor.getSnapshot().matches('asking'), 'the question stays');
  assert.equal(actor.getSnapshot().context.missing, true, 'and says what is missing');
  actor.send({ type: 'reason.changed', value: { code: 'other', text: 'Off-topic' } });
  actor.send({ type: 'confirm', withReason: true, complete: true, rows: [labelled('r1')] });
  await waitFor(actor.getSnapshot().children.bulk!, (s) => s.matches('reported'));
  assert.deepEqual(runs.map((r) => r.payload), [{ reason_code: 'other', reason: 'Off-topic' }]);
  actor.send({ type: 'ask', event: 'reject', rows: [row('r2')] });
  assert.deepEqual(actor.getSnapshot().context.reason, NO_REASON, 'the next question starts without a reason');
  assert.equal(actor.getSnapshot().context.missing, false);
});

test('a cancelled question sends nothing', () => {
  const { actor, runs } = start();
  actor.send({ type: 'ask', event: 'reject', rows: [row('r1')] });
  actor.send({ type: 'reason.changed', value: { code: 'spam', text: '' } });
  actor.send({ type: 'cancel' });
  assert.ok(actor.getSnapshot().matches('closed'));
  assert.deepEqual(actor.getSnapshot().context.rows, []);
  assert.deepEqual(runs, []);
});
