/**
 * The schema library (typebox) validates on the server; the browser describes collections
 * with common/collections.ts instead. One value import of a schema module from a screen
 * would put the library (about 20 KB gzip) into that area's chunk, so no script the app
 * loads may contain it.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildAppMetafile } from './appBundle.ts';

test('no script of the app contains the schema library', async () => {
  const metafile = await buildAppMetafile();
  const outputs = Object.entries(metafile.outputs).filter(([path]) => path.endsWith('.js'));
  assert.ok(outputs.some(([, output]) => Object.keys(output.inputs).includes('src/views/bookings/index.tsx')), 'the area chunks are built');
  const offenders = outputs.flatMap(([, output]) => Object.keys(output.inputs).filter((input) => input.includes('node_modules/typebox/')).slice(0, 1));
  const importers = Object.entries(metafile.inputs)
    .filter(([path, input]) => /^(src|common)\//.test(path) && input.imports.some((i) => i.path.includes('node_modules/typebox/')))
    .map(([path]) => path);
  assert.deepEqual(offenders, [], `typebox is bundled, imported by ${importers.join(', ')}`);
});
