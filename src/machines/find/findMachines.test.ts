/**
 * Finding records: the command palette's search (a pause after typing, one request, a newer
 * text cancelling the one under way), a list's saved views (read, kept in order as they are
 * saved, renamed and deleted, read again after a failure), and the relation picker (a
 * search as the user types, keyboard moves, typed words never taken for a choice).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { FoundRecord, SavedView } from '../../api/find.ts';
import type { ApiRecord } from '../../api/resources.ts';

Object.assign(globalThis, { __API_BASE_URL__: '' });
const { recordSearchMachine } = await import('./recordSearch.ts');
const { savedViewsMachine } = await import('./savedViews.ts');
const { relationPickerMachine } = await import('./relationPicker.ts');
type PickerSearch = import('./relationPicker.ts').PickerSearch;

const found = (title: string): FoundRecord => ({ kind: 'customer', id: title, title, subtitle: '', path: `/customers/${title}` });

/** A request that answers when told, and says whether it was cancelled. */
function pending<T>() {
  const calls: { input: string; signal: AbortSignal; answer: (value: T) => void; refuse: (error: unknown) => void }[] = [];
  const actor = fromPromise<T, { text: string }>(
    ({ input, signal }) => new Promise<T>((answer, refuse) => calls.push({ input: input.text, signal, answer, refuse })),
  );
  return { calls, actor };
}

test('palette: a search goes out once typing pauses, and a newer text cancels the one under way', async () => {
  const clock = new SimulatedClock();
  const search = pending<FoundRecord[]>();
  const actor = createActor(recordSearchMachine.provide({ actors: { search: search.actor } }), { clock }).start();
  actor.send({ type: 'text.changed', text: 'Am' });
  clock.increment(100);
  actor.send({ type: 'text.changed', text: 'Ami' });
  clock.increment(199);
  assert.equal(search.calls.length, 0, 'nothing while the user types');
  assert.ok(actor.getSnapshot().hasTag('busy'));
  clock.increment(1);
  assert.deepEqual(search.calls.map((c) => c.input), ['Ami']);
  actor.send({ type: 'text.changed', text: 'Amin' });
  assert.equal(search.calls[0].signal.aborted, true, 'the older search is cancelled');
  clock.increment(200);
  search.calls[1].answer([found('Amina')]);
  const shown = await waitFor(actor, (s) => s.matches('idle'));
  assert.deepEqual(shown.context.results, [found('Amina')]);
  assert.equal(shown.context.failed, false);
});

test('palette: a text too short clears the results; a failure says so', async () => {
  const clock = new SimulatedClock();
  const search = pending<FoundRecord[]>();
  const actor = createActor(recordSearchMachine.provide({ actors: { search: search.actor } }), { clock }).start();
  actor.send({ type: 'text.changed', text: 'Amina' });
  clock.increment(200);
  search.calls[0].refuse(new Error('offline'));
  const failed = await waitFor(actor, (s) => s.matches('idle') && s.context.failed);
  assert.deepEqual(failed.context.results, []);
  actor.send({ type: 'text.changed', text: 'Amina' });
  clock.increment(200);
  search.calls[1].answer([found('Amina')]);
  await waitFor(actor, (s) => s.context.results.length === 1);
  actor.send({ type: 'text.changed', text: 'A' });
  assert.ok(actor.getSnapshot().matches('idle'));
  assert.deepEqual(actor.getSnapshot().context, { text: 'A', results: [], failed: false });
  assert.equal(search.calls.length, 2);
});

const view = (id: string, name: string, mine = true, version = 1): SavedView => ({
  id, version, name, mine, list_key: 'bookingManage', shared: !mine, state: { filters: {}, search: '', ordering: '', columns: null },
});

