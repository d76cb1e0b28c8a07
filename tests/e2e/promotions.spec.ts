/**
 * Promotions: vendor staff create a coupon, a booking uses it and its usage shows it;
 * "check a code" prices a booking with a code or says, in French, why it does not apply.
 */
import type { APIRequestContext } from '@playwright/test';
import { dateTimeInputs, expect, localized, t, test, type Locale } from './fixtures.ts';

type Json = Record<string, any>;
const auth = (token: string) => ({ Authorization: `JWT ${token}` });
/** A code no other run uses. */
const freshCode = (prefix: string) => `${prefix}${Date.now().toString(36).toUpperCase()}${Math.floor(Math.random() * 1000)}`;

async function first(request: APIRequestContext, headers: Record<string, string>, url: string): Promise<Json[]> {
  const res = await request.get(url, { headers });
  expect(res.status(), url).toBe(200);
  return (await res.json()).results;
}

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('create a coupon, book with it, see its usage', async ({ page, request, seeded }) => {
    const headers = auth(seeded!.access_token);
    const code = freshCode('E2E');
    await page.goto('/coupons');
    await page.getByRole('link', { name: t('en', 'coupon.new') }).click();
    const editor = page.locator('.promotion-editor');
    await editor.getByLabel(t('en', 'coupon.code'), { exact: true }).fill(code.toLowerCase());
    // Typed in lower case, kept in capitals.
    await expect(editor.getByLabel(t('en', 'coupon.code'), { exact: true })).toHaveValue(code);
    await editor.getByLabel(t('en', 'promotion.percent')).fill('20');
    // A window ending before it starts is said at the field before the server is asked, then corrected.
    const bookingWindow = editor.getByRole('group', { name: t('en', 'promotion.bookingWindow') });
    // Each typed the page's way: the day month first in English, the time on a 24-hour clock.
    const from = dateTimeInputs(bookingWindow, 'en', t('en', 'promotion.from'));
    const to = dateTimeInputs(bookingWindow, 'en', t('en', 'promotion.to'));
    await from.day.fill('03/10/2027');
    await from.time.fill('22h00');
    await to.day.fill('03/01/2027');
    await to.day.blur();
    // A day without its time is marked once the pair is left; not a time of day is marked as typed.
    await expect(to.time).toHaveAttribute('aria-invalid', 'true');
    await to.time.fill('25:00');
    await expect(to.time).toHaveAttribute('aria-invalid', 'true');
    await to.time.fill('10:00');
    await expect(to.time).not.toHaveAttribute('aria-invalid', 'true');
    await expect(from.time).toHaveValue('22:00');
    await editor.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(bookingWindow.locator('.field-error')).toHaveText(t('en', 'promotion.rule.afterBookingFrom'));
    await from.day.fill('');
    await from.time.fill('');
    await editor.getByLabel(t('en', 'promotion.maxUses')).fill('5');
    await editor.getByRole('button', { name: t('en', 'record.save') }).click();
    const row = page.getByRole('row').filter({ hasText: code });
    await expect(row).toBeVisible();
    await expect(row).toContainText('0 of 5');

    // A booking through the API uses it.
    const [service] = await first(request, headers, '/branch/api/services/?status=published&confirmation=instant&page_size=1&ordering=created_at');
    const [customer] = await first(request, headers, '/branch/api/customers/?page_size=1');
    const res = await request.post('/branch/api/bookings/', {
      headers,
      data: { customer_id: customer.id, service_id: service.id, starts_at: new Date(Date.now() + 9 * 86_400_000).toISOString(), participants: { adult: 2 }, coupon_code: code.toLowerCase() },
    });
    expect(res.status(), await res.text()).toBe(201);
    const booking = await res.json();
    expect(booking.discount_amount).toBe(Math.round(booking.subtotal * 0.2));

    await page.reload();
    await row.getByRole('link', { name: code }).click();
    const usage = page.locator('.promotion-usage');
    await expect(usage.getByRole('heading', { name: t('en', 'promotionUsage.title') })).toBeVisible();
    const figure = (id: string) => usage.locator('dt', { hasText: t('en', id) }).locator('xpath=following-sibling::dd');
    await expect(figure('promotionUsage.uses')).toHaveText('1');
    await expect(figure('promotionUsage.customers')).toHaveText('1');
    await expect(usage.getByRole('link', { name: booking.ref })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: code })).toContainText('1 of 5');
  });

  test.describe('in French', () => {
    test('check a code: why it does not apply, then what it takes off', async ({ page, request, seeded }) => {
      const locale: Locale = 'fr';
      const headers = auth(seeded!.access_token);
      const services = await first(request, headers, '/branch/api/services/?status=published&confirmation=instant&page_size=2&ordering=created_at');
      const [checked, other] = services;
      const elsewhere = freshCode('ELSE');
      const good = freshCode('GOOD');
      for (const data of [
        { code: elsewhere, kind: 'percent', value: 10, service_ids: [other.id] },
        { code: good, kind: 'fixed', value: 50_000 },
      ]) {
        const res = await request.post('/branch/api/coupons/', { headers, data });
        expect(res.status(), await res.text()).toBe(201);
      }

      await page.goto(localized(locale, '/coupons'));
      await page.getByRole('link', { name: t(locale, 'couponCheck.open') }).click();
      const panel = page.locator('.promotion-check');
      const service = panel.getByRole('combobox', { name: t(locale, 'couponCheck.service') });
      const title = checked.title_i18n.fr || checked.title_i18n.en;
      await service.fill(title.slice(0, 12));
      await page.getByRole('option', { name: title }).first().click();
      const codeField = panel.getByLabel(t(locale, 'coupon.code'), { exact: true });
      await codeField.fill(elsewhere);
      await expect(panel.locator('.field-error')).toContainText(t(locale, 'serverError.promotionWrongService'));

      await codeField.fill(good.toLowerCase());
      const applies = t(locale, 'couponCheck.applies').split('{amount}')[0];
      await expect(panel.getByRole('status').filter({ hasText: applies })).toBeVisible();
      await expect(panel.locator('.field-error')).toHaveCount(0);
    });
  });
});
