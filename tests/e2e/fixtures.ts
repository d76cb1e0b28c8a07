/**
 * Shared pieces of the browser tests.
 *
 * - `test.use({ account: 'admin' })` seeds the new context's localStorage and cookies
 *   exactly as the app writes them (DESIGN section 4), so a test that is not about the
 *   login form opens the app already signed in. Each worker signs in once per account
 *   (through the API) and every test of that worker reuses the session, signing in again
 *   only when its access token gets close to expiry; a test that ends or rotates its
 *   session (logout, refresh) takes one of its own with `test.use({ ownSession: true })`.
 * - Every test sends its own `X-Forwarded-For` (the e2e servers trust it), so the login
 *   rate limiter's per-address count belongs to one test and never locks out the others.
 * - `MESSAGES` are the app's catalogues: tests look for the texts the user reads.
 */
import { test as base, expect, type APIRequestContext, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export { expect };

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
/** A second server whose access tokens last 5 s (playwright.config.ts starts it). */
export const SHORT_TOKEN_PORT = E2E_PORT + 1;
export const SHORT_TOKEN_BASE_URL = `http://127.0.0.1:${SHORT_TOKEN_PORT}`;
export const SHORT_TOKEN_SECONDS = 5;

export const ACCOUNTS = {
  admin: { email: 'admin@rihla.test', password: 'admin12345', name: 'Amina Haddad', admin: true },
  vendor: { email: 'vendor@rihla.test', password: 'vendor12345', name: 'Yacine Belkacem', admin: false },
  vendor2: { email: 'vendor2@rihla.test', password: 'vendor12345', name: 'Lydia Amrani', admin: false },
} as const;
export type AccountName = keyof typeof ACCOUNTS;

export type Locale = 'en' | 'fr' | 'ar';
export const LOCALES: readonly Locale[] = ['en', 'fr', 'ar'];
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar-DZ' };
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

function catalogue(locale: Locale): Record<string, string> {
  return JSON.parse(readFileSync(new URL(`../../src/locales/${locale}.json`, import.meta.url), 'utf8'));
}
const en = catalogue('en');
/** Each locale's messages, English where a translation is missing (as the app does). */
export const MESSAGES: Record<Locale, Record<string, string>> = {
  en,
  fr: { ...en, ...catalogue('fr') },
  ar: { ...en, ...catalogue('ar') },
};

/** A message without ICU arguments, as displayed. */
export function t(locale: Locale, id: string): string {
  const message = MESSAGES[locale][id];
  if (message === undefined) throw new Error(`no message ${id}`);
  return message;
}

/** The day and the time of the date-and-time field labelled `label` (the time is named by the label, then "(time)";
 * getByLabel would find both, as it reads each element of an `aria-labelledby` alone). */
export function dateTimeInputs(scope: Page | Locator, locale: Locale, label: string) {
  const named = (name: string) => scope.getByRole('textbox', { name, exact: true });
  return { day: named(label), time: named(`${label} ${t(locale, 'field.dateTime.time')}`) };
}

/** The header's profile button, named by the signed-in user's name (WCAG 2.5.3). */
export function profileButton(page: Page, locale: Locale, account: AccountName) {
  const name = MESSAGES[locale]['shell.profileOf'].replace('{name}', ACCOUNTS[account].name);
  return page.getByRole('button', { name, exact: true });
}

/** `/fr` + `/home`; English has no prefix. */
export function localized(locale: Locale, path: string): string {
  return locale === 'en' ? path : path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** Every localStorage key of a session (DESIGN section 4); logout and expiry remove them all. */
export const SESSION_KEYS = [
  'auth.strategy',
  'auth._token.local',
  'auth._token_expiration.local',
  'auth._refresh_token.local',
  'auth._refresh_token_expiration.local',
  'data',
  'user',
  'access_token',
  'loggedIn',
] as const;
/** The ones also kept as cookies. */
export const SESSION_COOKIES = SESSION_KEYS.filter((key) => key.startsWith('auth.'));

export interface LoginBody {
  access_token: string;
  refresh_token: string;
  user: { id: string; name: string; phone: string | null; email: string; admin: boolean; vendor_id: string | null };
}

export async function loginViaApi(request: APIRequestContext, account: AccountName): Promise<LoginBody> {
  const { email, password } = ACCOUNTS[account];
  const response = await request.post('/branch/api/vendors/login', { data: { email, password } });
  expect(response.status(), `API login as ${email}: ${await response.text()}`).toBe(200);
  return response.json();
}

/** Expiry (epoch ms) from a JWT's `exp`, or now + fallback for a token without one. */
export function expiryOf(token: string, fallbackSeconds: number): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8'));
    if (typeof payload.exp === 'number') return payload.exp * 1000;
  } catch {
    // an opaque token
  }
  return Date.now() + fallbackSeconds * 1000;
}

