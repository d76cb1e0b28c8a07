import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import { bulkMachine, refusalDetail, type BulkOutcome, type BulkRow } from './bulk.ts';

const httpError = (status: number, detail: string, extra: Record<string, unknown> = {}) => Object.assign(new Error(detail), { status, detail, ...extra });

/** The bulk machine with its one side effect replaced by an in-memory server that refuses stale versions. */
function start(versions: Record<string, number>) {
  const sent: string[] = [];
  const machine = bulkMachine.provide({
    actors: {
      transitionEach: fromPromise<BulkOutcome, { resource: string; event: string; rows: BulkRow[]; payload: Record<string, unknown> }>(async ({ input }) => {
        const outcome: BulkOutcome = { done: [], refused: [] };
        for (const row of input.rows) {
          sent.push(row.id);
          if (versions[row.id] !== row.version) outcome.refused.push({ id: row.id, label: row.label, detail: refusalDetail(httpError(409, 'Changed by someone else.')) });
          else outcome.done.push(row.id);
        }
        return outcome;
      }),
    },
  });
  return { actor: createActor(machine, { input: { resource: 'refunds' } }).start(), sent };
}

test('each row is tried, and each refusal is kept with the server’s words', async () => {
  const { actor, sent } = start({ a: 1, b: 2 });
  actor.send({ type: 'run', event: 'approve', rows: [{ id: 'a', version: 1, label: 'RD-A' }, { id: 'b', version: 1, label: 'RD-B' }] });
  const snapshot = await waitFor(actor, (s) => s.matches('reported'));
  assert.deepEqual(sent, ['a', 'b'], 'a refusal does not stop the rows after it');
  assert.deepEqual(snapshot.context.done, ['a']);
  assert.deepEqual(snapshot.context.refused, [{ id: 'b', label: 'RD-B', detail: 'Changed by someone else.' }]);
  actor.send({ type: 'dismiss' });
  assert.equal(actor.getSnapshot().value, 'idle');
  assert.deepEqual(actor.getSnapshot().context.refused, []);
});

test('a run with no rows does nothing; a new run replaces the last report', async () => {
  const { actor, sent } = start({ a: 1 });
  actor.send({ type: 'run', event: 'approve', rows: [] });
  assert.equal(actor.getSnapshot().value, 'idle');
  actor.send({ type: 'run', event: 'approve', rows: [{ id: 'a', version: 2, label: 'RD-A' }] });
  await waitFor(actor, (s) => s.matches('reported'));
  assert.equal(actor.getSnapshot().context.refused.length, 1);
  actor.send({ type: 'run', event: 'approve', rows: [{ id: 'a', version: 1, label: 'RD-A' }] });
  const snapshot = await waitFor(actor, (s) => s.matches('reported') && s.context.done.length === 1);
  assert.deepEqual(snapshot.context.refused, []);
  assert.deepEqual(sent, ['a', 'a']);
});

test('when the whole run fails before any row, every row is reported refused', async () => {
  const machine = bulkMachine.provide({
    actors: { transitionEach: fromPromise<BulkOutcome, { resource: string; event: string; rows: BulkRow[]; payload: Record<string, unknown> }>(async () => { throw httpError(0, 'Network down'); }) },
  });
  const actor = createActor(machine, { input: { resource: 'bookings' } }).start();
  actor.send({ type: 'run', event: 'confirm', rows: [{ id: 'x', version: 1, label: 'RDX' }, { id: 'y', version: 1, label: 'RDY' }] });
  const snapshot = await waitFor(actor, (s) => s.matches('reported'));
  assert.deepEqual(snapshot.context.refused.map((r) => [r.label, r.detail]), [['RDX', 'Network down'], ['RDY', 'Network down']]);
});

test('a refusal names the fields the server names', () => {
  assert.equal(refusalDetail(httpError(400, 'Invalid body', { fieldErrors: { reason: ['A reason is required.'] } })), 'Invalid body A reason is required.');
  assert.equal(refusalDetail(undefined), '');
});
