/**
 * The three session calls of the branch API (DESIGN section 4). They go through plain
 * redaxios, not the authenticated client, because the client itself waits on them.
 */
import redaxios from 'redaxios';
import type { SessionTokens, SessionUser, StoredSession } from './session.ts';
import { API_BASE_URL, JSON_ACCEPT } from './config.ts';

/** The seed's max ages, used only when a token carries no `exp`. */
export const ACCESS_FALLBACK_SECONDS = 2_592_000;
export const REFRESH_FALLBACK_SECONDS = 72_000;

/** Expiry (epoch ms) from a JWT's `exp`, or now + fallback when it has none. */
export function expiryOf(token: string, fallbackSeconds: number, now = Date.now()): number {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof payload.exp === 'number') return payload.exp * 1000;
  } catch {
    // not a JWT: use the fallback
  }
  return now + fallbackSeconds * 1000;
}

export function tokensFrom(body: { access_token: string; refresh_token: string }, now = Date.now()): SessionTokens {
  return {
    access: body.access_token,
    accessExpiresAt: expiryOf(body.access_token, ACCESS_FALLBACK_SECONDS, now),
    refresh: body.refresh_token,
    refreshExpiresAt: expiryOf(body.refresh_token, REFRESH_FALLBACK_SECONDS, now),
  };
}

/** Why a session call failed, in terms the session machine and the login page act on. */
export type AuthFailureReason = 'invalid_credentials' | 'rate_limited' | 'invalid_input' | 'refused' | 'network' | 'server';

export class AuthFailure extends Error {
  constructor(
    readonly reason: AuthFailureReason,
    readonly detail?: string,
    readonly retryAfterSeconds?: number,
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(reason);
  }
}

interface ErrorResponse {
  status: number;
  data?: { detail?: string; errors?: Record<string, string[]>; retry_after?: number } | string;
  headers?: Headers;
}

function failureFrom(error: unknown, refusedReason: AuthFailureReason): AuthFailure {
  const response = error as ErrorResponse;
  if (typeof response?.status !== 'number' || response.status === 0) return new AuthFailure('network');
  const body = typeof response.data === 'object' ? response.data : undefined;
  if (response.status === 429) {
    const header = Number(response.headers?.get?.('retry-after'));
    return new AuthFailure('rate_limited', body?.detail, body?.retry_after ?? (Number.isFinite(header) ? header : undefined));
  }
  if (response.status === 400) return new AuthFailure('invalid_input', body?.detail, undefined, body?.errors);
  if (response.status === 401 || response.status === 403) return new AuthFailure(refusedReason, body?.detail);
  return new AuthFailure('server', body?.detail);
}

const http = redaxios.create({ baseURL: API_BASE_URL, headers: { Accept: JSON_ACCEPT } });

export async function login(email: string, password: string): Promise<StoredSession> {
  try {
    const { data } = await http.post<{ access_token: string; refresh_token: string; user: SessionUser }>(
      '/branch/api/vendors/login',
      { email, password },
    );
    return { tokens: tokensFrom(data), user: data.user };
  } catch (error) {
    throw failureFrom(error, 'invalid_credentials');
  }
}

export async function refresh(refreshToken: string): Promise<SessionTokens> {
  try {
    const { data } = await http.post<{ access_token: string; refresh_token: string }>(
      '/branch/api/master-admins/refresh/?format=web',
      { refresh_token: refreshToken },
    );
    return tokensFrom(data);
  } catch (error) {
    throw failureFrom(error, 'refused');
  }
}

export async function logout(refreshToken: string): Promise<void> {
  await http.post('/branch/api/master-admins/logout', { refreshToken });
}

/**
 * Asks for a link to choose a new password. The server answers the same whether or not
 * the address has an account; only a refusal (too many requests, bad input) or a failure
 * to reach it is an error.
 */
export async function requestPasswordReset(email: string, lang: 'en' | 'fr' | 'ar'): Promise<void> {
  try {
    await http.post('/branch/api/password-reset/', { email, lang });
  } catch (error) {
    throw failureFrom(error, 'refused');
  }
}
