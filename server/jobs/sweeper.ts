/**
 * What happens with time and nobody acting: requested bookings whose hold ran out
 * expire (when business.auto_expire is on), and payment links past their expiry
 * expire. Safe with several API instances: rows are claimed with SKIP LOCKED, and each
 * goes through its lifecycle chart and gets its audit entry like any transition.
 */
import type { FastifyInstance } from 'fastify';
import { collection } from '../../common/registry.ts';
import { SYSTEM_ACTOR } from '../engine/actor.ts';
import { fetchUnscoped } from '../engine/records.ts';
import { applyTransition } from '../engine/transitions.ts';
import { hooksOf } from '../engine/hooks.ts';
import { getSettings } from '../settings/index.ts';


const BATCH = 200;

export async function expireOverdue(app: FastifyInstance, now = new Date()): Promise<{ bookings: number; invitations: number }> {
  const db = app.db;
  const iso = now.toISOString();
  const business = await getSettings(db, 'business');
  const done = { bookings: 0, invitations: 0 };
  const jobs = [
    { spec: collection('bookings'), key: 'bookings' as const, enabled: business.auto_expire,
      sql: "SELECT id FROM bookings WHERE status = 'requested' AND hold_expires_at <= $1 ORDER BY hold_expires_at LIMIT $2 FOR UPDATE SKIP LOCKED" },
    { spec: collection('payment-invitations'), key: 'invitations' as const, enabled: true,
      sql: "SELECT id FROM payment_invitations WHERE status IN ('sent', 'opened') AND expires_at <= $1 ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED" },
  ];
  for (const job of jobs) {
    if (!job.enabled) continue;
    for (;;) {
      const count = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ id: string }>(job.sql, [iso, BATCH]);
        for (const { id } of rows) {
          const record = (await fetchUnscoped(tx, job.spec, id))!;
          await applyTransition({ tx, actor: SYSTEM_ACTOR, app, now: iso }, job.spec, hooksOf({ app }, job.spec.name), record, { event: 'expire', reason: 'Expired automatically' }, 'system');
        }
        return rows.length;
      });
      done[job.key] += count;
      if (count < BATCH) break;
    }
  }
  return done;
}
