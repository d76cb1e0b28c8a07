/**
 * Every state and every transition of the record machine, reached by scenarios that drive
 * the real machine against a fake API whose next answer each step chooses (ok, 404, 400,
 * 409, 500 …). The last test compares what the scenarios reached with the states and
 * transitions read from the machine's definition, so a state or a transition added to
 * the machine fails here until a scenario takes it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import { SAVED_NOTICE_MS, recordMachine, selectIsDirty, type Draft, type RecordEvent } from './record.ts';
import { Coverage, TransitionCoverage } from '../modelHarness.ts';

const states = new Coverage(recordMachine);
const transitions = new TransitionCoverage(recordMachine);

type Answer = 'ok' | 400 | 404 | 409 | 500;

const httpError = (status: number, extra: Record<string, unknown> = {}) => Object.assign(new Error(`HTTP ${status}`), { status, detail: `HTTP ${status}`, ...extra });

/** The fake API: each request takes the next answer queued for its kind ('ok' when none is). */
class FakeApi {
  record: ApiRecord = { id: 'r1', version: 1, notes: 'window seat', status: 'requested' };
  answers: Record<'load' | 'save' | 'transition' | 'remove', Answer[]> = { load: [], save: [], transition: [], remove: [] };
  private next(kind: keyof FakeApi['answers']): Answer {
    return this.answers[kind].shift() ?? 'ok';
  }
  load(id: string): ApiRecord {
    const answer = this.next('load');
    if (answer !== 'ok') throw httpError(answer);
    if (id !== this.record.id) throw httpError(404);
    return this.record;
  }
  save(id: string | null, changes: Draft): ApiRecord {
    const answer = this.next('save');
    if (answer === 400) throw httpError(400, { fieldErrors: { notes: ['Too long.'] } });
    if (answer === 409) throw httpError(409, { body: { current: { ...this.record, version: this.record.version + 1, notes: 'theirs' } } });
    if (answer !== 'ok') throw httpError(answer);
    this.record = { ...this.record, ...changes, id: id ?? 'r2', version: this.record.version + 1 };
    return this.record;
  }
  transition(event: string): ApiRecord {
    const answer = this.next('transition');
    if (answer !== 'ok') throw httpError(answer, { body: { allowed_events: ['confirm'] } });
    this.record = { ...this.record, status: event, version: this.record.version + 1 };
    return this.record;
  }
  remove(): void {
    const answer = this.next('remove');
    if (answer !== 'ok') throw httpError(answer);
  }
}

function start(id: string | null = 'r1', loadAnswers: Answer[] = []) {
  const api = new FakeApi();
  // The first load starts with the actor: its answer is queued before.
  api.answers.load.push(...loadAnswers);
  const clock = new SimulatedClock();
  const machine = recordMachine.provide({
    actors: {
      loadRecord: fromPromise(async ({ input }: { input: { resource: string; id: string } }) => api.load(input.id)),
      saveRecord: fromPromise(async ({ input }: { input: { resource: string; id: string | null; changes: Draft; version: number | null } }) =>
        api.save(input.id, input.changes),
      ),
      runTransition: fromPromise(async ({ input }: { input: { resource: string; id: string; event: string; version: number; payload: Draft } }) =>
        api.transition(input.event),
      ),
      removeRecord: fromPromise(async (_: { input: { resource: string; id: string; version: number } }) => api.remove()),
    },
  });
  const actor = createActor(machine, {
    clock,
    inspect: transitions.inspect,
    // A note longer than 20 characters is refused before it is sent.
    input: { resource: 'bookings', id, defaults: { notes: '' }, limits: { notes: { type: 'string', maxLength: 20 } } },
  });
  actor.subscribe((snapshot) => states.record(snapshot));
  actor.start();
  states.record(actor.getSnapshot());
  /** Sends an event and waits until no request is in flight. */
  const send = async (event: RecordEvent) => {
    actor.send(event);
    return settle();
  };
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
  const is = (state: string) => assert.ok(actor.getSnapshot().matches(state as never), `in ${state}, not ${JSON.stringify(actor.getSnapshot().value)}`);
  return { actor, api, clock, send, settle, is };
}

