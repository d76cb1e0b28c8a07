/**
 * The refunds screen (/booking/refund), built from its description: it opens on the refunds
 * that need action, names each by its booking and customer in the same response (no
 * request per row), offers in each row the actions the refund chart allows, reports a bulk
 * action's refusals one by one, adds up the filtered set, and fits a 1,280 px screen.
 * Each test makes its own refunds (a unique reason), so workers never share one.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

interface Refund {
  id: string;
  version: number;
  booking_id: string;
}

async function staffToken(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'admin');
  return { Authorization: `JWT ${access_token}` };
}

/** Requests a small refund on paid bookings of the vendor's, one per booking, through the API. */
async function requestRefunds(request: APIRequestContext, reason: string, count: number): Promise<(Refund & { ref: string; customer: string })[]> {
  const headers = await staffToken(request);
  const list = await request.get('/branch/api/bookings/?payment_status=paid&status=confirmed&page_size=100&ordering=-starts_at', { headers });
  expect(list.status()).toBe(200);
  const bookings = ((await list.json()).results as { id: string; ref: string; customer_name: string; paid: number }[]).filter((b) => b.paid >= 1000);
  const picked = bookings.sort(() => Math.random() - 0.5).slice(0, count);
  const refunds = [];
  for (const booking of picked) {
    const response = await request.post('/branch/api/refunds/', { headers, data: { booking_id: booking.id, amount: 500, reason } });
    expect(response.status(), await response.text()).toBe(201);
    refunds.push({ ...((await response.json()) as Refund), ref: booking.ref, customer: booking.customer_name });
  }
  return refunds;
}

async function openRefunds(page: Page, locale: Locale, search?: string) {
  await page.goto(localized(locale, '/booking/refund'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'route.bookingRefund'));
  if (search) await page.getByRole('searchbox', { name: t(locale, 'refundList.searchLabel') }).fill(search);
}

