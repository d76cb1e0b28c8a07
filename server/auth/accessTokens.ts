/**
 * Access tokens: short-lived HS256 JWTs carrying sub (user id), sid (the session: the
 * family of the refresh token issued with it), admin, vendor_id, iat, exp and jti. They
 * are checked here by signature and expiry only; that the user and the session are still
 * live is read from the database on each request (see plugin.ts).
 */
import { SignJWT, jwtVerify } from 'jose';
import { randomUUID } from 'node:crypto';

export interface AccessClaims {
  sub: string;
  /** The session: the refresh-token family the token was issued with. */
  sid: string;
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
  return new SignJWT({ sid: claims.sid, admin: claims.admin, vendor_id: claims.vendor_id })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(now)
    .setExpirationTime(now + lifetimeSeconds)
    .setJti(randomUUID())
    .sign(key);
}

/** The claims of a valid token and when it expires, or undefined for a forged, malformed or expired one. */
async function checkToken(token: string, key: CryptoKey, now: number): Promise<{ claims: AccessClaims; expiresAt: number } | undefined> {
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: [ALGORITHM], requiredClaims: ['sub', 'exp', 'iat'], currentDate: new Date(now) });
    // A token without a session (signed before sessions were checked) is refused: the
    // client refreshes once and gets one that has it.
    if (typeof payload.sub !== 'string' || typeof payload.exp !== 'number' || typeof payload.sid !== 'string') return undefined;
    const claims = { sub: payload.sub, sid: payload.sid, admin: payload.admin === true, vendor_id: typeof payload.vendor_id === 'string' ? payload.vendor_id : null };
    return { claims, expiresAt: payload.exp * 1000 };
  } catch {
    return undefined;
  }
}

/** How many verified tokens a verifier remembers (one per signed-in tab, roughly). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * A verifier for one secret that remembers the tokens it has already verified until
 * they expire: a signed-in user sends the same token with every request, and checking
 * its HMAC again would give the same answer. Only valid tokens are remembered, keyed by
 * the whole token, so a forged one is always checked.
 */
export async function accessTokenVerifier(secret: Uint8Array, now: () => number = Date.now) {
  const key = await crypto.subtle.importKey('raw', new Uint8Array(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return async (token: string): Promise<AccessClaims | undefined> => {
    const known = verified.get(token);
    if (known) {
      if (known.expiresAt > now()) return known.claims;
      verified.delete(token);
    }
    const checked = await checkToken(token, key, now());
    if (!checked) return undefined;
    if (verified.size >= VERIFIED_TOKENS_KEPT) {
      // Drop the expired ones; if all are live, the oldest (Maps keep insertion order).
      for (const [t, v] of verified) if (v.expiresAt <= now()) verified.delete(t);
      if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    }
    verified.set(token, checked);
    return checked.claims;
  };
}
