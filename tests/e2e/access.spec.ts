/**
 * Vendor users and acting as a vendor: staff invite a user on the vendor page's Users tab,
 * the invitee sets a password on the public page and logs in; staff act as a vendor with a
 * reason, see the vendor staff's app with the banner, keep it across a reload, and go back.
 * The same invitation in Arabic (dark), with the server's refusal in Arabic.
 * The set-password page is scanned by axe here, English light and Arabic dark (it needs a fresh
 * invitation link); the other layouts are scanned in tests/e2e/a11y.spec.ts.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, localized, loginViaApi, MESSAGES, t, test, type Locale } from './fixtures.ts';

async function vendorIdOf(request: APIRequestContext, name: string): Promise<string> {
  const { access_token } = await loginViaApi(request, 'admin');
  const res = await request.get(`/branch/api/vendors/?search=${encodeURIComponent(name)}`, { headers: { Authorization: `JWT ${access_token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).results[0].id;
}

const format = (locale: Locale, id: string, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), t(locale, id));

/** Invites a user from the Users tab and returns the link shown to copy. */
async function invite(page: Page, locale: Locale, name: string, email: string): Promise<string> {
  await page.getByRole('button', { name: t(locale, 'access.users.invite'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('textbox', { name: t(locale, 'access.users.name') }).fill(name);
  await dialog.getByRole('textbox', { name: t(locale, 'access.users.email') }).fill(email);
  await dialog.getByRole('button', { name: t(locale, 'access.users.sendInvite') }).click();
  await expect(dialog).toBeHidden();
  const link = page.getByRole('textbox', { name: t(locale, 'access.users.link') });
  await expect(link).toHaveValue(/\/set-password\/[A-Za-z0-9_-]{43}$/);
  await expect(page.getByRole('row').filter({ hasText: email })).toContainText(t(locale, 'access.state.invited'));
  return link.inputValue();
}

/** The invitee's side: the rule is said before sending, then the password is set. */
async function setPassword(browser: Browser, link: string, locale: Locale, password: string, scan: boolean) {
  // A stranger's browser: none of the staff member's session.
  const context = await browser.newContext({ colorScheme: locale === 'ar' ? 'dark' : 'light', storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.goto(`${link}?lang=${locale}`);
  await expect(page.getByRole('heading', { name: t(locale, 'setPassword.title') })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  await page.getByLabel(t(locale, 'setPassword.password'), { exact: true }).fill('short');
  await page.getByLabel(t(locale, 'setPassword.confirm')).fill('short');
  await page.getByRole('button', { name: t(locale, 'setPassword.submit') }).click();
  // The rule is the hint; the error does not say it again.
  await expect(page.locator('#password-hint')).toHaveText(format(locale, 'setPassword.rule', { min: '10' }));
  await expect(page.locator('#password-error')).toHaveText(t(locale, 'setPassword.weak'));
  // Scanned here, not in a11y.spec: the set-password page needs a fresh invitation link.
  if (scan) await expectNoSeriousViolations(page, `${locale} /set-password`);
  await page.getByLabel(t(locale, 'setPassword.password'), { exact: true }).fill(password);
  await page.getByLabel(t(locale, 'setPassword.confirm')).fill(password);
  await page.getByRole('button', { name: t(locale, 'setPassword.submit') }).click();
  await expect(page.getByRole('heading', { name: t(locale, 'setPassword.done.title') })).toBeVisible();
  // The link works once.
  await page.reload();
  await expect(page.getByRole('heading', { name: t(locale, 'setPassword.used.title') })).toBeVisible();
  return { context, page };
}

test.describe('staff, English light', () => {
  test.use({ account: 'admin', ownSession: true, colorScheme: 'light' });

  test('invite a user who sets a password and logs in', async ({ page, request, browser }) => {
    // Two browser contexts, a scan and a login: more than the default 30 s on a busy machine.
    test.slow();
    const vendorId = await vendorIdOf(request, 'Kabylie Outdoor');
    await page.goto(`/vendors/${vendorId}?tab=users`);
    await expect(page.getByRole('heading', { name: t('en', 'access.users.title') })).toBeVisible();
    const email = `guide.${Date.now().toString(36)}@kabylie.test`;
    const link = await invite(page, 'en', 'Meriem Ait Ali', email);

    const password = 'cedar forest 2026';
    const invitee = await setPassword(browser, link, 'en', password, true);
    await invitee.page.getByRole('link', { name: t('en', 'setPassword.login') }).click();
    await invitee.page.getByLabel(t('en', 'login.email')).fill(email);
    await invitee.page.getByLabel(t('en', 'login.password')).fill(password);
    await invitee.page.getByRole('button', { name: t('en', 'login.submit') }).click();
    await expect(invitee.page.getByRole('button', { name: MESSAGES.en['shell.profileOf'].replace('{name}', 'Meriem Ait Ali') })).toBeVisible();
    await invitee.context.close();

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toContainText(t('en', 'access.state.active'));
  });

  test('act as a vendor and back', async ({ page, request }) => {
    const vendorId = await vendorIdOf(request, 'Sétif Karting');
    await page.goto(`/vendors/${vendorId}`);
    await page.getByRole('button', { name: t('en', 'access.actAs.button') }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: t('en', 'access.actAs.confirm') }).click();
    await expect(dialog.getByText(t('en', 'booking.reasonRequired'))).toBeVisible();
    await dialog.getByRole('textbox', { name: t('en', 'access.actAs.reason') }).fill('Helping them set up their timetable');
    await dialog.getByRole('button', { name: t('en', 'access.actAs.confirm') }).click();

    const banner = page.getByRole('region', { name: t('en', 'access.actAs.bannerLabel') });
    await expect(banner).toContainText('Sétif Karting');
    await expect(banner).toContainText('30 minutes left');
    await expect(page).toHaveURL(/\/home$/);
    // The vendor staff's app: no vendors list in the sidebar.
    await expect(page.getByRole('navigation').getByRole('link', { name: t('en', 'route.vendors'), exact: true })).toHaveCount(0);

    await page.reload();
    await expect(banner).toContainText('Sétif Karting');
    await expect(page.getByRole('navigation').getByRole('link', { name: t('en', 'route.vendors'), exact: true })).toHaveCount(0);

    await banner.getByRole('button', { name: t('en', 'access.actAs.back') }).click();
    await expect(banner).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/vendors/${vendorId}$`));
    await expect(page.getByRole('button', { name: t('en', 'access.actAs.button') })).toBeVisible();

    // Ended elsewhere (another tab, a newer session, the vendor suspended): the server announces
    // it on the realtime channel and the app brings staff back at once, without a request.
    await page.getByRole('button', { name: t('en', 'access.actAs.button') }).click();
    await dialog.getByRole('textbox', { name: t('en', 'access.actAs.reason') }).fill('Checking their bookings');
    await dialog.getByRole('button', { name: t('en', 'access.actAs.confirm') }).click();
    await expect(banner).toContainText('Sétif Karting');
    const session = JSON.parse((await page.evaluate(() => sessionStorage.getItem('rihla.actingAs')))!).id;
    const { access_token } = await loginViaApi(request, 'admin');
    expect((await request.post(`/branch/api/act-as/${session}/end/`, { headers: { Authorization: `JWT ${access_token}` } })).status()).toBe(204);
    await expect(banner).toBeHidden();
    await expect(page.getByText(t('en', 'access.actAs.refused'))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/vendors/${vendorId}$`));
  });
});

test.describe('staff, Arabic dark', () => {
  test.use({ account: 'admin', colorScheme: 'dark' });

  test('invite in Arabic: a taken email is refused in Arabic, the link sets the password', async ({ page, request, browser }) => {
    const vendorId = await vendorIdOf(request, 'Kabylie Outdoor');
    await page.goto(localized('ar', `/vendors/${vendorId}?tab=users`));
    await expect(page.getByRole('heading', { name: t('ar', 'access.users.title') })).toBeVisible();
    // The demo vendor's own account: the server says no, in Arabic, at the field.
    await page.getByRole('button', { name: t('ar', 'access.users.invite'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: t('ar', 'access.users.name') }).fill('نسخة');
    await dialog.getByRole('textbox', { name: t('ar', 'access.users.email') }).fill('vendor2@rihla.test');
    await dialog.getByRole('button', { name: t('ar', 'access.users.sendInvite') }).click();
    await expect(dialog.getByText(t('ar', 'serverError.userEmailTaken'))).toBeVisible();
    await dialog.getByRole('button', { name: t('ar', 'common.cancel') }).click();

    const link = await invite(page, 'ar', 'ياسمين', `yasmine.${Date.now().toString(36)}@kabylie.test`);
    const invitee = await setPassword(browser, link, 'ar', 'جبال جرجرة 2026', true);
    await invitee.context.close();
  });
});
