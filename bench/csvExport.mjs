// CSV export of the bookings: time to download the whole file and the server's peak
// memory, for about 10,000 and about 100,000 rows, to show that memory does not grow with
// the row count (the export streams in keyset batches).
//
// Needs BENCH_DATABASE_URL: a PostgreSQL database seeded with at least 100,000 bookings
// (`DATABASE_URL=<url> npm run seed -- --scale 50`). Without it, the in-memory demo data
// (20,000 bookings) is used with 2,000 and 20,000 rows.
//
// Each size gets a fresh server process (bench/lib/server.mjs, which gives its pid); its RSS
// is read from /proc/<pid>/status (VmRSS) every 10 ms. The rows are the first N bookings
// by start time (`starts_at__lte` = the N-th booking's start); one small export warms the
// server up before the measured one.
import { readFileSync } from 'node:fs';
import { startServer } from './lib/server.mjs';

function rssBytes(pid) {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : NaN;
  } catch {
    return NaN;
  }
}

async function getJson(url, headers) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url}: HTTP ${response.status}`);
  return response.json();
}

/**
 * The filter selecting the first `rows` bookings by start time, and exactly how many it
 * matches: the list's count is an estimate past 1,000 matches, so the bookings after the
 * `rows`-th that start at the same instant are counted from the following pages.
 */
async function filterFor(baseURL, headers, rows) {
  const pageSize = 100;
  const pageAt = (n) => getJson(`${baseURL}/branch/api/bookings/?ordering=starts_at&page_size=${pageSize}&fields=starts_at&page=${n}`, headers);
  let n = Math.ceil(rows / pageSize);
  let page = await pageAt(n);
  const last = page.results[(rows - 1) % pageSize].starts_at;
  let count = rows;
  let index = ((rows - 1) % pageSize) + 1;
  for (;;) {
    const ties = page.results.slice(index).filter((r) => r.starts_at === last).length;
    count += ties;
    if (index + ties < page.results.length || page.next === null) break;
    n += 1;
    index = 0;
    page = await pageAt(n);
  }
  return { query: `ordering=starts_at&starts_at__lte=${encodeURIComponent(last)}`, count };
}

/** Downloads the export, reading the body as it comes; samples the server's RSS meanwhile. */
async function download(baseURL, headers, query, pid) {
  let peak = rssBytes(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 10);
  const started = performance.now();
  let bytes = 0;
  let lines = 0;
  try {
    const response = await fetch(`${baseURL}/branch/api/bookings/export/?${query}&lang=en`, { headers });
    if (!response.ok) throw new Error(`export: HTTP ${response.status}`);
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines += 1;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, rssBytes(pid));
  return { ms: performance.now() - started, bytes, rows: lines - 1, peak };
}

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export default {
  name: 'csv-export',
  title: 'Bookings CSV export: download time and server memory',
  async run({ log }) {
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    const sizes = databaseUrl ? [10_000, 100_000] : [2_000, 20_000];
    const env = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: 'memory', DATABASE_URL: '' };
    const rows = [];
    for (const size of sizes) {
      log(`  ${size.toLocaleString('en')} rows`);
      const server = await startServer({ env, timeoutMs: 120_000 });
      try {
        const session = await server.login('admin@rihla.test', 'admin12345');
        const headers = { authorization: `Bearer ${session.access_token}` };
        const warm = await filterFor(server.baseURL, headers, 100);
        await download(server.baseURL, headers, warm.query, server.pid);
        const { query, count } = await filterFor(server.baseURL, headers, size);
        const before = rssBytes(server.pid);
        const result = await download(server.baseURL, headers, query, server.pid);
        if (result.rows !== count) throw new Error(`the export has ${result.rows} rows; ${count} bookings match`);
        rows.push([
          result.rows.toLocaleString('en'),
          `${(result.ms / 1000).toFixed(2)} s`,
          mb(result.bytes),
          `${Math.round((result.rows * 1000) / result.ms).toLocaleString('en')}`,
          mb(before),
          mb(result.peak),
          mb(result.peak - before),
        ]);
      } finally {
        await server.stop();
      }
    }
    return {
      notes: [
        `${databaseUrl ? 'PostgreSQL (BENCH_DATABASE_URL)' : 'in-memory PGlite, demo data'}; a fresh server process per size; RSS = VmRSS of the server process, sampled every 10 ms.`,
      ],
      columns: ['rows', 'download', 'size', 'rows/s', 'RSS before', 'peak RSS', 'growth'],
      rows,
    };
  },
};
