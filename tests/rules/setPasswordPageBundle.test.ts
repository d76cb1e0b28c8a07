/**
 * The set-password page is its own small script: built as build.mjs builds it (in memory),
 * it holds none of the back office (no React, views, machines or app shell), only the
 * shared password rule and, of the catalogues, only the `setPassword.` messages.
 */
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { test } from 'node:test';
import * as esbuild from 'esbuild';
// @ts-expect-error build.mjs is plain JavaScript
import { setPasswordPageOptions } from '../../build.mjs';

test('the set-password page bundles only its own code and its own messages', async () => {
  const result = await esbuild.build({ ...setPasswordPageOptions(), write: false, minify: true, logLevel: 'silent' });
  const inputs = Object.keys(result.metafile!.inputs);
  assert.ok(inputs.includes('src/setPassword/main.ts'));
  const foreign = inputs.filter((path) => !/^(src\/(setPassword\/|locales\/[a-z]{2}\.json$)|common\/passwordRule\.ts$)/.test(path));
  assert.deepEqual(foreign, [], 'nothing from node_modules, src/views, src/machines or src/app');
  const script = result.outputFiles!.find((file) => file.path.endsWith('.js'))!;
  assert.match(script.text, /Choisissez votre mot de passe/, 'the French messages are in');
  assert.doesNotMatch(script.text, /login\.|serverError\.|pay\.|route\./, 'no other message of the catalogues');
  assert.ok(gzipSync(script.contents).length < 6 * 1024, `${gzipSync(script.contents).length} bytes gzip`);
});
