// The customers screen's requests under load, at 10 concurrent connections: page 1 of the
// list as the screen asks for it (best customers first: ordering by lifetime spend, the
// table's fields), searched by a whole phone number typed the local way (0555 12 34 56),
// by part of one, and by name, filtered by the wilaya of their bookings, and as the demo
// vendor's staff see it (customers who booked with them); beside a bare Fastify route
// measured the same way. Lifetime spend, bookings and last booking are columns the server
// keeps on each write, so no request adds up bookings.
//
// (a) PGlite: the demo data (2,000 customers, 20,000 bookings), in a temporary directory;
// (b) when BENCH_DATABASE_URL is set, that PostgreSQL database brought to
//     BENCH_PG_CUSTOMERS (default 200,000) customers (seed it first with
//     `DATABASE_URL=<url> npm run seed -- --scale 50` for 1,000,000 bookings; the
//     customers beyond the demo's are copies without bookings: bench/lib/customersData.ts).
//
// Each case: a warm-up of BENCH_WARMUP_MS (default 1 s), then BENCH_DURATION_MS (default 5 s).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONCURRENCY, LOAD_COLUMNS, load, loadRow, startBare } from './bookingsList.mjs';
import { cpuSeconds } from './bookingsLoad.mjs';
import { startServer } from './lib/server.mjs';

const PG_CUSTOMERS = Number(process.env.BENCH_PG_CUSTOMERS ?? 200_000);
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);
const COLUMNS = [...LOAD_COLUMNS, 'API CPU/request'];

/**
 * `load` of one URL, with the API process's CPU time per request beside the latencies: on
 * a machine shared with other work, waiting for a core inflates the latencies, not this.
 */
async function measured(server, label, url, headers) {
  const before = cpuSeconds(server.pid);
  const result = await load(url, { headers });
  // The warm-up ran at about the same rate as the measured part.
  const requests = result.rps * ((WARMUP_MS + DURATION_MS) / 1000);
  const cpu = ((cpuSeconds(server.pid) - before) * 1000) / requests;
  return [...loadRow(label, result), Number.isNaN(cpu) ? 'n/a' : `${cpu.toFixed(2)} ms`];
}
/** What the customers table asks for (customersScreen in src/views/customers/list/customersScreen.ts). */
const FIELDS = 'name,phone,email,locale,bookings_count,lifetime_spend,wallet_balance,loyalty_points,last_booking_at,blocked';

/** Brings the database named by `env` to `target` customers (seeding the demo first when empty). */
function prepare(env, target, log) {
  log(`  preparing ${target.toLocaleString('en')} customers …`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'bench/lib/customersData.ts', String(target)], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`preparing the customers failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** `+213555123456` as people type it at a counter: `0555 12 34 56`. */
const local = (e164) => `0${e164.slice(4, 7)} ${e164.slice(7, 9)} ${e164.slice(9, 11)} ${e164.slice(11)}`;

async function measure(server, label, log) {
  const staff = { authorization: `Bearer ${(await server.login('admin@rihla.test', 'admin12345')).access_token}` };
  const vendor = { authorization: `Bearer ${(await server.login('vendor@rihla.test', 'vendor12345')).access_token}` };
  const api = `${server.baseURL}/branch/api/customers/`;
  const list = (query) => `${api}?${query}&ordering=-lifetime_spend&page_size=25&page=1&fields=${FIELDS}`;
  // A customer with bookings, to search for: their phone typed the local way, part of it, their name.
  const best = (await (await fetch(list('bookings_count__gte=1'), { headers: staff })).json()).results[10];
  const cases = [
    ['best customers first', list('')],
    [`phone typed "${local(best.phone)}"`, list(`search=${encodeURIComponent(local(best.phone))}`)],
    [`part of a phone "${local(best.phone).slice(0, 7)}"`, list(`search=${encodeURIComponent(local(best.phone).slice(0, 7))}`)],
    [`name "${best.name}"`, list(`search=${encodeURIComponent(best.name)}`)],
    ['booked in wilaya 16', list('booking_wilaya=16')],
  ];
  const rows = [];
  const notes = [];
  for (const [name, url] of cases) {
    const page = await (await fetch(url, { headers: staff })).json();
    notes.push(`${label}, ${name}: ${page.count_exact ? '' : 'about '}${page.count.toLocaleString('en')} customers.`);
    log(`  ${label}: ${name}`);
    rows.push(await measured(server, `${label}: ${name}`, url, staff));
  }
  log(`  ${label}: vendor staff`);
  rows.push(await measured(server, `${label}: vendor staff, best customers first`, list(''), vendor));
  rows.push(await measured(server, `${label}: vendor staff, phone typed`, list(`search=${encodeURIComponent(local(best.phone))}`), vendor));
  return { rows, notes };
}

export default {
  name: 'customers-list',
  title: `Customers list at ${CONCURRENCY} concurrent connections, demo data on PGlite (and ${PG_CUSTOMERS.toLocaleString('en')} customers on PostgreSQL)`,
  async run({ log }) {
    const notes = [`${CONCURRENCY} loops of back-to-back requests after a warm-up, Node fetch to 127.0.0.1 (client in the bench process), page 1 of 25 ordered by lifetime spend.`];
    const rows = [];
    const bare = await startBare();
    try {
      log('  bare Fastify');
      rows.push([...loadRow('bare Fastify GET /bare', await load(bare.url)), '']);
    } finally {
      await bare.close();
    }

    const dir = mkdtempSync(join(tmpdir(), 'rihla-bench-customers-'));
    try {
      notes.push(`PGlite: ${prepare({ DATA_DIR: dir, DATABASE_URL: '' }, 1, log)}`);
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
      notes.push(`PostgreSQL: ${prepare({ DATABASE_URL: databaseUrl }, PG_CUSTOMERS, log)}`);
      const pg = await startServer({ env: { DATABASE_URL: databaseUrl }, timeoutMs: 600_000 });
      try {
        const measured = await measure(pg, 'PostgreSQL', log);
        rows.push(...measured.rows);
        notes.push(...measured.notes);
      } finally {
        await pg.stop();
      }
    } else {
      notes.push(`PostgreSQL: skipped (set BENCH_DATABASE_URL; its customers are brought to ${PG_CUSTOMERS.toLocaleString('en')}, best on a database seeded with \`npm run seed -- --scale 50\`).`);
    }
    return { notes, columns: COLUMNS, rows };
  },
};
