/**
 * The server's shape holds: the engine (server/engine/) knows no area; an area (a folder
 * of server/ named like a folder of src/views/) reaches another only through its
 * index.ts; and the SPA never imports the server. Type-only imports count too.
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

/** Every relative import of src/ and server/, as [importing file, imported path], with `/` separators. */
function imports(): [string, string][] {
  return ['src', 'server'].flatMap(sources).flatMap((file) =>
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

test('the engine imports no area, areas meet only at index.ts, and src/ never imports server/', () => {
  assert.ok(AREAS.has('bookings') && AREAS.has('payments'), 'the areas were found');
  const found: string[] = [];
  for (const [file, target] of imports()) {
    const to = areaOf(target);
    if (file.startsWith('server/engine/') && to) found.push(`engine imports an area: ${file} -> ${target}`);
    const from = areaOf(file);
    if (from && to && from !== to && target !== `server/${to}/index.ts`) found.push(`past ${to}/index.ts: ${file} -> ${target}`);
    if (file.startsWith('src/') && target.startsWith('server/')) found.push(`src imports the server: ${file} -> ${target}`);
  }
  assert.deepEqual(found, []);
});
