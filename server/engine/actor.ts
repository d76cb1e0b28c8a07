/**
 * Who is acting on a request: staff (everything, all vendors) or vendor staff (their
 * vendor only). Staff may act as a vendor: `POST /vendors/<id>/act-as/` with a reason
 * opens an act-as session (server/shell/actAs.ts) and every request then names it in
 * the `X-Act-As-Vendor` header. It is checked here on each request (the staff member's,
 * in this login session, not ended, not past its 30 minutes); they then see and may do
 * exactly what that vendor's staff can, and audit entries record both, with the reason.
 */
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../db/index.ts';
import { ApiError, unauthorized } from '../errors.ts';

/** The signed-in user of a request (app.authenticate sets it, server/auth/plugin.ts). */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  admin: boolean;
  vendor_id: string | null;
}

export interface Actor {
  user: AuthUser;
  /** True for staff not acting as a vendor. */
  staff: boolean;
  /** The vendor whose data this actor is limited to (null for staff). */
  vendorId: string | null;
  /** Set when a staff user acts as a vendor. */
  actingAsVendorId: string | null;
  /** The reason staff gave for acting as that vendor (audited with every write). */
  actingReason?: string | null;
  role: 'staff' | 'vendor';
}

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ACT_AS_HEADER = 'x-act-as-vendor';

const actors = new WeakMap<FastifyRequest, Actor>();

/** The actor of a request (computed once per request). */
export async function actorOf(request: FastifyRequest, db: Queryable): Promise<Actor> {
  const cached = actors.get(request);
  if (cached) return cached;
  const actor = await resolveActor(request, db);
  actors.set(request, actor);
  return actor;
}

async function resolveActor(request: FastifyRequest, db: Queryable): Promise<Actor> {
  const user = request.user;
  if (!user) throw unauthorized();
  if (!user.admin) return { user, staff: false, vendorId: user.vendor_id, actingAsVendorId: null, role: 'vendor' };
  const header = request.headers[ACT_AS_HEADER];
  const actAs = Array.isArray(header) ? header[0] : header;
  if (!actAs) return { user, staff: true, vendorId: null, actingAsVendorId: null, role: 'staff' };
  const { rows } = UUID.test(actAs)
    ? await db.query<{ vendor_id: string; reason: string }>(
        `SELECT s.vendor_id, s.reason FROM act_as_sessions s JOIN vendors v ON v.id = s.vendor_id
          WHERE s.id = $1 AND s.staff_user_id = $2 AND s.login_session_id = $3 AND s.ended_at IS NULL AND s.expires_at > now()
            AND v.status = 'active'`,
        [actAs, user.id, request.sessionId ?? null],
      )
    : { rows: [] };
  if (!rows[0]) throw actAsEnded();
  return { user, staff: false, vendorId: rows[0].vendor_id, actingAsVendorId: rows[0].vendor_id, actingReason: rows[0].reason, role: 'vendor' };
}

/**
 * The header names no live act-as session of this staff member (ended, expired, of
 * another login, or never opened): 403 with a code the SPA recognises to return to the
 * staff view. Never 401: that would make the client refresh its tokens for nothing.
 */
export const actAsEnded = () =>
  new ApiError(403, { detail: 'Acting as this vendor has ended. You are back in the staff view.', code: 'act_as_ended' });

/** The actor of automatic changes (expiry, reminders, deliveries), as the audit log shows it. */
export const SYSTEM_ACTOR: Actor = {
  user: { id: '00000000-0000-0000-0000-000000000000', email: 'system', name: 'System', phone: null, admin: true, vendor_id: null },
  staff: true,
  vendorId: null,
  actingAsVendorId: null,
  role: 'staff',
};

/** The actor the server itself acts as (side effects of transitions, the seed). */
export function systemActor(base: Actor): Actor {
  return { ...base, staff: true };
}
