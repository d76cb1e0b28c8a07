import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import { helpArticles } from '../../../common/collections.ts';
import { recordMachine, type Draft } from './record.ts';
import { validateDraft } from './validation.ts';

const limits = helpArticles.fields;

test("a new record's required fields are checked whether touched or not", () => {
  const errors = validateDraft(limits, { slug: '', title_i18n: { en: '', fr: '', ar: '' }, body_i18n: { en: 'Text', fr: '', ar: '' }, audience: 'all' }, [], true);
  assert.deepEqual(errors.slug, ['validation.required']);
  assert.deepEqual(errors['title_i18n.en'], ['validation.required']);
  assert.equal(errors['body_i18n.en'], undefined);
});

test('lengths, patterns, enums, ranges and list sizes come from the server’s limits', () => {
  const values = {
    slug: 'Not A Slug',
    title_i18n: { en: 'x'.repeat(201), fr: '', ar: '' },
    audience: 'everyone',
    sort_order: 100_001,
    tags: Array.from({ length: 21 }, (_, i) => `t${i}`),
  };
  const errors = validateDraft(limits, values, Object.keys(values), false, { slug: 'help.slugInvalid' });
  assert.deepEqual(errors, {
    slug: ['help.slugInvalid'],
    'title_i18n.en': ['validation.tooLong'],
    audience: ['validation.format'],
    sort_order: ['validation.outOfRange'],
    tags: ['validation.tooMany'],
  });
  // An existing record: only what the user changed is judged.
  assert.deepEqual(validateDraft(limits, { ...values, slug: 'fine-slug' }, ['slug'], false), {});
});

test('the record machine refuses to send a draft the browser can already tell is wrong', async () => {
  const saves: Draft[] = [];
  const machine = recordMachine.provide({
    actors: {
      saveRecord: fromPromise(async ({ input }: { input: { resource: string; id: string | null; changes: Draft; version: number | null } }) => {
        saves.push(input.changes);
        return { ...input.changes, id: 'h1', version: 1 } as ApiRecord;
      }),
    },
  });
  const defaults = { slug: '', title_i18n: { en: '', fr: '', ar: '' }, body_i18n: { en: '', fr: '', ar: '' }, audience: 'all', sort_order: 0 };
  const actor = createActor(machine, { input: { resource: 'help-articles', id: null, defaults, limits, formatMessages: { slug: 'help.slugInvalid' } } }).start();
  actor.send({ type: 'field.changed', name: 'slug', value: 'Bad Slug' });
  actor.send({ type: 'save' });
  assert.equal(actor.getSnapshot().value, 'invalid');
  assert.deepEqual(actor.getSnapshot().context.fieldErrors.slug, ['help.slugInvalid']);
  assert.deepEqual(actor.getSnapshot().context.fieldErrors['title_i18n.en'], ['validation.required']);

  // A number the field could not read blocks the save until it is corrected.
  actor.send({ type: 'field.changed', name: 'slug', value: 'good-slug' });
  actor.send({ type: 'field.changed', name: 'title_i18n', value: { en: 'Title', fr: '', ar: '' } });
  actor.send({ type: 'field.changed', name: 'body_i18n', value: { en: 'Body', fr: '', ar: '' } });
  actor.send({ type: 'field.changed', name: 'sort_order', value: null, problem: 'validation.unreadableNumber' });
  actor.send({ type: 'save' });
  assert.equal(actor.getSnapshot().value, 'invalid');
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, { sort_order: ['validation.unreadableNumber'] });
  assert.equal(saves.length, 0, 'nothing was sent');

  actor.send({ type: 'field.changed', name: 'sort_order', value: 3 });
  actor.send({ type: 'save' });
  await waitFor(actor, (s) => s.matches('saved'));
  assert.equal(saves.length, 1);
  assert.equal(saves[0].slug, 'good-slug');
});
