/**
 * Each page names itself in the browser tab, `<page> · <record> · Rihla` in the user's
 * language, so a dozen open tabs can be told apart: a list, a booking by its ref, a help
 * article open in the editor beside the list, and the login page.
 */
import { MESSAGES, expect, localized, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'admin' });

function pageTitle(locale: Locale, page: string, record?: string): string {
  const message = MESSAGES[locale][record ? 'app.recordTitle' : 'app.pageTitle']!;
  return message.replace('{page}', page).replace('{record}', record ?? '');
}

test("the tab's title follows the page and the record shown, in Arabic", async ({ page, request, seeded }) => {
  const headers = { Authorization: `JWT ${seeded!.access_token}` };
  const bookings = await request.get('/branch/api/bookings/?page_size=1&fields=id,ref', { headers });
  expect(bookings.status()).toBe(200);
  const booking = (await bookings.json()).results[0] as { id: string; ref: string };
  const slug = `title-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const title = { en: `Tabs ${slug}`, fr: `Onglets ${slug}`, ar: `علامات ${slug}` };
  const created = await request.post('/branch/api/help-articles/', {
    headers,
    data: { slug, title_i18n: title, body_i18n: { en: 'Body', fr: 'Texte', ar: 'نص' }, audience: 'staff' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const article = (await created.json()) as { id: string };

  await page.goto(localized('ar', '/home'));
  await expect(page).toHaveTitle(pageTitle('ar', t('ar', 'route.home')));

  // A click in the sidebar renames the tab.
  await page.getByRole('navigation').getByRole('button', { name: t('ar', 'area.bookings') }).click();
  await page.getByRole('navigation').getByRole('link', { name: t('ar', 'route.bookingRefund') }).click();
  await expect(page).toHaveTitle(pageTitle('ar', t('ar', 'route.bookingRefund')));

  await page.goto(localized('ar', `/booking/${booking.id}`));
  await expect(page).toHaveTitle(pageTitle('ar', t('ar', 'route.bookingDetail'), booking.ref));

  await page.goto(localized('ar', '/help'));
  await expect(page).toHaveTitle(pageTitle('ar', t('ar', 'route.help')));
  await page.goto(localized('ar', `/help?edit=${article.id}`));
  await expect(page).toHaveTitle(pageTitle('ar', t('ar', 'route.help'), title.ar));
  await page.goto(localized('ar', '/help?edit=new'));
  await expect(page).toHaveTitle(pageTitle('ar', t('ar', 'route.help'), t('ar', 'help.new')));

  await page.goto(localized('ar', '/no/such/page'));
  await expect(page).toHaveTitle(pageTitle('ar', t('ar', 'error.notFound')));
});

test.describe('signed out', () => {
  test.use({ account: null });

  test('the login page names itself (en, ar)', async ({ page }) => {
    for (const locale of ['en', 'ar'] as const) {
      await page.goto(localized(locale, '/login'));
      await expect(page).toHaveTitle(pageTitle(locale, t(locale, 'login.title')));
    }
  });
});
