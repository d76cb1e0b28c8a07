/**
 * A booking's money ledger (src/machines/payments/ledger.ts) with its request swapped
 * (`.provide()`): loaded and shown, read again when the booking's money moved, and a
 * failure retried; the ledger shown stays while it is read again.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { Ledger } from '../../api/payouts.ts';
import { ledgerMachine } from './ledger.ts';

const ledger = (gross: number): Ledger =>
  ({ currency: 'DZD', rows: [], totals: { gross, commission: 0, fee: 0, vendor_net: gross } }) as unknown as Ledger;

test('a ledger loads, reloads when the money moved, and a failure is retried', async () => {
  const asked: string[] = [];
  let answers: (() => Promise<Ledger>)[] = [async () => ledger(100), async () => ledger(250)];
  const actor = createActor(
    ledgerMachine.provide({
      actors: {
        fetchLedger: fromPromise<Ledger, { bookingId: string }>(({ input }) => {
          asked.push(input.bookingId);
          return answers.shift()!();
        }),
      },
    }),
    { input: { bookingId: 'b1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  assert.equal(actor.getSnapshot().context.ledger?.totals.gross, 100);
  actor.send({ type: 'reload' });
  assert.ok(actor.getSnapshot().hasTag('busy'));
  assert.equal(actor.getSnapshot().context.ledger?.totals.gross, 100, 'the ledger shown stays while it is read again');
  await waitFor(actor, (s) => s.matches('shown') && s.context.ledger?.totals.gross === 250);
  answers = [async () => Promise.reject(new Error('offline')), async () => ledger(300)];
  actor.send({ type: 'reload' });
  await waitFor(actor, (s) => s.matches('failed'));
  actor.send({ type: 'retry' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.ledger?.totals.gross === 300);
  assert.deepEqual(asked, ['b1', 'b1', 'b1', 'b1']);
});
