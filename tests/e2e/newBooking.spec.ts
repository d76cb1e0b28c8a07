/**
 * The new-booking form and the combo booking form: the server's price follows the form,
 * the slot picker shows seats left and refuses a full slot, a customer is created from the
 * form, the customer's error stays readable after an empty submit; the combo list shows a
 * price as an amount and its Book form a total. Some in English, some in Arabic; the form
 * and the customer dialog are scanned by axe in English light and Arabic dark.
 *
 * Each test books on a service of its own (made through the API as the demo vendor), on a
 * day of its own, so parallel workers never share seats.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'admin' });

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** Authorised calls to the API as the demo vendor (Sahara Quad Tours). */
async function vendorApi(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'vendor');
  const headers = { Authorization: `JWT ${access_token}` };
  return async (method: 'GET' | 'POST', url: string, data?: unknown, status = method === 'POST' ? 201 : 200) => {
    const response = await request.fetch(`/branch/api${url}`, { method, data, headers });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
    return response.json();
  };
}

/**
 * A published service of its own (adults 5,000.00 DZD, children 2,500.00 DZD) with two
 * slots on a day of its own: 10:00 with one seat, already booked (full), and 15:00 with five.
 */
async function serviceWithSlots(request: APIRequestContext) {
  const api = await vendorApi(request);
  const id = runId();
  const title = `Dune ${id}`;
  const category = (await api('GET', '/categories/?page_size=1&parent_id__isnull=true')).results[0];
  // Publishing needs a location, a price rule and a cover image.
  const location = await api('POST', '/locations/', { name_i18n: { en: title, fr: title, ar: title }, wilaya_code: '47' });
  const draft = await api('POST', '/services/', {
    title_i18n: { en: title, fr: title, ar: title }, category_id: category.id, location_id: location.id, duration_minutes: 60, capacity: 10, max_participants: 10,
    confirmation: 'instant',
  });
  await api('POST', '/price-rules/', { service_id: draft.id, customer_type: 'adult', amount: 500_000 });
  await api('POST', '/price-rules/', { service_id: draft.id, customer_type: 'child', amount: 250_000 });
  await api('POST', '/media/', { url: 'https://cdn.example.test/dune.jpg', owner_type: 'service', owner_id: draft.id, is_cover: true });
  const service = await api('POST', `/services/${draft.id}/transition/`, { event: 'publish', version: draft.version }, 200);
  const day = new Date(Date.now() + (30 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
  const early = await api('POST', '/service-slots/', { service_id: service.id, starts_at: `${day}T10:00:00.000Z`, capacity: 1 });
  await api('POST', '/service-slots/', { service_id: service.id, starts_at: `${day}T15:00:00.000Z`, capacity: 5 });
  const customer = await api('POST', '/customers/', { name: `Walid ${id}`, phone: '+213 555 11 22 33' });
  await api('POST', '/bookings/', { customer_id: customer.id, service_id: service.id, slot_id: early.id, participants: { adult: 1 } });
  return { title, day, customerName: String(customer.name) };
}

async function openNewBooking(page: Page, locale: Locale) {
  await page.goto(localized(locale, '/booking/new'));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return page.locator('form', { has: page.getByRole('heading', { name: t(locale, 'newBooking.title') }) });
}

async function pick(form: Locator, page: Page, label: string, text: string) {
  const box = form.getByRole('combobox', { name: label });
  await box.fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
  await expect(box).toHaveValue(new RegExp(text));
}

function total(page: Page) {
  return page.locator('.price-summary .price-total dd');
}

test("in Arabic, the server's price follows the participants; a full slot cannot be chosen", async ({ page, request }) => {
  const { title, day } = await serviceWithSlots(request);
  // Dark, for the accessibility scans below (the form's layout in Arabic dark; a11y.spec.ts has the others).
  await page.emulateMedia({ colorScheme: 'dark', reducedMotion: 'reduce' });
  const form = await openNewBooking(page, 'ar');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(page.locator('.price-summary')).toContainText(t('ar', 'price.empty'));
  await pick(form, page, t('ar', 'booking.service'), title);

  // One adult (the form's default), then two: the server's total doubles.
  await expect(total(page)).toHaveText(/\d/);
  const one = await total(page).innerText();
  await form.getByLabel(t('ar', 'newBooking.type.adult')).fill('2');
  await expect(total(page)).not.toHaveText(one);
  const two = await total(page).innerText();
  const digits = (s: string) => Number(s.replace(/[^\d٠-٩]/g, '').replace(/[٠-٩]/g, (d) => String('٠١٢٣٤٥٦٧٨٩'.indexOf(d))));
  expect(digits(two)).toBe(2 * digits(one));
  await expect(page.locator('.price-summary')).toContainText(new RegExp(`${t('ar', 'newBooking.type.adult')} × [2٢]`));

  // The day's slots, with the seats each has left; the full one is disabled.
  await form.getByLabel(t('ar', 'newBooking.date')).fill(day);
  const slots = form.getByRole('radiogroup', { name: t('ar', 'newBooking.slots') });
  const radios = slots.getByRole('radio');
  await expect(radios).toHaveCount(2);
  await expect(radios.nth(0)).toBeDisabled();
  await expect(slots.locator('label').nth(0)).toContainText(t('ar', 'newBooking.slotFull'));
  await expect(radios.nth(1)).toBeEnabled();
  await radios.nth(1).check();
  await expect(radios.nth(1)).toBeChecked();

  // A coupon the server does not know: its words at the coupon field, no price until corrected.
  const coupon = form.getByLabel(t('ar', 'newBooking.coupon'));
  await coupon.fill('NOSUCHCODE');
  await expect(form.getByText(t('ar', 'serverError.unknownCoupon'))).toBeVisible();
  await expect(coupon).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('.price-summary')).toContainText(t('ar', 'price.refused'));
  // Scanned here, not in a11y.spec.ts: slots, a price and a refused field need a service of the test's own.
  await expectNoSeriousViolations(page, 'new booking form with slots and a refused coupon (ar, dark)');
  await coupon.fill('');
  await expect(total(page)).toHaveText(two);

  await form.getByRole('button', { name: t('ar', 'newBooking.newCustomer') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoSeriousViolations(page, 'new customer dialog (ar, dark)', '[role="dialog"]');
});

test("after an empty submit the customer's error stays readable; a customer created from the form is chosen, and the booking is made for them", async ({ page, request }) => {
  await test.step("after an empty submit the customer's error stays readable, not covered by the picker", async () => {
    const form = await openNewBooking(page, 'en');
    await form.getByRole('button', { name: t('en', 'newBooking.create') }).click();
    const customer = form.getByRole('combobox', { name: t('en', 'booking.customer') });
    await expect(customer).toBeFocused();
    const error = form.getByText(t('en', 'newBooking.customerRequired'));
    await expect(error).toBeVisible();
    // Nothing is drawn over the message: the point at its centre belongs to it.
    await page.waitForTimeout(600); // longer than the picker's search pause, so a list that would open has opened
    const onTop = await error.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return !!top && (el === top || el.contains(top));
    });
    expect(onTop).toBe(true);
    await expect(form.getByRole('listbox')).toBeHidden();
  });

  await test.step('a customer created from the form is chosen, and the booking is made for them', async () => {
    const { title, day } = await serviceWithSlots(request);
    const form = await openNewBooking(page, 'en');
    await form.getByRole('button', { name: t('en', 'newBooking.newCustomer') }).click();
    const dialog = page.getByRole('dialog', { name: t('en', 'newBooking.newCustomer') });
    await expect(dialog).toBeVisible();
    // The server's field errors show in the dialog.
    await dialog.getByRole('button', { name: t('en', 'newBooking.customerCreate') }).click();
    await expect(dialog.locator('.field-error').first()).toBeVisible();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expectNoSeriousViolations(page, 'new customer dialog with errors (en, light)', '[role="dialog"]');
    const name = `Nadia ${runId()}`;
    await dialog.getByLabel(t('en', 'customer.name')).fill(name);
    await dialog.getByLabel(t('en', 'booking.phone')).fill('+213 555 44 55 66');
    await dialog.getByLabel(t('en', 'login.email')).fill('nadia@example.test');
    await dialog.getByRole('button', { name: t('en', 'newBooking.customerCreate') }).click();
    await expect(dialog).toBeHidden();
    await expect(form.getByRole('combobox', { name: t('en', 'booking.customer') })).toHaveValue(name);

    await pick(form, page, t('en', 'booking.service'), title);
    await form.getByLabel(t('en', 'newBooking.date')).fill(day);
    await form.getByRole('radiogroup', { name: t('en', 'newBooking.slots') }).getByRole('radio').nth(1).check();
    await expect(total(page)).toHaveText(/\d/);
    await expectNoSeriousViolations(page, 'new booking form with slots and a price (en, light)');
    await form.getByRole('button', { name: t('en', 'newBooking.create') }).click();
    await expect(page).toHaveURL(/\/booking\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('main')).toContainText(name);
  });
});

test("in Arabic, a combo's price shows as an amount in Arabic money format, and its Book form shows the total", async ({ page }) => {
  await page.goto(localized('ar', '/booking/combo'));
  const title = 'كواد + جمل';
  const row = page.locator('table.table tbody tr', { hasText: title });
  // An amount, in the language's money format (not only the percentage shown before).
  const money = /[\d٠-٩].*د\.ج|د\.ج.*[\d٠-٩]/;
  await expect(row).toContainText(money);
  await row.getByRole('button', { name: t('ar', 'comboBooking.open') }).click();
  const form = page.locator('section.card', { hasText: title });
  await expect(form.getByRole('group', { name: t('ar', 'booking.participants') }).getByRole('spinbutton')).toHaveCount(5);
  const comboTotal = form.locator('.price-summary .price-total dd');
  await expect(comboTotal).toHaveText(money);
  const one = await comboTotal.innerText();
  await form.getByLabel(t('ar', 'newBooking.type.adult')).fill('3');
  await expect(comboTotal).not.toHaveText(one);
  await expect(comboTotal).toHaveText(money);
});
