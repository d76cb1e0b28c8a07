/**
 * Payment links end to end: staff send one from a booking's page, the payer opens
 * /pay/<token> in another browser context with no session, pays with the development
 * gateway (which calls our signed webhook), and the booking is paid on the staff page.
 * The pay page in Arabic and dark; the links screen in English light and Arabic dark.
 * Each test books its own unpaid booking, so workers never share one.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { bookViaApi, type Json } from './bookingsApi.ts';
import { expect, INTL_LOCALE, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

async function staffHeaders(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'admin');
  return { Authorization: `JWT ${access_token}` };
}

/** A link for the booking's whole balance, made through the API. */
async function linkFor(request: APIRequestContext, headers: Record<string, string>, booking: Json, extra: Json = {}): Promise<Json> {
  const res = await request.post('/branch/api/payment-invitations/', {
    headers,
    data: { booking_id: booking.id, amount: booking.balance, invitee_phone: '+213 661 00 00 00', ...extra },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}

const money = (locale: Locale, minor: number) =>
  new Intl.NumberFormat(INTL_LOCALE[locale], { style: 'currency', currency: 'DZD', minimumFractionDigits: 2 }).format(minor / 100);

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('a link sent from the booking is paid by the customer through the gateway, and the booking becomes paid', async ({ page, request, browser, baseURL }) => {
    const headers = await staffHeaders(request);
    const booking = await bookViaApi(request, headers, 3 * 24 * 60 + Math.floor(Math.random() * 1000));
    await page.goto(`/booking/${booking.id}`);
    await page.getByRole('button', { name: t('en', 'paymentLink.send'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('textbox', { name: t('en', 'paymentLink.inviteePhone') })).toBeVisible();
    await dialog.getByRole('textbox', { name: t('en', 'paymentLink.inviteePhone') }).fill('+213 661 22 33 44');
    await dialog.getByRole('button', { name: t('en', 'paymentLink.sendConfirm'), exact: true }).click();
    await expect(dialog.getByRole('heading', { name: t('en', 'paymentLink.sentTitleSent') })).toBeVisible();
    await expect(dialog.getByRole('status').filter({ hasText: '+213 661 22 33 44' })).toBeVisible();
    const address = await dialog.getByRole('textbox', { name: t('en', 'paymentLink.address') }).inputValue();
    expect(address).toMatch(new RegExp(`^${baseURL}/pay/[A-Za-z0-9_-]{32}$`));
    await dialog.getByRole('button', { name: t('en', 'paymentLink.done'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: money('en', booking.balance) })).toBeVisible();
    // The booking's history says the link went out, and to whom.
    await expect(page.locator('.timeline')).toContainText('+213 661 22 33 44');

    // The payer: another browser, no back-office session, in English.
    const payer = await browser.newContext({ locale: 'en-US', serviceWorkers: 'block' });
    const pay = await payer.newPage();
    await pay.goto(`${address}?lang=en`);
    await expect(pay.getByRole('heading', { level: 1 })).not.toBeEmpty();
    await expect(pay.getByText(money('en', booking.balance), { exact: true })).toBeVisible();
    await pay.getByRole('radio', { name: t('en', 'pay.method.edahabia') }).check();
    await pay.getByRole('button', { name: t('en', 'pay.submit').replace('{amount}', money('en', booking.balance)) }).click();
    await expect(pay).toHaveURL(/\/pay\/dev-gateway\/dev_/);
    await pay.getByRole('button', { name: /^Pay / }).click();
    await expect(pay).toHaveURL(`${address}?lang=en`);
    await expect(pay.getByRole('heading', { name: t('en', 'pay.paid.title') })).toBeVisible();
    await expect(pay.getByRole('status')).toHaveText(t('en', 'pay.paid.body').replace('{amount}', money('en', booking.balance)));
    await payer.close();

    await page.reload();
    // The booking's own payment status, in its header (the payments below have chips too).
    await expect(page.locator('.record-header .status-chip', { hasText: t('en', 'paymentStatus.paid') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('en', 'paymentLink.send'), exact: true })).toHaveCount(0);
  });

  for (const [locale, colorScheme] of [['en', 'light'], ['ar', 'dark']] as const) {
    test.describe(`links screen, ${locale} ${colorScheme}`, () => {
      test.use({ colorScheme, reducedMotion: 'reduce' });

      test('lists open links with their booking, payer and a copy button; cancelling one moves it out of the open view', async ({ page, request }) => {
        const headers = await staffHeaders(request);
        const booking = await bookViaApi(request, headers, 4 * 24 * 60 + Math.floor(Math.random() * 1000));
        const name = `Payer ${Date.now().toString(36)}`;
        await linkFor(request, headers, booking, { invitee_name: name });
        await page.goto(localized(locale, '/payments/invitations'));
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'route.paymentsInvitations'));
        await expect(page.getByRole('radio', { name: t(locale, 'paymentLinksView.open') })).toBeChecked();
        await page.getByRole('searchbox', { name: t(locale, 'paymentLinks.searchLabel') }).fill(name);
        const row = page.getByRole('row').filter({ hasText: name });
        await expect(row).toContainText(booking.ref);
        await expect(row.locator('.status-chip')).toHaveText(t(locale, 'invitationStatus.sent'));
        await expect(row.getByRole('button', { name: t(locale, 'paymentLink.copy') })).toBeVisible();
        if (locale !== 'en') return;
        await row.getByRole('button', { name: t(locale, 'invitationEvent.cancel'), exact: true }).click();
        await page.getByRole('alertdialog').getByRole('button', { name: t(locale, 'invitationEvent.cancel'), exact: true }).click();
        await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
        await page.getByRole('radio', { name: t(locale, 'paymentLinksView.closed') }).check();
        await expect(page.getByRole('row').filter({ hasText: name }).locator('.status-chip')).toHaveText(t(locale, 'invitationStatus.cancelled'));
      });
    });
  }
});

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('see their own links, without the vendor column, and resend one', async ({ page, request }) => {
    const { access_token } = await loginViaApi(request, 'vendor');
    const headers = { Authorization: `JWT ${access_token}` };
    const booking = await bookViaApi(request, headers, 7 * 24 * 60 + Math.floor(Math.random() * 1000));
    const name = `Vendor payer ${Date.now().toString(36)}`;
    const link = await linkFor(request, headers, booking, { invitee_name: name });
    await page.goto('/payments/invitations');
    await page.getByRole('searchbox', { name: t('en', 'paymentLinks.searchLabel') }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(booking.ref);
    await expect(page.getByRole('columnheader', { name: t('en', 'booking.vendor') })).toHaveCount(0);
    await row.getByRole('button', { name: t('en', 'invitationEvent.resend'), exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('en', 'invitationEvent.resend'), exact: true }).click();
    await expect(page.getByRole('alertdialog')).toHaveCount(0);
    await expect.poll(async () => (await (await request.get(`/branch/api/payment-invitations/${link.id}/`, { headers })).json()).sent_count).toBe(2);
  });
});