test('saved views: read for the list, kept in the server’s order as views are saved, renamed and deleted', async () => {
  const lists: string[] = [];
  const machine = savedViewsMachine.provide({
    actors: {
      load: fromPromise<SavedView[], { listKey: string }>(async ({ input }) => {
        lists.push(input.listKey);
        return [view('2', 'Late payers'), view('3', 'Shared by staff', false)];
      }),
    },
  });
  const actor = createActor(machine, { input: { listKey: 'bookingManage' } }).start();
  assert.ok(actor.getSnapshot().hasTag('busy'));
  await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(lists, ['bookingManage']);
  actor.send({ type: 'view.saved', view: view('1', 'Arrivals today') });
  const names = () => actor.getSnapshot().context.views.map((v) => v.name);
  assert.deepEqual(names(), ['Arrivals today', 'Late payers', 'Shared by staff'], 'one’s own first, then by name');
  actor.send({ type: 'view.saved', view: view('2', 'Zero balance', true, 2) });
  assert.deepEqual(names(), ['Arrivals today', 'Zero balance', 'Shared by staff'], 'a rename replaces the view');
  actor.send({ type: 'view.removed', view: view('1', 'Arrivals today') });
  assert.deepEqual(names(), ['Zero balance', 'Shared by staff']);
});

test('saved views: a failed read is read again on retry', async () => {
  let fail = true;
  const machine = savedViewsMachine.provide({
    actors: {
      load: fromPromise<SavedView[], { listKey: string }>(async () => {
        if (fail) throw new Error('offline');
        return [view('1', 'Mine')];
      }),
    },
  });
  const actor = createActor(machine, { input: { listKey: 'customersList' } }).start();
  await waitFor(actor, (s) => s.matches('failed'));
  actor.send({ type: 'view.saved', view: view('9', 'Lost') });
  assert.deepEqual(actor.getSnapshot().context.views, [], 'nothing is kept over a list that could not be read');
  fail = false;
  actor.send({ type: 'retry' });
  const ready = await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(ready.context.views.map((v) => v.id), ['1']);
});

const customer = (id: string, name: string): ApiRecord => ({ id, version: 1, name });

function startPicker(chosenLabel: string | null = null) {
  const clock = new SimulatedClock();
  const calls: { input: PickerSearch; signal: AbortSignal; answer: (rows: ApiRecord[]) => void; refuse: (e: unknown) => void }[] = [];
  const machine = relationPickerMachine.provide({
    actors: {
      search: fromPromise<ApiRecord[], PickerSearch>(({ input, signal }) => new Promise((answer, refuse) => calls.push({ input, signal, answer, refuse }))),
    },
  });
  const actor = createActor(machine, { input: { collection: 'customers', filters: { status: 'active' }, chosenLabel }, clock }).start();
  return { actor, calls, clock };
}

test('picker: typing searches the collection once the user pauses; a newer text cancels the search under way', async () => {
  const { actor, calls, clock } = startPicker();
  actor.send({ type: 'typed', text: 'Am' });
  assert.ok(actor.getSnapshot().matches('open'));
  clock.increment(249);
  assert.equal(calls.length, 0);
  clock.increment(1);
  assert.deepEqual(calls[0].input, { collection: 'customers', search: 'Am', filters: { status: 'active' } });
  assert.equal(actor.getSnapshot().context.status, 'loading');
  actor.send({ type: 'typed', text: 'Amina ' });
  assert.equal(calls[0].signal.aborted, true);
  clock.increment(250);
  assert.equal(calls[1].input.search, 'Amina', 'the words, trimmed');
  calls[1].answer([customer('c1', 'Amina'), customer('c2', 'Aminata')]);
  const shown = await waitFor(actor, (s) => s.matches({ open: 'shown' }));
  assert.equal(shown.context.status, 'idle');
  assert.equal(shown.context.active, 0, 'the first option is active');
  assert.equal(shown.context.options.length, 2);
});

test('picker: ↑/↓ stay within the options, hovering moves the active one, picking closes and resolves', async () => {
  const { actor, calls, clock } = startPicker();
  actor.send({ type: 'open' });
  clock.increment(250);
  assert.equal(calls[0].input.search, '', 'opening an empty box offers everything');
  calls[0].answer([customer('c1', 'Amina'), customer('c2', 'Karim')]);
  await waitFor(actor, (s) => s.matches({ open: 'shown' }));
  actor.send({ type: 'move', by: 1 });
  actor.send({ type: 'move', by: 1 });
  assert.equal(actor.getSnapshot().context.active, 1);
  actor.send({ type: 'move', by: -1 });
  actor.send({ type: 'move', by: -1 });
  assert.equal(actor.getSnapshot().context.active, 0);
  actor.send({ type: 'hover', index: 1 });
  assert.equal(actor.getSnapshot().context.active, 1);
  actor.send({ type: 'pick', label: 'Karim' });
  const picked = actor.getSnapshot();
  assert.ok(picked.matches('closed'));
  assert.equal(picked.context.text, 'Karim');
  actor.send({ type: 'blur' });
  assert.equal(actor.getSnapshot().context.unresolved, false, 'a picked record is resolved');
});

