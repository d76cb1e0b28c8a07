/**
 * The code's shape holds. The SPA (src/) and the server (server/) meet only in common/,
 * which both import and which imports neither; the one thing the server takes from src/ is
 * the message catalogues (src/locales/*.json), and the SPA never imports the server. In the
 * server, the engine (server/engine/) knows no area, and an area (a folder of server/ named
 * like a folder of src/views/) reaches another only through its index.ts. Type-only
 * imports count too, and so do the tests beside the code (`*.test.ts`), with one allowance:
 * a test under server/ may import src/, so a rule both sides compute can be checked against
 * the server's (server/payments/commissionRate.test.ts). No server module imports a test,
 * so the server never loads src/ through one.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { test } from 'node:test';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.(m?[jt]sx?)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

const IMPORT = /^\s*(?:import|export)\b[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm;
const folders = (dir: string) => readdirSync(dir).filter((name) => statSync(join(dir, name)).isDirectory());
const AREAS = new Set(folders('server').filter((name) => folders('src/views').includes(name)));

/** Every relative import of src/, common/ and server/, as [importing file, imported path], with `/` separators. */
function imports(): [string, string][] {
  return ['src', 'common', 'server'].flatMap(sources).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2] ?? match[3])
      .filter((spec) => spec.startsWith('.'))
      .map((spec): [string, string] => [file.split(sep).join('/'), normalize(join(dirname(file), spec)).split(sep).join('/')]),
  );
}

/** The area a server path lies in, if any. */
const areaOf = (path: string) => {
  const [root, folder, ...rest] = path.split('/');
  return root === 'server' && rest.length > 0 && AREAS.has(folder) ? folder : null;
};

test('the engine imports no area, and areas meet only at index.ts', () => {
  assert.ok(AREAS.has('bookings') && AREAS.has('payments'), 'the areas were found');
  const found: string[] = [];
  for (const [file, target] of imports()) {
    const to = areaOf(target);
    if (file.startsWith('server/engine/') && to) found.push(`engine imports an area: ${file} -> ${target}`);
    const from = areaOf(file);
    if (from && to && from !== to && target !== `server/${to}/index.ts`) found.push(`past ${to}/index.ts: ${file} -> ${target}`);
  }
  assert.deepEqual(found, []);
});

test('src/ and server/ meet only in common/, which imports neither', () => {
  const all = imports();
  assert.ok(all.some(([file, target]) => file.startsWith('server/') && target.startsWith('common/')), 'the server imports common/');
  const found: string[] = [];
  for (const [file, target] of all) {
    if (file.startsWith('src/') && target.startsWith('server/')) found.push(`src imports the server: ${file} -> ${target}`);
    const serverTest = /\.test\.tsx?$/.test(file);
    if (file.startsWith('server/') && target.startsWith('src/') && !serverTest && !/^src\/locales\/[a-z]{2}\.json$/.test(target)) found.push(`the server imports src/ beyond its message catalogues: ${file} -> ${target}`);
    if (file.startsWith('common/') && /^(src|server)\//.test(target)) found.push(`common imports a side: ${file} -> ${target}`);
  }
  assert.deepEqual(found, []);
});
