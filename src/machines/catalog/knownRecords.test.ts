/**
 * The records a form names by id (a picked vendor, an itinerary's services): a picked
 * record is known without a read; missing ids are read in one go, ids named meanwhile
 * right after; an id out of reach stays a bare id and is not asked for again.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';

// The API client reads the build's base URL when loaded; the reads themselves are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { knownRecordsMachine } = await import('./knownRecords.ts');

const service = (id: string): ApiRecord => ({ id, version: 1, title_i18n: { en: id } });

function start(options: { gone?: string[]; failAll?: boolean } = {}) {
  const asked: string[][] = [];
  const pending: (() => void)[] = [];
  const machine = knownRecordsMachine.provide({
    actors: {
      readRecords: fromPromise<ApiRecord[], { collection: string; ids: readonly string[] }>(async ({ input }) => {
        assert.equal(input.collection, 'services');
        asked.push([...input.ids]);
        await new Promise<void>((resolve) => pending.push(resolve));
        if (options.failAll) throw new Error('offline');
        return input.ids.map((id) => (options.gone?.includes(id) ? { id, version: 0 } : service(id)));
      }),
    },
  });
  const actor = createActor(machine, { input: { collection: 'services' } }).start();
  const release = () => pending.shift()?.();
  return { actor, asked, release };
}

test('a picked record is known at once; only the ids not known are read, and ids named during a read are read next', async () => {
  const { actor, asked, release } = start();
  actor.send({ type: 'picked', record: service('a') });
  actor.send({ type: 'need', ids: ['a'] });
  assert.ok(actor.getSnapshot().matches('idle'), 'nothing to read: a was picked');
  assert.deepEqual(actor.getSnapshot().context.records.a, service('a'));

  actor.send({ type: 'need', ids: ['a', 'b', 'c', 'b'] });
  assert.ok(actor.getSnapshot().matches('reading'));
  assert.deepEqual(asked, [['b', 'c']]);
  actor.send({ type: 'need', ids: ['a', 'b', 'c', 'd'] });
  release();
  await waitFor(actor, () => asked.length === 2);
  assert.deepEqual(asked[1], ['d'], 'only what was named meanwhile');
  release();
  await waitFor(actor, (s) => s.matches('idle') && 'd' in s.context.records);
  assert.deepEqual(Object.keys(actor.getSnapshot().context.records).sort(), ['a', 'b', 'c', 'd']);
});

test('an id out of reach stays a bare id, and a read that fails as a whole is not asked again', async () => {
  const gone = start({ gone: ['x'] });
  gone.actor.send({ type: 'need', ids: ['x'] });
  gone.release();
  await waitFor(gone.actor, (s) => s.matches('idle') && 'x' in s.context.records);
  assert.deepEqual(gone.actor.getSnapshot().context.records.x, { id: 'x', version: 0 });

  const failing = start({ failAll: true });
  failing.actor.send({ type: 'need', ids: ['y', 'z'] });
  failing.release();
  await waitFor(failing.actor, (s) => s.matches('idle') && 'z' in s.context.records);
  failing.actor.send({ type: 'need', ids: ['y', 'z'] });
  assert.ok(failing.actor.getSnapshot().matches('idle'));
  assert.equal(failing.asked.length, 1);
});