test('picker: words typed and left without a pick are flagged; the chosen record’s words search everything', async () => {
  const { actor, calls, clock } = startPicker('Amina');
  assert.equal(actor.getSnapshot().context.text, 'Amina');
  actor.send({ type: 'open' });
  clock.increment(250);
  assert.equal(calls[0].input.search, '', 'the chosen record’s words are not a search');
  calls[0].refuse(new Error('offline'));
  await waitFor(actor, (s) => s.context.status === 'failed');
  actor.send({ type: 'typed', text: 'Kar' });
  actor.send({ type: 'blur' });
  const left = actor.getSnapshot();
  assert.ok(left.matches('closed'));
  assert.equal(left.context.unresolved, true);
  actor.send({ type: 'typed', text: 'Kari' });
  assert.equal(actor.getSnapshot().context.unresolved, false, 'typing again clears the flag');
  actor.send({ type: 'close' });
  actor.send({ type: 'value.changed', label: 'Karim' });
  assert.equal(actor.getSnapshot().context.text, 'Karim', 'a value set from outside shows its words');
  actor.send({ type: 'value.changed', label: null });
  assert.equal(actor.getSnapshot().context.text, 'Karim', 'an emptied value keeps what the box shows');
  actor.send({ type: 'blur' });
  assert.equal(actor.getSnapshot().context.unresolved, true);
});

test('picker: other filters search again while the list is open, and are kept for the next opening', async () => {
  const { actor, calls, clock } = startPicker();
  actor.send({ type: 'filters.changed', collection: 'customers', filters: { status: 'blocked' } });
  assert.equal(calls.length, 0, 'nothing searched while closed');
  actor.send({ type: 'open' });
  clock.increment(250);
  assert.deepEqual(calls[0].input.filters, { status: 'blocked' });
  calls[0].answer([]);
  await waitFor(actor, (s) => s.matches({ open: 'shown' }));
  assert.equal(actor.getSnapshot().context.active, -1, 'no option to act on');
  actor.send({ type: 'filters.changed', collection: 'customers', filters: { status: 'blocked' } });
  clock.increment(250);
  assert.equal(calls.length, 1, 'the same filters do not search again');
  actor.send({ type: 'filters.changed', collection: 'vendors', filters: {} });
  clock.increment(250);
  assert.deepEqual(calls[1].input, { collection: 'vendors', search: '', filters: {} });
});

test('palette: screens by the words of their name, area, path or other names, in any order, accents and dashes aside', async () => {
  const { findScreens } = await import('../../app/screenSearch.ts');
  const screen = (title: string, area: string, path: string, aliases = '') => ({ title, area, path, aliases });
  const screens = [
    screen('Versements', 'Paiements', '/payments/payouts'),
    screen('Répartition des paiements', 'Paiements', '/payments/split', 'versements, commission, parts des prestataires'),
    screen('Gérer les réservations', 'Réservations', '/booking/manage', 'commandes'),
    screen('Codes promo', 'Promotions', '/coupons'),
    screen('مدرسة الصحراء', 'الأنشطة', '/services/list', 'جولات'),
  ];
  const titles = (q: string) => findScreens(screens, q).map((s) => s.title);
  assert.deepEqual(titles('versements'), ['Versements', 'Répartition des paiements'], 'by name first, then by another name');
  assert.deepEqual(titles('reservations gerer'), ['Gérer les réservations'], 'any order, accents aside');
  assert.deepEqual(titles('RÉSERVATIONS—commandes'), ['Gérer les réservations'], 'a dash parts words');
  assert.deepEqual(titles('parts prestataires'), ['Répartition des paiements']);
  assert.deepEqual(titles('payments split'), ['Répartition des paiements'], 'by path');
  assert.deepEqual(titles('مدرسه'), ['مدرسة الصحراء'], 'teh marbuta written either way');
  assert.deepEqual(titles('promo nothing'), [], 'every word must be found');
  assert.equal(titles('  ').length, screens.length, 'nothing typed: every screen');
});
