/**
 * Session endpoints (paths and shapes from DESIGN section 4):
 *   POST /branch/api/vendors/login                     {email, password} -> tokens and user
 *   POST /branch/api/master-admins/refresh/?format=web {refresh_token}   -> new token pair
 *   POST /branch/api/master-admins/logout              {refreshToken}    -> 204
 *   GET  /branch/api/me/                                                 -> the signed-in user
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { ApiError, unauthorized } from '../errors.ts';
import { MAX_PASSWORD_LENGTH, verifyAgainstDummy, verifyPassword } from './passwords.ts';
import { forgetLoginFailure, loginRetryAfter, loginSucceeded, recordLoginFailure } from './rateLimit.ts';
import { revokeRefreshFamilyOf, rotateRefreshToken, startRefreshFamily } from './refreshTokens.ts';
import { findUserForLogin, toAuthUser } from './users.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const AuthUserSchema = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    name: Type.String(),
    phone: Nullable(Type.String()),
    email: Type.String(),
    admin: Type.Boolean(),
    vendor_id: Nullable(Type.String({ format: 'uuid' })),
  },
  { additionalProperties: false },
);

export const LoginBody = Type.Object(
  {
    email: Type.String({ format: 'email', minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }),
  },
  { additionalProperties: false },
);

/** Refresh tokens are 43 characters; the limit only keeps garbage out. */
const RefreshTokenString = Type.String({ minLength: 1, maxLength: 256 });
export const RefreshBody = Type.Object({ refresh_token: RefreshTokenString }, { additionalProperties: false });
export const LogoutBody = Type.Object({ refreshToken: RefreshTokenString }, { additionalProperties: false });

const TokenPair = Type.Object({ access_token: Type.String(), refresh_token: Type.String() });
const LoginResponse = Type.Object({ access_token: Type.String(), refresh_token: Type.String(), user: AuthUserSchema });

const INVALID_CREDENTIALS = 'Unable to log in with the provided credentials.';
const INVALID_REFRESH = 'The refresh token is invalid or has expired.';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post<{ Body: Static<typeof LoginBody> }>(
    '/branch/api/vendors/login',
    { schema: { body: LoginBody, response: { 200: LoginResponse } } },
    async (request) => {
      const { email, password } = request.body;
      const keys = { account: email.toLowerCase(), address: (request.ip || 'unknown').slice(0, 254) };
      const tooMany = (retryAfter: number) =>
        new ApiError(429, { detail: 'Too many failed login attempts. Try again later.', retry_after: retryAfter }, { 'retry-after': String(retryAfter) });
      const waiting = await loginRetryAfter(db, keys);
      if (waiting > 0) throw tooMany(waiting);
      // Unknown emails and inactive users cost one scrypt like a wrong password does,
      // and all three get the same answer.
      const found = await findUserForLogin(db, email);
      const matches = found ? await verifyPassword(password, found.password_hash) : await verifyAgainstDummy(password);
      if (!found || !matches || !found.active) {
        const failure = await recordLoginFailure(db, keys);
        const late = await loginRetryAfter(db, keys, failure);
        if (late > 0) {
          await forgetLoginFailure(db, failure);
          throw tooMany(late);
        }
        throw unauthorized(INVALID_CREDENTIALS);
      }
      // Failures recorded while the password was checked count too (see rateLimit.ts).
      const late = await loginRetryAfter(db, keys);
      if (late > 0) throw tooMany(late);

      await loginSucceeded(db, keys);
      const user = toAuthUser(found);
      const session = await startRefreshFamily(db, user.id, config.refreshTokenSeconds);
      return { access_token: await app.signAccessToken(user, session.familyId), refresh_token: session.token, user };
    },
  );

  app.post<{ Body: Static<typeof RefreshBody> }>(
    '/branch/api/master-admins/refresh/',
    {
      schema: {
        querystring: Type.Object({ format: Type.Optional(Type.String({ maxLength: 16 })) }),
        body: RefreshBody,
        response: { 200: TokenPair },
      },
    },
    async (request) => {
      const outcome = await rotateRefreshToken(db, request.body.refresh_token, config.refreshTokenSeconds);
      if (!outcome.ok) throw unauthorized(INVALID_REFRESH);
      return { access_token: await app.signAccessToken(outcome.user, outcome.familyId), refresh_token: outcome.token };
    },
  );

  app.post<{ Body: Static<typeof LogoutBody> }>(
    '/branch/api/master-admins/logout',
    { schema: { body: LogoutBody } },
    async (request, reply) => {
      await revokeRefreshFamilyOf(db, request.body.refreshToken);
      return reply.status(204).send();
    },
  );

  app.get(
    '/branch/api/me/',
    { preHandler: app.authenticate, schema: { response: { 200: AuthUserSchema } } },
    async (request) => request.user!,
  );
}
