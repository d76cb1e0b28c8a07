// Latency (p50, p95) and throughput of the home dashboard endpoint at 10 concurrent
// connections, `GET /branch/api/dashboard/?period=30` and `=90`, as staff (the whole
// marketplace) and as the demo vendor's staff, beside a bare Fastify route measured the
// same way (see bookingsList.mjs for the load loop).
//
// (a) the demo data (20,000 bookings) on the in-memory PGlite server of the run (target 25 ms);
// (b) when BENCH_DATABASE_URL is set, a second server on that PostgreSQL database, seeded
//     beforehand with `DATABASE_URL=<url> npm run seed -- --scale 50` (1,000,000 bookings;
//     target 50 ms).
import { CONCURRENCY, LOAD_COLUMNS, load, loadRow, startBare } from './bookingsList.mjs';
import { startServer } from './lib/server.mjs';

async function measureServer(server, label, log) {
  const rows = [];
  for (const [who, email, password] of [['staff', 'admin@rihla.test', 'admin12345'], ['vendor staff', 'vendor@rihla.test', 'vendor12345']]) {
    const session = await server.login(email, password);
    const headers = { authorization: `Bearer ${session.access_token}` };
    for (const period of [30, 90]) {
      log(`  ${label}: ${who}, ${period} days`);
      rows.push(loadRow(`${label}: ${who}, ${period} days`, await load(`${server.baseURL}/branch/api/dashboard/?period=${period}`, { headers })));
    }
  }
  return rows;
}

export default {
  name: 'dashboard',
  title: `Home dashboard API at ${CONCURRENCY} concurrent connections`,
  needs: ['server'],
  async run({ server, log }) {
    const notes = ['Targets: p95 at most 25 ms on PGlite (20,000 bookings), 50 ms on PostgreSQL (1,000,000).'];
    const rows = [];
    const bare = await startBare();
    try {
      log('  bare Fastify');
      rows.push(loadRow('bare Fastify GET /bare', await load(bare.url)));
    } finally {
      await bare.close();
    }
    rows.push(...(await measureServer(server, 'PGlite, demo data', log)));
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (databaseUrl) {
      const pg = await startServer({ env: { DATABASE_URL: databaseUrl } });
      try {
        rows.push(...(await measureServer(pg, 'PostgreSQL', log)));
      } finally {
        await pg.stop();
      }
    } else {
      notes.push('PostgreSQL: skipped (set BENCH_DATABASE_URL to a database seeded with `npm run seed -- --scale 50`).');
    }
    return { notes, columns: LOAD_COLUMNS, rows };
  },
};
