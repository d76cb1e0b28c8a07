/**
 * The service page's Availability tab: a week of slots made with the bulk form shows in
 * the week and month views; a slot's manifest flags a participant against the adrenaline
 * profile and checks in only with a reason; a departure is cancelled with its refunds and
 * a summary. The calendar in Arabic, the rest in English.
 */
import type { APIRequestContext } from '@playwright/test';
import type { Json } from './bookingsApi.ts';
import { startingSoonToday } from '../startingSoon.ts';
import { expect, INTL_LOCALE, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function api(request: APIRequestContext, headers: Record<string, string>, method: 'get' | 'post' | 'patch', url: string, data?: unknown): Promise<Json> {
  const res = await request[method](`/branch/api${url}`, { headers, data });
  expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** A published instant service of the vendor whose adrenaline profile sets a minimum age. */
async function adrenalineService(request: APIRequestContext, headers: Record<string, string>): Promise<Json> {
  const page = await api(request, headers, 'get', '/services/?status=published&confirmation=instant&page_size=100&ordering=created_at');
  const service = page.results.find((s: Json) => s.adrenaline?.min_age > 0);
  expect(service, 'a demo service with an adrenaline profile').toBeTruthy();
  return service;
}

const tab = (locale: Locale, id: string, slot?: string) => localized(locale, `/services/${id}?tab=availability${slot ? `&slot=${slot}` : ''}`);

// Each flow runs once: the calendar views in Arabic (right to left) as platform staff; the
// manifest and a departure's cancellation in English as the vendor's staff. Each language
// works on its own weeks, so the tests never share slots.
test.describe('ar', () => {
  test.use({ account: 'admin' });
  const locale = 'ar';
  const offset = 42;

  test(`bulk-create a week, see it by week and by month (${locale})`, async ({ page, request, seeded }) => {
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const service = await adrenalineService(request, headers);
    await page.goto(tab(locale, service.id));
    await page.getByRole('button', { name: t(locale, 'availability.addSlots') }).click();
    const form = page.locator('form.bulk-slots');
    await form.getByLabel(t(locale, 'availability.bulk.from'), { exact: true }).fill(day(offset));
    await form.getByLabel(t(locale, 'availability.bulk.to'), { exact: true }).fill(day(offset + 6));
    await form.getByLabel(t(locale, 'availability.bulk.times')).fill('07:15, 17:45');
    await form.getByLabel(t(locale, 'availability.capacity')).fill('5');
    await form.getByRole('button', { name: t(locale, 'availability.bulk.create') }).click();
    await expect(form.getByRole('status')).toContainText('14');

    // The week of the first new day, then its month: the 07:15 slots are there, 0 of 5 booked.
    const grid = page.getByRole('grid');
    await page.getByRole('radio', { name: t(locale, 'availability.view.week') }).check();
    for (let i = 0; i < offset / 7; i++) await page.getByRole('button', { name: t(locale, 'availability.next.week') }).click();
    const early = grid.locator('.slot-chip').filter({ hasText: /7:15/ });
    await expect(early.first()).toContainText('0/5');
    const inWeek = await early.count();
    expect(inWeek).toBeGreaterThan(0);
    await page.getByRole('radio', { name: t(locale, 'availability.view.month') }).check();
    await expect(grid).toHaveClass(/calendar-month/);
    await expect(early.first()).toBeVisible();
  });
});

test.describe('en', () => {
  test.use({ account: 'vendor' });
  const locale = 'en';
  const offset = 28;

  test(`cancel a departure: each booking cancelled and refunded, then a summary (${locale})`, async ({ page, request, seeded }) => {
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const service = await adrenalineService(request, headers);
    const slot = await api(request, headers, 'post', '/service-slots/', { service_id: service.id, starts_at: `${day(offset + 10)}T06:00:00Z`, capacity: 6 });
    const customer = (await api(request, headers, 'get', '/customers/?page_size=1')).results[0];
    const booking = await api(request, headers, 'post', '/bookings/', { customer_id: customer.id, service_id: service.id, slot_id: slot.id, participants: { adult: 1 }, payment_method: 'cash' });
    await page.goto(tab(locale, service.id, slot.id));
    await expect(page.locator('.manifest-table')).toContainText(booking.ref);
    await page.getByRole('button', { name: t(locale, 'availability.disrupt.open') }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel(t(locale, 'availability.disrupt.reason')).selectOption('weather');
    await dialog.getByLabel(t(locale, 'availability.refundTo.wallet')).check();
    await dialog.getByRole('button', { name: t(locale, 'availability.disrupt.confirm') }).click();
    const summary = page.locator('.disrupt-summary');
    await expect(summary).toContainText(booking.ref);
    await expect(summary).toContainText(t(locale, 'availability.outcome.cancelled'));
    await expect(page.locator('.manifest-table')).toContainText(t(locale, 'bookingStatus.cancelled'));
    // The wallet is staff's to read: vendor staff are not sent a customer's balance.
    const staff = { Authorization: `JWT ${(await loginViaApi(request, 'admin')).access_token}` };
    expect((await api(request, staff, 'get', `/customers/${customer.id}/`)).wallet_balance).toBeGreaterThanOrEqual(booking.total);
  });

  test(`a manifest asks about the balance due, flags a participant and checks in only with reasons (${locale})`, async ({ page, request, seeded }) => {
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const service = await adrenalineService(request, headers);
    // Today, shortly ahead, so check-in is open.
    const start = await startingSoonToday(40, (ms) => test.setTimeout(test.info().timeout + ms));
    const slot = await api(request, headers, 'post', '/service-slots/', { service_id: service.id, starts_at: start.toISOString(), capacity: 6 });
    const customer = (await api(request, headers, 'get', '/customers/?page_size=1')).results[0];
    // Unpaid: its balance is asked about first.
    const booking = await api(request, headers, 'post', '/bookings/', { customer_id: customer.id, service_id: service.id, slot_id: slot.id, participants: { adult: 2 } });
    const young = service.adrenaline.min_age - 2;
    await api(request, headers, 'patch', `/bookings/${booking.id}/`, {
      version: booking.version,
      roster: [{ name: 'Amine Kaci', age: young, weight_kg: 50, waiver_signed: true }, { name: 'Nadia Kaci', age: 40, weight_kg: 60, waiver_signed: true }],
    });
    await page.goto(tab(locale, service.id, slot.id));
    const row = page.locator('.manifest-table tbody tr').filter({ hasText: booking.ref });
    await expect(row).toBeVisible();
    const minAge = new Intl.NumberFormat(INTL_LOCALE[locale]).format(service.adrenaline.min_age);
    await expect(row.locator('.flag')).toHaveText(t(locale, 'availability.flag.under_min_age').replace('{min_age}', minAge));

    await row.getByRole('button', { name: t(locale, 'bookingEvent.check_in'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    // The cash is still due: asked first, as on the booking's page.
    await expect(dialog).toContainText(t(locale, 'checkIn.unpaid.title'));
    await dialog.getByLabel(t(locale, 'checkIn.unpaid.reason')).selectOption('pays_on_site');
    await dialog.getByRole('button', { name: t(locale, 'checkIn.unpaid.confirm'), exact: true }).click();
    await expect(dialog).toContainText('Amine Kaci');
    await dialog.getByRole('button', { name: t(locale, 'availability.checkIn.confirm') }).click();
    await expect(dialog.getByText(t(locale, 'availability.required'))).toBeVisible();
    await dialog.getByLabel(t(locale, 'availability.checkIn.reason')).fill('Parent on board, instructor agreed');
    await dialog.getByRole('button', { name: t(locale, 'availability.checkIn.confirm') }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText(t(locale, 'bookingStatus.checked_in'));
    expect((await api(request, headers, 'get', `/bookings/${booking.id}/`)).status_reason_code).toBe('pays_on_site');
  });
});
