/**
 * Access tokens: short-lived HS256 JWTs carrying sub (user id), admin, vendor_id, iat,
 * exp and jti. They are checked by signature and expiry only; the user's current state
 * is read from the database on each request (see plugin.ts).
 */
import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';

export interface AccessClaims {
  sub: string;
  admin: boolean;
  vendor_id: string | null;
}

const ALGORITHM = 'HS256';

export async function signAccessToken(
  claims: AccessClaims,
  key: Uint8Array,
  lifetimeSeconds: number,
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ admin: claims.admin, vendor_id: claims.vendor_id })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .setJti(randomUUID())
    .sign(key);
}

/** The claims of a valid token, or undefined for a forged, malformed or expired one. */
export async function verifyAccessToken(token: string, key: Uint8Array): Promise<AccessClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'iat'] });
    if (typeof payload.sub !== 'string') return undefined;
    return {
      sub: payload.sub,
      admin: payload.admin === true,
      vendor_id: typeof payload.vendor_id === 'string' ? payload.vendor_id : null,
    };
  } catch {
    return undefined;
  }
}
