/** Moving terms and itinerary steps (pure), and the taxonomy machine's saves with its HTTP calls provided. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { OrderItem, TaxonomyResource } from '../../api/taxonomy.ts';
import { byDay, moveStep } from '../../views/catalog/adventures/itinerary.ts';
import { taxonomyMachine } from './taxonomyMachine.ts';
import { childrenOf, moveTerm, orderItems, placeOf, type Term } from './terms.ts';

const term = (id: string, sort_order: number, parent_id: string | null = null): Term => ({
  id, version: 1, name_i18n: { en: id, fr: id, ar: id }, icon: null, active: true, sort_order, parent_id,
});
const ids = (terms: Term[]) => terms.map((t) => t.id);
const tree = [term('water', 0), term('desert', 1), term('surf', 0, 'water'), term('kayak', 1, 'water'), term('dunes', 0, 'desert')];

test('a move renumbers the new siblings and the old ones, and only moved places are sent', () => {
  const moved = moveTerm(tree, 'kayak', 'desert', 0);
  assert.deepEqual(ids(childrenOf(moved, 'desert')), ['kayak', 'dunes']);
  assert.deepEqual(ids(childrenOf(moved, 'water')), ['surf']);
  assert.deepEqual(placeOf(moved, 'dunes'), { parentId: 'desert', index: 1, count: 2 });
  assert.deepEqual(orderItems(tree, moved, true), [
    { id: 'kayak', sort_order: 0, parent_id: 'desert' },
    { id: 'dunes', sort_order: 1, parent_id: 'desert' },
  ] satisfies OrderItem[]);
  const flat = [term('a', 0), term('b', 1), term('c', 2)].map(({ parent_id: _, ...t }) => t as Term);
  const up = moveTerm(flat, 'c', null, 0);
  assert.deepEqual(ids(childrenOf(up, null)), ['c', 'a', 'b']);
  assert.ok(orderItems(flat, up, false).every((item) => !('parent_id' in item)), 'a flat list sends no parents');
  assert.deepEqual(orderItems(flat, moveTerm(flat, 'a', null, 0), false), [], 'a term left in place changes nothing');
});

test('a moved step takes a day between its new neighbours; a new day sorts it among that day’s steps', () => {
  const steps = [
    { key: 'a', step: { day: 1, title: 'a' } },
    { key: 'b', step: { day: 2, title: 'b' } },
    { key: 'c', step: { day: 2, title: 'c' } },
    { key: 'd', step: { day: 3, title: 'd' } },
  ];
  const up = moveStep(steps, 'b', 0);
  assert.deepEqual(up.map((s) => [s.key, s.step.day]), [['b', 1], ['a', 1], ['c', 2], ['d', 3]]);
  const down = moveStep(steps, 'a', 3);
  assert.deepEqual(down.map((s) => [s.key, s.step.day]), [['b', 2], ['c', 2], ['d', 3], ['a', 3]]);
  const redated = byDay(steps.map((s) => (s.key === 'd' ? { ...s, step: { ...s.step, day: 1 } } : s)));
  assert.deepEqual(redated.map((s) => s.key), ['a', 'd', 'b', 'c']);
});

test('the machine saves each move in one request, sends moves made meanwhile next, and puts back a refused order', async () => {
  const sent: OrderItem[][] = [];
  let refuse = false;
  let release: () => void = () => {};
  const actor = createActor(
    taxonomyMachine.provide({
      actors: {
        loadTerms: fromPromise(async () => tree),
        saveOrder: fromPromise<unknown, { resource: TaxonomyResource; items: OrderItem[] }>(async ({ input }) => {
          sent.push(input.items);
          await new Promise<void>((resolve) => (release = resolve));
          if (refuse) throw Object.assign(new Error('refused'), { detail: 'Nope.' });
          return { changed: input.items.length };
        }),
      },
    }),
    { input: { resource: 'categories', tree: true } },
  ).start();
  await waitFor(actor, (s) => s.matches('ready'));
  actor.send({ type: 'move', id: 'desert', parentId: null, index: 0 });
  actor.send({ type: 'move', id: 'kayak', parentId: null, index: 0 });
  assert.equal(sent.length, 1, 'the second move waits for the first save');
  release();
  await waitFor(actor, () => sent.length === 2);
  assert.deepEqual(sent[1].map((i) => i.id).sort(), ['desert', 'kayak', 'water'].sort());
  release();
  await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(ids(childrenOf(actor.getSnapshot().context.terms, null)), ['kayak', 'desert', 'water']);

  refuse = true;
  actor.send({ type: 'move', id: 'water', parentId: null, index: 0 });
  release();
  await waitFor(actor, (s) => s.matches('ready') && s.context.error !== null);
  assert.deepEqual(ids(childrenOf(actor.getSnapshot().context.terms, null)), ['kayak', 'desert', 'water'], 'back to the saved order');
  assert.equal(actor.getSnapshot().context.error, 'Nope.');
});

test('two levels only: a category holding subcategories is not put under another, and says so until a move is taken', async () => {
  const sent: OrderItem[][] = [];
  const actor = createActor(
    taxonomyMachine.provide({
      actors: {
        loadTerms: fromPromise(async () => tree),
        saveOrder: fromPromise<unknown, { resource: TaxonomyResource; items: OrderItem[] }>(async ({ input }) => {
          sent.push(input.items);
          return { changed: input.items.length };
        }),
      },
    }),
    { input: { resource: 'categories', tree: true } },
  ).start();
  await waitFor(actor, (s) => s.matches('ready'));
  actor.send({ type: 'move', id: 'water', parentId: 'desert', index: 0 });
  assert.equal(actor.getSnapshot().context.refused, true);
  assert.ok(actor.getSnapshot().matches('ready'), 'nothing sent');
  assert.deepEqual(ids(childrenOf(actor.getSnapshot().context.terms, 'desert')), ['dunes']);

  actor.send({ type: 'move', id: 'desert', parentId: 'desert', index: 0 });
  assert.equal(actor.getSnapshot().context.refused, true, 'a term dropped among its own subcategories changes nothing, said or not');
  assert.equal(sent.length, 0);

  actor.send({ type: 'move', id: 'surf', parentId: 'desert', index: 1 });
  assert.equal(actor.getSnapshot().context.refused, false, 'a move taken clears the refusal');
  await waitFor(actor, (s) => s.matches('ready'));
  assert.deepEqual(ids(childrenOf(actor.getSnapshot().context.terms, 'desert')), ['dunes', 'surf']);
  assert.equal(sent.length, 1);
});
