/**
 * The customers screens: staff find a customer by their phone typed another way than it
 * was saved, open them, block them with a reason (required) and see the booking form
 * refuse them; the same search and block in French, with the history naming who blocked;
 * and vendor staff see only their customers and write to one. Each test makes its
 * own customer (a phone of its own) and service.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'admin' });

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function api(request: APIRequestContext, account: 'admin' | 'vendor') {
  const { access_token } = await loginViaApi(request, account);
  const headers = { Authorization: `JWT ${access_token}` };
  return async (method: 'GET' | 'POST', url: string, data?: unknown, status = method === 'POST' ? 201 : 200) => {
    const response = await request.fetch(`/branch/api${url}`, { method, data, headers });
    expect(response.status(), `${method} ${url}: ${await response.text()}`).toBe(status);
    return response.json();
  };
}

/** A customer saved with a phone typed the local way (`0550 12 34 56`); its 6 last digits are the test's own. */
async function ownCustomer(request: APIRequestContext) {
  const staff = await api(request, 'admin');
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
  const id = runId();
  const customer = await staff('POST', '/customers/', { name: `Yasmine ${id}`, phone: `0550 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}` });
  expect(customer.phone).toBe(`+213550${digits}`);
  return { customer, digits };
}

/** A published instant service of the demo vendor with one slot of five seats on a day of its own. */
async function serviceWithSlot(request: APIRequestContext) {
  const vendor = await api(request, 'vendor');
  const title = `Oasis ${runId()}`;
  const category = (await vendor('GET', '/categories/?page_size=1&parent_id__isnull=true')).results[0];
  const location = await vendor('POST', '/locations/', { name_i18n: { en: title, fr: title, ar: title }, wilaya_code: '30' });
  const draft = await vendor('POST', '/services/', {
    title_i18n: { en: title, fr: title, ar: title }, category_id: category.id, location_id: location.id, duration_minutes: 60, capacity: 10, max_participants: 10,
    confirmation: 'instant',
  });
  await vendor('POST', '/price-rules/', { service_id: draft.id, customer_type: 'adult', amount: 400_000 });
  await vendor('POST', '/media/', { url: 'https://cdn.example.test/oasis.jpg', owner_type: 'service', owner_id: draft.id, is_cover: true });
  await vendor('POST', `/services/${draft.id}/transition/`, { event: 'publish', version: draft.version }, 200);
  const day = new Date(Date.now() + (30 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
  await vendor('POST', '/service-slots/', { service_id: draft.id, starts_at: `${day}T09:00:00.000Z`, capacity: 5 });
  return { title, day };
}

/** Searches the list for the phone as typed, opens the one customer found, and blocks them (a reason is required). */
async function findAndBlock(page: Page, locale: Locale, typedPhone: string, name: string, reason: string) {
  await page.goto(localized(locale, '/customers/list'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'route.customersList'));
  await page.getByRole('searchbox', { name: t(locale, 'customers.searchLabel') }).fill(typedPhone);
  const rows = page.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(name);
  await rows.locator('a.row-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

  await page.getByRole('button', { name: t(locale, 'customers.block.button'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: t(locale, 'customers.block.confirm'), exact: true }).click();
  await expect(dialog.getByText(t(locale, 'customers.block.reasonRequired'))).toBeVisible();
  await dialog.getByRole('textbox', { name: t(locale, 'customers.block.reason') }).fill(reason);
  await dialog.getByRole('button', { name: t(locale, 'customers.block.confirm'), exact: true }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.locator('.record-header .status-chip')).toHaveText(t(locale, 'customers.blockedChip'));
  await expect(page.getByRole('status').filter({ hasText: reason })).toBeVisible();
  await expect(page.getByRole('button', { name: t(locale, 'customers.unblock.button'), exact: true })).toBeVisible();
}

test('staff find a customer by a phone typed differently, block them, and the booking form refuses them', async ({ page, request }) => {
  const [{ customer, digits }, { title, day }] = await Promise.all([ownCustomer(request), serviceWithSlot(request)]);
  // On a laptop's screen every column of the list is there.
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/customers/list');
  await expect(page.locator('tbody tr').first()).toBeVisible();
  for (const id of ['email', 'language', 'bookings', 'lifetimeSpend', 'wallet', 'points', 'lastBooking']) await expect(page.locator('thead')).toContainText(t('en', `customers.${id}`));
  // Saved as 0550 …, found as +213 550 … with other spacing.
  await findAndBlock(page, 'en', `+213 550 ${digits.slice(0, 3)} ${digits.slice(3)}`, customer.name, 'Three no-shows this season');

  await page.goto('/booking/new');
  const form = page.locator('form', { has: page.getByRole('heading', { name: t('en', 'newBooking.title') }) });
  const pick = async (label: string, text: string) => {
    await form.getByRole('combobox', { name: label }).fill(text);
    await page.getByRole('option', { name: new RegExp(text) }).first().click();
  };
  await pick(t('en', 'booking.customer'), customer.name);
  await pick(t('en', 'booking.service'), title);
  await form.getByLabel(t('en', 'newBooking.date')).fill(day);
  await form.getByRole('radiogroup', { name: t('en', 'newBooking.slots') }).getByRole('radio').first().check();
  await form.getByRole('button', { name: t('en', 'newBooking.create') }).click();
  await expect(form.getByText(t('en', 'serverError.customerBlocked'))).toBeVisible();
  await expect(page).toHaveURL(/\/booking\/new/);
});

test('in French: the same search finds them, blocking speaks French and the history names who blocked', async ({ page, request }) => {
  const { customer, digits } = await ownCustomer(request);
  await findAndBlock(page, 'fr', `550-${digits.slice(0, 3)}-${digits.slice(3)}`, customer.name, 'Impayés répétés');
  await page.getByRole('tab', { name: t('fr', 'customers.tab.history') }).click();
  await expect(page.getByText(`${t('fr', 'auditAction.block')} par Amina Haddad`)).toBeVisible();
  await expect(page.getByText(t('fr', 'timeline.reason').replace('{reason}', 'Impayés répétés'))).toBeVisible();

  // A customer merged into this one: its page says so in French, offers nothing to do, and leads here.
  const staff = await api(request, 'admin');
  const twin = await staff('POST', '/customers/', { name: `${customer.name} bis`, phone: customer.phone });
  await staff('POST', `/customers/${customer.id}/merge/`, { other_id: twin.id, version: (await staff('GET', `/customers/${customer.id}/`)).version }, 200);
  await page.goto(localized('fr', `/customers/${twin.id}`));
  await expect(page.getByText(t('fr', 'customers.mergedNotice'))).toBeVisible();
  await expect(page.getByRole('button', { name: t('fr', 'customers.message.button'), exact: true })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: t('fr', 'customers.name') })).toHaveCount(0);
  await page.getByRole('link', { name: t('fr', 'customers.mergedOpen') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(customer.name);
});

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('see the customers they made or who booked with them, read one, and may write to them but not block or edit', async ({ page, request }) => {
    const vendor = await api(request, 'vendor');
    const theirs = await vendor('POST', '/customers/', { name: `Karim ${runId()}`, phone: '0661 98 76 54' });
    const { customer: staffs } = await ownCustomer(request);
    await page.goto(`/customers/list?search=${encodeURIComponent(theirs.name)}`);
    await expect(page.locator('tbody tr')).toHaveCount(1);
    // The wallet and points are staff's ledgers; the figures are their own bookings', not sortable.
    await expect(page.locator('thead')).toContainText(t('en', 'customers.lifetimeSpend'));
    await expect(page.locator('thead')).not.toContainText(t('en', 'customers.wallet'));
    await expect(page.locator('thead')).not.toContainText(t('en', 'customers.points'));
    await expect(page.locator('thead .sort-button', { hasText: t('en', 'customers.lifetimeSpend') })).toHaveCount(0);
    await page.goto(`/customers/list?search=${encodeURIComponent(staffs.name)}`);
    await expect(page.getByText(t('en', 'customers.none'))).toBeVisible();

    await page.goto(`/customers/${theirs.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(theirs.name);
    await expect(page.getByRole('tab')).toHaveText(['profile', 'bookings', 'payments', 'reviews', 'conversations'].map((k) => t('en', `customers.tab.${k}`)));
    await expect(page.getByRole('textbox', { name: t('en', 'customers.name') })).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('en', 'customers.block.button'), exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: t('en', 'customers.message.button'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: t('en', 'customers.message.body') }).fill('Your quad ride is confirmed for Saturday.');
    await dialog.getByRole('button', { name: t('en', 'customers.message.confirm'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('tab', { name: t('en', 'customers.tab.conversations') }).click();
    await expect(page.locator('.customer-conversation-preview', { hasText: 'Your quad ride is confirmed for Saturday.' })).toBeVisible();
  });
});