const rowOf = (page: Page, ref: string) => page.getByRole('row').filter({ hasText: ref });

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('opens on what needs action, with booking and customer names from the list response alone', async ({ page, request }) => {
    const [refund] = await requestRefunds(request, `Needs action ${runId()}`, 1);
    const perRow: string[] = [];
    page.on('request', (r) => {
      if (/\/branch\/api\/(bookings|customers|vendors)\/[0-9a-f-]{36}\//.test(r.url())) perRow.push(r.url());
    });
    await openRefunds(page, 'en');
    await expect(page.getByRole('radio', { name: t('en', 'refundView.open') })).toBeChecked();
    await page.getByRole('searchbox', { name: t('en', 'refundList.searchLabel') }).fill('Needs action');
    const row = rowOf(page, refund.ref);
    await expect(row).toContainText(refund.customer);
    await expect(row.locator('.status-chip')).toHaveText(t('en', 'refundStatus.requested'));
    // Names arrive with the page (expand=), never one request per row.
    expect(perRow).toEqual([]);
  });

  test("a row offers what the refund's chart allows: approve, then process", async ({ page, request }) => {
    const reason = `Row action ${runId()}`;
    const [refund] = await requestRefunds(request, reason, 1);
    await openRefunds(page, 'en', reason);
    const row = rowOf(page, refund.ref);
    await expect(row.getByRole('button', { name: t('en', 'refundEvent.approve'), exact: true })).toBeVisible();
    await expect(row.getByRole('button', { name: t('en', 'refundEvent.process'), exact: true })).toHaveCount(0);
    await row.getByRole('button', { name: t('en', 'refundEvent.approve'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(refund.ref);
    await dialog.getByRole('button', { name: t('en', 'refundEvent.approve'), exact: true }).click();
    await expect(row.locator('.status-chip')).toHaveText(t('en', 'refundStatus.approved'));
    await expect(row.getByRole('button', { name: t('en', 'refundEvent.process'), exact: true })).toBeVisible();
  });

  test('rejecting asks for the reason the chart requires', async ({ page, request }) => {
    const reason = `Reject ${runId()}`;
    const [refund] = await requestRefunds(request, reason, 1);
    await openRefunds(page, 'en', reason);
    await rowOf(page, refund.ref).getByRole('button', { name: t('en', 'refundEvent.reject'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByRole('button', { name: t('en', 'refundEvent.reject'), exact: true }).click();
    await expect(dialog.getByText(t('en', 'reason.choose'))).toBeVisible();
    // A coded rejection reason, named in the user's language.
    await dialog.getByLabel(t('en', 'bulk.reason')).selectOption({ label: 'Outside the cancellation policy' });
    await dialog.getByRole('button', { name: t('en', 'refundEvent.reject'), exact: true }).click();
    // A rejected refund leaves the "needs action" view.
    await expect(rowOf(page, refund.ref)).toHaveCount(0);
  });

  test('a bulk approval reports the refund it could not approve, by its booking', async ({ page, request }) => {
    const reason = `Bulk ${runId()}`;
    const [first, second] = await requestRefunds(request, reason, 2);
    // This page has not heard of the change below yet (the live channel would refresh the
    // row first, and the bulk action would then skip it instead of being refused).
    await page.route('**/branch/api/events/**', (route) => route.abort());
    await openRefunds(page, 'en', reason);
    await expect(rowOf(page, first.ref)).toBeVisible();
    await expect(rowOf(page, second.ref)).toBeVisible();
    // Someone else approves the second one meanwhile: the page holds a stale version of it.
    const headers = await staffToken(request);
    const approved = await request.post(`/branch/api/refunds/${second.id}/transition/`, { headers, data: { event: 'approve', version: second.version } });
    expect(approved.status()).toBe(200);

    await page.getByRole('checkbox', { name: t('en', 'list.selectPage') }).check();
    await page.getByRole('region', { name: t('en', 'list.bulkActions') }).getByRole('button', { name: t('en', 'refundEvent.approve'), exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('en', 'refundEvent.approve'), exact: true }).click();
    const report = page.getByRole('alert').filter({ hasText: second.ref });
    await expect(report).toContainText('1 refused');
    await expect(report).toContainText(second.ref);
    await expect(report).not.toContainText(first.ref);
    await expect(rowOf(page, first.ref).locator('.status-chip')).toHaveText(t('en', 'refundStatus.approved'));
  });

  test('totals add up the whole filtered set, not the page', async ({ page, request }) => {
    const reason = `Totals ${runId()}`;
    await requestRefunds(request, reason, 2);
    await openRefunds(page, 'en', reason);
    // Two refunds of 5.00 each, in the totals row at the table's foot.
    const foot = page.locator('tfoot tr');
    await expect(foot).toHaveCount(1);
    await expect(foot).toContainText('Total DZD · 2 records');
    await expect(foot).toContainText('10.00');
  });

  test('from 1,280 px up, tables fit without scrolling sideways and keep their main columns', async ({ page }) => {
    for (const [width, path] of [[1280, '/booking/refund'], [1280, '/booking/manage'], [1440, '/booking/manage'], [1440, '/booking/refund'], [1920, '/booking/manage'], [1280, '/help']] as const) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      const table = page.locator('table.table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      const { tableWidth, boxWidth, pageScroll } = await table.evaluate((el) => ({
        tableWidth: el.getBoundingClientRect().width,
        boxWidth: el.parentElement!.getBoundingClientRect().width,
        pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
      }));
      expect(tableWidth, `${path} at ${width}`).toBeLessThanOrEqual(boxWidth + 1);
      expect(pageScroll, `${path} at ${width}`).toBeLessThanOrEqual(0);
      // What gave way is what matters least: the status is always there.
      await expect(page.getByRole('columnheader', { name: t('en', 'booking.status') })).toBeVisible();
    }
    // A phone: each row is a card of label and value, and still nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/booking/refund');
    await expect(page.locator('table.table tbody tr').first()).toBeVisible();
    await expect(page.locator('table.table thead')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

  test('a filter on a record reads as a search over records', async ({ page }) => {
    await openRefunds(page, 'en');
    const vendor = page.getByRole('combobox', { name: t('en', 'booking.vendor') });
    await expect(vendor).toHaveAttribute('placeholder', t('en', 'list.anyRecord'));
    await vendor.fill('Sahara');
    await page.getByRole('option', { name: /Sahara Quad Tours/ }).click();
    await expect(page).toHaveURL(/vendor_id=[0-9a-f-]{36}/);
    // Clearing the bar's filters keeps the quick view.
    await page.getByRole('button', { name: t('en', 'list.clearFilters') }).click();
    await expect(page).not.toHaveURL(/vendor_id=/);
    await expect(page.getByRole('radio', { name: t('en', 'refundView.open') })).toBeChecked();
  });
});

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('see only their own refunds and no vendor filter', async ({ page }) => {
    await page.goto('/booking/refund');
    await page.getByRole('radio', { name: t('en', 'refundView.all') }).check();
    await expect(page.locator('table.table tbody tr').first()).toBeVisible();
    await expect(page.getByRole('combobox', { name: t('en', 'booking.vendor') })).toHaveCount(0);
    await expect(page.getByRole('columnheader', { name: t('en', 'booking.vendor') })).toHaveCount(0);
  });
});

test.describe('Arabic', () => {
  test.use({ account: 'admin' });

  test('the screen, its views and row actions read right to left', async ({ page, request }) => {
    const reason = `Arabic ${runId()}`;
    const [refund] = await requestRefunds(request, reason, 1);
    await openRefunds(page, 'ar', reason);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('radio', { name: t('ar', 'refundView.open') })).toBeChecked();
    await expect(rowOf(page, refund.ref).getByRole('button', { name: t('ar', 'refundEvent.approve'), exact: true })).toBeVisible();
    await expect(rowOf(page, refund.ref).locator('.status-chip')).toHaveText(t('ar', 'refundStatus.requested'));
  });
});
