import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Value } from 'typebox/value';
import { HELP_AUDIENCES as API_AUDIENCES, HelpArticle, HelpArticleInput } from '../../src/domain/messaging.ts';
import { HELP_AUDIENCES, HELP_DEFAULTS, HELP_FIELDS, MAX_SORT_ORDER, MAX_TAGS, MAX_TAG_LENGTH } from '../../src/views/support/helpViews.ts';

test("the help screen's audiences are the API's", () => {
  assert.deepEqual([...HELP_AUDIENCES], [...API_AUDIENCES]);
});

test("the help table asks only for fields an article has", () => {
  const known = Object.keys(HelpArticle.properties);
  for (const field of HELP_FIELDS) assert.ok(known.includes(field), field);
  assert.ok(!(HELP_FIELDS as readonly string[]).includes('body_i18n'), 'the bodies are not fetched for the table');
});

test("the editor's limits are the API's", () => {
  // The schemas' options, read as the JSON Schema they are.
  const input = HelpArticleInput.properties as unknown as {
    tags: { maxItems: number; items: { maxLength: number } };
    sort_order: { maximum: number };
  };
  assert.equal(input.tags.maxItems, MAX_TAGS);
  assert.equal(input.tags.items.maxLength, MAX_TAG_LENGTH);
  assert.equal(input.sort_order.maximum, MAX_SORT_ORDER);
  // The new article's defaults are valid once the slug, the English title and text are filled.
  const ready = {
    ...HELP_DEFAULTS,
    slug: 'how-to',
    title_i18n: { ...HELP_DEFAULTS.title_i18n, en: 'How to' },
    body_i18n: { ...HELP_DEFAULTS.body_i18n, en: 'Like this.' },
  };
  assert.equal(Value.Check(HelpArticleInput, ready), true, JSON.stringify([...Value.Errors(HelpArticleInput, ready)]));
});
