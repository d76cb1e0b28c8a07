/**
 * Token refresh against a server whose access tokens last 5 s (the second server that
 * playwright.config.ts starts): the app refreshes before expiry, rotates the stored
 * tokens, and keeps working long after the first access token died.
 */
import { SHORT_TOKEN_BASE_URL, expiryOf, SHORT_TOKEN_SECONDS, expect, expectShell, localStorageOf, t, test } from './fixtures.ts';

// Each test rotates or revokes its refresh token: a session of its own.
test.use({ baseURL: SHORT_TOKEN_BASE_URL, account: 'admin', ownSession: true });

const REFRESH_URL = '/branch/api/master-admins/refresh/?format=web';

test('refreshes before the access token expires and keeps working past its expiry', async ({ page, seeded }) => {
  const firstExpiry = expiryOf(seeded!.access_token, 0);
  expect(firstExpiry - Date.now()).toBeLessThanOrEqual(SHORT_TOKEN_SECONDS * 1000);

  // Each refresh: when it was sent (epoch ms), the token it sent and the token it got back.
  const refreshes: { at: number; sent: string; received: string | undefined; receivedAccess: string | undefined; status: number }[] = [];
  page.on('response', async (response) => {
    if (!response.url().endsWith(REFRESH_URL)) return;
    const request = response.request();
    // A refresh answered while the test closes its page has no body to read any more.
    const body = response.ok() ? ((await response.json().catch(() => undefined)) as { refresh_token: string; access_token: string } | undefined) : undefined;
    refreshes.push({
      at: request.timing().startTime,
      sent: request.postDataJSON().refresh_token,
      received: body?.refresh_token,
      receivedAccess: body?.access_token,
      status: response.status(),
    });
  });

  await page.goto('/home');
  await expectShell(page, t('en', 'route.home'));

  // The first refresh sends the token the session started with. (Whether it comes before
  // that token expires depends on how long a loaded machine takes to load the page; the
  // running app's own timing is checked on the next refresh.)
  await expect.poll(() => refreshes.length, { timeout: 2 * SHORT_TOKEN_SECONDS * 1000 }).toBeGreaterThanOrEqual(1);
  expect(refreshes[0]!.status).toBe(200);
  expect(refreshes[0]!.sent).toBe(seeded!.refresh_token);

  // The page may already have loaded after the first refresh: compare with what the server
  // handed out, not with storage read at some moment of the load.
  await expect
    .poll(async () => (await localStorageOf(page))['auth._refresh_token.local'] === refreshes.at(-1)!.received, {
      message: 'the refresh token the server handed out last is stored',
    })
    .toBe(true);
  const after = await localStorageOf(page);
  expect(after['auth._refresh_token.local']).not.toBe(seeded!.refresh_token);
  expect(after['auth._token.local']).not.toBe(`JWT ${seeded!.access_token}`);
  expect(after['auth._token.local']).toBe(`JWT ${after.access_token}`);
  expect(Number(after['auth._token_expiration.local'])).toBeGreaterThan(firstExpiry);
  // Polled, and both read together: with 5 s tokens the app may rotate again between two reads.
  await expect
    .poll(
      async () => {
        const storage = await localStorageOf(page);
        const cookie = (await page.context().cookies()).find((c) => c.name === 'auth._refresh_token.local');
        return cookie?.value === storage['auth._refresh_token.local'];
      },
      { message: 'the cookie copy is rotated too' },
    )
    .toBe(true);

  // The running app refreshes before its access token expires (a quarter of its life
  // ahead), sending the rotated token.
  await expect.poll(() => refreshes.length, { timeout: 2 * SHORT_TOKEN_SECONDS * 1000 }).toBeGreaterThanOrEqual(2);
  expect(refreshes[1]!.sent, 'each refresh sends the token the previous one returned').toBe(refreshes[0]!.received);
  expect(refreshes[1]!.at, 'the next refresh comes before the access token it replaces expires').toBeLessThan(expiryOf(refreshes[0]!.receivedAccess!, 0));
  expect(refreshes.every((r) => r.status === 200)).toBe(true);

  // Past the first token's expiry, the app still works.
  await expect.poll(() => Date.now(), { timeout: 2 * SHORT_TOKEN_SECONDS * 1000 }).toBeGreaterThan(firstExpiry);

  await page.getByRole('navigation').getByRole('button', { name: t('en', 'area.promotions') }).click();
  await page.getByRole('link', { name: t('en', 'route.coupons') }).click();
  await expectShell(page, t('en', 'route.coupons'));
  const me = await page.evaluate(async () => {
    const response = await fetch('/branch/api/me/', {
      headers: { Authorization: localStorage.getItem('auth._token.local')!, Accept: 'application/json, text/plain' },
    });
    return { status: response.status, body: await response.json() };
  });
  expect(me.status, 'the stored access token is accepted').toBe(200);
  expect(me.body.email).toBe('admin@rihla.test');

  // A reload with an expired stored token refreshes first and stays signed in. It comes
  // right after a refresh whose tokens are stored: a reload while a refresh is in flight
  // would lose the rotated token, and the next refresh would send a spent one.
  const before = refreshes.length;
  await expect.poll(() => refreshes.length, { timeout: 2 * SHORT_TOKEN_SECONDS * 1000 }).toBeGreaterThan(before);
  await expect
    .poll(async () => (await localStorageOf(page))['auth._refresh_token.local'] === refreshes.at(-1)!.received, {
      message: 'the refresh token the server handed out last is stored',
    })
    .toBe(true);
  await page.evaluate(() => localStorage.setItem('auth._token_expiration.local', String(Date.now() - 1_000)));
  const count = refreshes.length;
  await page.reload();
  await expectShell(page, t('en', 'route.coupons'));
  await expect.poll(() => refreshes.length).toBeGreaterThan(count);
  expect(refreshes.at(-1)!.status).toBe(200);
});

test('a refresh the server refuses ends the session with "session expired"', async ({ page, request, seeded }) => {
  await page.goto('/home');
  await expectShell(page);
  // Revoke the whole token family: the proactive refresh (within 5 s) is refused.
  expect((await request.post('/branch/api/master-admins/logout', { data: { refreshToken: seeded!.refresh_token } })).status()).toBe(204);
  // A refresh may have gone through while the page loaded; the next one uses the same family.
  const refused = await page.waitForResponse((r) => r.url().endsWith(REFRESH_URL) && r.status() !== 200, { timeout: 2 * SHORT_TOKEN_SECONDS * 1000 });
  expect(refused.status()).toBe(401);
  await page.waitForURL('**/login');
  await expect(page.locator('main').getByRole('alert')).toHaveText(t('en', 'login.error.sessionExpired'));
  expect(await localStorageOf(page)).not.toHaveProperty(['loggedIn']);
});

test('a refresh that fails for network reasons keeps the session and retries', async ({ page }) => {
  let failures = 0;
  await page.route('**/master-admins/refresh/**', (route) => {
    if (failures < 2) {
      failures += 1;
      return route.abort('connectionrefused');
    }
    return route.continue();
  });
  await page.goto('/home');
  await expectShell(page);
  const stored = await localStorageOf(page);
  // Two failed attempts, then a retry that succeeds (after 1 s and 2 s of back-off).
  const ok = await page.waitForResponse((r) => r.url().endsWith(REFRESH_URL) && r.status() === 200, { timeout: 15_000 });
  expect(failures).toBe(2);
  expect(ok.ok()).toBe(true);
  await expectShell(page);
  await expect.poll(async () => (await localStorageOf(page))['auth._refresh_token.local']).not.toBe(stored['auth._refresh_token.local']);
});
