/**
 * The signed-in shell: the 404 page, the command palette, what vendor staff may see, and
 * the theme (applied before first paint, kept across reloads).
 */
import { expect, expectShell, localized, t, test, profileButton } from './fixtures.ts';

test.describe('as staff', () => {
  test.use({ account: 'admin' });

  // The shell's small checks share a context and an app start.
  test('legacy aliases open their pages; Ctrl+K finds a screen by name and opens it; staff see the staff-only entries', async ({ page }) => {
    await test.step('the seed’s legacy aliases open their pages', async () => {
      await page.goto('/home%20copy');
      await expectShell(page, t('en', 'route.home'));
    });

    await test.step('Ctrl+K finds a screen by name and opens it', async () => {
      await page.goto('/home');
      await expectShell(page, t('en', 'route.home'));
      await page.keyboard.press('Control+k');
      const palette = page.getByRole('dialog');
      const input = palette.getByRole('combobox');
      await expect(input).toBeFocused();
      await input.fill('coup');
      await expect(palette.getByRole('option')).toHaveText([new RegExp(t('en', 'route.coupons'))]);
      await page.keyboard.press('Enter');
      // The list keeps its view in the query string.
      await page.waitForURL(/\/coupons(\?|$)/);
      await expectShell(page, t('en', 'route.coupons'));
      await expect(palette).toBeHidden();
      // Staff see staff-only screens in the palette; nothing matches nonsense.
      await page.keyboard.press('Control+k');
      await input.fill(t('en', 'route.vendors'));
      await expect(palette.getByRole('option').first()).toContainText(t('en', 'route.vendors'));
      await input.fill('zzzz-nothing');
      await expect(palette.getByRole('status')).toHaveText(t('en', 'palette.noResults'));
      await page.keyboard.press('Escape');
      await expect(palette).toBeHidden();
    });

    await test.step('staff see the staff-only entries', async () => {
      await page.goto('/home');
      await expect(page.getByRole('navigation').getByRole('link', { name: t('en', 'area.vendors') })).toBeVisible();
      await expect(page.locator('nav.sidebar a[href="/settings/company"]')).toBeAttached();
      await page.goto('/vendors');
      await expectShell(page, t('en', 'route.vendors'));
    });
  });

  test('the palette works in French, with arrow keys; an unknown path shows the 404 page in Arabic, with a way home', async ({ page }) => {
    await test.step('the palette works in French, with arrow keys', async () => {
      await page.goto('/fr/home');
      await expectShell(page, t('fr', 'route.home'));
      await page.getByRole('button', { name: t('fr', 'shell.search') }).click();
      const input = page.getByRole('dialog').getByRole('combobox');
      await input.fill(t('fr', 'area.bookings'));
      await page.keyboard.press('ArrowDown');
      const active = page.getByRole('option', { selected: true });
      const title = (await active.locator('span').first().textContent())!;
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
      expect(new URL(page.url()).pathname).toMatch(/^\/fr\/booking\//);
    });

    await test.step('an unknown path shows the 404 page in Arabic, with a way home', async () => {
      await page.goto(localized('ar', '/no/such/page'));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('ar', 'error.notFound'));
      await expect(page.getByText('404', { exact: true })).toBeVisible();
      await page.getByRole('link', { name: t('ar', 'error.backHome') }).click();
      await page.waitForURL((url) => url.pathname === localized('ar', '/home'));
      await expectShell(page, t('ar', 'route.home'));
    });
  });

});

