/**
 * The availability calendar's machine with its loader provided: which range each view
 * asks for (whole weeks from the locale's first day), moves that stay in the range load
 * nothing, the latest request wins, and a failure can be reloaded; a slot opened from a
 * link opens the calendar on its day. Every state is visited.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CalendarSlot } from '../../api/availability.ts';
import { calendarMachine, visibleDays } from './calendar.ts';
import { Coverage } from '../modelHarness.ts';

type Range = { serviceId: string; from: string; to: string };

/** A loader that answers when told to, recording what it was asked. */
function fakeLoader() {
  const asked: Range[] = [];
  const pending: { range: Range; resolve: (slots: CalendarSlot[]) => void; reject: (e: unknown) => void }[] = [];
  const actor = fromPromise<CalendarSlot[], Range>(
    ({ input }) =>
      new Promise((resolve, reject) => {
        asked.push(input);
        pending.push({ range: input, resolve, reject });
      }),
  );
  return { actor, asked, pending };
}

const slot = (id: string, starts_at: string): CalendarSlot => ({ id, version: 1, starts_at, ends_at: null, capacity: 5, booked: 0, closed: false, disrupted_at: null });

const coverage = new Coverage(calendarMachine);

/** Slots looked up by id: when they start, or not found. */
const located: Record<string, string> = { far: '2027-03-14T23:30:00.000Z' };
const locateSlot = fromPromise<{ starts_at: string }, { id: string }>(async ({ input }) => {
  if (!located[input.id]) throw { detail: 'Not found.' };
  return { starts_at: located[input.id]! };
});

function start(weekStart = 6, selectedId: string | null = null) {
  const loader = fakeLoader();
  const machine = calendarMachine.provide({ actors: { loadSlots: loader.actor, locateSlot } });
  const actor = createActor(machine, { input: { serviceId: 's1', today: '2026-11-23', weekStart, selectedId } });
  actor.subscribe((s) => coverage.record(s));
  actor.start();
  coverage.record(actor.getSnapshot());
  return { actor, loader, coverage };
}

test('a month is six whole weeks from the locale’s first day; week view is seven days', () => {
  // 2026-11-01 is a Sunday; with Saturday first the grid starts on 2026-10-31.
  const days = visibleDays('month', '2026-11-23', 6);
  assert.deepEqual([days.length, days[0], days[41]], [42, '2026-10-31', '2026-12-11']);
  assert.deepEqual(visibleDays('week', '2026-11-23', 1).slice(0, 1), ['2026-11-23']);
  assert.deepEqual(visibleDays('week', '2026-11-23', 0)[0], '2026-11-22');
});

test('navigation loads only new ranges, the latest answer wins, a failure reloads', async () => {
  const { actor, loader } = start();
  assert.deepEqual(loader.asked[0], { serviceId: 's1', from: '2026-10-31', to: '2026-12-11' });
  loader.pending[0]!.resolve([slot('a', '2026-11-24T08:00:00.000Z')]);
  await waitFor(actor, (s) => s.matches('ready'));
  assert.equal(actor.getSnapshot().context.slots.length, 1);

  // A day of the same grid, or week view inside it: nothing is loaded again.
  actor.send({ type: 'focus', date: '2026-11-30' });
  assert.equal(loader.asked.length, 1);
  assert.equal(actor.getSnapshot().context.anchor, '2026-11-30');

  // Next month, then next again before the first answer: only the second answer counts.
  actor.send({ type: 'next' });
  actor.send({ type: 'next' });
  assert.deepEqual(loader.asked.slice(1).map((r) => r.from), ['2026-11-28', '2026-12-26']);
  assert.equal(actor.getSnapshot().context.anchor, '2027-01-30');
  loader.pending[1]!.resolve([slot('stale', '2026-12-01T08:00:00.000Z')]);
  loader.pending[2]!.resolve([slot('fresh', '2027-01-05T08:00:00.000Z')]);
  await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(actor.getSnapshot().context.slots.map((s) => s.id), ['fresh']);

  actor.send({ type: 'view.set', view: 'week' });
  assert.equal(loader.asked.length, 3, 'the week is inside the month on screen');
  actor.send({ type: 'next' });
  assert.deepEqual(loader.asked[3], { serviceId: 's1', from: '2027-02-06', to: '2027-02-12' }, 'past the loaded month: loaded');
  loader.pending[3]!.reject({ detail: 'Network down' });
  await waitFor(actor, (s) => s.matches('failed'));
  assert.equal(actor.getSnapshot().context.failure, 'Network down');
  actor.send({ type: 'previous' });
  assert.equal(loader.asked.length, 5, 'after a failure nothing counts as loaded');
  loader.pending[4]!.resolve([]);
  await waitFor(actor, (s) => s.matches('ready'));
  actor.send({ type: 'reload' });
  loader.pending[5]!.resolve([]);
  await waitFor(actor, (s) => s.matches('ready'));

  actor.send({ type: 'select', id: 'fresh' });
  assert.equal(actor.getSnapshot().context.selectedId, 'fresh');
  actor.send({ type: 'today' });
  assert.equal(actor.getSnapshot().context.anchor, '2026-11-23');
});

test('a slot opened from a link opens the calendar on its Algerian day; one not found leaves today', async () => {
  // 23:30 UTC on 14 March is already 15 March in Algeria.
  const { actor, loader } = start(6, 'far');
  await waitFor(actor, (s) => s.matches('loading'));
  assert.equal(actor.getSnapshot().context.anchor, '2027-03-15');
  assert.deepEqual(loader.asked[0], { serviceId: 's1', from: '2027-02-27', to: '2027-04-09' });
  loader.pending[0]!.resolve([slot('far', located.far!), slot('near', '2027-03-16T08:00:00.000Z')]);
  await waitFor(actor, (s) => s.matches('ready'));
  // A slot of the grid is opened where it is; closing the panel moves nothing.
  actor.send({ type: 'select', id: 'near' });
  actor.send({ type: 'select', id: null });
  assert.deepEqual([actor.getSnapshot().value, loader.asked.length], ['ready', 1]);

  const lost = start(6, 'gone');
  await waitFor(lost.actor, (s) => s.matches('loading'));
  assert.equal(lost.actor.getSnapshot().context.anchor, '2026-11-23');
  assert.deepEqual(coverage.missing(), []);
});
