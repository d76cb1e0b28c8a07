/**
 * Authentication for every route of the branch API.
 *
 *   app.get('/branch/api/things/', { preHandler: app.authenticate }, handler)              signed-in users
 *   app.get('/branch/api/vendors/', { preHandler: [app.authenticate, requireStaff] }, ...) staff only
 *
 * `app.authenticate` reads `Authorization: JWT <token>` (or `Bearer <token>`), checks the
 * signature and expiry, then loads the user by id together with their session (one
 * query) and answers 401 unless the user still exists and is active and the session was
 * not ended; so deactivating a user, changing their role or vendor, logging out or a
 * revoked refresh-token family take effect on the next request, on every instance, not
 * when the token expires.
 * `request.user` comes from the database, never from the token's claims.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, forbidden } from '../errors.ts';
import { accessTokenVerifier, signAccessToken } from './accessTokens.ts';
import { loadJwtSecret } from './secret.ts';
import { findActiveUser, UUID_PATTERN, type AuthUser } from './users.ts';

export type { AuthUser };

export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: 401 unless the request carries a valid access token of an active user; sets request.user. */
    authenticate: AuthHook;
    /** Signs an access token for this user in this session (login and refresh). */
    signAccessToken(user: AuthUser, sessionId: string): Promise<string>;
  }
  interface FastifyRequest {
    /** Set by app.authenticate. */
    user?: AuthUser;
    /** The login session (refresh-token family) of the access token; set by app.authenticate. */
    sessionId?: string;
  }
}

const unauthenticated = (detail: string) =>
  new ApiError(401, { detail }, { 'www-authenticate': 'Bearer realm="branch-api"' });

/** preHandler after app.authenticate: 403 for vendor staff. */
export async function requireStaff(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthenticated('Authentication credentials were not provided.');
  if (!request.user.admin) throw forbidden('Only staff may perform this action.');
}

export async function authPlugin(app: FastifyInstance): Promise<void> {
  const { key } = await loadJwtSecret(app.config);
  const verifyAccessToken = await accessTokenVerifier(key);

  app.decorateRequest('user', undefined);
  app.decorateRequest('sessionId', undefined);
  app.decorate('signAccessToken', (user: AuthUser, sessionId: string) =>
    signAccessToken({ sub: user.id, sid: sessionId, admin: user.admin, vendor_id: user.vendor_id }, key, app.config.accessTokenSeconds),
  );
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    if (!header) throw unauthenticated('Authentication credentials were not provided.');
    const match = /^(?:JWT|Bearer) +([A-Za-z0-9_.-]+)$/i.exec(header.trim());
    const claims = match ? await verifyAccessToken(match[1]) : undefined;
    const user =
      claims && UUID_PATTERN.test(claims.sub) && UUID_PATTERN.test(claims.sid) ? await findActiveUser(app.db, claims.sub, claims.sid) : undefined;
    if (!user) throw unauthenticated('The access token is invalid or has expired.');
    request.user = user;
    request.sessionId = claims!.sid;
  });
}

// Like fastify-plugin: the decorators belong to the app, not to an encapsulated child.
Object.assign(authPlugin, { [Symbol.for('skip-override')]: true, [Symbol.for('fastify.display-name')]: 'auth' });
