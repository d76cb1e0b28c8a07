// Runs the node test suites with node's test runner through tsx: the unit and model tests
// beside the code they test (`*.test.ts`, `*.model.test.ts` under src/, common/, server/ and
// scripts/), the rules over the source and the build (tests/rules/) and the API tests
// (tests/api/). The browser tests (tests/e2e/) are Playwright's.
//   node scripts/run-node-tests.mjs               all of them
//   node scripts/run-node-tests.mjs tests/api     one folder (or file), or several
//
// `node --test` would start a process per file, and each API test file would then load the
// server's modules and compile the embedded database's WebAssembly again (about 4 s of CPU a
// file). Here the files are dealt into batches, each run in one process by
// scripts/testBatch.mjs (every file in its own `describe`, so its hooks stay its own), with
// one batch per core at a time; the SPA's tests with browser stand-ins keep a process each (below). A batch's
// report is printed whole when it ends.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, sep } from 'node:path';

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
// The SPA's tests that put browser stand-ins on globalThis (window, fetch, localStorage) and
// start the app's singleton actors keep a process each, as under `node --test`; its machine
// tests that touch no global share the batches.
const alone = (file) => (file.startsWith('src/') || file.startsWith(`src${sep}`)) && readFileSync(file, 'utf8').includes('globalThis');
const shared = files.filter((file) => !alone(file));

// Most files wait on an embedded database that uses one core, so one batch per core.
const workers = Math.max(2, availableParallelism());
// Batches small enough that the last one to finish does not leave a core idle for long.
const batchCount = Math.min(shared.length, workers * 8);
// A file's size stands for its running time: the largest go first, each to the lightest batch.
const sizes = new Map(files.map((file) => [file, statSync(file).size]));
const batches = Array.from({ length: batchCount }, () => ({ files: [], weight: 0 }));
for (const file of [...shared].sort((a, b) => sizes.get(b) - sizes.get(a))) {
  const lightest = batches.reduce((min, batch) => (batch.weight < min.weight ? batch : min));
  lightest.files.push(file);
  lightest.weight += sizes.get(file) + 4_000; // every file also costs its own setup
}
for (const file of files.filter(alone)) batches.push({ files: [file], weight: sizes.get(file) });
const queue = batches.filter((batch) => batch.files.length > 0).sort((a, b) => b.weight - a.weight);
const batchTotal = queue.length;

const totals = { tests: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
const failedBatches = [];
const started = Date.now();

function runBatch(batch) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--test-reporter=spec', 'scripts/testBatch.mjs', ...batch.files], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      process.stdout.write(output);
      for (const key of Object.keys(totals)) {
        const match = new RegExp(`^ℹ ${key} (\\d+)$`, 'm').exec(output);
        if (match) totals[key] += Number(match[1]);
      }
      if (code !== 0) failedBatches.push(batch.files);
      resolve();
    });
  });
}

async function worker() {
  for (let batch = queue.shift(); batch; batch = queue.shift()) await runBatch(batch);
}
await Promise.all(Array.from({ length: workers }, worker));

console.log(`\n${files.length} files in ${batchTotal} batches, ${workers} at a time`);
for (const [key, value] of Object.entries(totals)) console.log(`ℹ ${key} ${value}`);
console.log(`ℹ duration_ms ${Date.now() - started}`);
for (const batchFiles of failedBatches) console.log(`✖ a batch failed: ${batchFiles.join(' ')}`);
process.exit(failedBatches.length > 0 ? 1 : 0);
