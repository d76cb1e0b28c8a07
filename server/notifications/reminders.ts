/**
 * The day-before reminder: confirmed bookings starting within the next 24 hours get the
 * booking_reminder template, once (the claim in booking_notifications makes a second run,
 * on this instance or another, a no-op). Importing this module registers the recurring job.
 */
import type { FastifyInstance } from 'fastify';
import { SYSTEM_ACTOR } from '../engine/actor.ts';
import { registerJob, registerSchedule } from '../jobs/queue.ts';
import { notifyBooking } from './templates.ts';

const BATCH = 200;
const DAY_MS = 24 * 60 * 60_000;

export async function sendDueReminders(app: FastifyInstance, now = new Date()): Promise<number> {
  const iso = now.toISOString();
  const { rows: on } = await app.db.query("SELECT 1 FROM notification_templates WHERE key = 'booking_reminder' AND active");
  if (on.length === 0) return 0;
  let sent = 0;
  for (;;) {
    const batch = await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `SELECT b.id FROM bookings b
          WHERE b.status = 'confirmed' AND b.customer_id IS NOT NULL AND b.starts_at > $1 AND b.starts_at <= $2
            AND NOT EXISTS (SELECT 1 FROM booking_notifications n WHERE n.booking_id = b.id AND n.template_key = 'booking_reminder')
          ORDER BY b.starts_at LIMIT $3 FOR UPDATE OF b SKIP LOCKED`,
        [iso, new Date(now.getTime() + DAY_MS).toISOString(), BATCH],
      );
      let made = 0;
      for (const { id } of rows) {
        if (await notifyBooking({ tx, actor: SYSTEM_ACTOR, app, now: iso }, 'booking_reminder', id)) made++;
      }
      return { found: rows.length, made };
    });
    sent += batch.made;
    if (batch.found < BATCH || batch.made === 0) break;
  }
  return sent;
}

// Every 15 minutes, once across instances: a booking gets its reminder between 24 and 23¾ hours ahead.
registerJob('notifications.reminders', async (_data, app) => void (await sendDueReminders(app)));
registerSchedule('notifications.reminders', 900);
