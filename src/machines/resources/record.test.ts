import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import { SAVED_NOTICE_MS, fieldValue, recordMachine, selectIsDirty, type Draft } from './record.ts';

interface Server {
  record: ApiRecord;
  saves: { changes: Draft; version: number | null }[];
  transitions: string[];
  deleted: boolean;
}

const httpError = (status: number, detail: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(detail), { status, detail, ...extra });

/** A tiny in-memory API with the real rules: versions, 400 field errors, 409 conflicts. */
function startRecord(options: { id?: string | null; defaults?: Draft } = {}) {
  const server: Server = {
    record: { id: 'b1', version: 3, ref: 'RH-1', notes: 'window seat', status: 'requested' },
    saves: [],
    transitions: [],
    deleted: false,
  };
  const clock = new SimulatedClock();
  const machine = recordMachine.provide({
    actors: {
      loadRecord: fromPromise(async ({ input }: { input: { resource: string; id: string } }) => {
        if (input.id !== server.record.id) throw httpError(404, 'Not found');
        return server.record;
      }),
      saveRecord: fromPromise(async ({ input }: { input: { resource: string; id: string | null; changes: Draft; version: number | null } }) => {
        server.saves.push({ changes: input.changes, version: input.version });
        if (typeof input.changes.notes === 'string' && input.changes.notes.length > 20) {
          throw httpError(400, 'Invalid body', { fieldErrors: { notes: ['At most 20 characters.'] } });
        }
        const title = input.changes.title_i18n as { en?: string } | undefined;
        if (title && !title.en) {
          throw httpError(400, 'Invalid body', { fieldErrors: { 'title_i18n.en': ['Too short.'], 'title_i18n_other': ['Unrelated.'] } });
        }
        if (input.changes.slug === 'taken') {
          // A unique value already in use: a 409 with the field named, and no current record.
          throw httpError(409, 'A record with this slug already exists.', { body: { detail: 'A record with this slug already exists.', errors: { slug: ['Already in use.'] } }, fieldErrors: { slug: ['Already in use.'] } });
        }
        if (input.id !== null && input.version !== server.record.version) {
          throw httpError(409, 'Stale version', { body: { detail: 'Stale version', current: server.record } });
        }
        server.record = { ...server.record, ...input.changes, id: input.id ?? 'new-1', version: server.record.version + 1 };
        return server.record;
      }),
      removeRecord: fromPromise(async (_: { input: { resource: string; id: string; version: number } }) => {
        server.deleted = true;
      }),
      runTransition: fromPromise(async ({ input }: { input: { resource: string; id: string; event: string; version: number; payload: Draft } }) => {
        if (input.event !== 'confirm') throw httpError(409, 'Not allowed', { body: { allowed_events: ['confirm', 'decline'] } });
        server.transitions.push(input.event);
        server.record = { ...server.record, status: 'confirmed', version: server.record.version + 1 };
        return server.record;
      }),
    },
  });
  const actor = createActor(machine, {
    clock,
    input: { resource: 'bookings', id: options.id === undefined ? 'b1' : options.id, defaults: options.defaults },
  }).start();
  return { actor, server, clock };
}

const idle = (actor: ReturnType<typeof startRecord>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

test('loads, edits a draft and saves only the changed fields with the version', async () => {
  const { actor, server, clock } = startRecord();
  let s = await idle(actor);
  assert.ok(s.matches('viewing'));
  actor.send({ type: 'edit' });
  actor.send({ type: 'field.changed', name: 'notes', value: 'aisle seat' });
  assert.equal(fieldValue(actor.getSnapshot().context, 'notes'), 'aisle seat');
  assert.equal(fieldValue(actor.getSnapshot().context, 'ref'), 'RH-1');
  assert.equal(selectIsDirty(actor.getSnapshot()), true);
  actor.send({ type: 'save' });
  s = await idle(actor);
  assert.ok(s.matches('saved'));
  assert.deepEqual(server.saves, [{ changes: { notes: 'aisle seat' }, version: 3 }]);
  assert.equal(s.context.record?.version, 4);
  assert.equal(selectIsDirty(s), false);
  clock.increment(SAVED_NOTICE_MS);
  assert.ok(actor.getSnapshot().matches('viewing'));
});

test('server field errors show at their fields and the draft survives', async () => {
  const { actor } = startRecord();
  await idle(actor);
  actor.send({ type: 'edit' });
  actor.send({ type: 'field.changed', name: 'notes', value: 'x'.repeat(30) });
  actor.send({ type: 'save' });
  let s = await idle(actor);
  assert.ok(s.matches('invalid'));
  assert.deepEqual(s.context.fieldErrors, { notes: ['At most 20 characters.'] });
  assert.equal(s.context.draft.notes, 'x'.repeat(30));
  actor.send({ type: 'field.changed', name: 'notes', value: 'short' });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, {}, 'changing a field clears its error');
  actor.send({ type: 'save' });
  s = await idle(actor);
  assert.ok(s.matches('saved'));
});

