// The bookings list under load: page 1 of the bookings screen's request (as in
// bookings-list) at 1, 10 and 50 concurrent connections, on the embedded database (PGlite)
// and, when BENCH_DATABASE_URL is set, on that PostgreSQL database; p50/p95/p99, req/s, and
// the CPU the API server process used meanwhile (100 % = one core).
//
// PGlite runs inside the server process, on the same thread as Fastify: every query of
// every request waits for the one connection and for the one core that also parses and
// answers HTTP. Once that core is busy, more connections add no throughput, only waiting:
// p50 grows as connections ÷ req/s. A PostgreSQL server runs queries in its own processes
// (DATABASE_POOL_SIZE connections), on the other cores.
//
// Each case: a warm-up of BENCH_WARMUP_MS (default 1 s), then BENCH_LOAD_MS (default 3 s).
import { readFileSync } from 'node:fs';
import { load, TABLE_FIELDS } from './bookingsList.mjs';
import { startServer } from './lib/server.mjs';
import { percentile } from './lib/stats.mjs';

const CONNECTIONS = [1, 10, 50];
const DURATION_MS = Number(process.env.BENCH_LOAD_MS ?? 3_000);

/** CPU seconds (user + system) a process has used so far, from /proc (Linux). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ = 100)
  } catch {
    return NaN;
  }
}

async function measure(server, label, log) {
  const session = await server.login('admin@rihla.test', 'admin12345');
  const headers = { authorization: `Bearer ${session.access_token}` };
  const first = await fetch(`${server.baseURL}/branch/api/bookings/?status=completed&ordering=starts_at&page_size=1`, { headers });
  const earliest = (await first.json()).results[0];
  const date = String(earliest.starts_at).slice(0, 10);
  const url = `${server.baseURL}/branch/api/bookings/?status=completed&starts_at__gte=${date}&ordering=starts_at&page_size=25&fields=${TABLE_FIELDS}&page=1`;
  const rows = [];
  for (const connections of CONNECTIONS) {
    log(`  ${label}: ${connections} connections`);
    const cpuBefore = cpuSeconds(server.pid);
    const started = performance.now();
    const { latencies, rps } = await load(url, { headers, concurrency: connections, durationMs: DURATION_MS });
    const cpu = (cpuSeconds(server.pid) - cpuBefore) / ((performance.now() - started) / 1000);
    const ms = (p) => `${percentile(latencies, p).toFixed(1)} ms`;
    rows.push([label, String(connections), ms(50), ms(95), ms(99), rps.toFixed(0), Number.isNaN(cpu) ? 'n/a' : `${Math.round(cpu * 100)} %`]);
  }
  return rows;
}

export default {
  name: 'bookings-load',
  title: 'Bookings list page 1 at 1, 10 and 50 concurrent connections, PGlite and PostgreSQL',
  needs: ['server'],
  async run({ server, log }) {
    const notes = [
      `Back-to-back requests on each connection for ${DURATION_MS / 1000} s after a warm-up, Node fetch to 127.0.0.1 (client in the bench process, on the same cores).`,
      'server CPU: the API process only (warm-up included); with PGlite it includes every query, with PostgreSQL the database processes come on top.',
    ];
    const rows = await measure(server, 'PGlite, demo data', log);
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (databaseUrl) {
      const pg = await startServer({ env: { DATABASE_URL: databaseUrl }, timeoutMs: 600_000 });
      try {
        rows.push(...(await measure(pg, 'PostgreSQL', log)));
      } finally {
        await pg.stop();
      }
    } else {
      notes.push('PostgreSQL: skipped (set BENCH_DATABASE_URL; an empty database gets the demo data on first start).');
    }
    return { notes, columns: ['request', 'connections', 'p50', 'p95', 'p99', 'req/s', 'server CPU'], rows };
  },
};
