/**
 * Who is acting on a request: staff (everything, all vendors) or vendor staff (their
 * vendor only). Staff may act as a vendor with the `X-Act-As-Vendor` header: they then
 * see and may do exactly what that vendor's staff can, and audit entries record both.
 */
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/plugin.ts';
import type { Queryable } from '../db/index.ts';
import { notFound, unauthorized } from '../errors.ts';

export interface Actor {
  user: AuthUser;
  /** True for staff not acting as a vendor. */
  staff: boolean;
  /** The vendor whose data this actor is limited to (null for staff). */
  vendorId: string | null;
  /** Set when a staff user acts as a vendor. */
  actingAsVendorId: string | null;
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
  if (!UUID.test(actAs)) throw notFound('Vendor not found.');
  const { rows } = await db.query('SELECT 1 FROM vendors WHERE id = $1', [actAs]);
  if (rows.length === 0) throw notFound('Vendor not found.');
  return { user, staff: false, vendorId: actAs, actingAsVendorId: actAs, role: 'vendor' };
}

/** The actor the server itself acts as (side effects of transitions, the seed). */
export function systemActor(base: Actor): Actor {
  return { ...base, staff: true };
}
