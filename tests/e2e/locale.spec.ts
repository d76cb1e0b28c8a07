/**
 * Languages in the real app. The locale paths are walked from a model (en, fr, ar; the
 * header's language menu and a reload as events): four walks that take every transition, one
 * test each, and after every step the URL prefix, `<html lang dir>`, the `i18n_redirected`
 * cookie, the page's words and the side of the sidebar must match the model's language.
 */
import type { Page } from '@playwright/test';
import { createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { INTL_LOCALE, LOCALES, LOCALE_NAMES, expect, expectShell, localized, pathOf, t, test, type Locale } from './fixtures.ts';

type LocaleEvent = { type: 'pick'; locale: Locale } | { type: 'reload' };

const localeModel = createMachine({
  id: 'locale',
  types: {} as { events: LocaleEvent },
  initial: 'en',
  states: Object.fromEntries(
    LOCALES.map((locale) => [
      locale,
      {
        on: {
          pick: LOCALES.map((target) => ({ guard: ({ event }: { event: LocaleEvent }) => event.type === 'pick' && event.locale === target, target })),
          reload: locale,
        },
      },
    ]),
  ),
});

const PICKS: LocaleEvent[] = [...LOCALES.map((locale) => ({ type: 'pick' as const, locale })), { type: 'reload' }];
const pick = (locale: Locale): LocaleEvent => ({ type: 'pick', locale });
const reload: LocaleEvent = { type: 'reload' };
// Four short walks from English that together take every transition of the model (each
// language picked from each, the language shown picked again, a reload in each): four app
// starts instead of one per shortest path.
const paths = [
  [reload, pick('en'), pick('fr')],
  [pick('fr'), reload, pick('fr'), pick('en')],
  [pick('ar'), reload, pick('ar'), pick('en')],
  [pick('fr'), pick('ar'), pick('fr')],
].flatMap((events) => createTestModel(localeModel, { events: PICKS }).getPathsFromEvents(events));

// The walks must still cover the model if it or they change.
const walked = new Set(
  paths.flatMap((path) => path.steps.slice(1).map((step, i) => `${String(path.steps[i]!.state.value)} ${JSON.stringify(step.event)}`)),
);
const transitions = LOCALES.flatMap((from) => PICKS.map((event) => `${from} ${JSON.stringify(event)}`));
const missed = transitions.filter((transition) => !walked.has(transition));
if (missed.length > 0) throw new Error(`locale walks miss: ${missed.join(', ')}`);

/** The page is on /booking/manage in `locale`, and everything says so. */
async function expectLocale(page: Page, locale: Locale) {
  await page.waitForURL((url) => url.pathname === localized(locale, '/booking/manage'));
  await expectShell(page, t(locale, 'route.bookingManage'));
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', INTL_LOCALE[locale]);
  await expect(html).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe(locale);
  expect(cookie?.path).toBe('/');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 24 * 3600 * 1000);
  await expect(page.getByRole('navigation', { name: t(locale, 'shell.mainNavigation') })).toContainText(t(locale, 'area.bookings'));
  await expectSidebarSide(page, locale === 'ar' ? 'right' : 'left');
}

async function expectSidebarSide(page: Page, side: 'left' | 'right') {
  const sidebar = (await page.locator('nav.sidebar').boundingBox())!;
  const main = (await page.locator('main#main').boundingBox())!;
  if (side === 'left') expect(sidebar.x + sidebar.width).toBeLessThanOrEqual(main.x + 1);
  else expect(sidebar.x).toBeGreaterThanOrEqual(main.x + main.width - 1);
}

test.describe('language menu, walked from a model', () => {
  test.use({ account: 'admin' });

  for (const path of paths) {
    test(path.description.replace(/^Reaches /, ''), async ({ page }) => {
      await page.goto('/booking/manage');
      let current: Locale = 'en';
      await path.test({
        events: {
          pick: async ({ event }) => {
            const { locale } = event as Extract<LocaleEvent, { type: 'pick' }>;
            await page.getByRole('button', { name: t(current, 'shell.language') }).click();
            const item = page.getByRole('menuitemradio', { name: LOCALE_NAMES[locale] });
            await expect(item).toHaveAttribute('aria-checked', String(locale === current));
            await item.click();
            current = locale;
          },
          reload: async () => {
            await page.reload();
          },
        },
        states: { '*': (state) => expectLocale(page, state.value as Locale) },
      });
    });
  }
});

test.describe('locale detection', () => {
  test.use({ locale: 'fr-FR' });

  test('a guest on / without the cookie gets the browser language', async ({ page }) => {
    await page.goto('/');
    await page.waitForURL('**/fr/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('fr', 'login.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
  });

  test('the cookie wins over the browser language', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'i18n_redirected', value: 'ar', url: baseURL! }]);
    await page.goto('/');
    await page.waitForURL('**/ar/login');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test('a path without prefix stays English whatever the browser says', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'login.title'));
    expect(pathOf(page)).toBe('/login');
  });
});

test.describe('locale detection, signed in', () => {
  test.use({ account: 'vendor', locale: 'ar-DZ' });

  test('/ goes to the home page in the browser language', async ({ page }) => {
    await page.goto('/');
    await page.waitForURL('**/ar/home');
    await expectShell(page, t('ar', 'route.home'));
    await expectSidebarSide(page, 'right');
  });
});

test('the login page switches language with its own select and lays out right to left in Arabic', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel(t('en', 'shell.language')).selectOption('ar');
  await page.waitForURL('**/ar/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('ar', 'login.title'));
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // Email and password stay left to right inside the right-to-left page.
  await expect(page.getByLabel(t('ar', 'login.email'), { exact: true })).toHaveAttribute('dir', 'ltr');
});

test('the login page select goes back from French to English', async ({ page }) => {
  await page.goto('/fr/login');
  await page.getByLabel(t('fr', 'shell.language')).selectOption('en');
  await page.waitForURL((url) => url.pathname === '/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'login.title'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
});

test('an Arabic page is right to left from the first paint', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    new MutationObserver((_, observer) => {
      if (document.body) {
        seen.push(document.documentElement.dir);
        observer.disconnect();
      }
    }).observe(document, { childList: true, subtree: true });
    (window as unknown as { __dirAtBody: string[] }).__dirAtBody = seen;
  });
  await page.goto('/ar/login');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('ar', 'login.title'));
  expect(await page.evaluate(() => (window as unknown as { __dirAtBody: string[] }).__dirAtBody)).toEqual(['rtl']);
});

test('a French catalogue that cannot be loaded is announced, and trying again loads it', async ({ page }) => {
  let blocked = true;
  await page.route(/\/assets\/chunks\/fr-[^/]*\.js(\?.*)?$/, (route) => (blocked ? route.abort() : route.continue()));
  await page.goto('/fr/login');
  const notice = page.getByRole('alert').filter({ hasText: LOCALE_NAMES.fr });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'login.title'));
  blocked = false;
  await notice.getByRole('button', { name: t('en', 'common.retry') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('fr', 'login.title'));
  await expect(notice).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr-FR');
});
