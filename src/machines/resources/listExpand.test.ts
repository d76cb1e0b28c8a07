/** A list screen names its references through `expand`, passed on every fetch like `fields`. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiClient } from '../../api/client.ts';
import { registerApiClient } from '../../api/apiClientHolder.ts';
import { fetchList, fetchRecord, type ApiRecord, type Expandable, type ListQuery, type Page } from '../../api/resources.ts';
import type { refunds } from '../../../common/collections.ts';
import { listMachine } from './list.ts';

const query: ListQuery = { page: 1, page_size: 25, ordering: '-created_at', search: '', filters: { status: 'requested' } };

test('the list machine asks for the same fields and expansions on every page', async () => {
  const inputs: { fields?: readonly string[]; expand?: readonly string[]; query: ListQuery }[] = [];
  const machine = listMachine.provide({
    actors: {
      fetchPage: fromPromise<Page<ApiRecord>, { resource: string; query: ListQuery; fields?: readonly string[]; expand?: readonly string[] }>(
        async ({ input }) => {
          inputs.push(input);
          return { count: 60, next: null, previous: null, results: [{ id: 'a', version: 1, _expanded: { booking_id: { id: 'b', ref: 'RH123456' } } }] };
        },
      ),
    },
    actions: { writeQueryToUrl: () => {} },
  });
  const expand: Expandable<typeof refunds>[] = ['booking_id', 'vendor_id'];
  const actor = createActor(machine, { input: { resource: 'refunds', query, defaultOrdering: '-created_at', fields: ['amount'], expand } });
  actor.start();
  await waitFor(actor, (s) => !s.hasTag('busy'));
  actor.send({ type: 'page.goto', page: 2 });
  const done = await waitFor(actor, (s) => !s.hasTag('busy'));
  assert.deepEqual(inputs.map((i) => [i.query.page, i.fields, i.expand]), [
    [1, ['amount'], expand],
    [2, ['amount'], expand],
  ]);
  assert.equal(done.context.page?.results[0]._expanded?.booking_id?.ref, 'RH123456');
});

test('fetchList and fetchRecord send expand comma-separated, and nothing when there is none', async () => {
  const calls: { url: string; params?: Record<string, unknown> }[] = [];
  registerApiClient({
    get: async (url: string, options: { params?: Record<string, unknown> } = {}) => {
      calls.push({ url, params: options.params });
      return { count: 0, next: null, previous: null, results: [] };
    },
  } as unknown as ApiClient);
  await fetchList('refunds', query, undefined, ['amount'], ['booking_id', 'payment_id']);
  await fetchList('refunds', query);
  await fetchRecord('refunds', 'r1', undefined, ['booking_id']);
  await fetchRecord('refunds', 'r1');
  assert.equal(calls[0].params?.expand, 'booking_id,payment_id');
  assert.equal(calls[0].params?.fields, 'amount');
  assert.equal(calls[0].params?.status, 'requested');
  assert.ok(!('expand' in (calls[1].params ?? {})));
  assert.deepEqual(calls[2], { url: '/branch/api/refunds/r1/', params: { expand: 'booking_id' } });
  assert.equal(calls[3].params, undefined);
});
