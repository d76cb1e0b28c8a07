/**
 * The payments screens: staff record a cash payment against a booking's balance (never
 * more), find it in the list with the totals row of the filtered set, open it and
 * reconcile it with a note; and the same in French. Each test books its own
 * unpaid booking, so workers never share one.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { bookViaApi, type Json } from './bookingsApi.ts';
import { expect, INTL_LOCALE, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

async function staffHeaders(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'admin');
  return { Authorization: `JWT ${access_token}` };
}

/** An unpaid booking of its own, some weeks ahead. */
const ownBooking = async (request: APIRequestContext) => bookViaApi(request, await staffHeaders(request), 40 * 24 * 60 + Math.floor(Math.random() * 20_000));

const money = (locale: Locale, minor: number) =>
  new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'DZD', minimumFractionDigits: 2 }).format(minor / 100);
/** How a person types an amount in major units in the locale (`1234.5` / `1234,5`). */
const typed = (locale: Locale, minor: number) => (locale === 'en' ? (minor / 100).toFixed(2) : (minor / 100).toFixed(2).replace('.', ','));

/** Records cash for the booking through the dialog; first tries one centime more than the balance. */
async function recordCash(page: Page, locale: Locale, booking: Json, amount: number) {
  await page.getByRole('button', { name: t(locale, 'payments.cash.button'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: t(locale, 'payments.booking') }).fill(booking.ref);
  await dialog.getByRole('option', { name: new RegExp(booking.ref) }).click();
  const field = dialog.getByRole('textbox', { name: t(locale, 'payments.amount') });
  // The balance is offered; more is refused at the field and what was typed stays.
  await expect(field).not.toHaveValue('');
  await field.fill(typed(locale, booking.balance + 1));
  await dialog.getByRole('button', { name: t(locale, 'payments.cash.record'), exact: true }).click();
  await expect(dialog.getByText(t(locale, 'payments.cash.overBalance'))).toBeVisible();
  // Kept as typed (the field shows it grouped in the locale's way).
  expect((await field.inputValue()).replace(/\D/g, '')).toBe(String(booking.balance + 1));
  await field.fill(typed(locale, amount));
  await dialog.getByRole('textbox', { name: t(locale, 'payments.payerName') }).fill('Samira Test');
  await dialog.getByRole('button', { name: t(locale, 'payments.cash.record'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: money(locale, amount) })).toBeVisible();
}

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('record a cash payment, see it with the totals of the filtered set, open it and reconcile it with a note', async ({ page, request }) => {
    const booking = await ownBooking(request);
    const amount = Math.floor(booking.balance / 200) * 100;
    await page.goto('/payments/list');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'route.paymentsList'));
    await recordCash(page, 'en', booking, amount);

    await page.getByRole('searchbox', { name: t('en', 'payments.searchLabel') }).fill(booking.ref);
    const row = page.locator('tbody tr').filter({ hasText: booking.ref });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Samira Test');
    await expect(row).toContainText(t('en', 'paymentMethod.cash'));
    // The totals row adds up the whole filtered set: here, this one payment.
    const foot = page.locator('tfoot tr');
    await expect(foot).toHaveCount(1);
    await expect(foot).toContainText('Total DZD · 1 record');
    await expect(foot).toContainText(money('en', amount));

    await row.locator('a.row-link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.ref);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(money('en', amount));
    await expect(page.locator('.record-header .status-chip').first()).toHaveText(t('en', 'paymentRecordStatus.paid'));
    await expect(page.getByText(t('en', 'payments.refunds.left').replace('{amount}', money('en', amount)))).toBeVisible();

    await page.getByRole('button', { name: t('en', 'payments.reconcile.button'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('en', 'payments.reconcile.button'), exact: true }).click();
    await expect(dialog.getByText(t('en', 'payments.reconcile.noteRequired'))).toBeVisible();
    await dialog.getByRole('textbox', { name: t('en', 'payments.reconciledNote') }).fill('Counted in the till on Monday');
    await dialog.getByRole('button', { name: t('en', 'payments.reconcile.button'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('.record-header .status-chip').nth(1)).toHaveText(t('en', 'payments.reconciledYes'));
    await expect(page.getByText('Counted in the till on Monday')).toBeVisible();
    await expect(page.getByRole('button', { name: t('en', 'payments.reconcile.undo'), exact: true })).toBeVisible();
    // The history says who reconciled it.
    await page.getByText(t('en', 'payments.history'), { exact: true }).click();
    await expect(page.getByText(`${t('en', 'auditAction.reconcile')} by Amina Haddad`)).toBeVisible();

    // The booking took the money.
    await page.getByRole('link', { name: booking.ref }).first().click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(booking.ref);
    await expect(page.locator('.record-header .status-chip', { hasText: t('en', 'paymentStatus.deposit') })).toBeVisible();
  });

  test('in French: the cash payment, the totals row and the payment page speak French', async ({ page, request }) => {
    const booking = await ownBooking(request);
    await page.goto(localized('fr', '/payments/list'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('fr', 'route.paymentsList'));
    await recordCash(page, 'fr', booking, booking.balance);
    await page.getByRole('searchbox', { name: t('fr', 'payments.searchLabel') }).fill(booking.ref);
    await expect(page.locator('tfoot tr')).toContainText('Total DZD · 1 ligne');
    await page.locator('tbody tr').filter({ hasText: booking.ref }).locator('a.row-link').click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${t('fr', 'paymentMethod.cash')} · réservation ${booking.ref}`);
    await expect(page.getByRole('heading', { name: t('fr', 'payments.events.title') })).toBeVisible();
    await expect(page.getByText(t('fr', 'payments.events.none'))).toBeVisible();
  });
});
