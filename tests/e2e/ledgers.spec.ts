/**
 * Wallets and loyalty (/customers/wallet, /customers/loyalty, /loyalty): staff credit a
 * customer's wallet with a reason (a debit past the balance is refused at the field),
 * adjust their points, and change a loyalty rule; in Arabic (dark) the server's refusal
 * comes in Arabic. Each test makes its own customer, so workers never share a balance.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, INTL_LOCALE, localized, loginViaApi, MESSAGES, t, test, type Locale } from './fixtures.ts';

async function staffHeaders(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'admin');
  return { Authorization: `JWT ${access_token}` };
}

/** A customer of their own, with an empty wallet and no points. */
async function newCustomer(request: APIRequestContext): Promise<{ id: string; name: string }> {
  const stamp = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const name = `Ledger ${stamp.slice(-7)}`;
  const phone = `+213 661 ${stamp.slice(-6, -4)} ${stamp.slice(-4, -2)} ${stamp.slice(-2)}`;
  const res = await request.post('/branch/api/customers/', { headers: await staffHeaders(request), data: { name, phone } });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).id, name };
}

/** Opens an adjust dialog from a ledger screen and picks the customer. */
async function openAdjust(page: Page, locale: Locale, path: string, button: string, customer: string) {
  await page.goto(localized(locale, path));
  await page.getByRole('button', { name: t(locale, button), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: t(locale, 'ledgers.customer') }).fill(customer);
  await page.getByRole('option').filter({ hasText: customer }).first().click();
  return dialog;
}

const fill = (dialog: ReturnType<Page['getByRole']>, locale: Locale, label: string, value: string) =>
  dialog.getByRole('textbox', { name: t(locale, label) }).fill(value);

test.describe('staff, English light', () => {
  test.use({ account: 'admin', colorScheme: 'light' });

  test('credit a wallet with a reason; a debit past the balance is refused at the amount', async ({ page, request }) => {
    const customer = await newCustomer(request);
    let dialog = await openAdjust(page, 'en', '/customers/wallet', 'ledgers.wallet.adjust', customer.name);
    // Nothing typed: each missing piece is named at its field, and nothing is sent.
    await dialog.getByRole('button', { name: t('en', 'ledgers.wallet.save') }).click();
    await expect(dialog.getByText(t('en', 'ledgers.amountRequired'))).toBeVisible();
    await expect(dialog.getByText(t('en', 'ledgers.reasonRequired'))).toBeVisible();
    await dialog.getByRole('combobox', { name: t('en', 'ledgers.source') }).selectOption({ label: t('en', 'walletSource.top_up') });
    await fill(dialog, 'en', 'ledgers.amount', '1500');
    await fill(dialog, 'en', 'ledgers.reason', 'Goodwill after a cancelled trip');
    await dialog.getByRole('button', { name: t('en', 'ledgers.wallet.save') }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: t('en', 'ledgers.wallet.saved') })).toBeVisible();
    const money = (n: number) => new Intl.NumberFormat(INTL_LOCALE.en, { style: 'currency', currency: 'DZD' }).format(n);
    const row = page.getByRole('row').filter({ hasText: customer.name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(t('en', 'walletSource.top_up'));
    await expect(row).toContainText(money(1500));
    await expect(row).toContainText('Goodwill after a cancelled trip');

    // A debit larger than the balance: the server's refusal at the amount, what was typed kept.
    await page.getByRole('button', { name: t('en', 'ledgers.wallet.adjust'), exact: true }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: t('en', 'ledgers.customer') }).fill(customer.name);
    await page.getByRole('option').filter({ hasText: customer.name }).first().click();
    await dialog.getByRole('combobox', { name: t('en', 'ledgers.wallet.direction') }).selectOption({ label: t('en', 'ledgers.wallet.directionOption.debit') });
    await fill(dialog, 'en', 'ledgers.amount', '2000');
    await fill(dialog, 'en', 'ledgers.reason', 'Paid part of a booking');
    await dialog.getByRole('button', { name: t('en', 'ledgers.wallet.save') }).click();
    await expect(dialog.getByText(/would take it below zero/)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: t('en', 'ledgers.reason') })).toHaveValue('Paid part of a booking');
    await page.keyboard.press('Escape');
  });

  test('add points with a reason', async ({ page, request }) => {
    const customer = await newCustomer(request);
    const dialog = await openAdjust(page, 'en', '/customers/loyalty', 'ledgers.points.adjust', customer.name);
    await fill(dialog, 'en', 'ledgers.pointsCount', '50');
    await fill(dialog, 'en', 'ledgers.reason', 'Birthday gift');
    await dialog.getByRole('button', { name: t('en', 'ledgers.points.save') }).click();
    await expect(dialog).toBeHidden();
    const entry = page.getByRole('row').filter({ hasText: customer.name });
    await expect(entry).toContainText('+50');
    await expect(entry).toContainText(t('en', 'loyaltySource.adjustment'));
  });

  test('change how many days points stay valid, over a change someone saved meanwhile', async ({ page, request }) => {
    const headers = await staffHeaders(request);
    await page.goto('/loyalty');
    const days = page.getByRole('textbox', { name: t('en', 'loyaltyRules.expiryDays') });
    await expect(days).toHaveValue('365');
    // Someone else saves while the form is open: both versions show, mine is kept.
    const loaded = await (await request.get('/branch/api/settings/loyalty/', { headers })).json();
    expect((await request.patch('/branch/api/settings/loyalty/', { headers, data: { version: loaded.version, points_per_booking: 12 } })).status()).toBe(200);
    await days.fill('180');
    await page.getByRole('button', { name: t('en', 'loyaltyRules.save') }).click();
    const conflict = page.getByRole('alert').filter({ hasText: t('en', 'loyaltyRules.stale') });
    await expect(conflict.getByRole('figure').filter({ hasText: t('en', 'record.theirVersion') })).toContainText('12');
    await conflict.getByRole('button', { name: t('en', 'record.keepMine') }).click();
    await expect(page.getByRole('status').filter({ hasText: t('en', 'loyaltyRules.saved') })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('textbox', { name: t('en', 'loyaltyRules.expiryDays') })).toHaveValue('180');
    await expect(page.getByRole('textbox', { name: t('en', 'loyaltyRules.perBooking') })).toHaveValue('10');
    // Back to the default for the other tests of this server.
    const current = await (await request.get('/branch/api/settings/loyalty/', { headers })).json();
    expect(current.value.expiry_days).toBe(180);
    const res = await request.patch('/branch/api/settings/loyalty/', { headers, data: { version: current.version, expiry_days: 365 } });
    expect(res.status()).toBe(200);
  });
});

test.describe('staff, Arabic dark', () => {
  test.use({ account: 'admin', colorScheme: 'dark' });

  test('removing more points than the customer has is refused in Arabic', async ({ page, request }) => {
    const customer = await newCustomer(request);
    const dialog = await openAdjust(page, 'ar', '/customers/loyalty', 'ledgers.points.adjust', customer.name);
    await dialog.getByRole('combobox', { name: t('ar', 'ledgers.points.direction') }).selectOption({ label: t('ar', 'ledgers.points.directionOption.debit') });
    await fill(dialog, 'ar', 'ledgers.pointsCount', '5');
    await fill(dialog, 'ar', 'ledgers.reason', 'تصحيح');
    await dialog.getByRole('button', { name: t('ar', 'ledgers.points.save') }).click();
    await expect(dialog.getByText(MESSAGES.ar['serverError.pointsBelowZero'].replace('{points, number}', '0'))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });
});
