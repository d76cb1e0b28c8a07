/**
 * Check-in follows the booking chart: only on the activity's day, from the check-in window
 * before its start. Months ahead the screen offers no check-in and the API refuses it; on
 * the day, a balance still due is asked about before checking in (collect the cash, send a
 * link, or in anyway with a coded reason), and people the activity's conditions flag are
 * checked in only with the operator's words; afterwards completing is the one primary action and
 * undo a secondary one. The question on the day in Arabic, the rest in English.
 */
import type { Page } from '@playwright/test';
import { bookViaApi } from './bookingsApi.ts';
import { startingSoonToday } from '../startingSoon.ts';
import { expect, localized, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'admin' });

const actions = (page: Page, l: Locale) => page.getByRole('group', { name: t(l, 'booking.actions') });
const chip = (page: Page) => page.locator('.record-header > .status-chip').first();

test('months ahead, check-in is neither offered nor accepted', async ({ page, request, seeded }) => {
  const locale = 'en';
  const headers = { Authorization: `JWT ${seeded!.access_token}` };
  const booking = await bookViaApi(request, headers, 90 * 24 * 60);
  await page.goto(localized(locale, `/booking/${booking.id}`));
  await expect(chip(page)).toHaveText(t(locale, 'bookingStatus.confirmed'));
  await expect(actions(page, locale).getByRole('button', { name: t(locale, 'bookingEvent.cancel'), exact: true })).toBeVisible();
  await expect(actions(page, locale).getByRole('button', { name: t(locale, 'bookingEvent.check_in'), exact: true })).toHaveCount(0);

  const refused = await request.post(`/branch/api/bookings/${booking.id}/transition/`, { headers, data: { event: 'check_in', version: booking.version } });
  expect(refused.status()).toBe(409);
  const body = await refused.json();
  expect(body.detail).toMatch(/day of the activity/);
  expect(body.allowed_events).not.toContain('check_in');
});

test('on the day, an unpaid balance is said before checking in; then one primary action (in Arabic)', async ({ page, request, seeded }) => {
  const locale = 'ar';
  const headers = { Authorization: `JWT ${seeded!.access_token}` };
  const booking = await bookViaApi(request, headers, 2);
  expect(booking.balance).toBeGreaterThan(0);
  await page.goto(localized(locale, `/booking/${booking.id}`));
  const group = actions(page, locale);
  const checkIn = group.getByRole('button', { name: t(locale, 'bookingEvent.check_in'), exact: true });
  await expect(checkIn).toBeVisible();
  await expect(group.locator('.button-primary')).toHaveCount(1);
  await expect(checkIn).toHaveClass(/button-primary/);

  // The balance due is said first; going back changes nothing.
  await checkIn.click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(t(locale, 'checkIn.unpaid.title'));
  await dialog.getByRole('button', { name: t(locale, 'common.cancel'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(chip(page)).toHaveText(t(locale, 'bookingStatus.confirmed'));

  // In anyway only with a coded reason, which the history keeps.
  await checkIn.click();
  await dialog.getByRole('button', { name: t(locale, 'checkIn.unpaid.confirm'), exact: true }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel(t(locale, 'checkIn.unpaid.reason')).selectOption('other');
  await dialog.getByRole('textbox', { name: t(locale, 'reason.details') }).fill('Pays at the desk after the tour');
  await dialog.getByRole('button', { name: t(locale, 'checkIn.unpaid.confirm'), exact: true }).click();
  await expect(chip(page)).toHaveText(t(locale, 'bookingStatus.checked_in'));
  await expect(page.locator('.timeline')).toContainText('Pays at the desk after the tour');

  // Complete and undo are offered, not as two primary buttons side by side.
  const complete = group.getByRole('button', { name: t(locale, 'bookingEvent.complete'), exact: true });
  const undo = group.getByRole('button', { name: t(locale, 'bookingEvent.undo'), exact: true });
  await expect(complete).toHaveClass(/button-primary/);
  await expect(undo).toBeVisible();
  await expect(undo).not.toHaveClass(/button-primary/);
  await expect(group.locator('.button-primary')).toHaveCount(1);
});

test('on the day, the balance is taken in cash from the check-in question; someone too young is checked in only with the operator\'s words', async ({ page, request, seeded }) => {
  await test.step('the balance is taken in cash from the check-in question, its customer the payer; then the check-in goes at once', async () => {
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const booking = await bookViaApi(request, headers, 2);
    await page.goto(localized('en', `/booking/${booking.id}`));
    const checkIn = actions(page, 'en').getByRole('button', { name: t('en', 'bookingEvent.check_in'), exact: true });
    await checkIn.click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('en', 'checkIn.unpaid.cash'), exact: true }).click();
    const cash = page.getByRole('dialog', { name: t('en', 'payments.cash.title') });
    await expect(cash.getByRole('textbox', { name: t('en', 'payments.payerName') })).toHaveValue(String(booking.customer_name));
    await cash.getByRole('button', { name: t('en', 'payments.cash.record'), exact: true }).click();
    await expect(cash).toBeHidden();
    await expect(page.locator('.record-header .status-chip', { hasText: t('en', 'paymentStatus.paid') })).toBeVisible();
    await checkIn.click();
    await expect(chip(page)).toHaveText(t('en', 'bookingStatus.checked_in'));
  });

  await test.step('a paid booking with someone too young for the activity is checked in from its page only with the operator\'s words', async () => {
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const api = async (method: 'get' | 'post' | 'patch', url: string, data?: unknown) => {
      const res = await request[method](`/branch/api${url}`, { headers, data });
      expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
      return res.json();
    };
    const services = await api('get', '/services/?status=published&confirmation=instant&page_size=100&ordering=created_at');
    const service = services.results.find((s: { adrenaline?: { min_age: number } }) => (s.adrenaline?.min_age ?? 0) > 0);
    const start = await startingSoonToday(35, (ms) => test.setTimeout(test.info().timeout + ms));
    const slot = await api('post', '/service-slots/', { service_id: service.id, starts_at: start.toISOString(), capacity: 4 });
    const customer = (await api('get', '/customers/?page_size=1')).results[0];
    const booking = await api('post', '/bookings/', { customer_id: customer.id, service_id: service.id, slot_id: slot.id, participants: { adult: 1 }, payment_method: 'cash' });
    await api('patch', `/bookings/${booking.id}/`, { version: booking.version, roster: [{ name: 'Amine Kaci', age: service.adrenaline.min_age - 2, weight_kg: 50, waiver_signed: true }] });

    await page.goto(localized('en', `/booking/${booking.id}`));
    await actions(page, 'en').getByRole('button', { name: t('en', 'bookingEvent.check_in'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog.locator('.flag-people')).toContainText('Amine Kaci');
    await dialog.getByRole('button', { name: t('en', 'availability.checkIn.confirm') }).click();
    await expect(dialog.getByText(t('en', 'availability.required'))).toBeVisible();
    await dialog.getByLabel(t('en', 'availability.checkIn.reason')).fill('His father rides with him');
    await dialog.getByRole('button', { name: t('en', 'availability.checkIn.confirm') }).click();
    await expect(chip(page)).toHaveText(t('en', 'bookingStatus.checked_in'));
    await expect(page.locator('.timeline')).toContainText('His father rides with him');
  });
});
