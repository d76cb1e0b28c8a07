/**
 * The charts of the reviews screen and the duplicates panel with their requests swapped
 * (`.provide()`): ratings load again only when the filters change; a merge is sent with the
 * customer's version, tells the page and reloads the duplicates; a refusal keeps the dialog
 * open with the server's words and sends nothing more.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord } from '../../src/api/resources.ts';
import type { ServiceRating } from '../../src/api/reviews.ts';

type MergeInput = { id: string; other_id: string; version: number };

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../../src/api/client.ts');
const { ratingsMachine } = await import('../../src/machines/reviews/ratings.ts');
const { duplicatesMachine } = await import('../../src/machines/customers/duplicates.ts');

test('ratings: asked for the filters, again only when they change, retried after a failure', async () => {
  const asked: string[] = [];
  let fail = false;
  const rating: ServiceRating = { service_id: 's1', title_i18n: { en: 'Quad' }, count: 2, average: 4.5, distribution: [0, 0, 0, 1, 1] };
  const actor = createActor(
    ratingsMachine.provide({
      actors: {
        fetchRatings: fromPromise(async ({ input }: { input: { service_id?: string } }) => {
          asked.push(input.service_id ?? 'all');
          if (fail) throw new Error('down');
          return [rating];
        }),
      },
    }),
    { input: {} },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  assert.deepEqual(actor.getSnapshot().context.ratings, [rating]);
  actor.send({ type: 'filters', filters: {} });
  assert.ok(actor.getSnapshot().matches('shown'), 'the same filters ask nothing');
  fail = true;
  actor.send({ type: 'filters', filters: { service_id: 's1' } });
  await waitFor(actor, (s) => s.matches('failed'));
  fail = false;
  actor.send({ type: 'retry' });
  await waitFor(actor, (s) => s.matches('shown'));
  assert.deepEqual(asked, ['all', 's1', 's1']);
});

test("duplicates: a merge carries the customer's version, tells the page, and the list loads again", async () => {
  const other = { id: 'c2', version: 1, name: 'S. Haddad' } as ApiRecord;
  const sent: unknown[] = [];
  let lists = 0;
  let merged = 0;
  const actor = createActor(
    duplicatesMachine.provide({
      actors: {
        fetchDuplicates: fromPromise(async () => (lists++ === 0 ? [other] : [])),
        merge: fromPromise(async ({ input }: { input: MergeInput }) => (sent.push(input), { id: 'c1', version: 8 } as ApiRecord)),
      },
      actions: { merged: () => void merged++ },
    }),
    { input: { id: 'c1', version: 7 } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  actor.send({ type: 'confirm' });
  assert.deepEqual(sent, [], 'nothing is merged before one is chosen');
  actor.send({ type: 'choose', duplicate: other });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.duplicates.length === 0);
  assert.deepEqual(sent, [{ id: 'c1', other_id: 'c2', version: 7 }]);
  assert.equal(merged, 1);
  assert.equal(actor.getSnapshot().context.version, 8, 'the next merge is sent with the new version');
});

test('duplicates: a refusal keeps the dialog open with the server’s words', async () => {
  const other = { id: 'c2', version: 1, name: 'S. Haddad' } as ApiRecord;
  let merged = 0;
  const actor = createActor(
    duplicatesMachine.provide({
      actors: {
        fetchDuplicates: fromPromise(async () => [other]),
        merge: fromPromise<ApiRecord, MergeInput>(async () => {
          throw new ApiRequestError(409, 'This record was changed by someone else.', {});
        }),
      },
      actions: { merged: () => void merged++ },
    }),
    { input: { id: 'c1', version: 7 } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  actor.send({ type: 'choose', duplicate: other });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (s) => s.matches('confirming') && s.context.error !== null);
  assert.equal(actor.getSnapshot().context.error, 'This record was changed by someone else.');
  assert.equal(actor.getSnapshot().context.chosen?.id, 'c2');
  assert.equal(merged, 0);
  actor.send({ type: 'cancel' });
  assert.deepEqual([actor.getSnapshot().value, actor.getSnapshot().context.chosen], ['shown', null]);
});
