/**
 * Sending a notification, exactly once per recipient.
 *
 * 1. queueNotificationSend (in the caller's transaction) moves a draft to `sending` (or
 *    `scheduled` when its time is ahead) and enqueues the `notification.send` job.
 * 2. The job expands the audience into one delivery row per recipient, in one
 *    transaction, under a UNIQUE idempotency key `<notification id>:<recipient key>`:
 *    a second expansion (a job re-run after a crash) adds nobody.
 * 3. It then claims deliveries in batches: a claim marks them `sending` and commits
 *    BEFORE any provider is called (the intent is recorded), each message goes out with
 *    its key as the provider's idempotency key (the SMTP Message-ID), and each is marked
 *    `sent` as soon as the provider accepted it.
 *
 * A crash can fall between the provider accepting a message and its row being marked.
 * Such a row stays `sending`; once its lease has run out it is sent again WITH THE SAME
 * KEY. The outbox and the in-app inbox keep the key UNIQUE, so for them the second send is
 * a no-op; for email the same Message-ID lets the receiving side recognise the copy (mail
 * stores drop a second message with a Message-ID they hold). The alternative, never
 * re-sending a row left `sending`, would lose the messages that had not gone out yet:
 * a recipient would get nothing. Re-sending only rows claimed by a dead worker keeps the
 * window to the messages in flight at the moment of the crash.
 */
import type { FastifyInstance } from 'fastify';
import { collection } from '../../common/registry.ts';
import type { Database, Queryable } from '../db/index.ts';
import { getSettings } from '../settings/index.ts';
import { SYSTEM_ACTOR } from '../engine/actor.ts';
import { enqueue, registerJob } from '../jobs/queue.ts';
import { fetchUnscoped, updateRecord, type Row } from '../engine/records.ts';
import { applyTransition } from '../engine/transitions.ts';
import { audienceQuery, type AudienceSpec } from './audience.ts';
import { providersFromEnv, type OutgoingMessage, type Providers } from './providers.ts';

const notifications = collection('notifications');
const BATCH = 100;
/** Attempts per delivery before it is kept as failed. */
export const MAX_ATTEMPTS = 3;

const leaseSeconds = () => Number(process.env.DELIVERY_LEASE_SECONDS ?? 60);
const retrySeconds = () => Number(process.env.DELIVERY_RETRY_SECONDS ?? 30);

const providersByApp = new WeakMap<FastifyInstance, Providers>();

/** The providers this app sends through: from the environment unless set (tests). */
export function providersFor(app: FastifyInstance): Providers {
  let providers = providersByApp.get(app);
  if (!providers) {
    providers = providersFromEnv();
    providersByApp.set(app, providers);
  }
  return providers;
}

export function useProviders(app: FastifyInstance, providers: Providers): void {
  providersByApp.set(app, providers);
}

/** When the app closes: an SMTP pool's open connections would otherwise outlive it (and an SMTP server's shutdown waits for them). */
export function closeProviders(app: FastifyInstance): void {
  for (const provider of Object.values(providersByApp.get(app) ?? {})) provider.close?.();
  providersByApp.delete(app);
}

/** In the caller's transaction: the notification goes out (now, or at scheduled_at when set and in the future). */
export async function queueNotificationSend(tx: Queryable, notificationId: string): Promise<void> {
  const record = await fetchUnscoped(tx, notifications, notificationId, true);
  if (!record) throw new Error(`notifications: no record ${notificationId}`);
  const at = record.scheduled_at == null ? NaN : Date.parse(String(record.scheduled_at));
  const future = at > Date.now();
  if (record.status === 'draft') {
    await updateRecord({ tx, actor: SYSTEM_ACTOR }, notifications, notificationId,
      { status: future ? 'scheduled' : 'sending', status_changed_at: new Date().toISOString() }, { before: record, action: 'transition:send' });
  } else if (record.status !== 'scheduled' && record.status !== 'sending') {
    throw new Error(`notifications: ${notificationId} is ${String(record.status)}, it cannot be sent again`);
  }
  await enqueue(tx, 'notification.send', { id: notificationId }, future && record.status !== 'sending' ? { runAt: new Date(at) } : {});
}

