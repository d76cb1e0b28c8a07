/**
 * A vendor's staff accounts, managed by marketplace staff, and the public set-password link.
 *
 *   GET  /branch/api/vendors/<id>/users/                         the vendor's users with their state
 *   POST /branch/api/vendors/<id>/users/invite/  {email, name, phone?}
 *                                                -> 201 {user, set_password_path, expires_at}
 *   POST /branch/api/vendors/<id>/users/<user>/resend/           a new link; the old one stops working
 *   POST /branch/api/vendors/<id>/users/<user>/deactivate/       locked out at once, open links voided
 *   GET  /branch/api/set-password/<token>/                       public: {status, email, name, purpose}
 *   POST /branch/api/set-password/<token>/       {password}      public: the account becomes active
 *
 * The same link resets a forgotten password (purpose `reset`, server/auth/passwordReset.ts):
 * then the account is not activated (a deactivated user's links are voided anyway) and
 * every session of the user ends, since someone else may have known the old password.
 *
 * An invited account is inactive until its password is set. The link's token is shown
 * once (to staff, to pass on until email sending exists) and stored as its SHA-256 only;
 * it works once, for INVITATION_HOURS. Unknown tokens count as failed guesses in the
 * login rate limit of the address, like payment links.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { Type, type Static } from 'typebox';
import { Email } from '../../common/common.ts';
import { passwordProblem } from '../../common/passwordRule.ts';
import { collection } from '../../common/registry.ts';
import { createUser, DuplicateEmailError, hashPassword, loginRetryAfter, recordLoginFailure } from '../auth/index.ts';
import type { Queryable } from '../db/index.ts';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { actorOf, UUID, type Actor } from '../engine/actor.ts';
import { writeAudit } from '../engine/audit.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { rejectUnstorableText } from '../engine/resources.ts';
import { loadOr404 } from '../engine/scope.ts';

export const INVITATION_HOURS = 72;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const InviteBody = Type.Object(
  {
    email: Email,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    phone: Type.Optional(Type.Union([Type.String({ maxLength: 32 }), Type.Null()])),
  },
  { additionalProperties: false },
);
const SetPasswordBody = Type.Object({ password: Type.String({ maxLength: 1024 }) }, { additionalProperties: false });

export type VendorUserState = 'active' | 'invited' | 'expired' | 'inactive';
export interface VendorUser {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  state: VendorUserState;
  invited_at: string | null;
  invitation_expires_at: string | null;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** Each user with its latest invitation: the state staff see follows from both. */
async function usersOf(q: Queryable, vendorId: string, userId?: string): Promise<VendorUser[]> {
  const { rows } = await q.query<Record<string, unknown>>(
    `SELECT u.id, u.email, u.name, u.phone, u.active, i.created_at AS invited_at, i.expires_at, i.used_at, i.voided_at
       FROM users u
       LEFT JOIN LATERAL (SELECT * FROM user_invitations WHERE user_id = u.id AND purpose = 'invite' ORDER BY created_at DESC LIMIT 1) i ON true
      WHERE u.vendor_id = $1 AND NOT u.admin ${userId ? 'AND u.id = $2' : ''}
      ORDER BY lower(u.name), u.email`,
    userId ? [vendorId, userId] : [vendorId],
  );
  return rows.map((r) => {
    const open = r.invited_at != null && r.used_at == null && r.voided_at == null;
    const state: VendorUserState = r.active
      ? 'active'
      : open && new Date(r.expires_at as string) > new Date() ? 'invited' : open ? 'expired' : 'inactive';
    return {
      id: String(r.id), email: String(r.email), name: String(r.name), phone: (r.phone as string) ?? null, state,
      invited_at: iso(r.invited_at), invitation_expires_at: state === 'invited' || state === 'expired' ? iso(r.expires_at) : null,
    };
  });
}

/** A new link for the user; any earlier one still open stops working. The token leaves the server only here. */
async function issueLink(tx: Queryable, userId: string, createdBy: string) {
  await tx.query('UPDATE user_invitations SET voided_at = now() WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL', [userId]);
  const token = randomBytes(32).toString('base64url');
  const { rows } = await tx.query<{ expires_at: Date }>(
    `INSERT INTO user_invitations (user_id, token_hash, created_by, expires_at)
     VALUES ($1, $2, $3, now() + make_interval(hours => $4)) RETURNING expires_at`,
    [userId, hashToken(token), createdBy, INVITATION_HOURS],
  );
  return { set_password_path: `/set-password/${token}`, expires_at: iso(rows[0].expires_at)! };
}

const keysOf = (request: FastifyRequest) => ({ account: `set-password ${request.ip}`, address: request.ip });

