// Runs the node test suites with node's test runner through tsx: the unit and model tests
// beside the code they test (`*.test.ts`, `*.model.test.ts` under src/, common/, server/ and
// scripts/), the rules over the source and the build (tests/rules/) and the API tests
// (tests/api/). The browser tests (tests/e2e/) are Playwright's.
// Node 20's runner takes no globs, so the files are listed here.
//   node scripts/run-node-tests.mjs               all of them
//   node scripts/run-node-tests.mjs tests/api     one folder (or file), or several
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const ALL = ['src', 'common', 'server', 'scripts', 'tests/rules', 'tests/api'];
const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ALL;

function testFiles(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).sort().flatMap((name) => {
    const child = join(path, name);
    if (statSync(child).isDirectory()) return name === 'node_modules' ? [] : testFiles(child);
    return /\.test\.tsx?$/.test(name) ? [child] : [];
  });
}

const files = roots.flatMap(testFiles);
if (files.length === 0) {
  console.error(`no test files under ${roots.join(', ')}`);
  process.exit(1);
}
// One file per core: most suites wait on an embedded database that uses one core each.
const concurrency = `--test-concurrency=${Math.max(2, availableParallelism())}`;
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', concurrency, '--test-reporter=spec', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
