/**
 * The session in the real app, model-based: a small model of what a user sees (a guest
 * on the login page, possibly with a reason shown; signed in, possibly asked "Are you
 * sure?") is walked with createTestModel along two event lists that together take every
 * event and reach every state, each one test that drives Chromium.
 * It is the browser-sized cousin of the node model (src/machines/session.model.test.ts): the
 * same states seen from outside, with events a user or the server can cause.
 */
import type { Page } from '@playwright/test';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  ACCOUNTS,
  SESSION_COOKIES,
  SESSION_KEYS,
  cookieNames,
  expect,
  expectNoSessionCookies,
  expectShell,
  localStorageOf,
  pathOf,
  submitLogin,
  t,
  test, profileButton } from './fixtures.ts';

type UserEvent =
  | { type: 'login.wrong' }
  | { type: 'login.ok' }
  | { type: 'reload' }
  | { type: 'logout.request' }
  | { type: 'logout.cancel' }
  | { type: 'logout.confirm' }
  /** The server revokes the session and the access token runs out. */
  | { type: 'expire' }
  /** The user logs out in another tab. */
  | { type: 'otherTab.logout' };

const userModel = createMachine({
  id: 'user',
  types: {} as { events: UserEvent },
  initial: 'guest',
  states: {
    guest: {
      initial: 'idle',
      on: { 'login.wrong': '.failed', 'login.ok': 'signedIn' },
      states: {
        idle: { description: 'The login form, no message.' },
        failed: { description: 'The login form says the email or password is wrong.' },
        expired: { description: 'The login form says the session expired.' },
      },
    },
    signedIn: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            reload: 'idle',
            'logout.request': 'confirming',
            expire: '#user.guest.expired',
            'otherTab.logout': '#user.guest.idle',
          },
        },
        confirming: { on: { 'logout.cancel': 'idle', 'logout.confirm': '#user.guest.idle' } },
      },
    },
  },
});

const ADMIN = ACCOUNTS.admin;

/** What the page shows and stores, per model state. */
async function checkState(page: Page, state: { matches(value: unknown): boolean; value: unknown }) {
  const form = page.getByRole('button', { name: t('en', 'login.submit'), exact: true });
  const alert = page.locator('main').getByRole('alert');
  if (state.matches('guest')) {
    await expect(form).toBeVisible();
    expect(pathOf(page)).toBe('/login');
    if (state.matches({ guest: 'failed' })) await expect(alert).toHaveText(t('en', 'login.error.invalidCredentials'));
    else if (state.matches({ guest: 'expired' })) await expect(alert).toHaveText(t('en', 'login.error.sessionExpired'));
    else await expect(alert).toHaveCount(0);
    const stored = await localStorageOf(page);
    for (const key of SESSION_KEYS) expect(stored, `${key} is not stored for a guest`).not.toHaveProperty(key);
    await expectNoSessionCookies(page.context());
  } else {
    // The open dialog hides the rest of the page from the accessibility tree.
    await expect(page.locator('nav.sidebar')).toBeAttached();
    if (!state.matches({ signedIn: 'confirming' })) {
      await expectShell(page);
      await expect(profileButton(page, 'en', 'admin')).toContainText(ADMIN.name);
    }
    const stored = await localStorageOf(page);
    for (const key of SESSION_KEYS) expect(stored, `${key} is stored while signed in`).toHaveProperty([key]);
    expect(stored['auth._token.local']).toMatch(/^JWT ey/);
    expect(JSON.parse(stored.data!).email).toBe(ADMIN.email);
    const dialog = page.getByRole('alertdialog');
    if (state.matches({ signedIn: 'confirming' })) {
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('heading')).toHaveText(t('en', 'logout.title'));
      await expect(dialog.getByRole('button', { name: t('en', 'common.cancel') })).toBeFocused();
    } else {
      await expect(dialog).toHaveCount(0);
    }
  }
}

const on = (...types: UserEvent['type'][]): UserEvent[] => types.map((type) => ({ type }) as UserEvent);
// Two walks instead of one test per shortest path (each a new context and app start): the
// first signs in after a wrong password and logs out, cancelling once; the second sees the
// session expire, a wrong password after that, and a logout in another tab.
const paths = [
  on('login.wrong', 'login.ok', 'reload', 'logout.request', 'logout.cancel', 'logout.request', 'logout.confirm'),
  on('login.ok', 'expire', 'login.wrong', 'login.ok', 'otherTab.logout'),
].flatMap((events) => createTestModel(userModel).getPathsFromEvents(events));

