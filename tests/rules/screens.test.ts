/**
 * Every list screen's description (a `*Screen.ts` or `*Screens.ts` under src/views) against the registry
 * the server mounts its routes from: a filter, ordering, field, expansion or quick view the
 * server does not have fails here before any user meets a 400.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { COLLECTION_BY_NAME, type CollectionSpec } from '../../common/registry.ts';
import { expandable } from '../../server/engine/expand.ts';
import { tableInfo } from '../../server/engine/table.ts';
import { listScreens as screens } from './listScreens.ts';

const root = join(import.meta.dirname, '../..');
const catalogues = ['en', 'fr', 'ar'].map((l) => JSON.parse(readFileSync(join(root, `src/locales/${l}.json`), 'utf8')) as Record<string, string>);

function checkOrdering(spec: CollectionSpec, ordering: string, where: string) {
  const [field, lang] = ordering.replace(/^-/, '').split('.');
  assert.ok(spec.ordering.includes(field), `${where}: ${spec.name} cannot be ordered by ${field}`);
  if (lang) assert.ok(['en', 'fr', 'ar'].includes(lang), `${where}: ${ordering}`);
}

function checkMessage(id: string, where: string) {
  for (const catalogue of catalogues) assert.ok(id in catalogue, `${where}: message ${id} is missing from a catalogue`);
}

test('list screens are found (the search itself works)', async () => {
  const found = await screens();
  assert.ok(found.some(([name]) => name.includes('helpScreen')), 'the help screen');
  assert.ok(found.some(([name]) => name.includes('refundsScreen')), 'the refunds screen');
  assert.ok(found.some(([name]) => name.endsWith('#couponsScreen')), 'screens from a file of several');
});

test('every list screen asks the server only for what its collection has', async () => {
  for (const [where, screen] of await screens()) {
    const spec = COLLECTION_BY_NAME.get(screen.collection.name);
    assert.ok(spec, `${where}: no collection ${screen.collection.name}`);
    const columns = tableInfo(spec).columns;
    for (const filter of screen.filters) {
      const field = filter.field as string;
      assert.ok(spec.filters.includes(field), `${where}: ${spec.name} has no filter ${field}`);
      checkMessage(filter.label, where);
      if (filter.kind === 'enum') {
        // A column's values, or those of a filter on related records (the wilaya of a customer's bookings).
        const allowed = (columns.get(field)?.schema.enum ?? (spec.relatedFilters?.[field]?.schema as { enum?: string[] } | undefined)?.enum) as string[] | undefined;
        assert.ok(allowed, `${where}: ${field} is not an enum`);
        for (const value of filter.values ?? allowed) {
          assert.ok(allowed.includes(value), `${where}: ${value} is not a ${field}`);
          if (filter.optionLabel) assert.ok(filter.optionLabel(value, 'ar'), `${where}: ${value} has no name`);
          else checkMessage(`${filter.labelPrefix}.${value}`, where);
        }
      }
      if (filter.kind === 'boolean') assert.equal(columns.get(field)?.type, 'boolean', `${where}: ${field} is not a boolean`);
      if (filter.kind === 'record') assert.ok(COLLECTION_BY_NAME.has(filter.resource), `${where}: no collection ${filter.resource}`);
      if (filter.kind === 'dateRange') assert.ok(['date', 'timestamp'].includes(columns.get(field)?.kind ?? ''), `${where}: ${field} is not a date`);
    }
    checkOrdering(spec, screen.defaultOrdering, where);
    for (const field of screen.fields ?? []) assert.ok(columns.has(field), `${where}: ${spec.name} has no field ${field}`);
    const canExpand = expandable(spec);
    for (const field of screen.expand ?? []) assert.ok(canExpand.has(field), `${where}: ${spec.name} cannot expand ${field}`);
    if (screen.searchLabel) {
      assert.ok(spec.search.length > 0, `${where}: ${spec.name} searches nothing`);
      checkMessage(screen.searchLabel, where);
    }
    for (const view of screen.views ?? []) {
      assert.ok(spec.views && Object.hasOwn(spec.views, view.key), `${where}: ${spec.name} has no view ${view.key}`);
      checkMessage(view.label, where);
      if (view.ordering) checkOrdering(spec, view.ordering, where);
    }
  }
});

test("every collection's named views use filters the collection has", () => {
  for (const spec of COLLECTION_BY_NAME.values()) {
    const columns = tableInfo(spec).columns;
    for (const [name, sets] of Object.entries(spec.views ?? {})) {
      for (const set of sets) {
        for (const [key, value] of Object.entries(set)) {
          const [field, op] = key.split('__');
          assert.ok(spec.filters.includes(field), `${spec.name} view ${name} filters on ${field}`);
          const allowed = columns.get(field)?.schema.enum as string[] | undefined;
          if (allowed && (op === undefined || op === 'in')) {
            for (const v of String(value).split(',')) assert.ok(allowed.includes(v), `${spec.name} view ${name}: ${v} is not a ${field}`);
          }
        }
      }
    }
  }
});