/** The invitation of a token, locked; unknown tokens count against the address like failed logins. */
async function invitationOf(app: FastifyInstance, request: FastifyRequest, token: string) {
  const waiting = await loginRetryAfter(app.db, keysOf(request));
  if (waiting > 0) throw new ApiError(429, { detail: 'Too many failed login attempts. Try again later.', retry_after: waiting }, { 'retry-after': String(waiting) });
  const { rows } = TOKEN.test(token)
    ? await app.db.query<{ id: string; user_id: string; email: string; name: string; vendor_id: string; purpose: 'invite' | 'reset'; expires_at: Date; used_at: Date | null; voided_at: Date | null }>(
        `SELECT i.id, i.user_id, u.email, u.name, u.vendor_id, i.purpose, i.expires_at, i.used_at, i.voided_at
           FROM user_invitations i JOIN users u ON u.id = i.user_id WHERE i.token_hash = $1`,
        [hashToken(token)],
      )
    : { rows: [] };
  if (!rows[0]) {
    // Outside any transaction: the failure must stay recorded although the answer is an error.
    await recordLoginFailure(app.db, keysOf(request));
    throw notFound();
  }
  return rows[0];
}

type LinkStatus = 'open' | 'used' | 'expired' | 'replaced';
function linkStatus(i: { expires_at: Date; used_at: Date | null; voided_at: Date | null }): LinkStatus {
  if (i.used_at) return 'used';
  if (i.voided_at) return 'replaced';
  return new Date(i.expires_at) <= new Date() ? 'expired' : 'open';
}
const REFUSALS: Record<Exclude<LinkStatus, 'open'>, string> = {
  used: 'This link has already been used.',
  expired: 'This link has expired.',
  replaced: 'This link was replaced by a newer one.',
};

