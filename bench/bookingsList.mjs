// Latency (p50, p95) and throughput of the bookings list API at 10 concurrent connections:
//   GET /branch/api/bookings/?status=completed&starts_at__gte=<date>&ordering=starts_at&fields=<the table's>
// page 1 and page 200 (page_size 25), as the bookings screen asks for them (the fields of
// its table; Node's fetch accepts gzip, so responses are compressed), and page 1 of whole
// records for comparison;
// beside a bare Fastify route (one `GET /bare` answering {ok:true}, started in this
// process) measured the same way.
//
// Then the same list as the demo vendor's staff see it (page 200 only when they have one).
//
// (a) the demo data (20,000 bookings) on the in-memory PGlite server of the run;
// (b) when BENCH_DATABASE_URL is set, a second server on that PostgreSQL database, seeded
//     beforehand with `DATABASE_URL=<url> npm run seed -- --scale 50` (1,000,000 bookings).
//
// Each case: a warm-up of BENCH_WARMUP_MS (default 1 s), then 10 loops each sending one
// request after the other for BENCH_DURATION_MS (default 5 s), over keep-alive connections
// to 127.0.0.1. The date is the earliest completed booking's day: completed bookings are
// the only status with more than 200 pages in the demo data (confirmed ones lie ahead,
// about 3,400 of them). The run fails if page 200 is not full.
import Fastify from 'fastify';
import { startServer } from './lib/server.mjs';
import { percentile } from './lib/stats.mjs';

export const CONCURRENCY = 10;
/** The fields the bookings table asks for (FIELDS in src/views/bookings/BookingListPage.tsx). */
export const TABLE_FIELDS = 'ref,customer_name,customer_phone,service_title_i18n,starts_at,participants_count,total,paid,balance,currency,status,payment_status';
const WARMUP_MS = Number(process.env.BENCH_WARMUP_MS ?? 1_000);
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 5_000);

/**
 * `concurrency` loops, each fetching `url` one request after the other until `durationMs`
 * is over. Returns the latencies (ms) of the measured requests and the requests/second.
 */
export async function load(url, { headers = {}, concurrency = CONCURRENCY, durationMs = DURATION_MS, warmupMs = WARMUP_MS } = {}) {
  const run = async (ms, latencies) => {
    const started = performance.now();
    const end = started + ms;
    let failures = 0;
    const loop = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) failures += 1;
        latencies?.push(performance.now() - t0);
      }
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
    if (failures > 0) throw new Error(`${failures} requests to ${url} failed`);
    return performance.now() - started;
  };
  await run(warmupMs);
  const latencies = [];
  const elapsed = await run(durationMs, latencies);
  return { latencies, rps: (latencies.length * 1000) / elapsed };
}

export function loadRow(label, { latencies, rps }) {
  return [label, `${percentile(latencies, 50).toFixed(1)} ms`, `${percentile(latencies, 95).toFixed(1)} ms`, rps.toFixed(0), String(latencies.length)];
}

export const LOAD_COLUMNS = ['request', 'p50', 'p95', 'req/s', 'requests'];

export async function startBare() {
  const app = Fastify({ logger: false });
  app.get('/bare', async () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { url: `http://127.0.0.1:${app.server.address().port}/bare`, close: () => app.close() };
}

async function apiGet(server, token, path) {
  const response = await fetch(`${server.baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return response.json();
}

async function measureServer(server, label, log) {
  const session = await server.login('admin@rihla.test', 'admin12345');
  const headers = { authorization: `Bearer ${session.access_token}` };
  const earliest = await apiGet(server, session.access_token, '/branch/api/bookings/?status=completed&ordering=starts_at&page_size=1');
  const date = String(earliest.results[0].starts_at).slice(0, 10);
  const base = `/branch/api/bookings/?status=completed&starts_at__gte=${date}&ordering=starts_at&page_size=25`;
  const deep = await apiGet(server, session.access_token, `${base}&fields=ref&page=200`);
  if (deep.results.length !== 25) throw new Error(`${label}: page 200 of ${base} holds ${deep.results.length} rows, not 25`);
  const { count, count_exact } = await apiGet(server, session.access_token, base);
  const rows = [];
  for (const page of [1, 200]) {
    log(`  ${label}: page ${page}`);
    rows.push(loadRow(`${label}: page ${page}`, await load(`${server.baseURL}${base}&fields=${TABLE_FIELDS}&page=${page}`, { headers })));
  }
  log(`  ${label}: page 1, whole records`);
  rows.push(loadRow(`${label}: page 1, whole records`, await load(`${server.baseURL}${base}&page=1`, { headers })));
  const notes = [`${label}: ${base}&fields=…&page=N matches ${count_exact === false ? 'about ' : ''}${count.toLocaleString('en')} bookings.`];

  // The same list as vendor staff see it: their own bookings only (the demo vendor).
  const vendor = await server.login('vendor@rihla.test', 'vendor12345');
  const vendorHeaders = { authorization: `Bearer ${vendor.access_token}` };
  const vendorList = await apiGet(server, vendor.access_token, `${base}&fields=ref`);
  const vendorDeep = await apiGet(server, vendor.access_token, `${base}&fields=ref&page=200`);
  for (const page of vendorDeep.results.length === 25 ? [1, 200] : [1]) {
    log(`  ${label}: vendor staff, page ${page}`);
    rows.push(loadRow(`${label}: vendor staff, page ${page}`, await load(`${server.baseURL}${base}&fields=${TABLE_FIELDS}&page=${page}`, { headers: vendorHeaders })));
  }
  const about = vendorList.count_exact === false ? 'about ' : '';
  notes.push(`${label}: the demo vendor's staff see ${about}${vendorList.count.toLocaleString('en')} of them${vendorDeep.results.length === 25 ? '' : ' (no page 200)'}.`);
  return { rows, notes };
}

export default {
  name: 'bookings-list',
  title: `Bookings list API at ${CONCURRENCY} concurrent connections`,
  needs: ['server'],
  async run({ server, log }) {
    const notes = [
      `${CONCURRENCY} loops of back-to-back requests for ${DURATION_MS / 1000} s after a ${WARMUP_MS / 1000} s warm-up, Node fetch to 127.0.0.1 (client in the bench process).`,
    ];
    const rows = [];
    const bare = await startBare();
    try {
      log('  bare Fastify');
      rows.push(loadRow('bare Fastify GET /bare', await load(bare.url)));
    } finally {
      await bare.close();
    }
    const demo = await measureServer(server, 'PGlite, demo data', log);
    rows.push(...demo.rows);
    notes.push(...demo.notes);

    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (databaseUrl) {
      const pg = await startServer({ env: { DATABASE_URL: databaseUrl } });
      try {
        const measured = await measureServer(pg, 'PostgreSQL', log);
        rows.push(...measured.rows);
        notes.push(...measured.notes);
      } finally {
        await pg.stop();
      }
    } else {
      notes.push('PostgreSQL: skipped (set BENCH_DATABASE_URL to a database seeded with `npm run seed -- --scale 50`).');
    }
    return { notes, columns: LOAD_COLUMNS, rows };
  },
};
