// Runs the node test suites (unit, model, API) with node's test runner through tsx.
// Node 20's runner takes no globs, so the files are listed here.
//   node scripts/run-node-tests.mjs               every *.test.ts under tests/ except e2e
//   node scripts/run-node-tests.mjs tests/api     one folder (or file)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const roots = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['tests/unit', 'tests/model', 'tests/api'];

function testFiles(path) {
  if (!existsSync(path)) return [];
  if (statSync(path).isFile()) return [path];
  return readdirSync(path).sort().flatMap((name) => {
    const child = join(path, name);
    if (statSync(child).isDirectory()) return testFiles(child);
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
