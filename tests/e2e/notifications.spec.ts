/**
 * Notifications (/notifications, /notifications/send, /notifications/topic, a notification's
 * page) and the header's bell. Staff write a notification in three languages and see each
 * language's preview and the recipient count before sending; a notification scheduled a few
 * seconds ahead goes out by itself and its counts move on the open list without a reload;
 * an in-app notification lights the bell. French and Arabic passes. Each test makes its own customer and notifications.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function staffApi(request: APIRequestContext) {
  const { access_token, user } = await loginViaApi(request, 'admin');
  const headers = { Authorization: `JWT ${access_token}` };
  const call = async (method: 'get' | 'post', url: string, data?: unknown, expected = method === 'post' ? [200, 201] : [200]) => {
    const response = await request[method](`/branch/api${url}`, { data, headers });
    expect(expected, `${method} ${url}: ${await response.text()}`).toContain(response.status());
    return response.json();
  };
  return { call, user };
}

/** A customer of this test only, with an email address, so the count and the deliveries are its own. */
async function makeCustomer(request: APIRequestContext, name: string) {
  const { call } = await staffApi(request);
  return call('post', '/customers/', { name, phone: `+21355${Math.floor(1e6 + Math.random() * 8e6)}`, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.test`, locale: 'fr' });
}

function i18nInput(page: Page, locale: Locale, label: string, language: 'en' | 'fr' | 'ar') {
  const name = t(locale, 'field.i18n.inLanguage').replace('{label}', t(locale, label)).replace('{language}', t(locale, `field.language.${language}`));
  return page.getByLabel(name, { exact: true });
}

/** Writes one field of an i18n text in each language through its tabs (`nth`: which i18n field on the page). */
async function fillI18n(page: Page, locale: Locale, label: string, nth: number, texts: Record<'en' | 'fr' | 'ar', string>) {
  const tabs = page.getByRole('tablist').nth(nth);
  for (const language of ['en', 'fr', 'ar'] as const) {
    await tabs.getByRole('tab', { name: new RegExp(t(locale, `field.language.${language}`)) }).click();
    await i18nInput(page, locale, label, language).fill(texts[language]);
  }
}

test.describe('staff', () => {
  test.use({ account: 'admin', colorScheme: 'light', reducedMotion: 'reduce' });

  test('compose in three languages with previews and the count, send to one customer, see the delivery', async ({ page, request }) => {
    const id = runId();
    const customer = await makeCustomer(request, `Nadia Composer ${id}`);
    await page.goto(localized('en', '/notifications/send'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'route.notificationsSend'));

    await fillI18n(page, 'en', 'notifications.title', 0, { en: `Desert weekend ${id}`, fr: `Week-end désert ${id}`, ar: `عطلة الصحراء ${id}` });
    await fillI18n(page, 'en', 'notifications.body', 1, { en: 'Two nights under the stars.', fr: 'Deux nuits sous les étoiles.', ar: 'ليلتان تحت النجوم.' });
    // Each language's preview shows what that language's readers get.
    await expect(page.getByTestId('preview-en')).toContainText(`Desert weekend ${id}`);
    await expect(page.getByTestId('preview-fr')).toContainText('Deux nuits sous les étoiles.');
    await expect(page.getByTestId('preview-ar')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByTestId('preview-ar')).toContainText(`عطلة الصحراء ${id}`);

    await page.getByLabel(t('en', 'notifComposer.audienceType'), { exact: true }).selectOption('customer');
    const picker = page.getByRole('combobox', { name: t('en', 'notifComposer.customer') });
    await picker.fill(customer.name);
    await page.getByRole('option', { name: new RegExp(customer.name) }).click();
    await expect(page.getByTestId('recipient-count')).toHaveText('Reaches 1 recipient on this channel.');

    await page.getByRole('button', { name: t('en', 'notifComposer.sendNow') }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('It goes to 1 recipient.');
    await dialog.getByRole('button', { name: t('en', 'notifComposer.sendNow') }).click();

    // The notification's page: the content per language, then the delivery to the customer once it went.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Desert weekend ${id}`);
    await expect(page.getByRole('article', { name: t('en', 'field.language.fr') })).toContainText(`Week-end désert ${id}`);
    await expect(page.getByTestId('notification-delivered')).toHaveText('1', { timeout: 15_000 });
    const deliveries = page.locator('table.notif-deliveries');
    await expect(deliveries).toContainText(customer.name);
    await expect(deliveries).toContainText(t('en', 'deliveryStatus.sent'));
  });

  test('a notification scheduled a few seconds ahead goes out and its counts move on the open list', async ({ page, request }) => {
    const id = runId();
    const customer = await makeCustomer(request, `Karim Scheduled ${id}`);
    const { call } = await staffApi(request);
    await page.goto(localized('en', '/notifications?view=scheduled'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'route.notifications'));

    const draft = await call('post', '/notifications/', {
      title_i18n: { en: `Soon ${id}`, fr: `Bientôt ${id}`, ar: `قريبًا ${id}` },
      body_i18n: { en: 'Starts in a moment.', fr: 'Commence dans un instant.', ar: 'يبدأ بعد لحظة.' },
      channel: 'email',
      audience_type: 'customer',
      audience_customer_id: customer.id,
    });
    await call('post', `/notifications/${draft.id}/transition/`, { event: 'schedule', version: draft.version, scheduled_at: new Date(Date.now() + 4000).toISOString() });

    // The row appears (a record event refreshed the list), then moves on when it went out, without a reload.
    await page.goto(localized('en', '/notifications?view=all'));
    const row = page.getByRole('row', { name: new RegExp(`Soon ${id}`) });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('notification-counts')).toHaveText('1 / 0', { timeout: 20_000 });
    await expect(row).toContainText(t('en', 'notificationStatus.sent'));

    // Templates are a tab of the same page, kept in the URL.
    await page.getByRole('link', { name: t('en', 'notifications.tab.templates') }).click();
    await expect(page).toHaveURL(/[?&]tab=templates/);
    await expect(page.getByRole('link', { name: t('en', 'notifications.tab.templates') })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('row', { name: new RegExp(t('en', 'notificationTemplate.booking_reminder')) })).toBeVisible();
  });

  test('topics: add a subscriber, the count follows; an in-app notification lights the bell', async ({ page, request }) => {
    const id = runId();
    const customer = await makeCustomer(request, `Lina Topic ${id}`);
    const { call, user } = await staffApi(request);
    const topic = await call('post', '/topics/', { key: `e2e.${id}`, name_i18n: { en: `Caves ${id}`, fr: `Grottes ${id}`, ar: `كهوف ${id}` } });
    await page.goto(localized('en', `/notifications/topic?topic=${topic.id}`));
    const panel = page.locator('section.notif-subscribers');
    await expect(panel.getByRole('heading', { name: 'No subscribers' })).toBeVisible();
    await panel.getByRole('combobox', { name: t('en', 'notifTopics.addCustomer') }).fill(customer.name);
    await page.getByRole('option', { name: new RegExp(customer.name) }).click();
    await panel.getByRole('button', { name: t('en', 'notifTopics.add'), exact: true }).click();
    await expect(panel.getByRole('heading', { name: '1 subscriber' })).toBeVisible();
    await expect(panel.getByRole('listitem')).toContainText(customer.name);
    await expect(page.getByRole('row', { name: new RegExp(`Caves ${id}`) })).toContainText('1');

    // The bell: an in-app notification to the signed-in user arrives through the realtime channel.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications/ });
    const before = await bell.getAttribute('aria-label');
    const note = await call('post', '/notifications/', {
      title_i18n: { en: `Bell ${id}`, fr: `Cloche ${id}`, ar: `جرس ${id}` },
      body_i18n: { en: 'For you.', fr: 'Pour vous.', ar: 'لك.' },
      channel: 'in_app',
      audience_type: 'user',
      audience_user_id: user.id,
    });
    await call('post', `/notifications/${note.id}/transition/`, { event: 'send', version: note.version });
    await expect(bell).not.toHaveAttribute('aria-label', before ?? '', { timeout: 15_000 });
    await bell.click();
    await expect(page.getByRole('menuitem', { name: new RegExp(`Bell ${id}`) })).toBeVisible();
  });
});

test.describe('Arabic, dark', () => {
  test.use({ account: 'admin', colorScheme: 'dark', reducedMotion: 'reduce' });

  test('the composer refuses an empty message at its title, in Arabic', async ({ page }) => {
    await page.goto(localized('ar', '/notifications/send'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('ar', 'route.notificationsSend'));
    // Everyone reachable by email: the count is said in Arabic.
    await expect(page.getByTestId('recipient-count')).toContainText('عبر هذه القناة');
    // Sending with nothing written: the form stays, the error is at the title, in Arabic.
    await page.getByRole('button', { name: t('ar', 'notifComposer.sendNow') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('ar', 'notifComposer.sendNow') }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('ar', 'route.notificationsSend'));
  });
});
