/**
 * The refunds screen (/booking/refund), built from its description: it opens on the refunds
 * that need action, newest first, finds one by its booking's reference, names each by its
 * booking and customer in the same response (no request per row), offers in each row the actions the refund chart allows, reports a bulk
 * action's refusals one by one, adds up the filtered set, and fits a 1,280 px screen. A
 * refund made from the booking takes one confirmation: staff see it refunded, vendor staff
 * see it wait for staff on the booking.
 * Each test makes its own refunds (a unique reason), so workers never share one.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localized, loginViaApi, openInApp, t, test, type Locale } from './fixtures.ts';

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
  if (!search) return;
  await page.getByRole('searchbox', { name: t(locale, 'refundList.searchLabel') }).fill(search);
  // The rows of the search, not the open refunds listed before it (other tests' refunds may
  // be on the same bookings).
  await expect(page).toHaveURL(/[?&]search=/);
  await expect(page.locator('.table-wrap[aria-busy="true"]')).toHaveCount(0);
}

const rowOf = (page: Page, ref: string) => page.getByRole('row').filter({ hasText: ref });

/** A confirmed booking of the account's, paid in cash, with at least 5.00 left to refund. */
async function cashPaidBooking(request: APIRequestContext, account: 'admin' | 'vendor'): Promise<{ id: string; ref: string }> {
  const { access_token } = await loginViaApi(request, account);
  const headers = { Authorization: `JWT ${access_token}` };
  const payments = (await (await request.get('/branch/api/payments/?method=cash&status=paid&page_size=100', { headers })).json()).results as { booking_id: string }[];
  for (const { booking_id } of payments.sort(() => Math.random() - 0.5)) {
    const booking = await (await request.get(`/branch/api/bookings/${booking_id}/`, { headers })).json();
    if (booking.status !== 'confirmed') continue;
    const room = await (await request.get(`/branch/api/bookings/${booking_id}/refundable/`, { headers })).json();
    if (room.amount >= 500) return { id: booking.id, ref: booking.ref };
  }
  throw new Error(`no cash-paid booking left to refund for ${account}`);
}

/** Refunds 5.00 from the booking's page: one dialog (a form), one confirmation. */
async function refundFromBooking(page: Page, booking: { id: string }) {
  await page.goto(localized('en', `/booking/${booking.id}`));
  await page.getByRole('group', { name: t('en', 'booking.actions') }).getByRole('button', { name: t('en', 'booking.refund'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('en', 'refund.amount')).fill('5');
  await dialog.getByLabel(t('en', 'refund.reason'), { exact: true }).selectOption('service_issue');
  await dialog.getByRole('button', { name: t('en', 'booking.refund'), exact: true }).click();
  await expect(dialog).toBeHidden();
}

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

  test('refund a booking in one confirmation, then find it on the refunds list by its reference', async ({ page, request }) => {
    const booking = await cashPaidBooking(request, 'admin');
    await refundFromBooking(page, booking);
    // Staff: approved, processed and refunded at once; nothing is left waiting on the booking.
    await expect(page.getByText(/^Refunded .*5\.00/)).toBeVisible();
    await expect(page.getByRole('region', { name: t('en', 'refundPending.title') })).toHaveCount(0);

    // The list opens on what needs action, newest first.
    const listed = page.waitForRequest((r) => /\/branch\/api\/refunds\/\?/.test(r.url()) && /ordering=-created_at/.test(r.url()));
    await openRefunds(page, 'en');
    await listed;
    await page.getByRole('radio', { name: t('en', 'refundView.all') }).check();
    await page.getByRole('searchbox', { name: t('en', 'refundList.searchLabel') }).fill(booking.ref);
    await expect(rowOf(page, booking.ref).first().locator('.status-chip')).toHaveText(t('en', 'refundStatus.succeeded'));
  });

  test("a row offers what the refund's chart allows: approve, then process; rejecting asks for the reason the chart requires", async ({ page, request }) => {
    await test.step("a row offers what the refund's chart allows: approve, then process", async () => {
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

    await test.step('rejecting asks for the reason the chart requires', async () => {
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
  });

  test('totals add up the whole filtered set, not the page; a filter on a record reads as a search over records', async ({ page, request }) => {
    await test.step('totals add up the whole filtered set, not the page', async () => {
      const reason = `Totals ${runId()}`;
      await requestRefunds(request, reason, 2);
      await openRefunds(page, 'en', reason);
      // Two refunds of 5.00 each, in the totals row at the table's foot.
      const foot = page.locator('tfoot tr');
      await expect(foot).toHaveCount(1);
      await expect(foot).toContainText('Total DZD · 2 records');
      await expect(foot).toContainText('10.00');
    });

    await test.step('a filter on a record reads as a search over records', async () => {
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

  test('from 1,280 px up, tables fit without scrolling sideways and keep their main columns', async ({ page }) => {
    // Each screen opened once, then resized: the app's columns give way as its box narrows.
    for (const [path, widths] of [['/booking/refund', [1280, 1440]], ['/booking/manage', [1920, 1440, 1280]], ['/help', [1280]]] as const) {
      await page.setViewportSize({ width: widths[0], height: 800 });
      await openInApp(page, path);
      const table = page.locator('table.table');
      await expect(table.locator('tbody tr').first()).toBeVisible();
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 });
        await expect
          .poll(
            () =>
              table.evaluate((el) => ({
                tableFits: el.getBoundingClientRect().width <= el.parentElement!.getBoundingClientRect().width + 1,
                pageScroll: document.documentElement.scrollWidth - document.documentElement.clientWidth,
              })),
            { message: `${path} at ${width}` },
          )
          .toEqual({ tableFits: true, pageScroll: 0 });
        // What gave way is what matters least: the status is always there.
        await expect(page.getByRole('columnheader', { name: t('en', 'booking.status') })).toBeVisible();
      }
    }
    // A phone: each row is a card of label and value, and still nothing scrolls sideways.
    await page.setViewportSize({ width: 390, height: 800 });
    await openInApp(page, '/booking/refund');
    await expect(page.locator('table.table tbody tr').first()).toBeVisible();
    await expect(page.locator('table.table thead')).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  });

});

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('a refund made from the booking waits for staff; the list shows only their own refunds, with no vendor filter', async ({ page, request }) => {
    await test.step('a refund made from the booking waits for staff, and the booking shows it with who moves it on', async () => {
      const booking = await cashPaidBooking(request, 'vendor');
      await refundFromBooking(page, booking);
      const pending = page.getByRole('region', { name: t('en', 'refundPending.title') });
      await expect(pending.locator('.status-chip').first()).toHaveText(t('en', 'refundStatus.processing'));
      await expect(pending).toContainText(t('en', 'refundPending.waitingStaff'));
    });

    await test.step('see only their own refunds and no vendor filter', async () => {
      await page.goto('/booking/refund');
      await page.getByRole('radio', { name: t('en', 'refundView.all') }).check();
      await expect(page.locator('table.table tbody tr').first()).toBeVisible();
      await expect(page.getByRole('combobox', { name: t('en', 'booking.vendor') })).toHaveCount(0);
      await expect(page.getByRole('columnheader', { name: t('en', 'booking.vendor') })).toHaveCount(0);
    });
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