test('a value already taken (409 with field errors) shows at its field, not as a conflict', async () => {
  const { actor, server } = startRecord();
  await idle(actor);
  actor.send({ type: 'edit' });
  actor.send({ type: 'field.changed', name: 'slug', value: 'taken' });
  actor.send({ type: 'save' });
  let s = await idle(actor);
  assert.ok(s.matches('invalid'), `state ${JSON.stringify(s.value)}`);
  assert.deepEqual(s.context.fieldErrors, { slug: ['Already in use.'] });
  assert.equal(s.context.conflict, null);
  assert.equal(s.context.draft.slug, 'taken');
  actor.send({ type: 'field.changed', name: 'slug', value: 'free' });
  actor.send({ type: 'save' });
  s = await idle(actor);
  assert.ok(s.matches('saved'));
  assert.equal(server.record.slug, 'free');
});

test('changing a field clears the errors under its path, and only those', async () => {
  const { actor } = startRecord();
  await idle(actor);
  actor.send({ type: 'edit' });
  actor.send({ type: 'field.changed', name: 'title_i18n', value: { en: '', fr: 'Quad' } });
  actor.send({ type: 'save' });
  const s = await idle(actor);
  assert.ok(s.matches('invalid'));
  assert.deepEqual(Object.keys(s.context.fieldErrors).sort(), ['title_i18n.en', 'title_i18n_other']);
  actor.send({ type: 'field.changed', name: 'title_i18n', value: { en: 'Quad', fr: 'Quad' } });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, { title_i18n_other: ['Unrelated.'] });
});

test('a stale version shows both versions; keeping mine saves over theirs with their version', async () => {
  const { actor, server } = startRecord();
  await idle(actor);
  actor.send({ type: 'edit' });
  actor.send({ type: 'field.changed', name: 'notes', value: 'mine' });
  server.record = { ...server.record, notes: 'theirs', version: 7 };
  actor.send({ type: 'save' });
  let s = await idle(actor);
  assert.ok(s.matches('conflict'));
  assert.equal(s.context.conflict?.notes, 'theirs');
  assert.equal(s.context.draft.notes, 'mine');
  assert.equal(selectIsDirty(s), true);
  actor.send({ type: 'conflict.keepMine' });
  s = await idle(actor);
  assert.ok(s.matches('saved'));
  assert.deepEqual(server.saves.at(-1), { changes: { notes: 'mine' }, version: 7 });
  assert.equal(server.record.notes, 'mine');
});

test('taking theirs discards the draft and shows the current record', async () => {
  const { actor, server } = startRecord();
  await idle(actor);
  actor.send({ type: 'edit' });
  actor.send({ type: 'field.changed', name: 'notes', value: 'mine' });
  server.record = { ...server.record, notes: 'theirs', version: 9 };
  actor.send({ type: 'save' });
  await idle(actor);
  actor.send({ type: 'conflict.takeTheirs' });
  const s = actor.getSnapshot();
  assert.ok(s.matches('viewing'));
  assert.equal(s.context.record?.notes, 'theirs');
  assert.deepEqual(s.context.draft, {});
});

test('a new record starts as a draft of its defaults and gets its id on save', async () => {
  const { actor, server } = startRecord({ id: null, defaults: { status: 'requested' } });
  assert.ok(actor.getSnapshot().matches('editing'));
  actor.send({ type: 'field.changed', name: 'notes', value: 'new' });
  actor.send({ type: 'save' });
  const s = await idle(actor);
  assert.ok(s.matches('saved'));
  assert.equal(s.context.id, 'new-1');
  assert.deepEqual(server.saves[0], { changes: { status: 'requested', notes: 'new' }, version: null });
});

test('cancelling a new record discards it; deleting asks first', async () => {
  const fresh = startRecord({ id: null });
  fresh.actor.send({ type: 'cancel' });
  assert.equal(fresh.actor.getSnapshot().status, 'done');

  const { actor, server } = startRecord();
  await idle(actor);
  actor.send({ type: 'delete.request' });
  actor.send({ type: 'delete.cancel' });
  assert.equal(server.deleted, false);
  actor.send({ type: 'delete.request' });
  actor.send({ type: 'delete.confirm' });
  const s = await waitFor(actor, (snapshot) => snapshot.status === 'done');
  assert.ok(s.matches('deleted'));
  assert.equal(server.deleted, true);
});

test('lifecycle transitions update the record; a refused one reports the allowed events', async () => {
  const { actor, server } = startRecord();
  await idle(actor);
  actor.send({ type: 'transition', event: 'check_in' });
  let s = await idle(actor);
  assert.ok(s.matches('viewing'));
  assert.deepEqual(s.context.allowedEvents, ['confirm', 'decline']);
  actor.send({ type: 'transition', event: 'confirm' });
  s = await idle(actor);
  assert.equal(s.context.record?.status, 'confirmed');
  assert.equal(s.context.allowedEvents, null);
  assert.deepEqual(server.transitions, ['confirm']);
});

test('a record the user may not see is not found', async () => {
  const { actor } = startRecord({ id: 'other-vendors-booking' });
  const s = await idle(actor);
  assert.ok(s.matches('notFound'));
});
