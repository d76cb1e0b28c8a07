/**
 * Where the session lives in the browser. The key names are a compatibility contract
 * with other pages on the same origin (DESIGN section 4): localStorage and cookies under
 * the `auth.` prefix, plus the legacy `data`, `user`, `access_token` and `loggedIn` keys.
 */
import { ACCESS_FALLBACK_SECONDS, REFRESH_FALLBACK_SECONDS, expiryOf } from './auth.ts';
import type { SessionTokens, SessionUser, StoredSession } from './session.ts';

const KEYS = {
  strategy: 'auth.strategy',
  token: 'auth._token.local',
  tokenExpiration: 'auth._token_expiration.local',
  refreshToken: 'auth._refresh_token.local',
  refreshTokenExpiration: 'auth._refresh_token_expiration.local',
  redirect: 'auth.redirect',
  data: 'data',
  user: 'user',
  accessToken: 'access_token',
  loggedIn: 'loggedIn',
} as const;

/** Keys whose change in another tab means the session changed there. */
export const SESSION_SIGNAL_KEYS: readonly string[] = [KEYS.loggedIn, KEYS.refreshToken];

const COOKIE_KEYS = [KEYS.strategy, KEYS.token, KEYS.tokenExpiration, KEYS.refreshToken, KEYS.refreshTokenExpiration, KEYS.redirect];

function setCookie(name: string, value: string, maxAgeSeconds: number) {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; max-age=${Math.max(0, Math.floor(maxAgeSeconds))}; path=/; SameSite=Lax`;
}

function deleteCookie(name: string) {
  document.cookie = `${encodeURIComponent(name)}=; max-age=0; path=/; SameSite=Lax`;
}

export function writeSession(session: StoredSession): void {
  const { tokens, user } = session;
  const refreshMaxAge = (tokens.refreshExpiresAt - Date.now()) / 1000;
  const values: Record<string, string> = {
    [KEYS.strategy]: 'local',
    [KEYS.token]: `JWT ${tokens.access}`,
    [KEYS.tokenExpiration]: String(tokens.accessExpiresAt),
    [KEYS.refreshToken]: tokens.refresh,
    [KEYS.refreshTokenExpiration]: String(tokens.refreshExpiresAt),
  };
  for (const [key, value] of Object.entries(values)) {
    localStorage.setItem(key, value);
    setCookie(key, value, refreshMaxAge);
  }
  localStorage.setItem(KEYS.data, JSON.stringify(user));
  localStorage.setItem(KEYS.user, JSON.stringify(user));
  localStorage.setItem(KEYS.accessToken, tokens.access);
  localStorage.setItem(KEYS.loggedIn, 'true');
}

export function clearSession(): void {
  clearActing();
  for (const key of Object.values(KEYS)) {
    if (key === KEYS.redirect) continue;
    localStorage.removeItem(key);
  }
  for (const key of COOKIE_KEYS) if (key !== KEYS.redirect) deleteCookie(key);
}

export function readSession(): StoredSession | null {
  if (localStorage.getItem(KEYS.loggedIn) === null) return null;
  const raw = localStorage.getItem(KEYS.token) ?? '';
  const access = raw.replace(/^(JWT|Bearer)\s+/, '');
  const refresh = localStorage.getItem(KEYS.refreshToken);
  const user = parseUser(localStorage.getItem(KEYS.data));
  if (!access || !refresh || !user) return null;
  return {
    user,
    tokens: {
      access,
      accessExpiresAt: Number(localStorage.getItem(KEYS.tokenExpiration)) || expiryOf(access, ACCESS_FALLBACK_SECONDS),
      refresh,
      refreshExpiresAt: Number(localStorage.getItem(KEYS.refreshTokenExpiration)) || Date.now() + REFRESH_FALLBACK_SECONDS * 1000,
    },
  };
}

/**
 * Staff acting as a vendor (server/shell/actAs.ts): the act-as session every request
 * names. Kept per tab in sessionStorage, so a reload keeps it and other tabs stay staff;
 * logging out clears it (and the server ends it).
 */
export interface ActingAs {
  id: string;
  vendor_id: string;
  vendor_name: string;
  reason: string;
  expires_at: string;
}
const ACTING_KEY = 'rihla.actingAs';

export function readActing(): ActingAs | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(ACTING_KEY) ?? 'null') as ActingAs | null;
    return value && typeof value.id === 'string' && Date.parse(value.expires_at) > Date.now() ? value : null;
  } catch {
    return null;
  }
}

export function writeActing(acting: ActingAs): void {
  sessionStorage.setItem(ACTING_KEY, JSON.stringify(acting));
}

export function clearActing(): void {
  sessionStorage.removeItem(ACTING_KEY);
}

/** Where to go after logging in: kept across the login page, consumed once. */
export function rememberRedirect(path: string): void {
  localStorage.setItem(KEYS.redirect, path);
  setCookie(KEYS.redirect, path, 3600);
}

export function takeRedirect(): string | null {
  const path = localStorage.getItem(KEYS.redirect);
  localStorage.removeItem(KEYS.redirect);
  deleteCookie(KEYS.redirect);
  // Only same-origin paths: never an absolute URL someone planted.
  return path && path.startsWith('/') && !path.startsWith('//') ? path : null;
}

function parseUser(json: string | null): SessionUser | null {
  try {
    const value = JSON.parse(json ?? 'null');
    return value && typeof value === 'object' && typeof value.email === 'string' ? (value as SessionUser) : null;
  } catch {
    return null;
  }
}

/**
 * Refreshes the tokens once across every open tab. Refresh tokens rotate and reusing a
 * spent one revokes the whole family, so two tabs must never send the same one: under a
 * Web Lock, a tab first looks whether another tab has already rotated the token it holds
 * and adopts the stored tokens instead of calling the API.
 */
export async function refreshAcrossTabs(
  spentRefreshToken: string,
  callApi: (refreshToken: string) => Promise<SessionTokens>,
): Promise<SessionTokens> {
  const run = async () => {
    const stored = readSession();
    if (stored && stored.tokens.refresh !== spentRefreshToken && stored.tokens.accessExpiresAt > Date.now() + 5_000) {
      return stored.tokens;
    }
    const tokens = await callApi(spentRefreshToken);
    if (stored) writeSession({ user: stored.user, tokens });
    return tokens;
  };
  return typeof navigator !== 'undefined' && navigator.locks
    ? navigator.locks.request('rihla.session.refresh', run)
    : run();
}
