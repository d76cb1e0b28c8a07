/**
 * A notification to many email recipients, in process: a database (PGlite in memory, or a
 * private schema on the PostgreSQL server DATABASE_URL names) with `count` customers
 * subscribed to one topic, a local SMTP server (the one the tests use), and the send job
 * run to the end. Prints one JSON line: time, messages received, resident memory before
 * and at its peak during the send (sampled; the SMTP server runs in the same process).
 * Run with `node --import tsx`:
 *
 *   node --import tsx bench/lib/notificationSend.ts 10000
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { testConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { providersFromEnv } from '../../server/notifications/providers.ts';
import { queueNotificationSend, useProviders } from '../../server/notifications/send.ts';
import '../../server/jobs/index.ts';
import { runDueJobs } from '../../server/jobs/queue.ts';
import { seedTopicSend, startSmtpSink } from '../../tests/api/smtpSink.ts';

const count = Number(process.argv[2]);
if (!Number.isInteger(count) || count < 1) {
  console.error('usage: notificationSend.ts <recipients>');
  process.exit(2);
}
const url = process.env.DATABASE_URL || undefined;
const schema = `bench_send_${randomBytes(5).toString('hex')}`;
let databaseUrl: string | undefined;
if (url) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  databaseUrl = withSchema.toString();
}
const db = await openDatabase({ databaseUrl, dataDir: 'memory' });
const smtp = await startSmtpSink();
try {
  await migrate(db);
  const app = await buildApp(testConfig({ databaseUrl }), db);
  useProviders(app, providersFromEnv({ SMTP_URL: smtp.url }));
  const n = { id: await seedTopicSend(db, 'bench', count, { en: 'A short message.', fr: 'Un court message.', ar: 'رسالة قصيرة.' }) };
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const started = performance.now();
  await db.transaction((tx) => queueNotificationSend(tx, n.id));
  await runDueJobs(app);
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  const [done] = (await db.query<{ status: string; delivered_count: number }>('SELECT status, delivered_count FROM notifications WHERE id = $1', [n.id])).rows;
  await app.close();
  console.log(JSON.stringify({ ms, status: done.status, delivered: done.delivered_count, received: smtp.received.length, baselineMb: baseline / 2 ** 20, peakMb: peak / 2 ** 20 }));
} finally {
  await smtp.close();
  await db.close();
  if (url) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}
