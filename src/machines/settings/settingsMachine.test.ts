/**
 * One settings section as a form, with an in-memory server behind its actors: loaded into
 * a draft, saved with the version read, a refusal at its fields keeping what was typed, a
 * stale save showing theirs beside mine until the user keeps mine (saved over theirs at
 * their version) or takes theirs, and a failed load retried.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SettingsSectionRecord } from '../../api/settings.ts';
import type { SectionValue } from './settingsMachine.ts';

// The API client reads the build's base URL when loaded; the requests themselves are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../../api/client.ts');
const { settingsMachine } = await import('./settingsMachine.ts');

type Saved = SettingsSectionRecord<SectionValue>;

function start(options: { failLoads?: number } = {}) {
  const server = { record: { section: 'business', version: 4, value: { hold_minutes: 60, auto_expire: true } } as Saved, loads: 0 };
  const saves: { version: number; changes: SectionValue }[] = [];
  let failLoads = options.failLoads ?? 0;
  const machine = settingsMachine.provide({
    actors: {
      load: fromPromise<Saved, { section: string }>(async () => {
        server.loads += 1;
        if (failLoads-- > 0) throw new ApiRequestError(0, 'Network error', null);
        return structuredClone(server.record);
      }),
      save: fromPromise<Saved, { section: string; version: number; changes: SectionValue }>(async ({ input }) => {
        saves.push({ version: input.version, changes: input.changes });
        if (input.version !== server.record.version) throw new ApiRequestError(409, 'Stale', { current: structuredClone(server.record) });
        if (typeof input.changes.hold_minutes === 'number' && input.changes.hold_minutes < 5) {
          throw new ApiRequestError(400, 'Invalid settings', null, { hold_minutes: ['Must be >= 5'] });
        }
        server.record = { ...server.record, version: server.record.version + 1, value: { ...server.record.value, ...input.changes } };
        return structuredClone(server.record);
      }),
    },
  });
  const actor = createActor(machine, { input: { section: 'business' } }).start();
  return { actor, server, saves };
}

test('a section loads into a draft and saves with the version read; a refusal keeps what was typed, its errors at their fields', async () => {
  const { actor, server, saves } = start();
  await waitFor(actor, (s) => s.matches('editing'));
  assert.deepEqual(actor.getSnapshot().context.draft, { hold_minutes: 60, auto_expire: true });

  actor.send({ type: 'change', field: 'hold_minutes', value: 2 });
  actor.send({ type: 'save' });
  assert.ok(actor.getSnapshot().hasTag('busy'));
  let snapshot = await waitFor(actor, (s) => s.matches('editing'));
  assert.deepEqual(snapshot.context.errors, { hold_minutes: ['Must be >= 5'] });
  assert.equal(snapshot.context.draft.hold_minutes, 2, 'what was typed stays');
  assert.equal(snapshot.context.saved, false);

  actor.send({ type: 'change', field: 'hold_minutes', value: 90 });
  assert.deepEqual(actor.getSnapshot().context.errors, {}, 'a changed field loses its error');
  actor.send({ type: 'save' });
  snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.saved);
  assert.equal(snapshot.context.record?.version, 5);
  assert.equal(server.record.value.hold_minutes, 90);
  assert.deepEqual(saves.map((s) => s.version), [4, 4]);
});

test('a stale save shows theirs beside mine: keep mine saves it at their version, take theirs loads theirs', async () => {
  const { actor, server, saves } = start();
  await waitFor(actor, (s) => s.matches('editing'));
  // Someone saves meanwhile.
  server.record = { ...server.record, version: 5, value: { hold_minutes: 30, auto_expire: false } };

  actor.send({ type: 'change', field: 'hold_minutes', value: 120 });
  actor.send({ type: 'save' });
  let snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.theirs !== null);
  assert.equal(snapshot.context.theirs?.value.hold_minutes, 30);
  assert.equal(snapshot.context.draft.hold_minutes, 120, 'mine stays beside theirs');

  actor.send({ type: 'keepMine' });
  snapshot = await waitFor(actor, (s) => s.matches('editing') && s.context.saved);
  assert.equal(saves.at(-1)?.version, 5, 'mine is saved over theirs, at their version');
  assert.equal(server.record.value.hold_minutes, 120);
  assert.equal(snapshot.context.theirs, null);

  server.record = { ...server.record, version: 7, value: { hold_minutes: 15, auto_expire: true } };
  actor.send({ type: 'change', field: 'auto_expire', value: false });
  actor.send({ type: 'save' });
  await waitFor(actor, (s) => s.matches('editing') && s.context.theirs !== null);
  actor.send({ type: 'takeTheirs' });
  snapshot = actor.getSnapshot();
  assert.equal(snapshot.context.theirs, null);
  assert.deepEqual(snapshot.context.draft, { hold_minutes: 15, auto_expire: true });
  assert.equal(snapshot.context.record?.version, 7);
  assert.equal(saves.length, 3, 'taking theirs sends nothing');

  actor.send({ type: 'keepMine' });
  assert.equal(actor.getSnapshot().matches('editing'), true, 'nothing to keep once there is no conflict');
  assert.equal(saves.length, 3);
});

test('a section that failed to load loads again on reload', async () => {
  const { actor, server } = start({ failLoads: 1 });
  await waitFor(actor, (s) => s.matches('failed'));
  assert.equal(actor.getSnapshot().context.record, null);
  actor.send({ type: 'reload' });
  await waitFor(actor, (s) => s.matches('editing'));
  assert.equal(server.loads, 2);
  assert.equal(actor.getSnapshot().context.record?.version, 4);
});
