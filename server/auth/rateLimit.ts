/**
 * Login rate limit, kept in the database so every API instance sees the same counts.
 *
 * Two sliding windows of LOGIN_WINDOW_SECONDS: failures per account (the lower-cased
 * email as typed, whether or not such a user exists, so the limiter says nothing about
 * which accounts exist) and failures per client address. An attempt is refused with 429
 * when either already holds LOGIN_LIMIT failures.
 *
 * - An attempt is recorded before its password is checked, so parallel guesses count
 *   against each other instead of all passing a check made before any of them failed.
 * - A refused (429) attempt is not recorded: hammering does not extend the lockout.
 * - A success clears the account's failures (the owner got in; their earlier typos no
 *   longer count) but not the address's, so one valid account cannot be used to reset
 *   an address that is guessing the passwords of others.
 */
import type { Queryable } from '../db/index.ts';

export const LOGIN_LIMIT = 10;
export const LOGIN_WINDOW_SECONDS = 15 * 60;

export interface AttemptKeys {
  /** Lower-cased email. */
  account: string;
  /** Client address (request.ip). */
  address: string;
}

export type Reservation =
  | { ok: true; keys: AttemptKeys; addressRowId: string }
  | { ok: false; retryAfter: number };

/** Records an attempt, or refuses it with the seconds until the limiter lets one through. */
export async function reserveLoginAttempt(db: Queryable, keys: AttemptKeys): Promise<Reservation> {
  const inserted = await db.query<{ id: string; scope: 'account' | 'address' }>(
    `WITH purge AS (DELETE FROM login_attempts WHERE created_at <= now() - make_interval(secs => $3))
     INSERT INTO login_attempts (scope, key) VALUES ('account', $1), ('address', $2) RETURNING id::text, scope`,
    [keys.account, keys.address, LOGIN_WINDOW_SECONDS],
  );
  const accountRowId = inserted.rows.find((r) => r.scope === 'account')!.id;
  const addressRowId = inserted.rows.find((r) => r.scope === 'address')!.id;

  // For each scope holding LOGIN_LIMIT or more earlier attempts in the window, the limit
  // lifts when enough of them age out: when the (n - limit + 1)-th oldest does.
  const blocked = await db.query<{ retry_after: number }>(
    `SELECT ceil(extract(epoch FROM created_at + make_interval(secs => $5) - now()))::int AS retry_after
       FROM (SELECT created_at,
                    row_number() OVER (PARTITION BY scope ORDER BY created_at, id) AS rank,
                    count(*) OVER (PARTITION BY scope) AS n
               FROM login_attempts
              WHERE ((scope = 'account' AND key = $1 AND id < $3) OR (scope = 'address' AND key = $2 AND id < $4))
                AND created_at > now() - make_interval(secs => $5)) AS recent
      WHERE n >= $6 AND rank = n - $6 + 1`,
    [keys.account, keys.address, accountRowId, addressRowId, LOGIN_WINDOW_SECONDS, LOGIN_LIMIT],
  );
  if (blocked.rows.length > 0) {
    await db.query('DELETE FROM login_attempts WHERE id = $1 OR id = $2', [accountRowId, addressRowId]);
    return { ok: false, retryAfter: Math.max(1, ...blocked.rows.map((r) => r.retry_after)) };
  }
  return { ok: true, keys, addressRowId };
}

/** The attempt succeeded: forget it, and every failure of the account. */
export async function loginSucceeded(db: Queryable, reservation: Extract<Reservation, { ok: true }>): Promise<void> {
  await db.query(`DELETE FROM login_attempts WHERE id = $1 OR (scope = 'account' AND key = $2)`, [
    reservation.addressRowId,
    reservation.keys.account,
  ]);
}
