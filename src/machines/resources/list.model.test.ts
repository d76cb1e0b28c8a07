/**
 * Every state and every transition of the list machine, reached by scenarios that drive
 * the real machine against a fake API whose next answer each step chooses (a page, an
 * empty page, a failure) and a fake URL. The last test compares what the scenarios
 * reached with the states and transitions read from the machine's definition, so a state
 * or a transition added to the machine fails here until a scenario takes it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimulatedClock, createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord, ListQuery, Page } from '../../api/resources.ts';
import { SEARCH_DEBOUNCE_MS, listMachine, type ListEvent } from './list.ts';
import { Coverage, TransitionCoverage } from '../modelHarness.ts';

const states = new Coverage(listMachine);
const transitions = new TransitionCoverage(listMachine);

type Answer = 'rows' | 'empty' | 500;

const QUERY: ListQuery = { page: 1, page_size: 25, ordering: '-created_at', search: '', filters: {} };

function pageOf(ids: string[]): Page<ApiRecord> {
  return { count: ids.length, next: null, previous: null, results: ids.map((id) => ({ id, version: 1 })) };
}

function start(firstAnswer: Answer = 'rows') {
  const answers: Answer[] = [firstAnswer];
  const requests: ListQuery[] = [];
  const urlWrites: { query: ListQuery; replace: boolean }[] = [];
  const clock = new SimulatedClock();
  const machine = listMachine.provide({
    actors: {
      fetchPage: fromPromise(async ({ input }: { input: { resource: string; query: ListQuery; fields?: readonly string[]; expand?: readonly string[] } }) => {
        requests.push(input.query);
        const answer = answers.shift() ?? 'rows';
        if (answer === 500) throw Object.assign(new Error('Server error'), { status: 500, detail: 'Server error' });
        return answer === 'empty' ? pageOf([]) : pageOf(['a', 'b', 'c']);
      }),
    },
    actions: {
      writeQueryToUrl: ({ context }, params: { replace: boolean }) => void urlWrites.push({ query: context.query, replace: params.replace }),
    },
  });
  const actor = createActor(machine, {
    clock,
    inspect: transitions.inspect,
    input: { resource: 'bookings', query: QUERY, defaultOrdering: '-created_at' },
  });
  actor.subscribe((snapshot) => states.record(snapshot));
  actor.start();
  states.record(actor.getSnapshot());
  const settle = () => waitFor(actor, (s) => !s.hasTag('busy'));
  /** Sends an event, with the answer the next request gets, and waits for the page. */
  const send = async (event: ListEvent, answer: Answer = 'rows') => {
    answers.push(answer);
    actor.send(event);
    return settle();
  };
  const data = () => JSON.stringify(actor.getSnapshot().value);
  const is = (state: 'loaded' | 'empty' | 'error') => assert.ok(actor.getSnapshot().matches({ data: state }), `data.${state}, not ${data()}`);
  const query = () => actor.getSnapshot().context.query;
  return { actor, clock, requests, urlWrites, settle, send, is, query };
}

