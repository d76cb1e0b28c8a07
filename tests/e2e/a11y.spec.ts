/**
 * Accessibility: THE spec that runs axe-core over the app, one scan per distinct layout
 * rather than per screen (the screens are drawn by a few shared layouts, so scanning each
 * screen mostly re-scans the same components). Every layout is scanned in English light
 * and in Arabic dark: the colours depend on the theme, not the language, and the mirroring
 * on the language, not the theme, so these two cover both themes and both directions
 * (French reads left to right like English). Serious and critical violations fail the
 * test and are printed with the elements they concern; every page is scanned with reduced
 * motion (tests/e2e/axe.ts). Each test walks a few screens in one page (moving inside the
 * running app) and scans at most five layouts. A new layout adds its scan here.
 *
 * Layouts and where they are scanned:
 * - the login page (with its error), the home dashboard (charts, work and action queues),
 *   the 404 page, an open dropdown menu (profile), a confirm dialog (logout);
 * - a list screen with its filters and totals row (payments), the saved-views menu and
 *   its form dialog, the search palette with results, a record page with tabs (a booking,
 *   with its money ledger);
 * - the catalogue tree (categories), a settings section form, the messages inbox (two
 *   panes), the notification composer with its previews, the payouts panel, the combo
 *   editor with a refused field;
 * - for vendor staff: the availability calendar (month), the location form with its map,
 *   the gallery, the adventure editor (steps and a service picker), a service's record
 *   page with its editor form (title tabs, switches, selects).
 * Scans that need state only a flow reaches stay in that flow (each says why): the pay
 * page and the set-password page (a fresh link), the booking change dialog (a priced
 * change), the changed-elsewhere notice (a concurrent edit).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ACCOUNTS, expect, expectShell, localized, openInApp, submitLogin, t, test, type LoginBody, profileButton } from './fixtures.ts';

/** The first result of a list read through the API, as the signed-in account. */
async function first<T>(request: APIRequestContext, seeded: LoginBody | null, path: string): Promise<T> {
  const res = await request.get(`/branch/api/${path}`, { headers: { Authorization: `JWT ${seeded!.access_token}` } });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).results[0] as T;
}

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test.describe(`${locale}, ${theme}`, () => {
    // Reduced motion from the start: no page fades in while axe reads its colours.
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });
    const scan = (page: Page, what: string, layer?: string) => expectNoSeriousViolations(page, `${what} (${locale}, ${theme})`, layer);

    test('login page with an error, home dashboard, 404 page, dropdown menu, confirm dialog', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto(localized(locale, '/login'));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'login.title'));
      await submitLogin(page, locale, ACCOUNTS.admin.email, 'wrong password');
      await expect(page.locator('main').getByRole('alert')).toBeVisible();
      await scan(page, 'login with an error');

      await submitLogin(page, locale, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
      await page.waitForURL((url) => url.pathname === localized(locale, '/home'));
      await expectShell(page, t(locale, 'route.home'));
      await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
      await scan(page, 'home');

      await openInApp(page, localized(locale, '/no/such/page'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'error.notFound'));
      await scan(page, '404');

      await profileButton(page, locale, 'admin').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await scan(page, 'profile menu', '[role="menu"]');
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('button', { name: t(locale, 'shell.logout') }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await scan(page, 'logout dialog', '[role="alertdialog"]');
    });

    test.describe('staff', () => {
      test.use({ account: 'admin' });

      test('list with filters and totals, saved-views menu and dialog, search palette, record page with tabs', async ({ page, request, seeded }) => {
        test.setTimeout(90_000);
        const booking = await first<{ id: string; ref: string }>(request, seeded, 'bookings/?page_size=1&ordering=-created_at');
        await openInApp(page, localized(locale, '/payments/list?view=all'));
        await expect(page.locator('tfoot tr')).toHaveCount(1);
        await scan(page, '/payments/list');

        await page.getByRole('button', { name: t(locale, 'find.views.menu') }).click();
        await expect(page.getByRole('menu')).toBeVisible();
        await scan(page, 'saved views menu', '[role="menu"]');
        await page.getByRole('menuitem', { name: t(locale, 'find.views.save') }).click();
        const dialog = page.getByRole('dialog', { name: t(locale, 'find.views.saveTitle') });
        await dialog.getByLabel(t(locale, 'find.views.name')).fill('Scan');
        await scan(page, 'save view dialog', '[role="dialog"]');
        await page.keyboard.press('Escape');
        await expect(dialog).toBeHidden();

        await page.keyboard.press('Control+k');
        const palette = page.locator('.palette');
        await palette.getByRole('combobox').fill(booking.ref.toLowerCase());
        await expect(palette.getByRole('option', { selected: true })).toContainText(booking.ref);
        await scan(page, 'search palette', '.palette');
        await page.keyboard.press('Escape');
        await expect(palette).toBeHidden();

        await openInApp(page, localized(locale, `/booking/${booking.id}`));
        await expect(page.locator('.money-ledger')).toBeVisible({ timeout: 15_000 });
        await scan(page, 'booking page');
      });

      test('catalogue tree, settings form, messages inbox', async ({ page, request, seeded }) => {
        test.setTimeout(90_000);
        const conversation = await first<{ id: string }>(request, seeded, 'conversations/?page_size=1');
        await openInApp(page, localized(locale, '/categories'));
        await expect(page.getByRole('tree').or(page.locator('main li')).first()).toBeVisible();
        await scan(page, '/categories');

        await openInApp(page, localized(locale, '/settings/theme'));
        await scan(page, '/settings/theme');

        await openInApp(page, localized(locale, `/messages?c=${conversation.id}`));
        await scan(page, '/messages');
      });

      test('notification composer, payouts panel, combo editor with a refused field', async ({ page }) => {
        test.setTimeout(90_000);
        await openInApp(page, localized(locale, '/notifications/send'));
        await scan(page, '/notifications/send');

        await openInApp(page, localized(locale, '/payments/split'));
        await expect(page.locator('.table-foot')).toContainText(/\d|[٠-٩]/);
        await scan(page, '/payments/split');

        // The combo editor, with a price refused at its field.
        await openInApp(page, localized(locale, '/booking/combo'));
        await page.getByRole('link', { name: t(locale, 'combo.new'), exact: true }).click();
        const editor = page.locator('section.combo-editor');
        await expect(editor.getByRole('heading', { name: t(locale, 'combo.new') })).toBeVisible();
        await page.getByLabel(t(locale, 'combo.pricing'), { exact: true }).selectOption('fixed');
        const price = page.getByLabel(t(locale, 'combo.price'), { exact: true });
        await price.fill('abc');
        await price.press('Tab');
        await expect(price).toHaveAttribute('aria-invalid', 'true');
        await scan(page, 'combo editor', 'section.combo-editor');
      });
    });

    test.describe('vendor staff', () => {
      test.use({ account: 'vendor' });

      test('availability calendar, location form with its map, gallery', async ({ page, request, seeded }) => {
        test.setTimeout(90_000);
        const service = await first<{ id: string }>(request, seeded, 'services/?view=public&page_size=1&fields=id');
        await openInApp(page, localized(locale, `/services/${service.id}?tab=availability`));
        await page.getByRole('radio', { name: t(locale, 'availability.view.month') }).check();
        await expect(page.locator('.calendar-month')).toBeVisible();
        await scan(page, 'availability calendar');

        await openInApp(page, localized(locale, '/addlocation'));
        await page.getByLabel(t(locale, 'locations.latitude'), { exact: true }).fill(locale === 'ar' ? '36,75' : '36.75');
        await page.getByLabel(t(locale, 'locations.longitude'), { exact: true }).fill(locale === 'ar' ? '3,06' : '3.06');
        await expect(page.getByRole('button', { name: t(locale, 'locations.map.pin') })).toBeVisible();
        await scan(page, 'location form');

        await openInApp(page, localized(locale, '/gallery'));
        await scan(page, '/gallery');
      });

      test('adventure editor, service record page with its form', async ({ page, request, seeded }) => {
        test.setTimeout(90_000);
        const service = await first<{ id: string }>(request, seeded, 'services/?view=public&page_size=1&fields=id');
        await openInApp(page, localized(locale, '/adventures?edit=new'));
        const form = page.locator('section.adventure-editor');
        await expect(form.getByRole('heading', { name: t(locale, 'adventure.new') })).toBeVisible();
        await form.getByRole('button', { name: t(locale, 'adventure.addStep') }).click();
        await scan(page, 'adventure editor');

        await openInApp(page, localized(locale, `/services/${service.id}?tab=details`));
        await expect(page.getByLabel(t(locale, 'services.capacity'), { exact: true })).toBeVisible();
        await scan(page, 'service page');
      });
    });
  });
}

