/**
 * The home dashboard (/home): staff see the marketplace's figures, each leading to the
 * list it counts; vendor staff see their own, in French and in Arabic (mirrored, dark).
 * The figures shown are the endpoint's (its numbers are checked against the bookings in
 * tests/api/dashboard.test.ts).
 */
import type { APIRequestContext } from '@playwright/test';
import { expect, INTL_LOCALE, localized, loginViaApi, t, test, type AccountName, type Locale } from './fixtures.ts';

async function dashboardOf(request: APIRequestContext, account: AccountName) {
  const { access_token } = await loginViaApi(request, account);
  const response = await request.get('/branch/api/dashboard/?period=30', { headers: { Authorization: `JWT ${access_token}` } });
  expect(response.status()).toBe(200);
  return response.json();
}

async function openHome(page: import('@playwright/test').Page, locale: Locale) {
  await page.goto(localized(locale, '/home'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'route.home'));
  await expect(page.locator('.kpi-card').first()).toBeVisible();
}

test.describe('staff', () => {
  test.use({ account: 'admin', colorScheme: 'light' });

  test('the figures, the queue and the charts; a count leads to its filtered list', async ({ page, request }) => {
    // The staff home is the heaviest page (the whole day's board, the queue, 90 rows of chart table).
    test.slow();
    const data = await dashboardOf(request, 'admin');
    await openHome(page, 'en');
    const week = page.locator('.kpi-card[data-kpi="bookings_week"] .kpi-value');
    await expect(week).toHaveText(new Intl.NumberFormat(INTL_LOCALE.en).format(data.kpis.bookings_week.value));
    await expect(page.getByRole('heading', { name: t('en', 'home.departures.title') })).toBeVisible();
    const queue = page.locator('.work-queue');
    await expect(queue.getByText(t('en', 'home.queue.vendor_applications'))).toBeVisible();
    // The charts arrive in their own chunk, drawn on a canvas, with their numbers as a table.
    await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
    await page.getByRole('button', { name: '90 days' }).click();
    await expect(page.getByRole('button', { name: '90 days' })).toHaveAttribute('aria-pressed', 'true');
    await page.getByText(t('en', 'home.charts.table')).first().click();
    await expect(page.locator('.chart-table').first().locator('tbody tr')).toHaveCount(90);
    await queue.locator('[data-kind="bookings_requested"] .work-queue-head').click();
    await expect(page).toHaveURL(/\/booking\/manage\?.*status=requested/);
  });
});

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('their own figures in French, without vendor applications', async ({ page, request }) => {
    const data = await dashboardOf(request, 'vendor');
    await openHome(page, 'fr');
    await expect(page.getByText(t('fr', 'home.kpi.bookings_week'))).toBeVisible();
    await expect(page.locator('.kpi-card[data-kpi="bookings_week"] .kpi-value')).toHaveText(
      new Intl.NumberFormat(INTL_LOCALE.fr).format(data.kpis.bookings_week.value),
    );
    await expect(page.getByText(t('fr', 'home.queue.vendor_applications'))).toHaveCount(0);
    // The morning board: every departure of today, and a link to all of its bookings.
    await expect(page.locator('.departures tbody tr')).toHaveCount(data.departures.length);
    if (data.departures_bookings > 0) {
      await expect(page.locator('.departures a[href*="view=today"]')).toContainText(new Intl.NumberFormat(INTL_LOCALE.fr).format(data.departures_bookings));
    }
    // A departure already under way says who is not checked in yet, not "Ready".
    const now = new Date().toISOString();
    const late = data.departures.findIndex((d: { starts_at: string; booked: number; checked_in: number }) => d.starts_at < now && d.booked > d.checked_in);
    if (late >= 0) await expect(page.locator('.departures tbody tr').nth(late).locator('[data-missing]')).toContainText('non enregistr');
  });

  test('on a phone the board and the charts fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openHome(page, 'en');
    await expect(page.locator('.departures')).toBeVisible();
    await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

  test.describe('in Arabic, dark', () => {
    test.use({ colorScheme: 'dark' });
    test('laid out right to left, numerals as the locale writes them', async ({ page, request }) => {
      const data = await dashboardOf(request, 'vendor');
      await openHome(page, 'ar');
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('.kpi-card[data-kpi="bookings_week"] .kpi-value')).toHaveText(
        new Intl.NumberFormat(INTL_LOCALE.ar).format(data.kpis.bookings_week.value),
      );
      await expect(page.locator('.chart-canvas canvas').first()).toBeVisible();
    });
  });
});
