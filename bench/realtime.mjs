// Event latency of the realtime channel: from the start of a write through the API (the
// write, its commit, the NOTIFY, the instance reading the event and streaming it) to the
// event parsed by each of 200 connected SSE clients (GET /branch/api/events/, read with
// fetch like the SPA does, all signed in as staff, which every record event reaches).
// Writes are one at a time, BENCH_REALTIME_WRITES of them (default 100), 50 ms apart.
//
// (a) PGlite: one instance, the events delivered in process;
// (b) when BENCH_DATABASE_URL is set: two instances on that PostgreSQL database, the
//     clients on the second and the writes through the first (LISTEN/NOTIFY between them).
//
// Per write, "every client" is when the last of the 200 got it. Target: p95 under 100 ms.
import { randomBytes } from 'node:crypto';
import { percentile } from './lib/stats.mjs';
import { startServer } from './lib/server.mjs';

const CLIENTS = Number(process.env.BENCH_REALTIME_CLIENTS ?? 200);
const WRITES = Number(process.env.BENCH_REALTIME_WRITES ?? 100);
const PAUSE_MS = 50;

const ms = (v) => `${v.toFixed(1)} ms`;

/** One SSE client: calls `onEvent(recordId, receivedAt)` for each record event. */
async function connect(baseURL, token, onEvent) {
  const controller = new AbortController();
  const response = await fetch(`${baseURL}/branch/api/events/`, { headers: { authorization: `JWT ${token}` }, signal: controller.signal });
  if (response.status !== 200) throw new Error(`events: HTTP ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let cut;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const data = block.split('\n').find((line) => line.startsWith('data: '));
          if (data) onEvent(JSON.parse(data.slice(6)), performance.now());
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  return () => controller.abort();
}

async function measure(label, writer, reader, log) {
  const staff = await writer.login('admin@rihla.test', 'admin12345');
  const token = (await reader.login('admin@rihla.test', 'admin12345')).access_token;
  const auth = { authorization: `JWT ${staff.access_token}`, 'content-type': 'application/json' };
  const created = await fetch(`${writer.baseURL}/branch/api/categories/`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name_i18n: { en: `Bench ${randomBytes(4).toString('hex')}`, fr: 'Banc', ar: 'قياس' } }),
  });
  if (created.status !== 201) throw new Error(`category: HTTP ${created.status} ${await created.text()}`);
  let category = await created.json();

  // Arrival times of each version of the category, per client.
  const arrivals = new Map();
  const closers = [];
  log(`  ${label}: connecting ${CLIENTS} clients …`);
  for (let i = 0; i < CLIENTS; i++) {
    closers.push(
      await connect(reader.baseURL, token, (event, at) => {
        if (event.record_id !== category.id) return;
        const list = arrivals.get(event.version) ?? [];
        list.push(at);
        arrivals.set(event.version, list);
      }),
    );
  }
  const all = [];
  const lastClient = [];
  const writes = [];
  let lost = 0;
  try {
    log(`  ${label}: ${WRITES} writes …`);
    for (let i = 0; i < WRITES; i++) {
      const started = performance.now();
      const response = await fetch(`${writer.baseURL}/branch/api/categories/${category.id}/`, {
        method: 'PATCH',
        headers: auth,
        body: JSON.stringify({ version: category.version, sort_order: i }),
      });
      if (response.status !== 200) throw new Error(`write: HTTP ${response.status} ${await response.text()}`);
      writes.push(performance.now() - started);
      category = await response.json();
      // Waits until every client got it (or 2 s), then pauses before the next write.
      const deadline = performance.now() + 2_000;
      while ((arrivals.get(category.version)?.length ?? 0) < CLIENTS && performance.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      const got = arrivals.get(category.version) ?? [];
      lost += CLIENTS - got.length;
      for (const at of got) all.push(at - started);
      if (got.length > 0) lastClient.push(Math.max(...got) - started);
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  } finally {
    for (const close of closers) close();
  }
  return [
    [`${label}: each client`, all.length, ms(percentile(all, 50)), ms(percentile(all, 95)), ms(Math.max(...all)), lost],
    [`${label}: every client (last of ${CLIENTS})`, lastClient.length, ms(percentile(lastClient, 50)), ms(percentile(lastClient, 95)), ms(Math.max(...lastClient)), ''],
    [`${label}: the write alone (API round trip)`, writes.length, ms(percentile(writes, 50)), ms(percentile(writes, 95)), ms(Math.max(...writes)), ''],
  ];
}

export default {
  name: 'realtime',
  title: `event latency, write → ${CLIENTS} SSE clients (PGlite; two instances on PostgreSQL)`,
  needs: ['server'],
  async run({ server, log }) {
    const columns = ['case', 'events', 'p50', 'p95', 'max', 'missed'];
    const rows = [...(await measure('PGlite, one instance', server, server, log))];
    const notes = [
      `Latency from the start of a PATCH through the API to the event parsed by each of ${CLIENTS} staff clients; ${WRITES} writes, one at a time, ${PAUSE_MS} ms apart. The clients run in the benchmark's process, beside the server(s) on the same machine.`,
    ];
    const databaseUrl = process.env.BENCH_DATABASE_URL;
    if (databaseUrl) {
      // Both instances must accept each other's tokens.
      const env = { DATABASE_URL: databaseUrl, JWT_SECRET: randomBytes(32).toString('hex') };
      const first = await startServer({ env, timeoutMs: 600_000 });
      try {
        const second = await startServer({ env, timeoutMs: 600_000 });
        try {
          rows.push(...(await measure('PostgreSQL, write on A, clients on B', first, second, log)));
        } finally {
          await second.stop();
        }
      } finally {
        await first.stop();
      }
    } else {
      notes.push('PostgreSQL: skipped (set BENCH_DATABASE_URL to run two instances on that database).');
    }
    return { notes, columns, rows };
  },
};