test.describe('session, walked from a model', () => {
  test('the walks take every event and reach every state of the model', () => {
    const events = new Set(paths.flatMap((path) => path.steps.map((step) => step.event.type)));
    expect([...events].sort()).toEqual(
      ['expire', 'login.ok', 'login.wrong', 'logout.cancel', 'logout.confirm', 'logout.request', 'otherTab.logout', 'reload', 'xstate.init'].sort(),
    );
    const states = new Set(paths.flatMap((path) => path.steps.map((step) => JSON.stringify(step.state.value))));
    const every = [{ guest: 'idle' }, { guest: 'failed' }, { guest: 'expired' }, { signedIn: 'idle' }, { signedIn: 'confirming' }];
    expect([...states].sort()).toEqual(every.map((state) => JSON.stringify(state)).sort());
  });

  for (const path of paths) {
    test(path.description.replace(/^Reaches /, ''), async ({ page, request }) => {
      /** Where the signed-in user is (a guest comes back here after a session expired). */
      let signedInAt = '/home';
      await page.goto('/');
      await path.test({
        events: {
          'login.wrong': async () => {
            await submitLogin(page, 'en', ADMIN.email, 'not-the-password');
            await expect(page.locator('main').getByRole('alert')).toBeVisible();
          },
          'login.ok': async () => {
            await submitLogin(page, 'en', ADMIN.email, ADMIN.password);
            await page.waitForURL((url) => url.pathname !== '/login');
            expect(pathOf(page)).toBe(signedInAt);
            signedInAt = '/home';
          },
          reload: async () => {
            await page.reload();
          },
          'logout.request': async () => {
            await page.getByRole('banner').getByRole('button', { name: t('en', 'shell.logout') }).click();
          },
          'logout.cancel': async () => {
            await page.getByRole('alertdialog').getByRole('button', { name: t('en', 'common.cancel') }).click();
          },
          'logout.confirm': async () => {
            const revoked = page.waitForResponse((r) => r.url().endsWith('/branch/api/master-admins/logout'));
            await page.getByRole('alertdialog').getByRole('button', { name: t('en', 'logout.confirm') }).click();
            expect((await revoked).status()).toBe(204);
            await page.waitForURL('**/login');
          },
          expire: async () => {
            // Revoke the refresh token on the server, and let the access token run out.
            const stored = await localStorageOf(page);
            const revoked = await request.post('/branch/api/master-admins/logout', {
              data: { refreshToken: stored['auth._refresh_token.local'] },
            });
            expect(revoked.status()).toBe(204);
            await page.evaluate(() => localStorage.setItem('auth._token_expiration.local', String(Date.now() - 1_000)));
            signedInAt = pathOf(page);
            const refresh = page.waitForResponse((r) => r.url().includes('/master-admins/refresh/'));
            await page.reload();
            expect((await refresh).status()).toBe(401);
            await page.waitForURL('**/login');
          },
          'otherTab.logout': async () => {
            const other = await page.context().newPage();
            await other.goto('/home');
            await expectShell(other);
            await other.getByRole('banner').getByRole('button', { name: t('en', 'shell.logout') }).click();
            await other.getByRole('alertdialog').getByRole('button', { name: t('en', 'logout.confirm') }).click();
            await other.waitForURL('**/login');
            await page.waitForURL('**/login');
            await other.close();
          },
        },
        states: { '*': (state) => checkState(page, state) },
      });
    });
  }
});