/** The job: a due scheduled notification starts sending; deliveries are expanded once, then sent. */
export async function sendNotification(app: FastifyInstance, id: string): Promise<void> {
  const now = () => new Date().toISOString();
  const record = await app.db.transaction(async (tx) => {
    let n = await fetchUnscoped(tx, notifications, id, true);
    if (!n) return null;
    if (n.status === 'scheduled') {
      // Rescheduled later (its own job will come) or cancelled: nothing to do now.
      if (Date.parse(String(n.scheduled_at)) > Date.now()) return null;
      n = await applyTransition({ tx, actor: SYSTEM_ACTOR, app, now: now() }, notifications, {}, n, { event: 'send' }, 'system');
    }
    if (n.status !== 'sending') return null;
    const { rows } = await tx.query('SELECT 1 FROM notification_deliveries WHERE notification_id = $1 LIMIT 1', [id]);
    if (rows.length > 0) return n;
    const language = await getSettings(tx, 'language');
    const audience = audienceQuery(n as unknown as AudienceSpec, String(language.default ?? 'fr'));
    const k = audience.params.length;
    const inserted = await tx.query(
      `INSERT INTO notification_deliveries (notification_id, idempotency_key, recipient_key, recipient_name, address, locale, channel)
       SELECT $${k + 1}::uuid, $${k + 1} || ':' || a.recipient_key, a.recipient_key, a.recipient_name, a.address, a.locale, $${k + 2}
       FROM (${audience.sql}) a ORDER BY a.recipient_key
       ON CONFLICT (idempotency_key) DO NOTHING`,
      [...audience.params, id, n.channel],
    );
    return updateRecord({ tx, actor: SYSTEM_ACTOR }, notifications, id, { recipients_count: inserted.rowCount }, { before: n });
  });
  if (record) await deliver(app, record);
}

interface DeliveryRow {
  id: number;
  idempotency_key: string;
  recipient_key: string;
  address: string | null;
  locale: 'en' | 'fr' | 'ar';
  channel: OutgoingMessage['channel'];
  attempts: number;
}

/** A text in the recipient's language, else English, else any. */
export function pick(texts: unknown, locale: string): string {
  const t = (texts ?? {}) as Record<string, string>;
  return t[locale] || t.en || Object.values(t).find(Boolean) || '';
}

async function deliver(app: FastifyInstance, notification: Row): Promise<void> {
  const id = String(notification.id);
  const providers = providersFor(app);
  let countsAt = Date.now();
  for (;;) {
    const { rows: batch } = await app.db.query<DeliveryRow>(
      `UPDATE notification_deliveries SET status = 'sending', attempts = attempts + 1, claimed_at = now()
       WHERE id IN (
         SELECT id FROM notification_deliveries
         WHERE notification_id = $1
           AND ((status = 'queued' AND next_attempt_at <= now()) OR (status = 'sending' AND claimed_at < now() - make_interval(secs => $2)))
         ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED)
       RETURNING id, idempotency_key, recipient_key, address, locale, channel, attempts`,
      [id, leaseSeconds(), BATCH],
    );
    if (batch.length === 0) break;
    await Promise.all(batch.map((d) => deliverOne(app.db, providers, notification, d)));
    // The list follows the counts while sending, about once a second.
    if (Date.now() - countsAt >= 1000) {
      await refreshCounts(app, id);
      countsAt = Date.now();
    }
  }
  const { rows } = await app.db.query<{ queued: number; sending: number; next: string | null; claimed: string | null }>(
    `SELECT count(*) FILTER (WHERE status = 'queued')::int AS queued, count(*) FILTER (WHERE status = 'sending')::int AS sending,
            min(next_attempt_at) FILTER (WHERE status = 'queued') AS next, max(claimed_at) FILTER (WHERE status = 'sending') AS claimed
     FROM notification_deliveries WHERE notification_id = $1`,
    [id],
  );
  const left = rows[0];
  if (left.queued > 0 || left.sending > 0) {
    // Retries wait for their back-off; rows another worker is sending are looked at again after their lease.
    const runAt = left.queued > 0 ? new Date(String(left.next)) : new Date(Date.parse(String(left.claimed)) + (leaseSeconds() + 1) * 1000);
    await refreshCounts(app, id);
    await enqueue(app.db, 'notification.send', { id }, { runAt, singletonKey: id });
    return;
  }
  await finish(app, id);
}

