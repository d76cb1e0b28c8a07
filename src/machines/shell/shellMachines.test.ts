/**
 * The shell's machines: the notification bell (its count read at once and again when one
 * arrives or one is read, its list read when the menu opens) and the clock the act-as
 * banner counts the minutes left with.
 */
import assert from 'node:assert/strict';
import { mock, test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { InboxItem } from '../../api/notifications.ts';

Object.assign(globalThis, { __API_BASE_URL__: '' });
const { notificationBellMachine } = await import('./notificationBell.ts');
const { clockMachine } = await import('./clock.ts');

const item = (id: string, read = false) => ({ id, title: `Notice ${id}`, body: '', link: null, created_at: '2026-11-24T08:00:00Z', read_at: read ? '2026-11-24T09:00:00Z' : null }) as unknown as InboxItem;

function startBell(server: { unread: number; items: InboxItem[]; failList?: boolean }) {
  const calls: string[] = [];
  const machine = notificationBellMachine.provide({
    actors: {
      count: fromPromise(async () => {
        calls.push('count');
        return server.unread;
      }),
      list: fromPromise(async () => {
        calls.push('list');
        if (server.failList) throw new Error('offline');
        return [...server.items];
      }),
      markRead: fromPromise<unknown, { id: string }>(async ({ input }) => {
        calls.push(`read ${input.id}`);
        server.unread -= 1;
        server.items = server.items.map((i) => (i.id === input.id ? item(i.id, true) : i));
        return null;
      }),
      markAllRead: fromPromise<unknown>(async () => {
        calls.push('read all');
        server.unread = 0;
        server.items = server.items.map((i) => item(i.id, true));
        return null;
      }),
    },
  });
  const actor = createActor(machine).start();
  return { actor, calls };
}

const settled = (actor: ReturnType<typeof startBell>['actor']) =>
  waitFor(actor, (s) => s.matches({ count: 'known', marking: 'idle' }) && !s.matches({ menu: { open: 'reading' } }));

test('bell: the count is read at once and again when a notification arrives; the list only once the menu opens', async () => {
  const server = { unread: 2, items: [item('1'), item('2')] };
  const { actor, calls } = startBell(server);
  assert.equal((await settled(actor)).context.unread, 2);
  assert.equal(actor.getSnapshot().context.items, null, 'nothing listed before the menu opens');
  server.unread = 3;
  actor.send({ type: 'notified' });
  assert.equal((await settled(actor)).context.unread, 3);
  assert.deepEqual(calls, ['count', 'count']);
  actor.send({ type: 'open' });
  const open = await settled(actor);
  assert.ok(open.matches({ menu: { open: 'shown' } }));
  assert.equal(open.context.items?.length, 2);
  server.items = [item('3'), ...server.items];
  actor.send({ type: 'notified' });
  assert.equal((await settled(actor)).context.items?.length, 3, 'the open list takes the new one');
  actor.send({ type: 'close' });
  actor.send({ type: 'notified' });
  await settled(actor);
  assert.deepEqual(calls.filter((c) => c === 'list'), ['list', 'list'], 'a closed menu is not read');
  assert.equal(actor.getSnapshot().context.items?.length, 3, 'what was listed stays for the next opening');
});

test('bell: choosing an unread notification marks it read and counts again; a read one sends nothing', async () => {
  const server = { unread: 1, items: [item('1'), item('2', true)] };
  const { actor, calls } = startBell(server);
  await settled(actor);
  actor.send({ type: 'choose', item: item('2', true) });
  assert.ok(actor.getSnapshot().matches({ marking: 'idle' }));
  actor.send({ type: 'choose', item: item('1') });
  assert.ok(actor.getSnapshot().matches({ marking: 'one' }));
  const after = await settled(actor);
  assert.equal(after.context.unread, 0);
  assert.deepEqual(calls, ['count', 'read 1', 'count']);
});

test('bell: marking all read counts again and reads the open list again; a failed list shows as empty', async () => {
  const server = { unread: 2, items: [item('1'), item('2')], failList: false };
  const { actor, calls } = startBell(server);
  await settled(actor);
  actor.send({ type: 'open' });
  await settled(actor);
  actor.send({ type: 'readAll' });
  const after = await settled(actor);
  assert.equal(after.context.unread, 0);
  assert.ok(after.context.items?.every((i) => i.read_at !== null));
  assert.deepEqual(calls, ['count', 'list', 'read all', 'count', 'list']);
  server.failList = true;
  actor.send({ type: 'notified' });
  assert.deepEqual((await settled(actor)).context.items, []);
});

test('clock: the time is read again every 15 seconds', () => {
  const now = mock.method(Date, 'now', () => 1_000);
  try {
    const clock = new SimulatedClock();
    const actor = createActor(clockMachine, { clock }).start();
    assert.equal(actor.getSnapshot().context.now, 1_000);
    now.mock.mockImplementation(() => 61_000);
    clock.increment(14_999);
    assert.equal(actor.getSnapshot().context.now, 1_000);
    clock.increment(1);
    assert.equal(actor.getSnapshot().context.now, 61_000);
    now.mock.mockImplementation(() => 76_000);
    clock.increment(15_000);
    assert.equal(actor.getSnapshot().context.now, 76_000, 'and again');
    actor.stop();
  } finally {
    now.mock.restore();
  }
});
