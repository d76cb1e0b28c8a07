// Building a vendor's payout batch over 100,000 payable vendor share entries (BENCH_PAYOUT_ENTRIES):
// the preview (sums only) and the build (claim every entry with one UPDATE … WHERE payout_id
// IS NULL, then the figures and the audit entries), each run in a transaction rolled back
// afterwards so every run claims the same entries. In process, on PGlite in memory, and on
// PostgreSQL too when BENCH_DATABASE_URL is set (bench/lib/payoutBatch.ts).
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { SUMMARY_COLUMNS, summary } from './lib/stats.mjs';

const ENTRIES = Number(process.env.BENCH_PAYOUT_ENTRIES ?? 100_000);
const RUNS = 5;

function measure(env, log, label) {
  log(`  ${label}: preparing ${ENTRIES.toLocaleString('en')} entries …`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lib/payoutBatch.ts', String(ENTRIES), String(RUNS)], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...env },
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`the payout benchmark failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

export default {
  name: 'payout-batch',
  title: `Building a payout batch over ${ENTRIES.toLocaleString('en')} vendor share entries`,
  async run({ log }) {
    const notes = [];
    const rows = [];
    const cases = [['PGlite', { DATABASE_URL: '' }]];
    if (process.env.BENCH_DATABASE_URL) cases.push(['PostgreSQL', { DATABASE_URL: process.env.BENCH_DATABASE_URL }]);
    else notes.push('PostgreSQL: skipped (set BENCH_DATABASE_URL).');
    for (const [label, env] of cases) {
      const figures = measure(env, log, label);
      notes.push(`${label}: ${figures.claimed.toLocaleString('en')} entries claimed by each build, ${RUNS} runs (data prepared in ${(figures.setupMs / 1000).toFixed(1)} s).`);
      rows.push([`${label}: preview (sums)`, ...summary(figures.preview)]);
      rows.push([`${label}: build (claim + figures)`, ...summary(figures.build)]);
    }
    return { notes, columns: ['case', ...SUMMARY_COLUMNS], rows };
  },
};
