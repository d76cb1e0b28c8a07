/**
 * Login rate limit, kept in the database so every API instance sees the same counts.
 * Only failures are recorded (a correct password never is), one row per failed login,
 * counted three ways (OWASP ASVS 2.2.1):
 *
 * - per account and address: PAIR_LIMIT failures in WINDOW_SECONDS refuse that account
 *   from that address until the oldest of them ages out. This is what stops a guesser,
 *   and it cannot lock the owner out from their own address.
 * - per account, from any address: the first ACCOUNT_FREE_FAILURES in an hour cost
 *   nothing; each one beyond doubles the wait after the latest failure (1 s, 2 s, 4 s...
 *   up to ACCOUNT_MAX_DELAY_SECONDS). A distributed guesser is slowed to a few dozen
 *   tries an hour, and the owner waits seconds to minutes, never a fixed lockout.
 * - per address, any account: ADDRESS_LIMIT failures in WINDOW_SECONDS (one address
 *   trying one password on many accounts).
 *
 * The limit is checked before the password (a refused attempt costs no scrypt and is not
 * recorded, so hammering does not extend it) and again once the outcome is known,
 * counting only failures recorded before this one: of parallel guesses that all passed
 * the first check, those decided after the limit was reached get the same 429 as the
 * others, right password or wrong, so a burst learns no more than PAIR_LIMIT guesses would.
 */
import type { Queryable } from '../db/index.ts';

export const PAIR_LIMIT = 10;
export const WINDOW_SECONDS = 15 * 60;
export const ACCOUNT_FREE_FAILURES = 50;
export const ACCOUNT_WINDOW_SECONDS = 60 * 60;
export const ACCOUNT_MAX_DELAY_SECONDS = 5 * 60;
export const ADDRESS_LIMIT = 100;

export interface AttemptKeys {
  /** Lower-cased email as typed (whether or not such a user exists). */
  account: string;
  /** Client address (request.ip). */
  address: string;
}

/**
 * Seconds until the limiter lets an attempt through, or 0. `before` counts only failures
 * recorded before that one (a failure deciding whether it may still answer 401).
 */
export async function loginRetryAfter(db: Queryable, keys: AttemptKeys, before?: string): Promise<number> {
  const { rows } = await db.query<{ retry_after: number | null }>(
    `WITH recent AS (
       SELECT id, account, address, created_at FROM login_failures
        WHERE (account = $1 OR address = $2) AND created_at > now() - make_interval(secs => $4) AND id < $3
     ),
     pair AS (
       SELECT created_at + make_interval(secs => $5) AS until FROM recent
        WHERE account = $1 AND address = $2 AND created_at > now() - make_interval(secs => $5)
        ORDER BY created_at DESC, id DESC OFFSET $6 - 1 LIMIT 1
     ),
     by_address AS (
       SELECT created_at + make_interval(secs => $5) AS until FROM recent
        WHERE address = $2 AND created_at > now() - make_interval(secs => $5)
        ORDER BY created_at DESC, id DESC OFFSET $7 - 1 LIMIT 1
     ),
     by_account AS (
       SELECT max(created_at) + make_interval(secs => least(power(2, count(*) - $8)::float8, $9)) AS until
         FROM recent WHERE account = $1 HAVING count(*) >= $8
     )
     SELECT ceil(extract(epoch FROM greatest((SELECT until FROM pair), (SELECT until FROM by_address), (SELECT until FROM by_account)) - now()))::int
            AS retry_after`,
    [keys.account, keys.address, before ?? '9223372036854775807', ACCOUNT_WINDOW_SECONDS, WINDOW_SECONDS, PAIR_LIMIT, ADDRESS_LIMIT, ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_SECONDS],
  );
  return Math.max(0, rows[0]?.retry_after ?? 0);
}

/** Records a failed login (and drops failures older than every window); returns its id. */
export async function recordLoginFailure(db: Queryable, keys: AttemptKeys): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `WITH purge AS (DELETE FROM login_failures WHERE created_at <= now() - make_interval(secs => $3))
     INSERT INTO login_failures (account, address) VALUES ($1, $2) RETURNING id::text`,
    [keys.account, keys.address, Math.max(WINDOW_SECONDS, ACCOUNT_WINDOW_SECONDS)],
  );
  return rows[0].id;
}

/** Takes back a failure that was answered 429 rather than 401: refused attempts do not count. */
export async function forgetLoginFailure(db: Queryable, id: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE id = $1', [id]);
}

/**
 * The owner got in: their earlier typos from this address no longer count. Failures
 * from other addresses stay (they may be someone else's guesses), and so do this
 * address's failures on other accounts (a valid account does not reset a sprayer).
 */
export async function loginSucceeded(db: Queryable, keys: AttemptKeys): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE account = $1 AND address = $2', [keys.account, keys.address]);
}