describe('list machine, every state and transition', () => {
  it('loads a page, an empty page, fails and is retried', async () => {
    const l = start(500);
    await l.settle();
    l.is('error');
    assert.equal(l.actor.getSnapshot().context.error?.status, 500);
    await l.send({ type: 'retry' }, 'empty');
    l.is('empty');
    assert.equal(l.actor.getSnapshot().context.error, null);
    await l.send({ type: 'refresh' });
    l.is('loaded');
    assert.equal(l.requests.length, 3);
  });

  it('keeps the previous page on screen while the next one loads', async () => {
    const l = start();
    await l.settle();
    l.actor.send({ type: 'page.goto', page: 2 });
    assert.ok(l.actor.getSnapshot().matches({ data: 'loading' }));
    assert.equal(l.actor.getSnapshot().context.page?.results.length, 3);
    await l.settle();
  });

  it('pages, sizes, orders, filters and clears, writing each query to the URL', async () => {
    const l = start();
    await l.settle();
    await l.send({ type: 'page.goto', page: 3 });
    assert.equal(l.query().page, 3);
    await l.send({ type: 'pageSize.set', size: 50 });
    assert.deepEqual([l.query().page, l.query().page_size], [1, 50]);
    await l.send({ type: 'ordering.toggle', field: 'starts_at' });
    assert.equal(l.query().ordering, 'starts_at');
    await l.send({ type: 'filter.set', name: 'status', value: 'confirmed' });
    assert.deepEqual(l.query().filters, { status: 'confirmed' });
    await l.send({ type: 'filter.set', name: 'status', value: '' });
    assert.deepEqual(l.query().filters, {}, 'an empty value removes the filter');
    await l.send({ type: 'filters.replace', filters: { status: 'requested' }, ordering: 'created_at' }, 'empty');
    l.is('empty');
    assert.deepEqual([l.query().filters, l.query().ordering], [{ status: 'requested' }, 'created_at']);
    await l.send({ type: 'filters.clear' });
    assert.deepEqual(l.query().filters, {});
    assert.equal(l.urlWrites.length, 7);
    assert.ok(l.urlWrites.every((write) => !write.replace), 'each is a history entry');
  });

  it('follows the URL when it changes from outside, once per new query', async () => {
    const l = start();
    await l.settle();
    const back = { ...QUERY, page: 2 };
    await l.send({ type: 'query.changed', query: back });
    assert.deepEqual(l.query(), back);
    assert.equal(l.requests.length, 2);
    l.actor.send({ type: 'query.changed', query: { ...back } });
    assert.equal(l.requests.length, 2, 'the same query again loads nothing');
    assert.equal(l.urlWrites.length, 0, 'a URL change is not written back');
  });

  it('searches once typing pauses, restarting the wait on each key', async () => {
    const l = start();
    await l.settle();
    l.actor.send({ type: 'search.typed', text: 'sah' });
    assert.ok(l.actor.getSnapshot().matches({ search: 'debouncing' }));
    l.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    l.actor.send({ type: 'search.typed', text: 'sahara ' });
    l.clock.increment(SEARCH_DEBOUNCE_MS - 1);
    assert.equal(l.requests.length, 1, 'still typing');
    l.clock.increment(1);
    await l.settle();
    assert.ok(l.actor.getSnapshot().matches({ search: 'idle' }));
    assert.equal(l.query().search, 'sahara', 'trimmed');
    assert.equal(l.requests.length, 2);
    assert.deepEqual(l.urlWrites.map((write) => write.replace), [true], 'a search replaces the history entry');
  });

  it('selects rows, the whole page, and clears; a new query drops the selection', async () => {
    const l = start();
    await l.settle();
    l.actor.send({ type: 'select.toggle', id: 'a' });
    l.actor.send({ type: 'select.toggle', id: 'b' });
    l.actor.send({ type: 'select.toggle', id: 'a' });
    assert.deepEqual(l.actor.getSnapshot().context.selected, ['b']);
    l.actor.send({ type: 'select.page' });
    assert.deepEqual(l.actor.getSnapshot().context.selected, ['b', 'a', 'c']);
    l.actor.send({ type: 'select.page' });
    assert.deepEqual(l.actor.getSnapshot().context.selected, [], 'a second time unselects the page');
    l.actor.send({ type: 'select.toggle', id: 'c' });
    l.actor.send({ type: 'select.clear' });
    assert.deepEqual(l.actor.getSnapshot().context.selected, []);
    l.actor.send({ type: 'select.toggle', id: 'c' });
    await l.send({ type: 'page.goto', page: 2 });
    assert.deepEqual(l.actor.getSnapshot().context.selected, []);
  });
});

// Declared last, so it runs after every scenario above.
it('reaches every state and takes every transition of the list machine', () => {
  assert.deepEqual(states.missing(), [], 'states never reached');
  assert.deepEqual(transitions.missing(), [], 'transitions never taken');
});
