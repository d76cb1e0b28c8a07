/**
 * The service worker of the production build (DESIGN section 4, "Shell"): `/sw.js` is
 * registered, after one visit the app shell opens offline, and API responses are never
 * served from its cache. (The other specs block service workers to stay fast.)
 */
import { expect, expectShell, t, test } from './fixtures.ts';

test.use({ serviceWorkers: 'allow' });

test.describe('service worker', () => {
  test.use({ account: 'admin' });

  test('is registered at /sw.js, opens the shell offline after one visit, and never caches the API', async ({ page, context }) => {
    await page.goto('/home');
    await expectShell(page, t('en', 'route.home'));
    const registration = await page.evaluate(async () => {
      const ready = await navigator.serviceWorker.ready;
      return { script: ready.active?.scriptURL, scope: ready.scope };
    });
    expect(new URL(registration.script!).pathname).toBe('/sw.js');
    expect(new URL(registration.scope).pathname).toBe('/');
    // It takes over this page (clients.claim), so the next loads go through it.
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

    // Online, API responses come from the network, not from the worker.
    const [health] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/branch/api/health')),
      page.evaluate(() => fetch('/branch/api/health').then((r) => r.status)),
    ]);
    expect(health.fromServiceWorker()).toBe(false);
    const cached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cached).toContain('/');
    expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true);
    expect(cached.filter((url) => url.startsWith('/branch/api')), 'no API response is cached').toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await expectShell(page, t('en', 'route.home'));
    // Another route's shell and its lazy chunks come from the cache as well.
    await page.goto('/booking/manage');
    await expect(page.locator('nav.sidebar')).toBeVisible();
    // The API is not answered from any cache while offline.
    const offlineApi = await page.evaluate(() =>
      fetch('/branch/api/health').then(
        (r) => `status ${r.status}`,
        () => 'failed',
      ),
    );
    expect(offlineApi).toBe('failed');
    await context.setOffline(false);
  });
});

test('a guest gets the login page offline after one visit', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'login.title'));
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await context.setOffline(true);
  await page.goto('/fr/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('fr', 'login.title'));
  await context.setOffline(false);
});
