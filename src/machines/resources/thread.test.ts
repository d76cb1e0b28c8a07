/**
 * A thread of messages: loaded oldest first, a reply shows at once and clears the box, a
 * refused reply keeps the text with the server's words at the field, and a change told
 * while a load runs is loaded once more after it (nothing said meanwhile is lost).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import { threadMachine, type Reply, type ThreadMessage } from './thread.ts';

const message = (id: string, body: string): ThreadMessage => ({ id, body, author_type: 'customer', author_name: 'Amel', created_at: `2026-11-24T08:0${id}:00Z` });

/** The machine with its calls replaced: the server's thread is `stored`; `refuse` decides a reply's fate. */
function start(stored: ThreadMessage[], refuse?: (reply: Reply) => Error | null) {
  let loads = 0;
  let release: () => void = () => {};
  let hold = false;
  const machine = threadMachine.provide({
    actors: {
      loadThread: fromPromise(async () => {
        loads++;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        return [...stored];
      }),
      postReply: fromPromise(async ({ input }: { input: { url: string; reply: Reply } }) => {
        const refusal = refuse?.(input.reply);
        if (refusal) throw refusal;
        const created = { ...message(String(stored.length + 1), input.reply.body), author_type: 'staff' };
        stored.push(created);
        return created;
      }),
    },
  });
  const actor = createActor(machine, { input: { url: '/branch/api/conversations/c1/messages/' } }).start();
  return {
    actor,
    loads: () => loads,
    holdNextLoad: () => (hold = true),
    releaseLoad: () => {
      hold = false;
      release();
    },
  };
}

test('a reply shows in the thread and empties the box; a blank one is not sent', async () => {
  const stored = [message('1', 'What time do we leave?')];
  const { actor } = start(stored);
  await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(actor.getSnapshot().context.messages.map((m) => m.body), ['What time do we leave?']);
  actor.send({ type: 'draft.changed', value: '   ' });
  actor.send({ type: 'send' });
  assert.ok(actor.getSnapshot().matches('ready'), 'nothing to send');
  actor.send({ type: 'draft.changed', value: ' At eight. ' });
  actor.send({ type: 'send' });
  await waitFor(actor, (s) => s.matches('ready') && s.context.messages.length === 2);
  assert.deepEqual([actor.getSnapshot().context.messages[1]!.body, actor.getSnapshot().context.draft], ['At eight.', '']);
});

test('a refused reply keeps the text and says why at the field, or above it', async () => {
  const atField = Object.assign(new Error('Invalid input'), { detail: 'Invalid input', fieldErrors: { body: ['Must be at most 4000 characters.'] } });
  const { actor } = start([], (reply) => (reply.body === 'too long' ? atField : new Error('offline')));
  await waitFor(actor, (s) => s.matches('ready'));
  actor.send({ type: 'draft.changed', value: 'too long' });
  actor.send({ type: 'send' });
  await waitFor(actor, (s) => s.matches('ready') && s.context.fieldError !== null);
  assert.deepEqual([actor.getSnapshot().context.draft, actor.getSnapshot().context.fieldError], ['too long', 'Must be at most 4000 characters.']);
  actor.send({ type: 'draft.changed', value: 'hello' });
  assert.equal(actor.getSnapshot().context.fieldError, null, 'typing clears the field’s error');
  actor.send({ type: 'send' });
  await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
  assert.equal(actor.getSnapshot().context.draft, 'hello');
});

test('a change told while the thread loads is loaded once more after it', async () => {
  const stored = [message('1', 'Hello')];
  const thread = start(stored);
  await waitFor(thread.actor, (s) => s.matches('ready'));
  thread.holdNextLoad();
  thread.actor.send({ type: 'changed' });
  assert.ok(thread.actor.getSnapshot().matches('loading'));
  // Someone writes while the first load is on its way: the thread reads again after it.
  stored.push(message('2', 'Are you there?'));
  thread.actor.send({ type: 'changed' });
  thread.releaseLoad();
  await waitFor(thread.actor, (s) => s.matches('ready') && s.context.messages.length === 2);
  assert.equal(thread.loads(), 3);
});

test('uploaded images go with the reply, stay when it is refused, and are cleared once it is sent', async () => {
  const sent: Reply[] = [];
  let refuseNext = true;
  const { actor } = start([], (reply) => {
    sent.push(reply);
    if (!refuseNext) return null;
    refuseNext = false;
    return new Error('offline');
  });
  await waitFor(actor, (s) => s.matches('ready'));
  actor.send({ type: 'attachment.added', attachment: { media_id: 'm1', name: 'map.png' } });
  actor.send({ type: 'attachment.added', attachment: { media_id: 'm2', name: 'gate.jpg' } });
  actor.send({ type: 'attachment.removed', mediaId: 'm1' });
  actor.send({ type: 'draft.changed', value: 'The meeting point' });
  actor.send({ type: 'send' });
  await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
  assert.deepEqual(actor.getSnapshot().context.attachments, [{ media_id: 'm2', name: 'gate.jpg' }]);
  actor.send({ type: 'send' });
  await waitFor(actor, (s) => s.matches('ready') && s.context.messages.length === 1);
  assert.deepEqual(sent.map((r) => r.attachments), [[{ media_id: 'm2', name: 'gate.jpg' }], [{ media_id: 'm2', name: 'gate.jpg' }]]);
  assert.deepEqual(actor.getSnapshot().context.attachments, []);
});
