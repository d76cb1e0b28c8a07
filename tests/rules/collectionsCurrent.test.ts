import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { COLLECTIONS_FILE, renderCollections } from '../../scripts/collections.ts';

// Screens are typed against this copy of the registry: it must say what the server does now.
test('common/collections.ts matches the registry and schemas (run `npm run collections` after changing one)', () => {
  assert.equal(readFileSync(COLLECTIONS_FILE, 'utf8'), renderCollections());
});
