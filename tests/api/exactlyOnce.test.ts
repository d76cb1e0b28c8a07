/**
 * Exactly once per recipient, against a real server process on PostgreSQL: a
 * notification to 10,000 recipients starts going out over SMTP to a local SMTP server,
 * the server is killed with SIGKILL in the middle, started again, and finishes. Every
 * recipient then holds exactly one message (one Message-ID, the delivery's key), and the
 * copies sent again are at most the messages that were in flight at the kill.
 */
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { queueNotificationSend } from '../../server/notifications/send.ts';
import { seedTopicSend, startSmtpSink } from './smtpSink.ts';

const RECIPIENTS = 10_000;
const root = fileURLToPath(new URL('../..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('kill -9 in the middle of a 10,000-recipient send: after a restart every recipient has the message once', {
  skip: !process.env.DATABASE_URL && 'needs PostgreSQL (a real server process is killed and restarted on the same database)',
  timeout: 300_000,
}, async () => {
  const url = process.env.DATABASE_URL!;
  const schema = `exactly_once_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  const withSchema = new URL(url);
  withSchema.searchParams.set('options', `-c search_path=${schema}`);
  const db = await openDatabase({ databaseUrl: withSchema.toString() });
  const smtp = await startSmtpSink();
  let server: ChildProcess | undefined;
  try {
    await migrate(db);
    const notification = { id: await seedTopicSend(db, 'exactly-once-test', RECIPIENTS, { en: 'Body', fr: 'Corps', ar: 'نص' }) };
    await db.transaction((tx) => queueNotificationSend(tx, notification.id));

    const env = {
      ...process.env,
      // Production: no demo marketplace to seed first (the settings production requires are given).
      NODE_ENV: 'production',
      PAYMENT_GATEWAY: 'dev',
      GATEWAY_WEBHOOK_SECRET: 'exactly-once-test-webhook-secret',
      CHANNEL_SECRET: 'exactly-once-test-channel-secret',
      DATABASE_URL: withSchema.toString(),
      JWT_SECRET: 'exactly-once-test-secret-long-enough-for-hs256',
      PORT: '0',
      LOG_LEVEL: 'error',
      SMTP_URL: smtp.url,
      JOB_POLL_MS: '200',
      JOB_LOCK_SECONDS: '3',
      DELIVERY_LEASE_SECONDS: '3',
    };
    const start = () => spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    const distinct = () => new Set(smtp.received.map((m) => m.messageId)).size;

    server = start();
    const killAt = RECIPIENTS * 0.3;
    for (let waited = 0; distinct() < killAt; waited += 20) {
      assert.ok(waited < 120_000 && server.exitCode === null, `the first process sends (${distinct()} so far)`);
      await sleep(20);
    }
    server.kill('SIGKILL');
    await once(server, 'exit');
    const atKill = distinct();
    assert.ok(atKill < RECIPIENTS, 'killed in the middle of the send');

    server = start();
    for (let waited = 0; ; waited += 250) {
      const { rows } = await db.query<{ status: string }>('SELECT status FROM notifications WHERE id = $1', [notification.id]);
      if (rows[0].status !== 'sending') break;
      assert.ok(waited < 150_000 && server.exitCode === null, `the restarted process finishes (${distinct()} delivered)`);
      await sleep(250);
    }
    server.kill('SIGTERM');
    await once(server, 'exit');
    server = undefined;

    const [n] = (await db.query<Record<string, number | string>>('SELECT status, recipients_count, delivered_count, failed_count FROM notifications WHERE id = $1', [notification.id])).rows;
    assert.deepEqual(n, { status: 'sent', recipients_count: RECIPIENTS, delivered_count: RECIPIENTS, failed_count: 0 });

    // What each mailbox holds: messages by Message-ID (a mail store keeps one per id).
    const { rows: customers } = await db.query<{ id: string; email: string }>(
      `SELECT c.id, c.email FROM customers c JOIN topic_subscribers s ON s.customer_id = c.id
        JOIN notifications n ON n.topic_id = s.topic_id WHERE n.id = $1`, [notification.id]);
    assert.equal(customers.length, RECIPIENTS);
    const byAddress = new Map<string, Set<string>>();
    for (const mail of smtp.received) {
      const ids = byAddress.get(mail.to) ?? new Set<string>();
      ids.add(mail.messageId);
      byAddress.set(mail.to, ids);
    }
    for (const c of customers) {
      assert.deepEqual([...(byAddress.get(c.email) ?? [])], [`<${notification.id}:customer:${c.id}@rihla.notifications>`], `${c.email} holds one message`);
    }
    const copies = smtp.received.length - RECIPIENTS;
    console.log(`killed after ${atKill} of ${RECIPIENTS}; copies sent again for messages in flight at the kill: ${copies}`);
    assert.ok(copies <= 100, `only messages in flight at the kill went twice (${copies})`);
  } finally {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill('SIGKILL');
      await once(server, 'exit');
    }
    await smtp.close();
    await db.close();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
});
