/**
 * The record-screen machine: the record and its related reads as children. Each read has
 * its own failure (shown, retried, never swallowed), follows the record's version, and a
 * live change to a collection reloads only the reads that show it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor, type AnyActorRef } from 'xstate';
import type { ReadName } from '../../api/reads.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { readMachine } from './read.ts';
import { recordMachine } from './record.ts';
import { recordScreenMachine, relatedId, type RelatedRead } from './recordScreen.ts';

const httpError = (status: number, detail: string) => Object.assign(new Error(detail), { status, detail });

function startScreen(related: Record<string, RelatedRead>, failing = new Set<string>()) {
  const server = { payment: { id: 'p1', version: 1, booking_id: 'b1' } as ApiRecord };
  const reads: { read: string; args: unknown }[] = [];
  const machine = recordScreenMachine.provide({
    actors: {
      record: recordMachine.provide({
        actors: {
          loadRecord: fromPromise(async () => server.payment),
          runTransition: fromPromise(async () => (server.payment = { ...server.payment, version: server.payment.version + 1 })),
        },
      }),
      read: readMachine.provide({
        actors: {
          runRead: fromPromise<unknown, { read: ReadName; args: unknown }>(async ({ input }) => {
            reads.push(input);
            if (failing.has(input.read)) throw httpError(503, 'The gateway log is unavailable.');
            return { read: input.read, args: input.args, n: reads.length };
          }),
        },
      }),
    },
  });
  const actor = createActor(machine, { input: { resource: 'payments', id: 'p1', related } }).start();
  const child = (key: string) => actor.getSnapshot().children[relatedId(key)] as AnyActorRef;
  const record = () => actor.getSnapshot().children.record as AnyActorRef;
  return { actor, server, reads, child, record, failing };
}

const related: Record<string, RelatedRead> = {
  refunds: { read: 'list', args: (p) => ({ collection: 'refunds', filters: { payment_id: p.id } }) },
  refundable: { read: 'refundable', args: (p) => ({ bookingId: p.booking_id }), reloadOn: ['payments'] },
  events: { read: 'gatewayEvents', args: (p) => ({ paymentId: p.id }) },
  booking: { read: 'record', args: (p) => (p.booking_id ? { collection: 'bookings', id: p.booking_id } : null) },
};

test('related reads start once the record is there, with arguments taken from it', async () => {
  const { child, reads } = startScreen(related);
  for (const key of Object.keys(related)) await waitFor(child(key), (s) => s.matches('ready'));
  assert.deepEqual(
    reads.map((r) => r.args).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    [{ bookingId: 'b1' }, { collection: 'bookings', id: 'b1' }, { collection: 'refunds', filters: { payment_id: 'p1' } }, { paymentId: 'p1' }],
  );
});

test('a read that fails says so on its own and is retried; the others and the record are shown', async () => {
  const { child, record, failing, reads } = startScreen(related, new Set(['gatewayEvents']));
  const failed = await waitFor(child('events'), (s) => s.matches('failed'));
  assert.deepEqual(failed.context.error, { status: 503, detail: 'The gateway log is unavailable.' });
  await waitFor(child('refunds'), (s) => s.matches('ready'));
  assert.ok(record().getSnapshot().matches('viewing'));
  failing.clear();
  const before = reads.length;
  child('events').send({ type: 'retry' });
  await waitFor(child('events'), (s) => s.matches('ready'));
  assert.equal(reads.length, before + 1, 'the retry reads that one again, not the others');
});

test('a new version of the record (a transition here) reads everything beside it again, keeping what is shown meanwhile', async () => {
  const { child, record, reads } = startScreen(related);
  for (const key of Object.keys(related)) await waitFor(child(key), (s) => s.matches('ready'));
  const before = reads.length;
  record().send({ type: 'transition', event: 'pay' });
  await waitFor(child('refunds'), (s) => s.matches('refreshing'));
  assert.ok(child('refunds').getSnapshot().context.data, 'the rows stay while they are read again');
  for (const key of Object.keys(related)) await waitFor(child(key), (s) => s.matches('ready'));
  assert.equal(reads.length, before + 4);
});

test('a live change reloads only the reads that show that collection', async () => {
  const { actor, child, reads } = startScreen(related);
  for (const key of Object.keys(related)) await waitFor(child(key), (s) => s.matches('ready'));
  const before = reads.length;
  actor.send({ type: 'related.changed', collection: 'refunds' });
  await waitFor(child('refunds'), (s) => s.matches('ready') && reads.length === before + 1);
  assert.deepEqual(reads.slice(before).map((r) => r.read), ['list']);
  actor.send({ type: 'related.changed', collection: 'payments' });
  await waitFor(child('refundable'), (s) => s.matches('ready') && reads.length === before + 2);
  assert.deepEqual(reads.slice(before + 1).map((r) => r.read), ['refundable'], 'reloadOn names the collections a read depends on');
  actor.send({ type: 'related.changed', collection: 'vendors' });
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(reads.length, before + 2);
});

test('a record that points nowhere leaves its read idle; a reload reads the record and every read again', async () => {
  const { actor, server, child, reads } = startScreen(related);
  for (const key of Object.keys(related)) await waitFor(child(key), (s) => s.matches('ready'));
  assert.equal(reads.length, 4);
  actor.send({ type: 'reload' });
  for (const key of Object.keys(related)) await waitFor(child(key), (s) => s.matches('ready'));
  await waitFor(child('events'), () => reads.length === 8);
  server.payment = { ...server.payment, version: 2, booking_id: null };
  actor.send({ type: 'reload' });
  await waitFor(child('booking'), (s) => s.matches('idle'));
  assert.equal(child('booking').getSnapshot().context.data, undefined, 'what belonged to the old booking is not shown');
});

test('a reload that brings a new version reads each related read once, not twice', async () => {
  const { actor, server, child, reads } = startScreen(related);
  for (const key of Object.keys(related)) await waitFor(child(key), (s) => s.matches('ready'));
  server.payment = { ...server.payment, version: 2 };
  actor.send({ type: 'reload' });
  await waitFor(actor, (s) => s.context.readFor === 'p1@2');
  for (const key of Object.keys(related)) await waitFor(child(key), (s) => s.matches('ready'));
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.equal(reads.length, 8);
  assert.equal(actor.getSnapshot().context.reload, 'none');
});