/** localStorage as the app's `writeSession` leaves it. */
export function sessionEntries(body: LoginBody): Record<string, string> {
  return {
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
}

type StorageState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

export function storageStateFor(baseURL: string, body: LoginBody): StorageState {
  const entries = sessionEntries(body);
  const url = new URL(baseURL);
  const expires = Math.floor(Number(entries['auth._refresh_token_expiration.local']) / 1000);
  return {
    cookies: SESSION_COOKIES.map((name) => ({
      name,
      value: encodeURIComponent(entries[name]!),
      domain: url.hostname,
      path: '/',
      expires,
      httpOnly: false,
      secure: false,
      sameSite: 'Lax' as const,
    })),
    origins: [{ origin: url.origin, localStorage: Object.entries(entries).map(([name, value]) => ({ name, value })) }],
  };
}

/** A stable fake client address per test (and per retry). */
function addressFor(id: string): string {
  const bytes = createHash('sha256').update(id).digest();
  return `10.${bytes[0]}.${bytes[1]}.${(bytes[2]! % 254) + 1}`;
}

/**
 * A shared session is used only while its access token has this long left: more than a
 * test lasts (30 s) plus the lead with which the app refreshes before expiry (60 s), so
 * no test ever rotates the shared refresh token. The second server's 5 s tokens never
 * qualify, so every test there signs in anew.
 */
const SHARED_SESSION_MARGIN_MS = 3 * 60_000;

/** The sessions a worker shares between its tests, per server and account. */
export interface WorkerSessions {
  get(baseURL: string, account: AccountName): Promise<LoginBody>;
}

export const test = base.extend<
  {
    /** Sign in as this account before the test; null: a guest. */
    account: AccountName | null;
    /** The test signs in on its own instead of reusing its worker's session (it logs out or refreshes). */
    ownSession: boolean;
  /** The login the context was seeded with (when `account` is set). */
  seeded: LoginBody | null;
    /** The `X-Forwarded-For` this test's requests carry. */
    clientAddress: string;
  },
  { sessions: WorkerSessions }
>({
  sessions: [
    async ({ playwright }, use, workerInfo) => {
      const cache = new Map<string, LoginBody>();
      const address = addressFor(`worker#${workerInfo.workerIndex}`);
      await use({
        async get(baseURL, account) {
          const key = `${baseURL} ${account}`;
          const cached = cache.get(key);
          if (cached && expiryOf(cached.access_token, 0) - Date.now() > SHARED_SESSION_MARGIN_MS) return cached;
          const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': address } });
          try {
            const body = await loginViaApi(request, account);
            cache.set(key, body);
            return body;
          } finally {
            await request.dispose();
          }
        },
      });
    },
    { scope: 'worker' },
  ],
  account: [null, { option: true }],
  ownSession: [false, { option: true }],
  clientAddress: async ({}, use, testInfo) => {
    await use(addressFor(`${testInfo.testId}#${testInfo.retry}#${testInfo.repeatEachIndex}`));
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientAddress }, use) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': clientAddress });
  },
  seeded: async ({ account, ownSession, sessions, playwright, baseURL, clientAddress }, use) => {
    if (!account) return use(null);
    if (!ownSession) return use(await sessions.get(baseURL!, account));
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { 'X-Forwarded-For': clientAddress } });
    try {
      await use(await loginViaApi(request, account));
    } finally {
      await request.dispose();
    }
  },
  storageState: async ({ storageState, seeded, baseURL }, use) => {
    await use(seeded ? storageStateFor(baseURL!, seeded) : storageState);
  },
});

/** The page's localStorage, as an object. */
export function localStorageOf(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => ({ ...localStorage }));
}

export async function cookieNames(context: BrowserContext): Promise<string[]> {
  return (await context.cookies()).map((cookie) => cookie.name);
}

/**
 * None of the session's cookies is left. Polled: a `document.cookie` write reaches the
 * browser's cookie store asynchronously, so the context may see it a moment later.
 */
export async function expectNoSessionCookies(context: BrowserContext) {
  await expect
    .poll(async () => (await cookieNames(context)).filter((name) => (SESSION_COOKIES as readonly string[]).includes(name)), {
      message: 'no session cookie is left',
    })
    .toEqual([]);
}

/** The path (with locale prefix) the page is on. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits for the signed-in shell with its page heading. */
export async function expectShell(page: Page, heading?: string | RegExp) {
  await expect(page.locator('nav.sidebar')).toBeVisible();
  if (heading !== undefined) await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

/**
 * Opens `path` as a link in the app would (history.pushState, which the router follows),
 * or with a page load when the app is not open yet or shows the same screen: a test that walks many screens loads
 * and starts the app once. Then waits for the new screen: its heading, in a page whose
 * reads have arrived (the old screen's heading is marked first, so it is never taken for
 * the new one).
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  // Another query on the same screen keeps the screen (and its heading): that one is loaded.
  const open = await page
    .evaluate((to) => document.querySelector('.page-transition') !== null && new URL(to, location.href).pathname !== location.pathname, path)
    .catch(() => false);
  if (open) {
    await page.evaluate((to) => {
      for (const heading of document.querySelectorAll('.page-transition h1')) heading.setAttribute('data-left', '');
      history.pushState(null, '', to);
    }, path);
  } else {
    await page.goto(path);
  }
  await expect(page.locator('.page-transition[data-ready] h1:not([data-left])'), path).toBeVisible({ timeout: 15_000 });
}

/** Fills and submits the login form (labels in the page's language). */
export async function submitLogin(page: Page, locale: Locale, email: string, password: string) {
  await page.getByLabel(t(locale, 'login.email'), { exact: true }).fill(email);
  await page.getByLabel(t(locale, 'login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t(locale, 'login.submit'), exact: true }).click();
}