// The pay page is scanned here, not in a11y.spec: it needs a fresh payment link on a booking with a balance.
test.describe('the pay page', () => {
  test.use({ colorScheme: 'dark', reducedMotion: 'reduce' });

  test('in Arabic, right to left and dark; a cancelled link says so', async ({ page, request }) => {
    const headers = await staffHeaders(request);
    const booking = await bookViaApi(request, headers, 5 * 24 * 60 + Math.floor(Math.random() * 1000));
    const link = await linkFor(request, headers, booking);
    await page.goto(`/pay/${link.token}?lang=ar`);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.getByRole('group', { name: t('ar', 'pay.method') })).toBeVisible();
    await expect(page.getByRole('button', { name: t('ar', 'pay.submit').replace('{amount}', money('ar', booking.balance)) })).toBeVisible();
    await expectNoSeriousViolations(page, '/pay/<token> ar dark');

    const opened = await (await request.get(`/branch/api/payment-invitations/${link.id}/`, { headers })).json();
    expect(opened.status, 'viewing the page opened the link').toBe('opened');
    const cancel = await request.post(`/branch/api/payment-invitations/${link.id}/transition/`, { headers, data: { event: 'cancel', version: opened.version } });
    expect(cancel.status(), await cancel.text()).toBe(200);
    await page.reload();
    await expect(page.getByRole('heading', { name: t('ar', 'pay.cancelled.title') })).toBeVisible();
    await page.goto('/pay/no-such-token-anywhere-at-all?lang=ar');
    await expect(page.getByRole('heading', { name: t('ar', 'pay.notFound.title') })).toBeVisible();
  });

  test('in English light it passes the accessibility scan', async ({ page, request }) => {
    const headers = await staffHeaders(request);
    const booking = await bookViaApi(request, headers, 6 * 24 * 60 + Math.floor(Math.random() * 1000));
    const link = await linkFor(request, headers, booking);
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`/pay/${link.token}?lang=en`);
    await expect(page.getByRole('button', { name: t('en', 'pay.submit').replace('{amount}', money('en', booking.balance)) })).toBeVisible();
    await expectNoSeriousViolations(page, '/pay/<token> en light');
  });
});
