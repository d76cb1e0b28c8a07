// Latency (p50, p95) of the record search behind the command palette at 10 concurrent
// connections: GET /branch/api/search/?q=<text>&limit=5, as staff and as the demo vendor's
// staff, for what people type: a booking's whole ref and its first characters, a common
// first name, a phone number typed nationally and part of one, a service title word in
// French and in Arabic; beside a bare Fastify route measured the same way.
//
// (a) the demo data (20,000 bookings) on the in-memory PGlite server of the run;
// (b) when BENCH_DATABASE_URL is set, a second server on that PostgreSQL database, seeded
//     beforehand with `DATABASE_URL=<url> npm run seed -- --scale 50` (1,000,000 bookings,
//     100,000 customers). Target: p95 at most 50 ms there.
//
// The texts are read from the data (a booking's ref and its customer's phone), so every
// search finds something. Each case: BENCH_WARMUP_MS, then BENCH_DURATION_MS (see
// bookingsList.mjs).
import { CONCURRENCY, LOAD_COLUMNS, load, loadRow, startBare } from './bookingsList.mjs';
import { startServer } from './lib/server.mjs';

async function apiGet(server, token, path) {
  const response = await fetch(`${server.baseURL}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return response.json();
}

/** What to search for: texts taken from a booking the vendor's staff may see too. */
async function searches(server, vendorToken) {
  const { results } = await apiGet(server, vendorToken, '/branch/api/bookings/?page_size=1&ordering=-created_at&fields=ref,customer_phone');
  const { ref, customer_phone: phone } = results[0];
  const national = `0${phone.slice(4, 7)} ${phone.slice(7, 9)} ${phone.slice(9, 11)} ${phone.slice(11)}`;
  return [
    { label: 'booking ref', q: ref },
    { label: 'ref, first 4', q: ref.slice(0, 4) },
    { label: 'first name', q: 'karim' },
    { label: 'phone, national', q: national },
    { label: 'phone, part', q: national.slice(0, 7) },
    { label: 'title, French', q: 'Ghardaïa' },
    { label: 'title, Arabic', q: 'وهران' },
  ];
}

export async function measureServer(server, label, log) {
  const staff = await server.login('admin@rihla.test', 'admin12345');
  const vendor = await server.login('vendor@rihla.test', 'vendor12345');
  const rows = [];
  const notes = [];
  for (const { label: what, q } of await searches(server, vendor.access_token)) {
    const path = `/branch/api/search/?q=${encodeURIComponent(q)}&limit=5`;
    for (const [who, session] of [['staff', staff], ['vendor staff', vendor]]) {
      const found = await apiGet(server, session.access_token, path);
      // Staff find every text; the vendor's staff only what is theirs (perhaps nothing).
      if (found.results.length === 0 && who === 'staff') throw new Error(`${label}: staff found nothing for ${q}`);
      log(`  ${label}: ${what} (${who})`);
      rows.push(loadRow(`${label}: ${what} «${q}», ${who}, ${found.results.length} found`, await load(`${server.baseURL}${path}`, { headers: { authorization: `Bearer ${session.access_token}` } })));
    }
  }
  return { rows, notes };
}

export default {
  name: 'search',
  title: `Record search (command palette) at ${CONCURRENCY} concurrent connections`,
  needs: ['server'],
  async run({ server, log }) {
    const notes = [`${CONCURRENCY} loops of back-to-back requests after a warm-up, Node fetch to 127.0.0.1 (client in the bench process); limit=5 per kind.`];
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

    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (databaseUrl) {
      const pg = await startServer({ env: { DATABASE_URL: databaseUrl } });
      try {
        const measured = await measureServer(pg, 'PostgreSQL', log);
        rows.push(...measured.rows);
      } finally {
        await pg.stop();
      }
    } else {
      notes.push('PostgreSQL: skipped (set BENCH_DATABASE_URL to a database seeded with `npm run seed -- --scale 50`).');
    }
    return { notes, columns: LOAD_COLUMNS, rows };
  },
};
