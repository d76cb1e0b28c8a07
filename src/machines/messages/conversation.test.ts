/**
 * A conversation beside the inbox (src/machines/messages/conversation.ts) with its calls
 * swapped (`.provide()`): opening it reads the customer's unread messages and reads it
 * again; flagged unread here it stays unread while open, until the customer writes again;
 * a refused assignment is said and the conversation read again; each change tells the screen.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import type { ConversationChange } from './conversation.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { conversationMachine } = await import('./conversation.ts');

test('open: unread messages are read; flagged unread they stay so until the customer writes again', async () => {
  let unread = 2;
  let version = 1;
  const calls: string[] = [];
  let changed = 0;
  const actor = createActor(
    conversationMachine.provide({
      actors: {
        load: fromPromise<ApiRecord, { id: string }>(async ({ input }) => ({ id: input.id, version, unread_count: unread })),
        markRead: fromPromise<unknown, { id: string }>(async () => {
          calls.push('read');
          unread = 0;
          version++;
        }),
        change: fromPromise<unknown, { record: ApiRecord; change: ConversationChange }>(async ({ input }) => {
          calls.push(input.change.type);
          if (input.change.type === 'markUnread') unread = 1;
          if (input.change.type === 'assign' && input.change.assigneeId === 'u2') throw { status: 409, detail: 'Changed by someone else.' };
          version++;
        }),
      },
      actions: { announceChanged: () => void changed++ },
    }),
    { input: { id: 'c1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown') && s.context.record?.unread_count === 0);
  assert.deepEqual(calls, ['read']);
  assert.equal(changed, 1);

  actor.send({ type: 'markUnread', message: { id: 'm1', version: 3 } });
  await waitFor(actor, (s) => s.matches('shown') && s.context.record?.unread_count === 1);
  actor.send({ type: 'reload' });
  await waitFor(actor, (s) => s.matches('shown'));
  assert.equal(actor.getSnapshot().context.record?.unread_count, 1, 'flagged unread, it stays unread while open');
  assert.deepEqual(calls, ['read', 'markUnread']);

  unread = 2; // The customer writes again.
  actor.send({ type: 'reload' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.record?.unread_count === 0);
  assert.deepEqual(calls, ['read', 'markUnread', 'read']);

  actor.send({ type: 'assign', assigneeId: 'u2' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.notice !== null);
  assert.equal(actor.getSnapshot().context.notice, 'Changed by someone else.');
  actor.send({ type: 'assign', assigneeId: 'u1' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.notice === null && calls.length === 5);
  assert.equal(changed, 4);
});

test('a conversation out of reach says so', async () => {
  const actor = createActor(
    conversationMachine.provide({
      actors: {
        load: fromPromise<ApiRecord, { id: string }>(async () => {
          throw { status: 404, detail: 'Not found.' };
        }),
      },
    }),
    { input: { id: 'c1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  assert.equal(actor.getSnapshot().context.notFound, true);
});