test.describe('login page', () => {
  test('too many failed attempts show the rate-limit reason and when to retry', async ({ page }) => {
    // An address of its own (the fixture's) and an account nobody else uses.
    const email = `nobody-${test.info().testId}@rihla.test`;
    await page.goto('/login');
    const alert = page.locator('main').getByRole('alert');
    for (let attempt = 1; attempt <= 10; attempt++) {
      const answered = page.waitForResponse((r) => r.url().endsWith('/vendors/login'));
      await submitLogin(page, 'en', email, `wrong-${attempt}`);
      expect((await answered).status(), `attempt ${attempt}`).toBe(401);
      await expect(alert).toHaveText(t('en', 'login.error.invalidCredentials'));
    }
    const limited = page.waitForResponse((r) => r.url().endsWith('/vendors/login'));
    await submitLogin(page, 'en', email, 'wrong-11');
    expect((await limited).status()).toBe(429);
    await expect(alert).toContainText(t('en', 'login.error.rateLimited'));
    // "Try again at <time>": the time the limit lifts, in the page's locale.
    await expect(alert).toContainText(/\d{1,2}:\d{2}/);
  });

  test('the form is checked before calling the API; a guest deep link goes to the localised login and, after login, back to the page', async ({ page }) => {
    await test.step('validates the form before calling the API', async () => {
      let calls = 0;
      page.on('request', (r) => void (r.url().endsWith('/vendors/login') && calls++));
      await page.goto('/login');
      await page.getByRole('button', { name: t('en', 'login.submit'), exact: true }).click();
      await expect(page.getByText(t('en', 'login.error.emailRequired'))).toBeVisible();
      await expect(page.getByLabel(t('en', 'login.email'), { exact: true })).toBeFocused();
      await submitLogin(page, 'en', 'not-an-email', 'x');
      await expect(page.getByText(t('en', 'login.error.emailInvalid'))).toBeVisible();
      expect(calls).toBe(0);
    });

    await test.step('a guest deep link goes to the localised login and, after login, back to the page', async () => {
      await page.goto('/fr/booking/manage');
      await page.waitForURL('**/fr/login');
      await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
      await submitLogin(page, 'fr', ADMIN.email, ADMIN.password);
      await page.waitForURL('**/fr/booking/manage');
      await expectShell(page, t('fr', 'route.bookingManage'));
      // The redirect is used once.
      expect(await localStorageOf(page)).not.toHaveProperty(['auth.redirect']);
    });
  });
});

test.describe('signed in', () => {
  // These end their session (logout, expiry): not one their worker's other tests share.
  test.use({ account: 'admin', ownSession: true });

  test('opening /login goes home', async ({ page }) => {
    await page.goto('/login');
    await page.waitForURL('**/home');
    await expectShell(page, t('en', 'route.home'));
  });

  test('a refresh token past its expiry sends the next load to login with "session expired", then back', async ({ page }) => {
    await page.goto('/booking/manage');
    await expectShell(page);
    await page.evaluate(() => localStorage.setItem('auth._refresh_token_expiration.local', String(Date.now() - 1_000)));
    await page.reload();
    await page.waitForURL('**/login');
    await expect(page.locator('main').getByRole('alert')).toHaveText(t('en', 'login.error.sessionExpired'));
    const stored = await localStorageOf(page);
    for (const key of SESSION_KEYS) expect(stored).not.toHaveProperty([key]);
    await submitLogin(page, 'en', ADMIN.email, ADMIN.password);
    await page.waitForURL('**/booking/manage');
  });

  test('cancelling the logout keeps every key; confirming removes them all, cookies included', async ({ page, context }) => {
    await page.goto('/home');
    await expectShell(page);
    const before = await localStorageOf(page);
    const logout = page.getByRole('banner').getByRole('button', { name: t('en', 'shell.logout') });
    await logout.click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('en', 'common.cancel') }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await localStorageOf(page)).toEqual(before);
    expect(await cookieNames(context)).toEqual(expect.arrayContaining([...SESSION_COOKIES]));
    // Escape cancels too.
    await logout.click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    expect(await localStorageOf(page)).toEqual(before);

    await logout.click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('en', 'logout.confirm') }).click();
    await page.waitForURL('**/login');
    const after = await localStorageOf(page);
    for (const key of SESSION_KEYS) expect(after).not.toHaveProperty([key]);
    await expectNoSessionCookies(context);
    // A user who logged out on purpose starts from home next time, not from where they were.
    expect(after).not.toHaveProperty(['auth.redirect']);
  });

  test('logging in in another tab signs this tab in', async ({ page, context }) => {
    await page.goto('/home');
    await expectShell(page);
    const other = await context.newPage();
    await other.goto('/home');
    await other.getByRole('banner').getByRole('button', { name: t('en', 'shell.logout') }).click();
    await other.getByRole('alertdialog').getByRole('button', { name: t('en', 'logout.confirm') }).click();
    await other.waitForURL('**/login');
    await page.waitForURL('**/login');
    await submitLogin(other, 'en', ADMIN.email, ADMIN.password);
    await other.waitForURL('**/home');
    await page.waitForURL('**/home');
    await expectShell(page);
  });
});
