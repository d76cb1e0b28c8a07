/**
 * The services list and a service's page: the list filtered by status and wilaya, a bulk
 * publish that reports the service it refused and why; a new service created from its
 * essentials and completed on its Details tab (participants checked before sending, what
 * a refused publish misses shown at its place); and the open tab kept in the URL.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'vendor' });

type Json = Record<string, any>;

async function vendorApi(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'vendor');
  const headers = { Authorization: `JWT ${access_token}` };
  return async (method: 'GET' | 'POST', url: string, data?: unknown): Promise<Json> => {
    const response = await request.fetch(`/branch/api${url}`, { method, data, headers });
    expect(response.ok(), `${method} ${url}: ${await response.text()}`).toBe(true);
    return response.json();
  };
}

/** Two drafts named after `tag`: one ready to publish (in wilaya 31), one bare. */
async function drafts(request: APIRequestContext, tag: string) {
  const api = await vendorApi(request);
  const category = (await api('GET', '/categories/?page_size=1&parent_id__isnull=true')).results[0];
  const text = (en: string) => ({ en, fr: en, ar: en });
  const location = await api('POST', '/locations/', { name_i18n: text(`Port ${tag}`), wilaya_code: '31' });
  const ready = await api('POST', '/services/', { title_i18n: text(`${tag} ready`), category_id: category.id, location_id: location.id, duration_minutes: 60, capacity: 8 });
  await api('POST', '/price-rules/', { service_id: ready.id, customer_type: 'adult', amount: 300_000 });
  await api('POST', '/media/', { url: 'https://cdn.example.test/port.jpg', owner_type: 'service', owner_id: ready.id, is_cover: true });
  const bare = await api('POST', '/services/', { title_i18n: text(`${tag} bare`), category_id: category.id, duration_minutes: 60, capacity: 8 });
  return { ready, bare };
}

async function openPage(page: Page, locale: Locale, path: string, heading: string | RegExp) {
  await page.goto(localized(locale, path));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.locator('.page-transition')).toHaveAttribute('data-ready', 'true');
}

