/**
 * Accessibility: axe-core on the login page, home, a nested route, the help screen (with
 * its editor open) and the 404 page, in English light and Arabic dark. Serious and
 * critical violations fail the test, and are printed with the elements they concern.
 * Every page is scanned with reduced motion (tests/e2e/axe.ts).
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { ACCOUNTS, expect, expectShell, localized, openInApp, submitLogin, t, test, type Locale, profileButton } from './fixtures.ts';

// The colours depend on the theme, not the language, and the mirroring on the language, not
// the theme: English light and Arabic dark between them cover both themes and both
// directions (French reads left to right like English).
for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test.describe(`${locale}, ${theme}`, () => {
    // Reduced motion from the start: no page fades in while axe reads its colours.
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test(`login, home, a nested route and the 404 page have no serious violations`, async ({ page }) => {
      // Seven scans and a sign-in: more than a one-screen test's time on a busy machine.
      test.slow();
      await page.goto(localized(locale, '/login'));
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'login.title'));
      await expectNoSeriousViolations(page, `login (${locale}, ${theme})`);

      // With an error shown, too (its colours are the theme's; the language changes nothing else).
      await submitLogin(page, locale, ACCOUNTS.admin.email, 'wrong password');
      await expect(page.locator('main').getByRole('alert')).toBeVisible();
      await expectNoSeriousViolations(page, `login with an error (${locale}, ${theme})`);

      await submitLogin(page, locale, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
      await page.waitForURL((url) => url.pathname === localized(locale, '/home'));
      await expectShell(page, t(locale, 'route.home'));
      await expectNoSeriousViolations(page, `home (${locale}, ${theme})`);

      await pageAt(page, locale, '/booking/manage', t(locale, 'route.bookingManage'));
      await expectNoSeriousViolations(page, `/booking/manage (${locale}, ${theme})`);

      await pageAt(page, locale, '/help', t(locale, 'route.help'));
      await expectNoSeriousViolations(page, `/help (${locale}, ${theme})`);
      // With the editor open beside the list.
      await pageAt(page, locale, '/help?edit=new', t(locale, 'route.help'));
      await expect(page.getByRole('heading', { level: 2, name: t(locale, 'help.new') })).toBeVisible();
      await expectNoSeriousViolations(page, `/help editor (${locale}, ${theme})`);

      await pageAt(page, locale, '/no/such/page', t(locale, 'error.notFound'));
      await expectNoSeriousViolations(page, `404 (${locale}, ${theme})`);

      // The profile menu and the logout dialog, open.
      await profileButton(page, locale, 'admin').click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoSeriousViolations(page, `profile menu (${locale}, ${theme})`, '[role="menu"]');
      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('button', { name: t(locale, 'shell.logout') }).click();
      await expect(page.getByRole('alertdialog')).toBeVisible();
      await expectNoSeriousViolations(page, `logout dialog (${locale}, ${theme})`, '[role="alertdialog"]');
    });
  });
}

/** Opens a page in the running app and waits for its heading. */
async function pageAt(page: Page, locale: Locale, path: string, heading: string) {
  await openInApp(page, localized(locale, path));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}
