/**
 * Views draw and send events; machines own behaviour (the README's "Building a screen").
 * Over every file under src/views: no run-time import of src/api (types are fine), no raw
 * API address, no fetch or AbortController (a read is declared on a screen, a write is a
 * command), no machine defined, and `useState` only for what is purely visual, under a
 * ceiling that may only come down.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { test } from 'node:test';

const root = join(import.meta.dirname, '../..');
const viewsDir = join(root, 'src/views');
const apiDir = join(root, 'src/api');

/** What the views may hold of `useState`: open or closed, a hover, a tab; lower it as views move onto the engine. */
const USE_STATE_CEILING = 41;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    // A test beside a view (`*.test.ts`) drives it; it is not a view.
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const views = sources(viewsDir).map((path) => ({ path, name: relative(root, path), text: readFileSync(path, 'utf8') }));

const IMPORT = /^\s*(import|export)\s+(type\s+)?([^;]*?)\s*from\s*'([^']+)'/gms;

/** The modules a file imports for use at run time (an import of types only is left out). */
function runtimeImports(text: string): string[] {
  const found: string[] = [];
  for (const [, , typeOnly, body, spec] of text.matchAll(IMPORT)) {
    if (typeOnly) continue;
    const names = body.trim().startsWith('{') ? body.trim().slice(1, -1).split(',').map((n) => n.trim()).filter(Boolean) : [body];
    if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
    found.push(spec);
  }
  return found;
}

const offenders = (rule: (view: (typeof views)[number]) => boolean) => views.filter(rule).map((v) => v.name);

test('no view calls the API: reads are declared on screens, writes are commands', () => {
  const importing = offenders(({ path, text }) =>
    runtimeImports(text).some((spec) => spec.startsWith('.') && normalize(join(dirname(path), spec)).startsWith(apiDir + '/')),
  );
  assert.deepEqual(importing, [], 'these views import src/api at run time');
  assert.deepEqual(offenders(({ text }) => text.includes('/branch/api/')), [], 'these views write an API address');
  assert.deepEqual(offenders(({ text }) => /\bfetch\(|new AbortController\(/.test(text)), [], 'these views fetch by themselves');
});

test('no machine is defined under src/views: machines live in src/machines, drawn and tested', () => {
  assert.deepEqual(offenders(({ text }) => /\b(createMachine|setup)\(\s*\{/.test(text) && text.includes("from 'xstate'")), []);
});

test(`views hold at most ${USE_STATE_CEILING} useState, for what is purely visual`, () => {
  const counts = views.map((v) => [v.name, (v.text.match(/\buseState\s*[<(]/g) ?? []).length] as const).filter(([, n]) => n > 0);
  const total = counts.reduce((sum, [, n]) => sum + n, 0);
  assert.ok(total <= USE_STATE_CEILING, `${total} useState in src/views:\n${counts.map(([name, n]) => `${n} ${name}`).join('\n')}`);
});

test('pages are named by what they are: a list screen <Thing>ListPage, a record screen <Thing>DetailPage', () => {
  const misnamed = views.flatMap(({ name, text }) => {
    const pages = [...text.matchAll(/export function ([A-Z]\w*Page)\b/g)].map((m) => m[1]);
    const kind = text.includes('useRecordScreen(') ? 'DetailPage' : text.includes('useListScreen(') ? 'ListPage' : null;
    return kind ? pages.filter((page) => !page.endsWith(kind)).map((page) => `${name}#${page} (${kind})`) : [];
  });
  assert.deepEqual(misnamed, []);
});
