// Headless Chromium for the benchmarks (the same binary and flags as the browser tests),
// and the localStorage a signed-in session leaves (DESIGN section 4).
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../../scripts/chromium.mjs';

export async function launchBrowser() {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS, headless: true });
}

function expiryOf(token, fallbackSeconds) {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
    if (typeof payload.exp === 'number') return payload.exp * 1000;
  } catch {
    // opaque token
  }
  return Date.now() + fallbackSeconds * 1000;
}

/** A `storageState` for `browser.newContext()` holding the session of an API login. */
export function signedInState(baseURL, body) {
  const entries = {
    'auth.strategy': 'local',
    'auth._token.local': `JWT ${body.access_token}`,
    'auth._token_expiration.local': String(expiryOf(body.access_token, 2_592_000)),
    'auth._refresh_token.local': body.refresh_token,
    'auth._refresh_token_expiration.local': String(expiryOf(body.refresh_token, 72_000)),
    data: JSON.stringify(body.user),
    user: JSON.stringify(body.user),
    access_token: body.access_token,
    loggedIn: 'true',
  };
  return {
    cookies: [],
    origins: [{ origin: new URL(baseURL).origin, localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })) }],
  };
}
