/**
 * The README's Layout section is the tree as it is: every path it names is in the
 * repository, and every folder at the top, in src/, common/ and server/ (and every file at
 * the top of src/ and server/) is named, so a folder added or moved shows up here.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

/** The paths the Layout block names: `name/` or `a.ts b.ts` first on a line, nested by two-space indents. */
function layoutPaths(): string[] {
  const readme = readFileSync('README.md', 'utf8');
  const block = readme.slice(readme.indexOf('## Layout')).split('```')[1]!;
  const parents: string[] = [];
  const paths: string[] = [];
  for (const line of block.split('\n')) {
    const indent = line.length - line.trimStart().length;
    // A description carried over to the next line starts far to the right.
    if (line.trim() === '' || indent > 8) continue;
    const depth = indent / 2;
    parents.length = depth;
    const names = line.trim().split(/\s{2,}/)[0]!.split(' ');
    for (const name of names) paths.push(parents.join('') + name);
    if (names.length === 1 && names[0]!.endsWith('/')) parents.push(names[0]!);
  }
  return paths;
}

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);

test('every path the Layout section names is in the repository', () => {
  const missing = layoutPaths().filter((path) => (path.endsWith('/') ? !tracked.some((f) => f.startsWith(path)) : !tracked.includes(path)));
  assert.deepEqual(missing, []);
});

test('every folder at the top, in src/, common/ and server/, and every file at the top of src/ and server/, is in the Layout section', () => {
  const named = new Set(layoutPaths());
  const expected = new Set<string>();
  for (const file of tracked) {
    const parts = file.split('/');
    if (parts.length > 1 && !['README.md', 'package.json'].includes(parts[0]!)) expected.add(`${parts[0]}/`);
    if (['src', 'common', 'server'].includes(parts[0]!) && parts.length > 2) expected.add(`${parts[0]}/${parts[1]}/`);
    // A test beside a file (`config.test.ts`) is named by its file.
    if (['src', 'server'].includes(parts[0]!) && parts.length === 2 && !/\.test\.tsx?$/.test(file)) expected.add(file);
  }
  // Folders the block names as one line with what is under them (`docs/machines/`, `.ci/run`).
  const covered = (path: string) => named.has(path) || [...named].some((n) => n.startsWith(path));
  assert.deepEqual([...expected].filter((path) => !covered(path)).sort(), []);
});