const tagged = () => `Cove ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

test('the list filters by status and wilaya; a bulk publish names the service it refused and what it misses', async ({ page, request }) => {
  const tag = tagged();
  await drafts(request, tag);
  await openPage(page, 'en', `/services/list?search=${encodeURIComponent(tag)}`, t('en', 'route.servicesList'));
  await page.getByRole('combobox', { name: t('en', 'services.status'), exact: true }).selectOption('draft');
  await expect(page).toHaveURL(/status=draft/);
  const rows = page.getByRole('row').filter({ hasText: tag });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: `${tag} ready` })).toContainText('DZD 3,000.00');
  await expect(rows.filter({ hasText: `${tag} ready` })).toContainText('31 · Oran');

  await page.getByRole('combobox', { name: t('en', 'services.wilaya'), exact: true }).selectOption('31');
  await expect(rows).toHaveCount(1);
  await page.getByRole('combobox', { name: t('en', 'services.wilaya'), exact: true }).selectOption('');
  await expect(rows).toHaveCount(2);

  for (const row of await rows.all()) await row.getByRole('checkbox').check();
  await page.getByRole('region', { name: t('en', 'list.bulkActions') }).getByRole('button', { name: 'Publish' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish' }).click();
  const report = page.getByRole('alert').filter({ hasText: '1 refused' });
  await expect(report).toContainText('1 record updated.');
  await expect(report).toContainText(`${tag} bare`);
  await expect(report).toContainText(/price rule.*where.*cover/);
  // Published, the ready one leaves the drafts.
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`${tag} bare`);
});

test('a new service from its essentials, completed on its Details tab; a refused publish shows what is missing where it is fixed', async ({ page }) => {
  const title = `${tagged()} kayak`;
  await openPage(page, 'en', '/services/list', t('en', 'route.servicesList'));
  await page.getByRole('link', { name: t('en', 'services.new') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('en', 'services.newHeading'));
  await page.getByLabel('Title (English)', { exact: true }).fill(title);
  await page.getByLabel(t('en', 'services.category'), { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(t('en', 'services.capacity'), { exact: true }).fill('6');
  await page.getByRole('button', { name: t('en', 'record.save') }).click();

  await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('tab', { name: t('en', 'services.tab.details') })).toHaveAttribute('aria-selected', 'true');

  // More participants than seats is said at once, at the field, and what was typed stays.
  const max = page.getByLabel(t('en', 'services.maxParticipants'), { exact: true });
  await max.fill('9');
  // Unsaved details hold the publishing actions (a transition would drop what was typed).
  await expect(page.getByRole('button', { name: t('en', 'publishingEvent.publish') })).toBeDisabled();
  await page.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(max).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(t('en', 'services.maxOverCapacity'))).toBeVisible();
  await expect(max).toHaveValue('9');
  await max.fill('6');
  await page.getByLabel(t('en', 'services.confirmation'), { exact: true }).selectOption('manual');
  await page.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(page.getByLabel(t('en', 'services.confirmation'), { exact: true })).toHaveValue('manual');
  await expect(max).not.toHaveAttribute('aria-invalid', 'true');

  await page.reload();
  await expect(page.getByLabel(t('en', 'services.confirmation'), { exact: true })).toHaveValue('manual');
  await expect(max).toHaveValue('6');

  await page.getByRole('button', { name: t('en', 'publishingEvent.publish') }).click();
  await expect(page.getByRole('combobox', { name: t('en', 'services.location') })).toHaveAttribute('aria-invalid', 'true');
  const missing = page.locator('.service-missing');
  await expect(missing.getByRole('link', { name: t('en', 'services.goToPrices') })).toBeVisible();
  await missing.getByRole('link', { name: t('en', 'services.goToMedia') }).click();
  await expect(page).toHaveURL(/\?tab=media$/);
  await expect(page.getByRole('tab', { name: t('en', 'services.tab.media') })).toHaveAttribute('aria-selected', 'true');
});

test('the open tab is in the URL, survives a reload, and arrow keys move between tabs', async ({ page, request }) => {
  const { ready } = await drafts(request, tagged());
  await openPage(page, 'en', `/services/${ready.id}`, ready.title_i18n.en);
  await page.getByRole('tab', { name: t('en', 'services.tab.history') }).click();
  await expect(page).toHaveURL(/\?tab=history$/);
  await expect(page.getByRole('tabpanel', { name: t('en', 'services.tab.history') })).toContainText(t('en', 'auditAction.create'));
  await page.reload();
  const history = page.getByRole('tab', { name: t('en', 'services.tab.history') });
  await expect(history).toHaveAttribute('aria-selected', 'true');
  await history.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(page).toHaveURL(/\?tab=bookings$/);
  await expect(page.getByRole('tab', { name: t('en', 'services.tab.bookings') })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: t('en', 'services.tab.bookings') })).toContainText(t('en', 'services.noBookings'));
  await page.keyboard.press('Home');
  await expect(page).toHaveURL(new RegExp(`/services/${ready.id}$`));
});

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('staff create a service for a vendor, see whose it is, and filter the list by vendor', async ({ page }) => {
    const title = `${tagged()} canyon`;
    await openPage(page, 'en', '/services/new', t('en', 'services.newHeading'));
    await page.getByLabel('Title (English)', { exact: true }).fill(title);
    await page.getByLabel(t('en', 'services.category'), { exact: true }).selectOption({ index: 1 });
    await page.getByRole('button', { name: t('en', 'record.save') }).click();
    // Whose service it is, the server asks.
    await expect(page.getByRole('combobox', { name: t('en', 'services.vendor') })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('combobox', { name: t('en', 'services.vendor') }).fill('Kabylie');
    await page.getByRole('option', { name: /Kabylie Outdoor/ }).click();
    await page.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}$/);
    await expect(page.locator('.service-vendor')).toContainText('Kabylie Outdoor');

    await openPage(page, 'en', `/services/list?search=${encodeURIComponent(title)}`, t('en', 'route.servicesList'));
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Kabylie Outdoor');
    await page.getByRole('combobox', { name: t('en', 'services.vendor') }).fill('Sahara');
    await page.getByRole('option', { name: /Sahara Quad Tours/ }).click();
    await expect(page).toHaveURL(/vendor_id=/);
    await expect(row).toHaveCount(0);
  });
});
