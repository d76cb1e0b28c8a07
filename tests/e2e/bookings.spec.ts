/**
 * Bookings screens: the list (filters, sorting, paging, search, CSV export) and a booking's
 * page (lifecycle actions, notes with a two-tab conflict, a partial refund); the list in
 * Arabic, the rest in English.
 *
 * Every test that changes a booking picks it with its own filter and ordering, so parallel
 * workers (and the other specs) never act on the same booking, and no test depends on
 * another having run first.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { dateTimeInputs, expect, localized, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'admin' });

const TODAY = new Date().toISOString().slice(0, 10);

function rowsOf(page: Page) {
  return page.locator('table.table tbody tr');
}

/** Opens the bookings list with `query` and waits for its rows. */
async function openList(page: Page, locale: Locale, query = '') {
  await page.goto(`${localized(locale, '/booking/manage')}${query}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'route.bookingManage'));
  await expect(rowsOf(page).first()).toBeVisible();
}

/** The list's total, read from the pager's "1–25 of N" (digits only, any locale). */
async function listCount(page: Page, locale: Locale = 'en'): Promise<number> {
  const text = await page.getByRole('navigation', { name: t(locale, 'list.pagination') }).getByRole('status').innerText();
  const last = text.split(/\s/).filter((part) => /\d/.test(part)).pop() ?? '';
  return Number(last.replace(/\D/g, ''));
}

/** The ref shown in the list's first row. */
async function firstRef(page: Page): Promise<string> {
  return (await rowsOf(page).first().locator('a.row-link').innerText()).trim();
}

/** Opens the first booking of the list filtered by `query`; returns its ref. */
async function openFirstBooking(page: Page, locale: Locale, query: string): Promise<string> {
  await openList(page, locale, query);
  const ref = await firstRef(page);
  await rowsOf(page).first().locator('a.row-link').click();
  await expect(page).toHaveURL(new RegExp(`${localized(locale, '/booking/')}[^/?]+$`));
  await expect(crumb(page)).toContainText(ref);
  return ref;
}

/** The breadcrumb's last item: the page's title and the booking's ref. */
function crumb(page: Page) {
  return page.locator('li[aria-current="page"]');
}

function actions(page: Page, locale: Locale) {
  return page.getByRole('group', { name: t(locale, 'booking.actions') });
}

function statusChip(page: Page) {
  return page.locator('.record-header > .status-chip').first();
}

test('in Arabic, the bookings list filters by status, sorts, pages forward and back, searches by ref', async ({ page }) => {
  const locale = 'ar';
  // Every booking, the latest first (the list opens on the upcoming ones).
  await openList(page, locale, '?view=all&ordering=-starts_at');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const all = await listCount(page, locale);

  // Filter by status: the URL, the count and every row's chip follow.
  await page.getByRole('combobox', { name: t(locale, 'booking.status'), exact: true }).selectOption('no_show');
  await expect(page).toHaveURL(/[?&]status=no_show/);
  await expect.poll(() => listCount(page, locale)).toBeLessThan(all);
  const chips = rowsOf(page).locator('.status-chip').filter({ hasText: t(locale, 'bookingStatus.no_show') });
  await expect(chips).toHaveCount(await rowsOf(page).count());

  // Sort by reference: aria-sort moves to that header, the URL carries the ordering.
  const refHeader = page.locator('thead th').filter({ hasText: t(locale, 'booking.ref') });
  const startsHeader = page.locator('thead th').filter({ hasText: t(locale, 'booking.startsAt') });
  await expect(startsHeader).toHaveAttribute('aria-sort', 'descending');
  await refHeader.getByRole('button').click();
  await expect(refHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(startsHeader).not.toHaveAttribute('aria-sort', /.+/);
  await expect(page).toHaveURL(/[?&]ordering=ref(&|$)/);
  await refHeader.getByRole('button').click();
  await expect(refHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/[?&]ordering=-ref(&|$)/);
  // The previous rows stay on screen while the next ones load: read once they are the
  // descending ones.
  await expect
    .poll(async () => {
      const refs = (await rowsOf(page).locator('a.row-link').allInnerTexts()).map((r) => r.trim());
      return refs.length > 1 && refs.join() === [...refs].sort().reverse().join();
    })
    .toBe(true);
  const firstOnPage1 = await firstRef(page);

  // Page forward, then the back button restores page 1.
  const pager = page.getByRole('navigation', { name: t(locale, 'list.pagination') });
  await pager.getByRole('button', { name: t(locale, 'list.next'), exact: true }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect.poll(() => firstRef(page)).not.toBe(firstOnPage1);
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]page=/);
  await expect(page).toHaveURL(/[?&]status=no_show/);
  await expect.poll(() => firstRef(page)).toBe(firstOnPage1);

  // Search by the first row's ref: that booking is found.
  await page.getByRole('searchbox', { name: t(locale, 'booking.searchLabel') }).fill(firstOnPage1);
  await expect(page).toHaveURL(new RegExp(`[?&]search=${firstOnPage1}`));
  await expect(rowsOf(page)).toHaveCount(1);
  await expect(rowsOf(page).first().locator('a.row-link')).toHaveText(firstOnPage1);

  // And the row opens the booking.
  await rowsOf(page).first().locator('a.row-link').click();
  await expect(crumb(page)).toContainText(firstOnPage1);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(statusChip(page)).toHaveText(t(locale, 'bookingStatus.no_show'));
});

test('a requested booking is confirmed, and a confirmed one is cancelled only with a reason', async ({ page }) => {
  await test.step('confirms a requested booking', async () => {
    await openFirstBooking(page, 'en', '?status=requested&ordering=ref');
    await expect(statusChip(page)).toHaveText(t('en', 'bookingStatus.requested'));
    await actions(page, 'en').getByRole('button', { name: t('en', 'bookingEvent.confirm'), exact: true }).click();
    await expect(statusChip(page)).toHaveText(t('en', 'bookingStatus.confirmed'));
    // The change is stored: a reload shows it too.
    await page.reload();
    await expect(statusChip(page)).toHaveText(t('en', 'bookingStatus.confirmed'));
  });

  await test.step('cancelling a confirmed booking asks for a reason', async () => {
    await openFirstBooking(page, 'en', `?status=confirmed&starts_at__gte=${TODAY}&ordering=starts_at`);
    await expect(statusChip(page)).toHaveText(t('en', 'bookingStatus.confirmed'));
    await actions(page, 'en').getByRole('button', { name: t('en', 'bookingEvent.cancel'), exact: true }).click();

    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(t('en', 'bookingEvent.cancel.title'));
    const submit = dialog.getByRole('button', { name: t('en', 'bookingEvent.cancel'), exact: true });
    const reason = dialog.getByLabel(t('en', 'booking.cancelReason'));
    // Its two answers say what they do, and it says what happens to the money paid.
    await expect(dialog.getByRole('button', { name: t('en', 'booking.keep'), exact: true })).toBeVisible();
    await expect(dialog).toContainText(/Nothing has been paid: no money goes back\.|has been paid: /);

    // No reason chosen is refused and the booking stays confirmed.
    await submit.click();
    await expect(dialog.getByText(t('en', 'reason.choose'))).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    // "Other reason" asks for words; blank ones are refused.
    await reason.selectOption('other');
    const details = dialog.getByLabel(t('en', 'reason.details'));
    await details.fill('   ');
    await submit.click();
    await expect(dialog.getByText(t('en', 'booking.reasonRequired'))).toBeVisible();
    await expect(statusChip(page)).toHaveText(t('en', 'bookingStatus.confirmed'));

    await details.fill('Weather warning for the whole day');
    await submit.click();
    await expect(dialog).toBeHidden();
    await expect(statusChip(page)).toHaveText(t('en', 'bookingStatus.cancelled'));
    await expect(actions(page, 'en').getByRole('button', { name: t('en', 'bookingEvent.cancel'), exact: true })).toHaveCount(0);
  });
});

test('two tabs editing the notes: the second save shows both versions and can keep its own', async ({ context }) => {
  const tabA = await context.newPage();
  await openFirstBooking(tabA, 'en', '?status=completed&ordering=ref');
  const url = tabA.url();
  const tabB = await context.newPage();
  await tabB.goto(url);
  await expect(crumb(tabB)).toHaveText(await crumb(tabA).innerText());

  const notes = (tab: Page) => tab.getByRole('textbox', { name: t('en', 'booking.notes') });
  const stamp = Date.now();
  const textA = `Tab A note ${stamp}`;
  const textB = `Tab B note ${stamp}`;
  for (const tab of [tabA, tabB]) await tab.getByRole('button', { name: t('en', 'booking.editNotes') }).click();
  await notes(tabA).fill(textA);
  await notes(tabB).fill(textB);

  await tabA.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
  await expect(tabA.getByRole('status').filter({ hasText: t('en', 'record.saved') })).toBeVisible();
  await expect(tabA.locator('p.notes')).toHaveText(textA);

  await tabB.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
  const conflict = tabB.locator('.conflict');
  await expect(conflict).toContainText(t('en', 'record.conflict'));
  await expect(conflict.locator('figure').filter({ hasText: t('en', 'record.yourVersion') })).toContainText(textB);
  await expect(conflict.locator('figure').filter({ hasText: t('en', 'record.theirVersion') })).toContainText(textA);

  await conflict.getByRole('button', { name: t('en', 'record.keepMine') }).click();
  await expect(conflict).toBeHidden();
  await expect(tabB.locator('p.notes')).toHaveText(textB);
  // Stored: tab A sees tab B's text after a reload.
  await tabA.reload();
  await expect(tabA.locator('p.notes')).toHaveText(textB);
});

/** Refunds 10.00 through the dialog on the booking's page (a form: a dialog, not an alertdialog). */
async function requestRefund(page: Page) {
  await actions(page, 'en').getByRole('button', { name: t('en', 'booking.refund'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(t('en', 'refund.amount')).fill('10');
  await dialog.getByLabel(t('en', 'refund.reason'), { exact: true }).selectOption('service_issue');
  await dialog.getByRole('button', { name: t('en', 'booking.refund'), exact: true }).click();
  await expect(dialog).toBeHidden();
}

function refundItems(page: Page) {
  return page.locator('ol.timeline li').filter({ hasText: 'Refund of' });
}

test('a partial refund of a paid booking is stored and shows in the timeline, at once and after a reload', async ({ page }) => {
  await test.step('a partial refund of a paid booking is stored and shows in the timeline', async () => {
    await openFirstBooking(page, 'en', '?payment_status=paid&ordering=-total');
    await expect(page.locator('ol.timeline')).toBeVisible();
    const before = await refundItems(page).count();
    await requestRefund(page);
    await page.reload();
    await expect(refundItems(page)).toHaveCount(before + 1);
    await expect(refundItems(page).first()).toContainText('10.00');
  });

  await test.step('the timeline shows a new refund without a reload', async () => {
    await openFirstBooking(page, 'en', '?payment_status=paid&ordering=-created_at');
    await expect(page.locator('ol.timeline')).toBeVisible();
    const before = await refundItems(page).count();
    await requestRefund(page);
    await expect(refundItems(page)).toHaveCount(before + 1);
  });
});

test('the CSV export holds one line per booking of the list; a vendor filter survives a reload', async ({ page }) => {
  await test.step('the CSV export holds the header and one line per booking of the list', async () => {
    // A narrow filter no other test changes: expired bookings that were never paid.
    await openList(page, 'en', '?status=expired&payment_status=unpaid');
    const count = await listCount(page);
    expect(count).toBeGreaterThan(0);

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: t('en', 'list.exportCsv'), exact: true }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).filter((line) => line !== '');
    const header = lines[0]!.split(',');
    expect(header[0]).toBe(t('en', 'booking.ref'));
    expect(header).toContain(t('en', 'booking.customer'));
    expect(header).toContain(t('en', 'booking.status'));
    expect(header).toContain(t('en', 'booking.paymentStatus'));
    expect(lines.length - 1).toBe(count);
    const expired = t('en', 'bookingStatus.expired');
    expect(lines.slice(1).every((line) => line.includes(expired))).toBe(true);
  });

  await test.step('staff filter bookings by vendor; the filter survives a reload', async () => {
    await openList(page, 'en', '?status=completed');
    const vendor = page.getByRole('combobox', { name: t('en', 'booking.vendor') });
    await vendor.fill('Sahara');
    await page.getByRole('option', { name: /Sahara Quad Tours/ }).click();
    await expect(page).toHaveURL(/vendor_id=[0-9a-f-]{36}/);
    await expect(rowsOf(page).first()).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: t('en', 'booking.vendor') })).toHaveValue('Sahara Quad Tours');
  });
});

test('booking a combo books each part at the combo price and opens the first booking', async ({ page }) => {
  await page.goto(localized('en', '/booking/combo'));
  const row = page.locator('table.table tbody tr', { hasText: 'Quad + camel' });
  await row.getByRole('button', { name: t('en', 'comboBooking.open') }).click();
  const form = page.locator('section.card', { hasText: 'Quad + camel' });
  await expect(form).toBeVisible();

  // Nothing chosen yet: the form says what is missing and sends nothing.
  await form.getByRole('button', { name: t('en', 'comboBooking.submit') }).click();
  await expect(form.getByText(t('en', 'comboBooking.customerRequired'))).toBeVisible();

  const customer = form.getByRole('combobox', { name: t('en', 'booking.customer') });
  await customer.fill('a');
  await form.getByRole('option').first().click();
  await form.getByLabel(t('en', 'newBooking.type.adult')).fill('2');
  const dates = dateTimeInputs(form, 'en', t('en', 'booking.startsAt'));
  await expect(dates.day).toHaveCount(2);
  await expect(dates.time).toHaveCount(2);
  const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
  await dates.day.nth(0).fill(day);
  await dates.time.nth(0).fill('09:00');
  await dates.day.nth(1).fill(day);
  await dates.time.nth(1).fill('14:00');
  await form.getByRole('button', { name: t('en', 'comboBooking.submit') }).click();

  await expect(page).toHaveURL(/\/booking\/[0-9a-f-]{36}$/);
  const discount = page.locator('.facts-money dt', { hasText: t('en', 'booking.discount') }).locator('xpath=following-sibling::dd[1]');
  await expect(discount).toHaveText(/^− DZD\s[1-9][\d,]*\.\d\d$/);
});