const TOO_LONG = 'x'.repeat(21);

describe('record machine, every state and transition', () => {
  it('loads, fails, is retried, not found', async () => {
    const r = start('r1', [500]);
    await r.settle();
    r.is('failed');
    assert.equal(r.actor.getSnapshot().context.error?.status, 500);
    await r.send({ type: 'retry' });
    r.is('viewing');
    assert.equal(r.actor.getSnapshot().context.error, null);

    const missing = start('nope');
    await missing.settle();
    missing.is('notFound');
  });

  it('reloads a record someone else changed', async () => {
    const r = start();
    await r.settle();
    r.api.record = { ...r.api.record, notes: 'changed elsewhere', version: 7 };
    await r.send({ type: 'reload' });
    r.is('viewing');
    assert.equal(r.actor.getSnapshot().context.record?.notes, 'changed elsewhere');
  });

  it('edits, is refused by the form and by the server, keeps the draft, saves, and goes back to viewing', async () => {
    const r = start();
    await r.settle();
    await r.send({ type: 'edit' });
    await r.send({ type: 'field.changed', name: 'notes', value: TOO_LONG });
    await r.send({ type: 'save' });
    r.is('invalid');
    assert.deepEqual(Object.keys(r.actor.getSnapshot().context.fieldErrors), ['notes'], 'refused before sending');
    await r.send({ type: 'save' });
    r.is('invalid');
    await r.send({ type: 'field.changed', name: 'notes', value: 'aisle' });
    assert.deepEqual(r.actor.getSnapshot().context.fieldErrors, {}, 'a change clears its error');
    r.api.answers.save.push(400);
    await r.send({ type: 'save' });
    r.is('invalid');
    assert.deepEqual(r.actor.getSnapshot().context.fieldErrors, { notes: ['Too long.'] });
    assert.equal(r.actor.getSnapshot().context.draft.notes, 'aisle', 'the draft is kept');
    r.api.answers.save.push(500);
    await r.send({ type: 'save' });
    r.is('editing');
    assert.equal(r.actor.getSnapshot().context.error?.status, 500);
    assert.equal(selectIsDirty(r.actor.getSnapshot()), true, 'still unsaved');
    await r.send({ type: 'save' });
    r.is('saved');
    assert.equal(r.actor.getSnapshot().context.record?.notes, 'aisle');
    r.clock.increment(SAVED_NOTICE_MS);
    r.is('viewing');
  });

  it('cancels an edit, refused or not', async () => {
    const r = start();
    await r.settle();
    await r.send({ type: 'edit' });
    await r.send({ type: 'field.changed', name: 'notes', value: 'mine' });
    await r.send({ type: 'cancel' });
    r.is('viewing');
    assert.deepEqual(r.actor.getSnapshot().context.draft, {});
    await r.send({ type: 'edit' });
    await r.send({ type: 'field.changed', name: 'notes', value: TOO_LONG });
    await r.send({ type: 'save' });
    r.is('invalid');
    await r.send({ type: 'cancel' });
    r.is('viewing');
    assert.deepEqual(r.actor.getSnapshot().context.fieldErrors, {});
  });

  it('discards a new record, from editing and from invalid', async () => {
    const fresh = start(null);
    fresh.is('editing');
    await fresh.send({ type: 'cancel' });
    fresh.is('discarded');

    const refused = start(null);
    await refused.send({ type: 'field.changed', name: 'notes', value: TOO_LONG });
    await refused.send({ type: 'save' });
    refused.is('invalid');
    await refused.send({ type: 'cancel' });
    refused.is('discarded');
  });

  it('creates a new record after a refusal', async () => {
    const r = start(null);
    await r.send({ type: 'field.changed', name: 'notes', value: TOO_LONG });
    await r.send({ type: 'save' });
    await r.send({ type: 'field.changed', name: 'notes', value: 'fine' });
    await r.send({ type: 'save' });
    r.is('saved');
    assert.equal(r.actor.getSnapshot().context.id, 'r2');
  });

  it('meets a newer version: keeps mine, or takes theirs', async () => {
    const r = start();
    await r.settle();
    await r.send({ type: 'edit' });
    await r.send({ type: 'field.changed', name: 'notes', value: 'mine' });
    r.api.answers.save.push(409);
    await r.send({ type: 'save' });
    r.is('conflict');
    assert.equal(r.actor.getSnapshot().context.conflict?.notes, 'theirs');
    await r.send({ type: 'conflict.keepMine' });
    r.is('saved');
    assert.equal(r.actor.getSnapshot().context.record?.notes, 'mine');

    await r.send({ type: 'edit' });
    await r.send({ type: 'field.changed', name: 'notes', value: 'mine again' });
    r.api.answers.save.push(409);
    await r.send({ type: 'save' });
    r.is('conflict');
    await r.send({ type: 'conflict.takeTheirs' });
    r.is('viewing');
    assert.equal(r.actor.getSnapshot().context.record?.notes, 'theirs');
    assert.deepEqual(r.actor.getSnapshot().context.draft, {});
  });

  it('moves along the lifecycle, refused or not, from viewing and right after a save', async () => {
    const r = start();
    await r.settle();
    r.api.answers.transition.push(409);
    await r.send({ type: 'transition', event: 'cancel' });
    r.is('viewing');
    assert.deepEqual(r.actor.getSnapshot().context.allowedEvents, ['confirm']);
    await r.send({ type: 'transition', event: 'confirm' });
    r.is('viewing');
    assert.equal(r.actor.getSnapshot().context.record?.status, 'confirm');
    assert.equal(r.actor.getSnapshot().context.allowedEvents, null);

    await r.send({ type: 'edit' });
    await r.send({ type: 'field.changed', name: 'notes', value: 'then' });
    await r.send({ type: 'save' });
    r.is('saved');
    await r.send({ type: 'transition', event: 'check_in' });
    r.is('viewing');
  });

  it('edits again right after a save', async () => {
    const r = start();
    await r.settle();
    await r.send({ type: 'edit' });
    await r.send({ type: 'save' });
    r.is('saved');
    await r.send({ type: 'edit' });
    r.is('editing');
  });

  it('deletes after confirming; a cancel or a refusal keeps the record', async () => {
    const r = start();
    await r.settle();
    await r.send({ type: 'delete.request' });
    r.is('confirmingDelete');
    await r.send({ type: 'delete.cancel' });
    r.is('viewing');
    await r.send({ type: 'delete.request' });
    r.api.answers.remove.push(409);
    await r.send({ type: 'delete.confirm' });
    r.is('viewing');
    assert.equal(r.actor.getSnapshot().context.error?.status, 409);

    await r.send({ type: 'edit' });
    await r.send({ type: 'save' });
    r.is('saved');
    await r.send({ type: 'delete.request' });
    r.is('confirmingDelete');
    await r.send({ type: 'delete.confirm' });
    r.is('deleted');
  });

  it('a change made elsewhere reloads a record nobody is changing here, and never overwrites a draft', async () => {
    const r = start();
    await r.settle();
    // The echo of this screen's own version is not news.
    await r.send({ type: 'remote.changed', version: 1 });
    r.is('viewing');
    r.api.record = { ...r.api.record, notes: 'from elsewhere', version: 2 };
    await r.send({ type: 'remote.changed', version: 2 });
    r.is('viewing');
    assert.equal(r.actor.getSnapshot().context.record?.notes, 'from elsewhere');

    // Open in an editor with nothing typed: the new version comes in and the form stays open.
    await r.send({ type: 'edit' });
    r.api.record = { ...r.api.record, notes: 'again', version: 3 };
    await r.send({ type: 'remote.changed', version: 3 });
    r.is('editing');
    assert.equal(r.actor.getSnapshot().context.record?.version, 3);
    // Not known to have changed (the stream missed too much): a clean form reloads to be sure.
    await r.send({ type: 'remote.changed' });
    r.is('editing');

    // With a draft: kept, and flagged.
    await r.send({ type: 'field.changed', name: 'notes', value: 'mine' });
    r.api.record = { ...r.api.record, notes: 'theirs', version: 4 };
    await r.send({ type: 'remote.changed' });
    assert.equal(r.actor.getSnapshot().context.changedElsewhere, false, 'a mere maybe does not disturb a draft');
    await r.send({ type: 'remote.changed', version: 4 });
    r.is('editing');
    assert.equal(r.actor.getSnapshot().context.changedElsewhere, true);
    assert.equal(r.actor.getSnapshot().context.draft.notes, 'mine');
    assert.equal(r.actor.getSnapshot().context.record?.version, 3, 'the record under the draft is unchanged');
    // Saving meets the conflict view, where the user decides.
    r.api.answers.save.push(409);
    await r.send({ type: 'save' });
    r.is('conflict');
    await r.send({ type: 'conflict.takeTheirs' });
    assert.equal(r.actor.getSnapshot().context.changedElsewhere, false);

    // Refused by the server, then changed elsewhere: flagged too; the user may load theirs.
    await r.send({ type: 'edit' });
    await r.send({ type: 'field.changed', name: 'notes', value: 'mine' });
    r.api.answers.save.push(400);
    await r.send({ type: 'save' });
    r.is('invalid');
    await r.send({ type: 'remote.changed', version: 9 });
    r.is('invalid');
    assert.equal(r.actor.getSnapshot().context.changedElsewhere, true);
    r.api.record = { ...r.api.record, notes: 'latest', version: 9 };
    await r.send({ type: 'remote.load' });
    r.is('editing');
    assert.deepEqual([r.actor.getSnapshot().context.draft, r.actor.getSnapshot().context.changedElsewhere], [{}, false]);
    assert.equal(r.actor.getSnapshot().context.record?.notes, 'latest');

    // From editing too; a reload that fails keeps the form and says why.
    await r.send({ type: 'field.changed', name: 'notes', value: 'mine' });
    r.api.answers.load.push(500);
    await r.send({ type: 'remote.load' });
    r.is('editing');
    assert.equal(r.actor.getSnapshot().context.error?.status, 500);

    // Typing while the new version loads keeps what was typed, flagged.
    await r.send({ type: 'cancel' });
    await r.send({ type: 'edit' });
    r.actor.send({ type: 'remote.changed', version: 10 });
    r.is('refreshing');
    await r.send({ type: 'field.changed', name: 'notes', value: 'typed meanwhile' });
    r.is('editing');
    assert.equal(r.actor.getSnapshot().context.changedElsewhere, true);
    assert.equal(r.actor.getSnapshot().context.draft.notes, 'typed meanwhile');

    // Just saved, then changed elsewhere: reloaded.
    await r.send({ type: 'save' });
    r.is('saved');
    r.api.record = { ...r.api.record, version: 20 };
    await r.send({ type: 'remote.changed', version: 20 });
    r.is('viewing');

    // Deleted elsewhere while open: the editor says the record is gone.
    await r.send({ type: 'edit' });
    r.api.answers.load.push(404);
    await r.send({ type: 'remote.changed', version: 20, deleted: true });
    r.is('notFound');
  });
});

// Declared last, so it runs after every scenario above.
it('reaches every state and takes every transition of the record machine', () => {
  assert.deepEqual(states.missing(), [], 'states never reached');
  assert.deepEqual(transitions.missing(), [], 'transitions never taken');
});
