// The payments screen's requests under load, at 10 concurrent connections: page 1 of the
// list as the screen asks for it (the Paid view, newest first, the table's fields and the
// customer's name) and the totals row of the same filtered set, each alone and as the pair
// the screen sends together (a sample is the time until both answered); then with the
// method and date filters, and as the demo vendor's staff see it; beside a bare Fastify
// route measured the same way.
//
// (a) PGlite: a database of exactly BENCH_PAYMENTS (default 20,000) payments, the demo's
//     copied to reach it (bench/lib/paymentsData.ts), in a temporary directory;
// (b) when BENCH_DATABASE_URL is set, that PostgreSQL database brought to BENCH_PG_PAYMENTS
//     (default 1,000,000) payments the same way (seed it first with
//     `DATABASE_URL=<url> npm run seed -- --scale 50`, or the demo scale is copied up).
//
// Each case: a warm-up of BENCH_WARMUP_MS (default 1 s), then BENCH_DURATION_MS (default 5 s).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONCURRENCY, LOAD_COLUMNS, load, loadRow, startBare } from './bookingsList.mjs';
import { startServer } from './lib/server.mjs';

const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const PGLITE_PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 20_000);
const PG_PAYMENTS = Number(process.env.BENCH_PG_PAYMENTS ?? 1_000_000);
/** What the payments table asks for (paymentsScreen in src/views/payments/list/paymentsScreen.ts). */
const FIELDS =
  'created_at,paid_at,booking_id,booking_ref,payer_name,payer_phone,customer_id,method,amount,fee,platform_commission,vendor_share,refunded_amount,currency,status,gateway_reference,reconciled';

/** Like `load`, but each sample fetches every URL at once and lasts until all answered: what the screen waits for. */
async function loadTogether(urls, headers) {
  const run = async (ms, latencies) => {
    const started = performance.now();
    const end = started + ms;
    const loop = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const responses = await Promise.all(urls.map((url) => fetch(url, { headers })));
        await Promise.all(responses.map((r) => r.arrayBuffer()));
        if (responses.some((r) => !r.ok)) throw new Error(`a request of ${urls.join(' + ')} failed`);
        latencies?.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, loop));
    return performance.now() - started;
  };
  await run(WARMUP_MS);
  const latencies = [];
  const elapsed = await run(DURATION_MS, latencies);
  return { latencies, rps: (latencies.length * 1000) / elapsed };
}

/** Brings the database named by `env` to `target` payments (seeding the demo first when empty). */
function prepare(env, target, log) {
  log(`  preparing ${target.toLocaleString('en')} payments …`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lib/paymentsData.ts', String(target)], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`preparing the payments failed: ${result.stderr}`);
  return result.stdout.trim();
}

async function measure(server, label, log) {
  const staff = { authorization: `Bearer ${(await server.login('admin@rihla.test', 'admin12345')).access_token}` };
  const vendor = { authorization: `Bearer ${(await server.login('vendor@rihla.test', 'vendor12345')).access_token}` };
  const api = `${server.baseURL}/branch/api/payments/`;
  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const cases = [
    ['Paid view', 'view=paid'],
    ['cash, last 90 days', `view=all&method=cash&created_at__gte=${since}`],
  ];
  const rows = [];
  const notes = [];
  for (const [name, filters] of cases) {
    const list = `${api}?${filters}&ordering=-created_at&page_size=25&page=1&fields=${FIELDS}&expand=customer_id`;
    const totals = `${api}totals/?${filters}`;
    const matched = await (await fetch(totals, { headers: staff })).json();
    notes.push(`${label}, ${name} (${filters}): ${matched.count.toLocaleString('en')} payments.`);
    log(`  ${label}: ${name}`);
    rows.push(loadRow(`${label}: ${name}, list page 1`, await load(list, { headers: staff })));
    rows.push(loadRow(`${label}: ${name}, totals`, await load(totals, { headers: staff })));
    rows.push(loadRow(`${label}: ${name}, list + totals together`, await loadTogether([list, totals], staff)));
  }
  log(`  ${label}: vendor staff`);
  const own = `${api}?view=paid&ordering=-created_at&page_size=25&page=1&fields=${FIELDS}&expand=customer_id`;
  rows.push(loadRow(`${label}: vendor staff, Paid view, list + totals together`, await loadTogether([own, `${api}totals/?view=paid`], vendor)));
  return { rows, notes };
}

export default {
  name: 'payments-list',
  title: `Payments list with its totals row at ${CONCURRENCY} concurrent connections, ${PGLITE_PAYMENTS.toLocaleString('en')} payments on PGlite (and ${PG_PAYMENTS.toLocaleString('en')} on PostgreSQL)`,
  async run({ log }) {
    const notes = [
      `${CONCURRENCY} loops of back-to-back requests for ${DURATION_MS / 1000} s after a ${WARMUP_MS / 1000} s warm-up, Node fetch to 127.0.0.1 (client in the bench process). "together": both requests sent at once, the sample ends when both answered.`,
    ];
    const rows = [];
    const bare = await startBare();
    try {
      log('  bare Fastify');
      rows.push(loadRow('bare Fastify GET /bare', await load(bare.url)));
    } finally {
      await bare.close();
    }

    const dir = mkdtempSync(join(tmpdir(), 'rihla-bench-payments-'));
    try {
      notes.push(`PGlite: ${prepare({ DATA_DIR: dir, DATABASE_URL: '' }, PGLITE_PAYMENTS, log)}`);
      const server = await startServer({ env: { DATA_DIR: dir }, timeoutMs: 120_000 });
      try {
        const measured = await measure(server, 'PGlite', log);
        rows.push(...measured.rows);
        notes.push(...measured.notes);
      } finally {
        await server.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }

    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (databaseUrl) {
      notes.push(`PostgreSQL: ${prepare({ DATABASE_URL: databaseUrl }, PG_PAYMENTS, log)}`);
      const pg = await startServer({ env: { DATABASE_URL: databaseUrl }, timeoutMs: 600_000 });
      try {
        const measured = await measure(pg, 'PostgreSQL', log);
        rows.push(...measured.rows);
        notes.push(...measured.notes);
      } finally {
        await pg.stop();
      }
    } else {
      notes.push(`PostgreSQL: skipped (set BENCH_DATABASE_URL; its payments are brought to ${PG_PAYMENTS.toLocaleString('en')}, best on a database seeded with \`npm run seed -- --scale 50\`).`);
    }
    return { notes, columns: LOAD_COLUMNS, rows };
  },
};
