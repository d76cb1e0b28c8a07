/**
 * Page changes in the real app, with the page's clock stopped (Playwright's fake timers),
 * so nothing depends on how fast the machine is: a page that is ready shows without any
 * timer firing (no minimum wait), and a page that is not ready within 200 ms shows the
 * loading state, which stays 200 ms of page time even when the data arrives sooner.
 * The timings themselves are the navigation chart's model tests (src/machines/navigation.model.test.ts).
 */
import type { Page } from '@playwright/test';
import { expect, t, test } from './fixtures.ts';

test.use({ account: 'admin' });

/** Opens the bookings list with the page's clock installed, then stops the clock. */
async function openWithStoppedClock(page: Page) {
  await page.clock.install();
  await page.goto('/booking/manage');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'route.bookingManage'));
  await expect(page.locator('.page-transition')).toHaveAttribute('data-ready', 'true');
  // From here on, no timer of the page fires unless the test moves the clock.
  await page.clock.pauseAt(Date.now() + 10_000);
}

const outlet = (page: Page) => page.locator('.page-transition');
const progressBar = (page: Page) => page.locator('.progress');

test('a page whose data is ready shows at once, without waiting for any timer', async ({ page }) => {
  await openWithStoppedClock(page);
  await page.getByRole('navigation').getByRole('link', { name: t('en', 'route.bookingRefund') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'route.bookingRefund'));
  await expect(outlet(page)).toHaveAttribute('data-ready', 'true');
  await expect(progressBar(page)).not.toHaveAttribute('data-visible');
});

test('a page not ready within 200 ms shows the loading state, and keeps it 200 ms', async ({ page }) => {
  await openWithStoppedClock(page);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname === '/branch/api/refunds/',
    async (route) => {
      await held;
      await route.continue();
    },
  );
  await page.getByRole('navigation').getByRole('link', { name: t('en', 'route.bookingRefund') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'route.bookingRefund'));
  await expect(outlet(page)).not.toHaveAttribute('data-ready');

  await page.clock.runFor(199);
  await expect(progressBar(page)).not.toHaveAttribute('data-visible');
  await page.clock.runFor(1);
  await expect(progressBar(page)).toHaveAttribute('data-visible', 'true');

  // The data arrives 50 ms into the loading state: the bar completes, the page waits.
  await page.clock.runFor(50);
  release();
  await expect(progressBar(page)).toHaveAttribute('aria-valuenow', '100');
  await expect(outlet(page)).not.toHaveAttribute('data-ready');
  await page.clock.runFor(149);
  await expect(outlet(page)).not.toHaveAttribute('data-ready');
  await page.clock.runFor(1);
  await expect(outlet(page)).toHaveAttribute('data-ready', 'true');
});
