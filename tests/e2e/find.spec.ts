/**
 * Finding records from anywhere and saved views: the command palette finds a booking by
 * its ref and a customer by a phone typed another way than it was saved, grouped under
 * the screens, and Enter opens them; a saved view of the bookings list survives a logout
 * and is there in another browser; in Arabic (dark) the palette groups records in Arabic
 * and a name used twice is refused at the field in Arabic.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { ACCOUNTS, expect, expectShell, localized, loginViaApi, submitLogin, t, test, type Locale } from './fixtures.ts';

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function api(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'admin');
  const headers = { Authorization: `JWT ${access_token}` };
  return async (method: 'GET' | 'POST', url: string, data?: unknown) => {
    const response = await request.fetch(`/branch/api${url}`, { method, data, headers });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.json();
  };
}

/** A customer of the test's own, saved with a phone typed the local way; returns it and its digits. */
async function ownCustomer(request: APIRequestContext) {
  const staff = await api(request);
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const customer = await staff('POST', '/customers/', { name: `Sofiane ${runId()}`, phone: `0552 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}` });
  return { customer, digits };
}

async function openPalette(page: Page, locale: Locale) {
  await page.getByRole('button', { name: t(locale, 'shell.search') }).click();
  const palette = page.getByRole('dialog');
  await expect(palette.getByRole('combobox')).toBeFocused();
  return palette;
}

test.describe('in English, light', () => {
  test.use({ account: 'admin', colorScheme: 'light' });

  test('Ctrl+K finds a booking by its ref and a customer by phone; Enter opens them', async ({ page, request }) => {
    const staff = await api(request);
    const booking = (await staff('GET', '/bookings/?page_size=1&ordering=-created_at&fields=ref')).results[0];
    const { customer, digits } = await ownCustomer(request);

    await page.goto('/home');
    await expectShell(page, t('en', 'route.home'));
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog');
    const input = palette.getByRole('combobox');
    await input.fill(booking.ref.toLowerCase());
    const bookings = palette.getByRole('group', { name: t('en', 'find.palette.kind.booking') });
    await expect(bookings.getByRole('option').first()).toContainText(booking.ref);
    await expect(palette.getByRole('option', { selected: true })).toContainText(booking.ref);
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/booking/${booking.id}`);
    await expect(palette).toBeHidden();

    // The phone as people say it aloud, with the country code: the same customer.
    await page.keyboard.press('Control+k');
    await input.fill(`+213 552 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`);
    const customers = palette.getByRole('group', { name: t('en', 'find.palette.kind.customer') });
    await expect(customers.getByRole('option')).toHaveText([new RegExp(customer.name)]);
    await expect(palette.getByRole('status')).toHaveText('1 record found');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/customers/${customer.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(customer.name);
  });
});

test.describe('saved views', () => {
  test.use({ account: 'admin', ownSession: true, colorScheme: 'light' });

  test('a view saved on the bookings list survives a logout and is there in another browser', async ({ page, browser, baseURL }) => {
    // Two sign-ins and two browsers: longer than one screen's test.
    test.setTimeout(60_000);
    const name = `Late payers ${runId()}`;
    const searched = 'Amina';
    await page.goto('/booking/manage');
    await expectShell(page, t('en', 'route.bookingManage'));
    await page.getByRole('searchbox', { name: t('en', 'booking.searchLabel') }).fill(searched);
    await page.waitForURL(/search=Amina/);

    await page.getByRole('button', { name: t('en', 'find.views.menu') }).click();
    await page.getByRole('menuitem', { name: t('en', 'find.views.save') }).click();
    const dialog = page.getByRole('dialog', { name: t('en', 'find.views.saveTitle') });
    await dialog.getByLabel(t('en', 'find.views.name')).fill(name);
    await dialog.getByRole('button', { name: t('en', 'find.views.saveButton') }).click();
    await expect(dialog).toBeHidden();

    // Log out and in again: the view is kept on the server, not in this browser.
    await page.getByRole('button', { name: t('en', 'shell.logout') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('en', 'logout.confirm') }).click();
    await submitLogin(page, 'en', ACCOUNTS.admin.email, ACCOUNTS.admin.password);
    await expectShell(page);
    await page.goto('/booking/manage');
    await expectShell(page, t('en', 'route.bookingManage'));
    const box = page.getByRole('searchbox', { name: t('en', 'booking.searchLabel') });
    await expect(box).toHaveValue('');
    await page.getByRole('button', { name: t('en', 'find.views.menu') }).click();
    await page.getByRole('menuitemcheckbox', { name }).click();
    await expect(box).toHaveValue(searched);
    await expect(page).toHaveURL(/search=Amina/);

    // Another browser, signed in afresh.
    const other = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    try {
      const second = await other.newPage();
      await second.goto('/login');
      await submitLogin(second, 'en', ACCOUNTS.admin.email, ACCOUNTS.admin.password);
      await expectShell(second);
      await second.goto('/booking/manage');
      await second.getByRole('button', { name: t('en', 'find.views.menu') }).click();
      await second.getByRole('menuitemcheckbox', { name }).click();
      await expect(second.getByRole('searchbox', { name: t('en', 'booking.searchLabel') })).toHaveValue(searched);
    } finally {
      await other.close();
    }
  });
});

test.describe('in Arabic, dark', () => {
  test.use({ account: 'admin', colorScheme: 'dark' });

  test('records grouped in Arabic; a name used twice is refused at the field in Arabic', async ({ page, request }) => {
    const { customer, digits } = await ownCustomer(request);
    await page.goto(localized('ar', '/home'));
    await expectShell(page, t('ar', 'route.home'));
    const palette = await openPalette(page, 'ar');
    await palette.getByRole('combobox').fill(`0552${digits}`);
    const customers = palette.getByRole('group', { name: t('ar', 'find.palette.kind.customer') });
    await expect(customers.getByRole('option')).toHaveText([new RegExp(customer.name)]);
    await page.keyboard.press('Escape');

    const name = `عرضي ${runId()}`;
    await page.goto(localized('ar', '/customers/list'));
    await expectShell(page, t('ar', 'route.customersList'));
    for (const attempt of [1, 2]) {
      await page.getByRole('button', { name: t('ar', 'find.views.menu') }).click();
      await page.getByRole('menuitem', { name: t('ar', 'find.views.save') }).click();
      const dialog = page.getByRole('dialog', { name: t('ar', 'find.views.saveTitle') });
      await dialog.getByLabel(t('ar', 'find.views.name')).fill(name);
      await dialog.getByRole('button', { name: t('ar', 'find.views.saveButton') }).click();
      if (attempt === 1) {
        await expect(dialog).toBeHidden();
        continue;
      }
      await expect(dialog.getByText(t('ar', 'serverError.savedViewNameTaken'))).toBeVisible();
      // What was typed stays.
      await expect(dialog.getByLabel(t('ar', 'find.views.name'))).toHaveValue(name);
    }
  });
});
