/**
 * The notifications screens' charts with their requests swapped (`.provide()`): the
 * composer counts the audience after a pause and again on each change, confirms, then
 * creates and sends; a refusal goes back to editing with the errors at their fields and
 * the draft kept. A topic's subscribers: searched from the first page, one added (a
 * refusal said at the picker), one removed only once confirmed; each change tells the screen.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { AudienceQuery, Paged, Subscriber } from '../../api/notifications.ts';
import type { ApiRecord } from '../../api/resources.ts';
import type { ComposerDraft } from './composer.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { composerMachine, EMPTY_DRAFT, audienceOf, missingLanguages } = await import('./composer.ts');
const { topicSubscribersMachine } = await import('./subscribers.ts');

test('the composer counts the audience after a pause, then confirms and sends; a refusal keeps the draft with its errors', async () => {
  const counted: AudienceQuery[] = [];
  const submitted: ComposerDraft[] = [];
  let refuse = true;
  const actor = createActor(
    composerMachine.provide({
      actors: {
        countAudience: fromPromise<{ count: number }, AudienceQuery>(async ({ input }) => (counted.push(input), { count: input.audience_type === 'customer' ? 1 : 40 })),
        submit: fromPromise<ApiRecord, ComposerDraft>(async ({ input }) => {
          submitted.push(input);
          if (refuse) throw { detail: 'Invalid input', errors: { 'title_i18n.en': ['Required.'] } };
          return { id: 'n1', version: 2 };
        }),
      },
      delays: { countPause: 0 },
    }),
    { input: {} },
  ).start();
  await waitFor(actor, (s) => s.matches({ count: 'known' }));
  assert.equal(actor.getSnapshot().context.count, 40);
  const draft = { ...EMPTY_DRAFT, audience_type: 'customer', customer: { id: 'c1', version: 1 } as ApiRecord };
  actor.send({ type: 'change', draft });
  await waitFor(actor, (s) => s.matches({ count: 'known' }) && s.context.count === 1);
  assert.equal(counted.at(-1)?.audience_customer_id, 'c1');
  actor.send({ type: 'review' });
  assert.ok(actor.getSnapshot().matches({ form: 'confirming' }));
  actor.send({ type: 'confirm' });
  const refused = await waitFor(actor, (s) => s.matches({ form: 'editing' }) && s.context.detail !== null);
  assert.deepEqual(refused.context.errors, { 'title_i18n.en': ['Required.'] });
  assert.equal(refused.context.draft.customer?.id, 'c1');
  refuse = false;
  actor.send({ type: 'review' });
  assert.deepEqual(actor.getSnapshot().context.errors, {}, 'reviewing again clears the errors');
  actor.send({ type: 'confirm' });
  await waitFor(actor, (s) => s.context.created !== null);
  assert.equal(actor.getSnapshot().context.created?.id, 'n1');
  assert.equal(submitted.length, 2);
});

test('an audience known to reach nobody is not sent to: the composer says so until the audience changes', async () => {
  const submitted: ComposerDraft[] = [];
  const actor = createActor(
    composerMachine.provide({
      actors: {
        countAudience: fromPromise<{ count: number }, AudienceQuery>(async ({ input }) => ({ count: input.channel === 'sms' ? 0 : 12 })),
        submit: fromPromise<ApiRecord, ComposerDraft>(async ({ input }) => (submitted.push(input), { id: 'n1', version: 2 })),
      },
      delays: { countPause: 0 },
    }),
    { input: { draft: { ...EMPTY_DRAFT, channel: 'sms' } } },
  ).start();
  await waitFor(actor, (s) => s.matches({ count: 'known' }));
  actor.send({ type: 'review' });
  assert.ok(actor.getSnapshot().matches({ form: 'editing' }), 'no confirmation offered');
  assert.equal(actor.getSnapshot().context.nobody, true);
  actor.send({ type: 'change', draft: { ...EMPTY_DRAFT, channel: 'email' } });
  assert.equal(actor.getSnapshot().context.nobody, false, 'a change takes the warning away');
  await waitFor(actor, (s) => s.matches({ count: 'known' }) && s.context.count === 12);
  actor.send({ type: 'review' });
  assert.ok(actor.getSnapshot().matches({ form: 'confirming' }));
  assert.equal(submitted.length, 0);
});

test('the languages left empty are named before sending', () => {
  const text = (en: string, fr: string, ar: string) => ({ en, fr, ar });
  assert.deepEqual(missingLanguages({ title_i18n: text('Sale', '', ''), body_i18n: text('20% off', '', '') }), ['fr', 'ar']);
  assert.deepEqual(missingLanguages({ title_i18n: text('Sale', 'Soldes', ''), body_i18n: text('20% off', ' ', 'تخفيض') }), ['fr', 'ar'], 'a title without a body is not written');
  assert.deepEqual(missingLanguages({ title_i18n: text('Sale', 'Soldes', 'تخفيض'), body_i18n: text('20% off', '-20 %', 'تخفيض 20%') }), []);
  assert.deepEqual(missingLanguages({ title_i18n: text('', '', ''), body_i18n: text('', '', '') }), [], 'nothing written yet: the fields say what is required');
});

test('an audience names only what its type uses', () => {
  const segment = { ...EMPTY_DRAFT.segment, wilaya_code: '30', booked_within_days: 90 };
  assert.deepEqual(audienceOf({ ...EMPTY_DRAFT, audience_type: 'segment', segment, customer: { id: 'c1', version: 1 } }), {
    channel: 'email',
    audience_type: 'segment',
    audience_customer_id: null,
    audience_user_id: null,
    topic_id: null,
    segment_filters: { wilaya_code: '30', booked_within_days: 90 },
  });
});

const subscriber = (id: string): Subscriber => ({ customer_id: id, name: `Customer ${id}`, phone: '+213555000000', email: null, locale: 'fr', subscribed_at: '2026-11-01T10:00:00Z' });

test("a topic's subscribers: a search reads the first page, an addition refused at the picker, a removal only once confirmed", async () => {
  const loads: string[] = [];
  const calls: string[] = [];
  let changed = 0;
  const actor = createActor(
    topicSubscribersMachine.provide({
      actors: {
        load: fromPromise<Paged<Subscriber>, { topicId: string; page: number; search: string }>(async ({ input }) => {
          loads.push(`${input.topicId} p${input.page} "${input.search}"`);
          return { count: 30, next: input.page < 2 ? 'more' : null, results: [subscriber('c1')] };
        }),
        add: fromPromise<unknown, { topicId: string; customerId: string }>(async ({ input }) => {
          calls.push(`add ${input.customerId}`);
          if (input.customerId === 'c9') throw { status: 400, detail: 'Invalid input', fieldErrors: { customer_id: ['Already subscribed.'] } };
          return {};
        }),
        remove: fromPromise<unknown, { topicId: string; customerId: string }>(async ({ input }) => void calls.push(`remove ${input.customerId}`)),
      },
      actions: { announceChanged: () => void changed++ },
    }),
    { input: { topicId: 't1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  actor.send({ type: 'page', page: 2 });
  await waitFor(actor, (s) => s.matches('shown') && loads.length === 2);
  actor.send({ type: 'search', search: 'sam' });
  await waitFor(actor, (s) => s.matches('shown') && loads.length === 3);
  assert.deepEqual(loads, ['t1 p1 ""', 't1 p2 ""', 't1 p1 "sam"']);

  actor.send({ type: 'add' });
  assert.ok(actor.getSnapshot().matches('shown'), 'nothing picked, nothing added');
  actor.send({ type: 'pick', customer: { id: 'c9', version: 1 } });
  actor.send({ type: 'add' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.error !== null);
  assert.equal(actor.getSnapshot().context.error, 'Already subscribed.');
  assert.equal(actor.getSnapshot().context.adding?.id, 'c9', 'the customer picked stays');
  actor.send({ type: 'pick', customer: { id: 'c2', version: 1 } });
  assert.equal(actor.getSnapshot().context.error, null);
  actor.send({ type: 'add' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.adding === null);
  assert.equal(changed, 1);

  actor.send({ type: 'remove.ask', subscriber: subscriber('c1') });
  assert.ok(actor.getSnapshot().matches('confirmingRemoval'));
  actor.send({ type: 'remove.cancel' });
  assert.equal(actor.getSnapshot().context.removing, null);
  actor.send({ type: 'remove.ask', subscriber: subscriber('c1') });
  actor.send({ type: 'remove.confirm' });
  await waitFor(actor, (s) => s.matches('shown') && changed === 2);
  assert.deepEqual(calls, ['add c9', 'add c2', 'remove c1']);
});
