/**
 * Refresh tokens: 32 random bytes (base64url) handed to the client once and stored only
 * as their SHA-256. Every refresh spends the token and issues its successor in the same
 * family, with a fresh lifetime (a session lives as long as it is used at least once per
 * lifetime). Presenting a spent token means two parties hold it: the whole family is
 * revoked, so whoever holds the newest token is signed out too.
 *
 * A family is a session: access tokens carry its id (`sid`) and are refused as soon as
 * the family is revoked (logout, reuse, a user who may no longer sign in).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/index.ts';
import type { AuthUser } from './plugin.ts';
import { toAuthUser, VENDOR_ALLOWS_ACCESS } from './users.ts';

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Expired rows are kept this long after expiry, then purged when a session starts. */
const KEEP_EXPIRED = '1 day';

export async function issueRefreshToken(
  q: Queryable,
  userId: string,
  lifetimeSeconds: number,
  familyId?: string,
): Promise<{ id: string; token: string; familyId: string }> {
  const token = randomBytes(32).toString('base64url');
  const { rows } = await q.query<{ id: string; family_id: string }>(
    `INSERT INTO refresh_tokens (user_id, family_id, token_hash, expires_at)
     VALUES ($1, coalesce($2::uuid, gen_random_uuid()), $3, now() + make_interval(secs => $4))
     RETURNING id, family_id`,
    [userId, familyId ?? null, hashRefreshToken(token), lifetimeSeconds],
  );
  return { id: rows[0].id, token, familyId: rows[0].family_id };
}

/** Starts a new session (a new family) for a user who just logged in. */
export async function startRefreshFamily(db: Database, userId: string, lifetimeSeconds: number): Promise<{ token: string; familyId: string }> {
  await db.query(`DELETE FROM refresh_tokens WHERE expires_at < now() - interval '${KEEP_EXPIRED}'`);
  const { token, familyId } = await issueRefreshToken(db, userId, lifetimeSeconds);
  return { token, familyId };
}

export type RotateOutcome =
  | { ok: true; user: AuthUser; token: string; familyId: string }
  | { ok: false; reason: 'unknown' | 'revoked' | 'reused' | 'expired' | 'inactive' };

/**
 * Spends `token` and returns its successor. The row is locked (`FOR UPDATE`), so of two
 * concurrent refreshes with one token, the second waits, then sees the token spent and
 * treats it as reuse.
 */
export async function rotateRefreshToken(db: Database, token: string, lifetimeSeconds: number): Promise<RotateOutcome> {
  return db.transaction(async (tx): Promise<RotateOutcome> => {
    const { rows } = await tx.query<
      AuthUser & { token_id: string; family_id: string; expired: boolean; used: boolean; revoked: boolean; active: boolean }
    >(
      `SELECT rt.id AS token_id, rt.family_id, rt.expires_at <= now() AS expired,
              rt.used_at IS NOT NULL AS used, rt.revoked_at IS NOT NULL AS revoked,
              u.id, u.email, u.name, u.phone, u.admin, u.vendor_id, u.active AND ${VENDOR_ALLOWS_ACCESS.replaceAll('users.', 'u.')} AS active
         FROM refresh_tokens rt JOIN users u ON u.id = rt.user_id
        WHERE rt.token_hash = $1
          FOR UPDATE OF rt`,
      [hashRefreshToken(token)],
    );
    const row = rows[0];
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked) return { ok: false, reason: 'revoked' };
    if (row.used) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reason: 'reused' };
    }
    if (row.expired) return { ok: false, reason: 'expired' };
    // Whoever may not log in (deactivated, or staff of a suspended or rejected vendor)
    // may not refresh either; the session ends, so it does not come back on reinstatement.
    if (!row.active) {
      await revokeFamily(tx, row.family_id);
      return { ok: false, reason: 'inactive' };
    }
    const user = toAuthUser(row);
    const next = await issueRefreshToken(tx, user.id, lifetimeSeconds, row.family_id);
    await tx.query('UPDATE refresh_tokens SET used_at = now(), replaced_by = $2 WHERE id = $1', [row.token_id, next.id]);
    return { ok: true, user, token: next.token, familyId: row.family_id };
  });
}

/** Revokes the family `token` belongs to; false when the token is unknown. */
export async function revokeRefreshFamilyOf(db: Queryable, token: string): Promise<boolean> {
  const { rows } = await db.query<{ family_id: string }>('SELECT family_id FROM refresh_tokens WHERE token_hash = $1', [
    hashRefreshToken(token),
  ]);
  if (!rows[0]) return false;
  await revokeFamily(db, rows[0].family_id);
  return true;
}

async function revokeFamily(q: Queryable, familyId: string) {
  await q.query('UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL', [familyId]);
  // Acting as a vendor lives inside the login session: logging out ends it too.
  await q.query('UPDATE act_as_sessions SET ended_at = now() WHERE login_session_id = $1 AND ended_at IS NULL', [familyId]);
}
