/** Writes audit entries, always in the transaction of the change they describe. */
import type { Queryable } from '../db/index.ts';
import type { Actor } from './actor.ts';

export interface AuditInput {
  action: string;
  entity: string;
  entityId: string | null;
  vendorId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

export async function writeAudit(tx: Queryable, actor: Actor | null, entry: AuditInput): Promise<void> {
  await tx.query(
    `INSERT INTO audit_log (actor_user_id, actor_email, acting_as_vendor_id, action, entity, entity_id, vendor_id, before, after, acting_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, $10)`,
    [
      actor?.user.id ?? null,
      actor?.user.email ?? null,
      actor?.actingAsVendorId ?? null,
      entry.action,
      entry.entity,
      entry.entityId,
      entry.vendorId,
      entry.before == null ? null : JSON.stringify(entry.before),
      entry.after == null ? null : JSON.stringify(entry.after),
      actor?.actingAsVendorId ? actor.actingReason ?? null : null,
    ],
  );
}

/** The fields that differ between two versions of a record, as {before, after}. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (key === 'updated_at') continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key] ?? null;
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