test.describe('as vendor staff', () => {
  test.use({ account: 'vendor' });

  test('the sidebar has no staff-only entries, and /vendors says it is not theirs, not that it is missing', async ({ page }) => {
    await page.goto('/home');
    await expectShell(page, t('en', 'route.home'));
    const sidebar = page.getByRole('navigation', { name: t('en', 'shell.mainNavigation') });
    // Links in collapsed groups are hidden, so look for them in the DOM, not by role.
    await expect(sidebar.locator('a[href="/booking/manage"]')).toBeAttached();
    await expect(sidebar.locator('a[href="/settings/business"]')).toBeAttached();
    for (const staffOnly of ['/vendors', '/settings/company', '/categories', '/loyalty', '/chatbot-requests']) {
      await expect(sidebar.locator(`a[href="${staffOnly}"]`), `no ${staffOnly} entry`).toHaveCount(0);
    }
    await expect(sidebar.getByText(t('en', 'area.vendors'), { exact: true })).toHaveCount(0);
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog').getByRole('combobox').fill(t('en', 'route.vendors'));
    await expect(page.getByRole('dialog').getByRole('status')).toHaveText(t('en', 'palette.noResults'));
    await page.keyboard.press('Escape');

    await page.goto('/vendors');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'error.notYours'));
    await expect(page.getByText('403', { exact: true })).toBeVisible();
    await page.goto('/fr/settings/company');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('fr', 'error.notYours'));
    await page.goto('/ar/vendors/1');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('ar', 'error.notYours'));
    // A path that is no screen at all is still the 404 page.
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'error.notFound'));
  });

  test('the profile menu shows the vendor’s name, phone and email', async ({ page }) => {
    await page.goto('/home');
    // Its button is named by what it shows, the user's name, and says what it opens.
    const trigger = page.getByRole('button', { name: 'Yacine Belkacem, profile', exact: true });
    await expect(trigger).toContainText('Yacine Belkacem');
    await trigger.click();
    const menu = page.getByRole('menu');
    await expect(menu).toContainText('Yacine Belkacem');
    await expect(menu).toContainText('+213 661 23 45 67');
    await expect(menu).toContainText('vendor@rihla.test');
    await expect(menu).toContainText(t('en', 'role.vendor'));
  });
});

test.describe('theme', () => {
  test.use({ account: 'admin', colorScheme: 'light' });

  test('Dark in the profile menu sets data-theme, and a reload keeps it from the first paint', async ({ page }) => {
    // Record data-theme when the parser reaches <body> (after the blocking head scripts,
    // before any paint) and at the first animation frame.
    await page.addInitScript(() => {
      const seen: Record<string, string | undefined> = {};
      (window as unknown as { __theme: typeof seen }).__theme = seen;
      new MutationObserver((_, observer) => {
        if (document.body) {
          seen.atBody = document.documentElement.dataset.theme;
          seen.mainScriptRan = String(document.querySelector('#root')?.hasChildNodes() ?? false);
          observer.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
      requestAnimationFrame(() => (seen.firstFrame = document.documentElement.dataset.theme));
    });
    const theme = () => page.evaluate(() => (window as unknown as { __theme: Record<string, string> }).__theme);

    await page.goto('/home');
    await expectShell(page);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    expect((await theme()).atBody).toBe('light');

    await profileButton(page, 'en', 'admin').click();
    await page.getByRole('menuitemradio', { name: t('en', 'theme.dark') }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    expect(await page.evaluate(() => localStorage.getItem('color-mode'))).toBe('dark');
    expect(await html.evaluate((el) => getComputedStyle(el).colorScheme)).toBe('dark');

    await page.reload();
    await expectShell(page);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    const seen = await theme();
    expect(seen.atBody, 'dark before the body is parsed').toBe('dark');
    expect(seen.mainScriptRan, 'and before the app rendered anything').toBe('false');
    expect(seen.firstFrame, 'dark at the first frame').toBe('dark');

    // The page really is dark: the body's background is darker than mid-grey.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g)!.map(Number);
    expect(0.2126 * r! + 0.7152 * g! + 0.0722 * b!).toBeLessThan(128);
  });

  test('System follows the operating system’s scheme live', async ({ page }) => {
    await page.goto('/home');
    await profileButton(page, 'en', 'admin').click();
    await page.getByRole('menuitemradio', { name: t('en', 'theme.system') }).click();
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  });
});
