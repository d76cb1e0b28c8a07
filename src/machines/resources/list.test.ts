import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord, ListQuery, Page } from '../../api/resources.ts';
import { SEARCH_DEBOUNCE_MS, listMachine } from './list.ts';

const baseQuery: ListQuery = { page: 1, page_size: 25, ordering: '-starts_at', search: '', filters: {} };

function pageOf(ids: string[], count = ids.length): Page<ApiRecord> {
  return { count, next: null, previous: null, results: ids.map((id) => ({ id, version: 1 })) };
}

/** A list actor whose fetches are recorded and answered by `answer`. */
function startList(answer: (query: ListQuery) => Promise<Page<ApiRecord>>) {
  const fetched: ListQuery[] = [];
  const urls: { replace: boolean; query: ListQuery }[] = [];
  const clock = new SimulatedClock();
  const machine = listMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<ApiRecord>, { resource: string; query: ListQuery }>(({ input }) => {
        fetched.push(input.query);
        return answer(input.query);
      }),
    },
    actions: {
      writeQueryToUrl: ({ context }, params: { replace: boolean }) => {
        urls.push({ replace: params.replace, query: context.query });
      },
    },
  });
  const actor = createActor(machine, { clock, input: { resource: 'bookings', query: baseQuery, defaultOrdering: '-starts_at' } });
  actor.start();
  return { actor, fetched, urls, clock };
}

const settled = (actor: ReturnType<typeof startList>['actor']) => waitFor(actor, (s) => !s.hasTag('busy'));

test('loads the first page, then shows it', async () => {
  const { actor, fetched } = startList(async () => pageOf(['a', 'b'], 40));
  const snapshot = await settled(actor);
  assert.ok(snapshot.matches({ data: 'loaded' }));
  assert.equal(snapshot.context.page?.count, 40);
  assert.deepEqual(fetched, [baseQuery]);
});

test('an empty result is its own state, and an error can be retried', async () => {
  let fail = true;
  const { actor } = startList(async () => {
    if (fail) throw Object.assign(new Error('boom'), { status: 503, detail: 'Service unavailable' });
    return pageOf([]);
  });
  let snapshot = await settled(actor);
  assert.ok(snapshot.matches({ data: 'error' }));
  assert.deepEqual(snapshot.context.error, { status: 503, detail: 'Service unavailable' });
  fail = false;
  actor.send({ type: 'retry' });
  snapshot = await settled(actor);
  assert.ok(snapshot.matches({ data: 'empty' }));
  assert.equal(snapshot.context.error, null);
});

test('the previous page stays on screen while the next one loads', async () => {
  let release: (page: Page<ApiRecord>) => void = () => {};
  const { actor, urls } = startList((query) =>
    query.page === 1 ? Promise.resolve(pageOf(['a'], 30)) : new Promise((resolve) => (release = resolve)),
  );
  await settled(actor);
  actor.send({ type: 'page.goto', page: 2 });
  const loading = actor.getSnapshot();
  assert.ok(loading.hasTag('busy'));
  assert.deepEqual(loading.context.page?.results.map((r) => r.id), ['a']);
  assert.deepEqual(urls.at(-1), { replace: false, query: { ...baseQuery, page: 2 } });
  release(pageOf(['b'], 30));
  const done = await settled(actor);
  assert.deepEqual(done.context.page?.results.map((r) => r.id), ['b']);
});

test('search waits for typing to pause, then searches from page 1 once', async () => {
  const { actor, fetched, urls, clock } = startList(async () => pageOf(['a']));
  await settled(actor);
  actor.send({ type: 'page.goto', page: 3 });
  await settled(actor);
  actor.send({ type: 'search.typed', text: 'Ha' });
  clock.increment(SEARCH_DEBOUNCE_MS - 50);
  actor.send({ type: 'search.typed', text: 'Haddad ' });
  clock.increment(SEARCH_DEBOUNCE_MS - 50);
  assert.equal(fetched.length, 2, 'nothing fetched while typing');
  clock.increment(50);
  await settled(actor);
  assert.equal(fetched.length, 3);
  assert.deepEqual(fetched.at(-1), { ...baseQuery, search: 'Haddad', page: 1 });
  assert.equal(urls.at(-1)?.replace, true, 'typing replaces the history entry instead of adding one per pause');
});

test('a refresh while a search is being typed (a write elsewhere) keeps the search and runs it', async () => {
  const { actor, fetched, clock } = startList(async () => pageOf(['a']));
  await settled(actor);
  actor.send({ type: 'search.typed', text: 'RD12' });
  clock.increment(SEARCH_DEBOUNCE_MS - 100);
  actor.send({ type: 'refresh' });
  await settled(actor);
  assert.equal(actor.getSnapshot().context.searchText, 'RD12');
  clock.increment(100);
  await settled(actor);
  assert.deepEqual(fetched.at(-1), { ...baseQuery, search: 'RD12', page: 1 });
});

test('sorting, filtering and page size reset to page 1; a URL change from outside reloads once', async () => {
  const { actor, fetched } = startList(async () => pageOf(['a']));
  await settled(actor);
  actor.send({ type: 'page.goto', page: 4 });
  actor.send({ type: 'ordering.toggle', field: 'total' });
  await settled(actor);
  assert.deepEqual(actor.getSnapshot().context.query, { ...baseQuery, ordering: 'total' });
  actor.send({ type: 'filter.set', name: 'status', value: 'confirmed' });
  await settled(actor);
  actor.send({ type: 'filter.set', name: 'status', value: '' });
  await settled(actor);
  assert.deepEqual(actor.getSnapshot().context.query.filters, {});
  const before = fetched.length;
  actor.send({ type: 'query.changed', query: actor.getSnapshot().context.query });
  assert.equal(fetched.length, before, 'the same query does not fetch again');
  actor.send({ type: 'query.changed', query: { ...baseQuery, page: 2 } });
  await settled(actor);
  assert.equal(fetched.length, before + 1);
});

test('selection toggles rows, selects the page, and is cleared by a new query', async () => {
  const { actor } = startList(async () => pageOf(['a', 'b', 'c']));
  await settled(actor);
  actor.send({ type: 'select.toggle', id: 'b' });
  assert.deepEqual(actor.getSnapshot().context.selected, ['b']);
  actor.send({ type: 'select.page' });
  assert.deepEqual([...actor.getSnapshot().context.selected].sort(), ['a', 'b', 'c']);
  actor.send({ type: 'select.page' });
  assert.deepEqual(actor.getSnapshot().context.selected, []);
  actor.send({ type: 'select.toggle', id: 'a' });
  actor.send({ type: 'filter.set', name: 'status', value: 'confirmed' });
  assert.deepEqual(actor.getSnapshot().context.selected, []);
});