export function registerVendorUsers(app: FastifyInstance): void {
  const vendors = collection('vendors');
  const staffOnly = {
    onRequest: [
      app.authenticate,
      async (request: FastifyRequest) => {
        if (!(await actorOf(request, app.db)).staff) throw forbidden('Only staff may manage vendor users.');
      },
    ],
    preValidation: rejectUnstorableText,
  };
  /** The vendor (404 when unknown) and the user of that vendor named in the path. */
  async function target(tx: Queryable, actor: Actor, vendorId: string, userId?: string) {
    const vendor = await loadOr404(tx, vendors, vendorId, actor);
    if (userId === undefined) return { vendor, user: null };
    if (!UUID.test(userId)) throw notFound();
    const { rows } = await tx.query<{ id: string; active: boolean; email: string }>(
      'SELECT id, active, email FROM users WHERE id = $1 AND vendor_id = $2 AND NOT admin FOR UPDATE',
      [userId, vendor.id],
    );
    if (!rows[0]) throw notFound();
    return { vendor, user: rows[0] };
  }

  app.get<{ Params: { id: string } }>(`${API_PREFIX}/vendors/:id/users/`, staffOnly, async (request) => {
    const actor = await actorOf(request, app.db);
    const { vendor } = await target(app.db, actor, request.params.id);
    return { results: await usersOf(app.db, String(vendor.id)) };
  });

  app.post<{ Params: { id: string }; Body: Static<typeof InviteBody> }>(
    `${API_PREFIX}/vendors/:id/users/invite/`,
    { ...staffOnly, schema: { body: InviteBody } },
    async (request, reply) => {
      const actor = await actorOf(request, app.db);
      const name = request.body.name.trim();
      const email = request.body.email.trim();
      if (!name) throw badRequest({ name: ['This field is required.'] });
      const outcome = await app.db.transaction(async (tx) => {
        const { vendor } = await target(tx, actor, request.params.id);
        refuseLockedOut(vendor);
        const taken = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
        if (taken.rows.length > 0) throw emailTaken();
        // Nobody knows this password: the account is inactive until its owner sets one.
        const user = await createUser(tx, {
          email, name, phone: request.body.phone?.trim() || null, admin: false, vendorId: String(vendor.id),
          password: randomBytes(32).toString('base64url'),
        }).catch((error) => {
          throw error instanceof DuplicateEmailError ? emailTaken() : error;
        });
        await tx.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
        const link = await issueLink(tx, user.id, actor.user.id);
        await writeAudit(tx, actor, { action: 'invite', entity: 'users', entityId: user.id, vendorId: String(vendor.id), after: { email, name, expires_at: link.expires_at } });
        return { user: (await usersOf(tx, String(vendor.id), user.id))[0], ...link };
      });
      reply.code(201);
      return outcome;
    },
  );

  app.post<{ Params: { id: string; user: string } }>(`${API_PREFIX}/vendors/:id/users/:user/resend/`, staffOnly, async (request) => {
    const actor = await actorOf(request, app.db);
    return app.db.transaction(async (tx) => {
      const { vendor, user } = await target(tx, actor, request.params.id, request.params.user);
      if (user!.active) throw conflict('This user has already set a password.');
      refuseLockedOut(vendor);
      // A new link would let a deactivated user reactivate themselves: only an open or
      // expired invitation (the user never set a password) gets a new one.
      const [current] = await usersOf(tx, String(vendor.id), user!.id);
      if (current.state === 'inactive') throw conflict('This user was deactivated; a new link would reactivate them.');
      const link = await issueLink(tx, user!.id, actor.user.id);
      await writeAudit(tx, actor, { action: 'invite_resend', entity: 'users', entityId: user!.id, vendorId: String(vendor.id), after: { expires_at: link.expires_at } });
      return { user: (await usersOf(tx, String(vendor.id), user!.id))[0], ...link };
    });
  });

  app.post<{ Params: { id: string; user: string } }>(`${API_PREFIX}/vendors/:id/users/:user/deactivate/`, staffOnly, async (request) => {
    const actor = await actorOf(request, app.db);
    return app.db.transaction(async (tx) => {
      const { vendor, user } = await target(tx, actor, request.params.id, request.params.user);
      await tx.query('UPDATE users SET active = false, updated_at = now(), version = version + 1 WHERE id = $1', [user!.id]);
      await tx.query('UPDATE user_invitations SET voided_at = now() WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL', [user!.id]);
      await writeAudit(tx, actor, { action: 'deactivate', entity: 'users', entityId: user!.id, vendorId: String(vendor.id), before: { active: user!.active }, after: { active: false } });
      return (await usersOf(tx, String(vendor.id), user!.id))[0];
    });
  });

  app.get<{ Params: { token: string } }>(`${API_PREFIX}/set-password/:token/`, async (request, reply) => {
    const invitation = await invitationOf(app, request, request.params.token);
    reply.header('cache-control', 'no-store');
    return { status: linkStatus(invitation), email: invitation.email, name: invitation.name, purpose: invitation.purpose };
  });

  app.post<{ Params: { token: string }; Body: Static<typeof SetPasswordBody> }>(
    `${API_PREFIX}/set-password/:token/`,
    { schema: { body: SetPasswordBody } },
    async (request, reply) => {
      const found = await invitationOf(app, request, request.params.token);
      const problem = passwordProblem(request.body.password);
      if (problem) throw badRequest({ password: [problem] });
      const passwordHash = await hashPassword(request.body.password);
      await app.db.transaction(async (tx) => {
        // Locked and read again: of two submits of one link, the second finds it used.
        const { rows } = await tx.query<{ expires_at: Date; used_at: Date | null; voided_at: Date | null }>(
          'SELECT expires_at, used_at, voided_at FROM user_invitations WHERE id = $1 FOR UPDATE',
          [found.id],
        );
        const status = linkStatus(rows[0]);
        if (status !== 'open') throw conflict(REFUSALS[status], { status });
        await tx.query('UPDATE user_invitations SET used_at = now() WHERE id = $1', [found.id]);
        const reset = found.purpose === 'reset';
        await tx.query(
          `UPDATE users SET password_hash = $2, ${reset ? '' : 'active = true, '}updated_at = now(), version = version + 1 WHERE id = $1`,
          [found.user_id, passwordHash],
        );
        if (reset) await tx.query('UPDATE refresh_tokens SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL', [found.user_id]);
        const self: Actor = {
          user: { id: found.user_id, email: found.email, name: found.name, phone: null, admin: false, vendor_id: found.vendor_id },
          staff: false, vendorId: found.vendor_id, actingAsVendorId: null, role: 'vendor',
        };
        await writeAudit(tx, self, reset
          ? { action: 'reset_password', entity: 'users', entityId: found.user_id, vendorId: found.vendor_id }
          : { action: 'set_password', entity: 'users', entityId: found.user_id, vendorId: found.vendor_id, after: { active: true } });
      });
      reply.header('cache-control', 'no-store');
      return { email: found.email };
    },
  );
}

/**
 * Staff of a suspended or rejected vendor cannot log in (VENDOR_ALLOWS_ACCESS): a link
 * would end at a refused login, so none is issued.
 */
function refuseLockedOut(vendor: Record<string, unknown>) {
  if (vendor.status === 'suspended' || vendor.status === 'rejected') {
    throw conflict('Users of a suspended or rejected vendor cannot log in, so no link is sent.');
  }
}

const emailTaken = () => conflict('A user with this email already exists.', { errors: { email: ['A user with this email already exists.'] } });
