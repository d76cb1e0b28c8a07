/**
 * Staff acting as a vendor, for at most ACT_AS_MINUTES, with a reason:
 *
 *   POST /branch/api/vendors/<id>/act-as/  {reason} -> the session {id, vendor_id, vendor_name,
 *                                          reason, started_at, expires_at}; requests then send
 *                                          `X-Act-As-Vendor: <session id>` (checked in actor.ts)
 *   POST /branch/api/act-as/<session>/end/ back to the staff view (204, also when already over)
 *
 * Opening one ends any other of the same login session; logging out ends it
 * (refreshTokens.ts). Both are audited under the staff member and the vendor, with the reason.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import { collection } from '../../common/registry.ts';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { actorOf, UUID, type Actor } from '../engine/actor.ts';
import { writeAudit } from '../engine/audit.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { rejectUnstorableText } from '../engine/resources.ts';
import { loadOr404 } from '../engine/scope.ts';

export const ACT_AS_MINUTES = 30;

const ActAsBody = Type.Object({ reason: Type.String({ maxLength: 500 }) }, { additionalProperties: false });

export interface ActAsSession {
  id: string;
  vendor_id: string;
  vendor_name: string;
  reason: string;
  started_at: string;
  expires_at: string;
}

const iso = (v: unknown) => new Date(v as string).toISOString();

export function registerActAs(app: FastifyInstance): void {
  const vendors = collection('vendors');
  const staffOnly = {
    onRequest: [
      app.authenticate,
      async (request: FastifyRequest) => {
        if (!(await actorOf(request, app.db)).staff) throw forbidden('Only staff may act as a vendor.');
      },
    ],
    preValidation: rejectUnstorableText,
  };

  app.post<{ Params: { id: string }; Body: Static<typeof ActAsBody> }>(
    `${API_PREFIX}/vendors/:id/act-as/`,
    { ...staffOnly, schema: { body: ActAsBody } },
    async (request): Promise<ActAsSession> => {
      const actor = await actorOf(request, app.db);
      const reason = request.body.reason.trim();
      if (!reason) throw badRequest({ reason: ['A reason is required.'] });
      return app.db.transaction(async (tx) => {
        const vendor = await loadOr404(tx, vendors, request.params.id, actor);
        // Only an active vendor's staff work in the app (an applied one has nothing live yet, a suspended one is locked out).
        if (vendor.status !== 'active') throw conflict('Only an active vendor can be acted as.');
        const login = request.sessionId!;
        await tx.query('UPDATE act_as_sessions SET ended_at = now() WHERE login_session_id = $1 AND ended_at IS NULL', [login]);
        const { rows } = await tx.query<{ id: string; started_at: Date; expires_at: Date }>(
          `INSERT INTO act_as_sessions (staff_user_id, login_session_id, vendor_id, reason, expires_at)
           VALUES ($1, $2, $3, $4, now() + make_interval(mins => $5)) RETURNING id, started_at, expires_at`,
          [actor.user.id, login, vendor.id, reason, ACT_AS_MINUTES],
        );
        const session = rows[0];
        const acting: Actor = { ...actor, actingAsVendorId: String(vendor.id), actingReason: reason };
        await writeAudit(tx, acting, {
          action: 'act_as', entity: 'vendors', entityId: String(vendor.id), vendorId: String(vendor.id),
          after: { trade_name: vendor.trade_name, reason, session_id: session.id, expires_at: iso(session.expires_at) },
        });
        return {
          id: session.id, vendor_id: String(vendor.id), vendor_name: String(vendor.trade_name), reason,
          started_at: iso(session.started_at), expires_at: iso(session.expires_at),
        };
      });
    },
  );

  // Not through actorOf: the header may name the very session that is ending or already over.
  app.post<{ Params: { session: string } }>(`${API_PREFIX}/act-as/:session/end/`, { onRequest: app.authenticate }, async (request, reply) => {
    const user = request.user!;
    if (!UUID.test(request.params.session)) throw notFound();
    await app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ vendor_id: string; reason: string; ended_at: Date | null }>(
        'SELECT vendor_id, reason, ended_at FROM act_as_sessions WHERE id = $1 AND staff_user_id = $2 FOR UPDATE',
        [request.params.session, user.id],
      );
      const session = rows[0];
      if (!session) throw notFound();
      if (session.ended_at) return;
      await tx.query('UPDATE act_as_sessions SET ended_at = now() WHERE id = $1', [request.params.session]);
      const acting: Actor = { user, staff: false, vendorId: session.vendor_id, actingAsVendorId: session.vendor_id, actingReason: session.reason, role: 'vendor' };
      await writeAudit(tx, acting, { action: 'act_as_end', entity: 'vendors', entityId: session.vendor_id, vendorId: session.vendor_id, after: { session_id: request.params.session } });
    });
    return reply.code(204).send();
  });
}
