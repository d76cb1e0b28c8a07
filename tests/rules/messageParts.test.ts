/**
 * The login page's bundle carries only the login part of the catalogues (src/locales/parts.json);
 * every message the main bundle can show must be in that part, or the login page, an error
 * page or a title would show a message id. The main bundle's files are found by esbuild
 * itself (the static imports of src/main.tsx), so a new import is checked the day it lands.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { buildAppMetafile, root } from './appBundle.ts';

const parts = JSON.parse(readFileSync(join(root, 'src/locales/parts.json'), 'utf8')) as { login: string[]; serverOnly: string[] };
const english = JSON.parse(readFileSync(join(root, 'src/locales/en.json'), 'utf8')) as Record<string, string>;

async function mainBundleFiles(): Promise<string[]> {
  const outputs = (await buildAppMetafile()).outputs;
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const imported of outputs[path]?.imports ?? []) if (imported.kind === 'import-statement' && !imported.external) visit(imported.path);
  };
  Object.keys(outputs).filter((path) => outputs[path].entryPoint === 'src/main.tsx').forEach(visit);
  const inputs = new Set<string>();
  for (const path of seen) for (const input of Object.keys(outputs[path].inputs)) if (/^src\/.*\.tsx?$/.test(input)) inputs.add(input);
  return [...inputs];
}

test('every message the main bundle shows is in the login part of the catalogues', async () => {
  const files = await mainBundleFiles();
  assert.ok(files.includes('src/views/auth/LoginPage.tsx'), 'the login page is in the main bundle');
  const login = new Set(parts.login);
  const missing: string[] = [];
  for (const file of files) {
    const source = readFileSync(join(root, file), 'utf8');
    // Whole ids ('login.title') and ids made from a prefix (`route.${key}`).
    for (const [, id] of source.matchAll(/['"`]([a-zA-Z]+\.[a-zA-Z0-9_.]+)['"`]/g)) {
      if (id in english && !login.has(id.split('.')[0])) missing.push(`${file}: ${id}`);
    }
    for (const [, prefix] of source.matchAll(/`([a-zA-Z]+)\.\$\{/g)) {
      if (Object.keys(english).some((id) => id.startsWith(`${prefix}.`)) && !login.has(prefix)) missing.push(`${file}: ${prefix}.*`);
    }
  }
  assert.deepEqual(missing, []);
});

test('the two parts and the server-only messages cover every message once', () => {
  for (const prefix of parts.serverOnly) assert.ok(!parts.login.includes(prefix), prefix);
  const prefixes = new Set(Object.keys(english).map((id) => id.split('.')[0]));
  for (const prefix of parts.login) assert.ok(prefixes.has(prefix), `no message starts with ${prefix}.`);
});
