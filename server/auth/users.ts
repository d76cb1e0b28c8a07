/** Reading and creating user accounts; shared by the login routes, the demo seed and the CLI. */
import type { Queryable } from '../db/index.ts';
import type { AuthUser } from '../engine/actor.ts';
import { hashPassword } from './passwords.ts';

/** The signed-in user of a request: its shape is the engine's (server/engine/actor.ts). */
export type { AuthUser };

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The columns of a user that the API shows, in AuthUser's shape. */
export const USER_COLUMNS = 'id, email, name, phone, admin, vendor_id';

/** Just the AuthUser fields of a wider row (never leak password_hash and the like). */
export const toAuthUser = ({ id, email, name, phone, admin, vendor_id }: AuthUser): AuthUser => ({
  id,
  email,
  name,
  phone,
  admin,
  vendor_id,
});

export interface NewUser {
  email: string;
  name: string;
  phone?: string | null;
  password: string;
  admin: boolean;
  /** Required for vendor staff (admin false). */
  vendorId?: string | null;
}

export class DuplicateEmailError extends Error {
  constructor(readonly email: string) {
    super(`A user with the email ${email} already exists.`);
  }
}

export async function createUser(q: Queryable, input: NewUser): Promise<AuthUser> {
  const passwordHash = await hashPassword(input.password);
  try {
    const { rows } = await q.query<AuthUser>(
      `INSERT INTO users (email, name, phone, password_hash, admin, vendor_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${USER_COLUMNS}`,
      [input.email, input.name, input.phone ?? null, passwordHash, input.admin, input.vendorId ?? null],
    );
    return rows[0];
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && (constraint === undefined || constraint === 'users_email_key')) {
      throw new DuplicateEmailError(input.email);
    }
    throw error;
  }
}

/**
 * Staff of a vendor the marketplace suspended or rejected are locked out like a
 * deactivated user: at login and on every request.
 */
export const VENDOR_ALLOWS_ACCESS = `NOT EXISTS (
  SELECT 1 FROM vendors WHERE vendors.id = users.vendor_id AND vendors.status IN ('suspended', 'rejected')
)`;

/**
 * An active user (of a vendor in good standing) by id, or undefined; with a session id,
 * only while that session of theirs is live (not logged out, not revoked for reuse).
 */
export async function findActiveUser(q: Queryable, id: string, sessionId?: string): Promise<AuthUser | undefined> {
  const session = sessionId
    ? 'AND EXISTS (SELECT 1 FROM refresh_tokens rt WHERE rt.family_id = $2 AND rt.user_id = users.id AND rt.revoked_at IS NULL)'
    : '';
  const { rows } = await q.query<AuthUser>(
    `SELECT ${USER_COLUMNS} FROM users WHERE id = $1 AND active AND ${VENDOR_ALLOWS_ACCESS} ${session}`,
    sessionId ? [id, sessionId] : [id],
  );
  return rows[0];
}

/** The user with this email (any case), with what login needs to decide. */
export async function findUserForLogin(
  q: Queryable,
  email: string,
): Promise<(AuthUser & { password_hash: string; active: boolean }) | undefined> {
  const { rows } = await q.query<AuthUser & { password_hash: string; active: boolean }>(
    `SELECT ${USER_COLUMNS}, password_hash, active AND ${VENDOR_ALLOWS_ACCESS} AS active FROM users WHERE lower(email) = lower($1)`,
    [email],
  );
  return rows[0];
}