async function deliverOne(db: Database, providers: Providers, n: Row, d: DeliveryRow): Promise<void> {
  const message: OutgoingMessage = {
    idempotencyKey: d.idempotency_key,
    notificationId: String(n.id),
    channel: d.channel,
    recipientKey: d.recipient_key,
    address: d.address,
    locale: d.locale,
    title: pick(n.title_i18n, d.locale),
    body: pick(n.body_i18n, d.locale),
    titleI18n: n.title_i18n as Record<string, string>,
    bodyI18n: n.body_i18n as Record<string, string>,
  };
  try {
    const { ref } = await providers[d.channel].send(db, message);
    await db.query("UPDATE notification_deliveries SET status = 'sent', sent_at = now(), provider_ref = $2, last_error = NULL WHERE id = $1", [d.id, ref]);
  } catch (error) {
    const last = d.attempts >= MAX_ATTEMPTS;
    await db.query(
      'UPDATE notification_deliveries SET status = $2, last_error = $3, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1',
      [d.id, last ? 'failed' : 'queued', (error instanceof Error ? error.message : String(error)).slice(0, 1000), retrySeconds() * 2 ** (d.attempts - 1)],
    );
  }
}

async function countsOf(q: Queryable, id: string): Promise<{ delivered_count: number; failed_count: number }> {
  const { rows } = await q.query<{ delivered_count: number; failed_count: number }>(
    `SELECT count(*) FILTER (WHERE status = 'sent')::int AS delivered_count, count(*) FILTER (WHERE status = 'failed')::int AS failed_count
     FROM notification_deliveries WHERE notification_id = $1`,
    [id],
  );
  return rows[0];
}

/** Writes the counts through updateRecord (so the change is published) when they moved. */
async function refreshCounts(app: FastifyInstance, id: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const n = await fetchUnscoped(tx, notifications, id, true);
    if (!n) return;
    const counts = await countsOf(tx, id);
    if (counts.delivered_count === n.delivered_count && counts.failed_count === n.failed_count) return;
    await updateRecord({ tx, actor: SYSTEM_ACTOR }, notifications, id, counts, { before: n });
  });
}

/** Every delivery attempted: sent (some may have failed), or failed when none went out. */
async function finish(app: FastifyInstance, id: string): Promise<void> {
  await app.db.transaction(async (tx) => {
    const n = await fetchUnscoped(tx, notifications, id, true);
    if (!n || n.status !== 'sending') return;
    const counts = await countsOf(tx, id);
    const event = counts.delivered_count === 0 && counts.failed_count > 0 ? 'fail' : 'complete';
    const now = new Date().toISOString();
    const extra = { ...counts, ...(event === 'complete' ? { sent_at: now } : {}) };
    await applyTransition({ tx, actor: SYSTEM_ACTOR, app, now }, notifications, { transitions: { [event]: async () => extra } }, n,
      { event, ...(event === 'fail' ? { reason: 'Every delivery failed.' } : {}) }, 'system');
  });
}

/**
 * Every minute: scheduled notifications whose job is missing (scheduled before this
 * instance ran, or its job failed) are sent, and a send left half-done by an instance
 * that died is resumed (its counts stop moving).
 */
async function sweepNotifications(app: FastifyInstance): Promise<void> {
  const { rows } = await app.db.query<{ id: string }>(
    `SELECT id FROM notifications
     WHERE (status = 'scheduled' AND scheduled_at < now() - interval '1 minute') OR (status = 'sending' AND updated_at < now() - interval '2 minutes')
     LIMIT 100`,
  );
  for (const { id } of rows) await enqueue(app.db, 'notification.send', { id }, { singletonKey: id });
}

registerJob('notification.send', (data: { id: string }, app) => sendNotification(app, data.id));
registerJob('notifications.sweep', (_data, app) => sweepNotifications(app));
