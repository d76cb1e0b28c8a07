// Runs the benchmarks under bench/ and prints their figures. Nothing here is asserted:
// the numbers are for reading and comparing, not a test.
//
//   npm run bench                        every benchmark
//   npm run bench -- login               those whose name is or starts with "login"
//   npm run bench -- nav --runs 10       fewer runs (default 50)
//   npm run bench -- --list              names and titles
//
// The SPA is built first when dist/ is missing, stale or a dev build; one server (branch
// API + SPA, in-memory database with the demo accounts) is started on a free port and one
// headless Chromium is launched, for the benchmarks that need them.
//
// A benchmark is a module bench/<name>.mjs whose default export is
//   { name, title, needs?: ('server' | 'browser')[], run(ctx) }
// where ctx = { runs, root, server?: { baseURL, login(email, password) }, browser?, log(text) }
// and run() resolves to a section { notes?: string[], columns: string[], rows: string[][] }
// or an array of them. Helpers for tables, percentiles, the server and the browser are in
// bench/lib/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isStale } from '../build.mjs';
import { table } from '../bench/lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);

function option(name, fallback) {
  const index = args.indexOf(name);
  if (index < 0) return fallback;
  const value = args[index + 1];
  args.splice(index, 2);
  return value;
}

const runs = Number(option('--runs', '50'));
const list = args.includes('--list');
const selectors = args.filter((arg) => !arg.startsWith('--'));
if (!Number.isInteger(runs) || runs < 1) {
  console.error('--runs wants a positive whole number');
  process.exit(2);
}

async function loadBenchmarks() {
  const dir = join(root, 'bench');
  const files = readdirSync(dir).filter((name) => name.endsWith('.mjs')).sort();
  const benches = [];
  for (const file of files) {
    const { default: bench } = await import(pathToFileURL(join(dir, file)).href);
    if (!bench?.name || typeof bench.run !== 'function') throw new Error(`bench/${file} has no { name, run } default export`);
    benches.push(bench);
  }
  return benches;
}

function isDevBuild() {
  const assets = join(root, 'dist/assets');
  return existsSync(assets) && readdirSync(assets).some((name) => name.endsWith('.map'));
}

function ensureProductionBuild(log) {
  const reason = !existsSync(join(root, 'dist/index.html'))
    ? 'dist/ is missing'
    : isDevBuild()
      ? 'dist/ holds a dev build'
      : isStale()
        ? 'dist/ is older than the sources'
        : null;
  if (!reason) return;
  log(`Building the SPA (${reason}) …`);
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the build failed');
}

function gitDescription() {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' });
  if (head.status !== 0) return 'unknown commit';
  const dirty = spawnSync('git', ['status', '--porcelain', '--', 'src', 'common', 'public', 'build.mjs', 'server'], { cwd: root, encoding: 'utf8' });
  return `${head.stdout.trim()}${dirty.stdout.trim() ? ' with uncommitted changes' : ''}`;
}

function commandLine() {
  const shown = process.argv.slice(2).join(' ');
  return process.env.npm_lifecycle_event === 'bench' ? `npm run bench${shown ? ` -- ${shown}` : ''}` : `node scripts/bench.mjs ${shown}`.trim();
}

async function main() {
  const all = await loadBenchmarks();
  if (list) {
    for (const bench of all) console.log(`${bench.name.padEnd(14)} ${bench.title}`);
    return;
  }
  const selected = selectors.length === 0 ? all : all.filter((b) => selectors.some((s) => b.name === s || b.name.startsWith(s)));
  if (selected.length === 0) {
    console.error(`no benchmark matches ${selectors.join(', ')}; try --list`);
    process.exit(2);
  }
  const log = (text) => process.stderr.write(`${text}\n`);
  const needs = new Set(selected.flatMap((b) => b.needs ?? []));

  ensureProductionBuild(log);
  const { startServer } = await import('../bench/lib/server.mjs');
  const { launchBrowser } = await import('../bench/lib/browser.mjs');
  const server = needs.has('server') ? await startServer() : undefined;
  const browser = needs.has('browser') ? await launchBrowser() : undefined;
  const output = [];
  try {
    output.push(`$ ${commandLine()}`);
    output.push(
      `Rihla benchmarks, ${new Date().toISOString().slice(0, 16)}Z, build ${gitDescription()}; node ${process.version}` +
        (browser ? `, headless Chromium ${browser.version()}` : '') +
        `, ${cpus().length} CPUs (load ${loadavg()[0].toFixed(1)} at start)`,
    );
    for (const bench of selected) {
      log(`Running ${bench.name} …`);
      const started = performance.now();
      const result = await bench.run({ runs, root, server, browser, log });
      const sections = Array.isArray(result) ? result : [result];
      output.push('', `## ${bench.name}: ${bench.title}`);
      for (const section of sections) {
        for (const note of section.notes ?? []) output.push(note);
        output.push('', table(section.columns, section.rows));
      }
      output.push('', `(${((performance.now() - started) / 1000).toFixed(1)} s)`);
    }
  } finally {
    await browser?.close();
    await server?.stop();
  }
  console.log(output.join('\n'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
