/**
 * The locations screens, with the map's tiles blocked as they are offline: vendor staff
 * add a location by typing its coordinates, then drag its pin with the mouse and nudge
 * it with the keyboard, and find it in the list; coordinates outside Algeria stay at their
 * field; a location in use is kept when deleting it is asked for; staff add one for a
 * vendor among that vendor's branches.
 */
import type { Page } from '@playwright/test';
import { expect, localized, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'vendor' });

test.beforeEach(async ({ page }) => {
  // No tile server: the map shows a blank surface, as on a machine without internet.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
});

async function openPage(page: Page, locale: Locale, path: string, route: string) {
  await page.goto(localized(locale, path));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, `route.${route}`));
  await expect(page.locator('.page-transition')).toHaveAttribute('data-ready', 'true');
}

const numberIn = async (page: Page, label: string) => Number((await page.getByLabel(label, { exact: true }).inputValue()).replace(',', '.'));

test('add a location by typing coordinates, drag and nudge its pin, and find it in the list', async ({ page }) => {
  const name = `Erg camp ${Date.now().toString(36)}`;
  await openPage(page, 'en', '/addlocation', 'addLocation');
  await page.getByLabel('Name (English)', { exact: true }).fill(name);
  await page.getByLabel('Wilaya', { exact: true }).selectOption('47');
  await page.getByLabel('Commune', { exact: true }).fill('Metlili');

  // Coordinates typed place the pin.
  const pin = page.getByRole('button', { name: t('en', 'locations.map.pin') });
  await expect(pin).toHaveCount(0);
  await page.getByLabel('Latitude', { exact: true }).fill('32.49');
  await page.getByLabel('Longitude', { exact: true }).fill('3.67');
  await expect(pin).toBeVisible();
  await expect(page.getByText(t('en', 'locations.map.offline'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('en', 'locations.map.openOsm') })).toHaveAttribute('href', /mlat=32\.49&mlon=3\.67/);

  // Dragged east with the mouse: the longitude grows, the latitude stays about the same.
  // (Hovering first waits for the map to finish zooming onto the pin.)
  await pin.hover();
  const box = (await pin.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 30, box.y + box.height / 2, { steps: 5 });
  await page.mouse.move(box.x + box.width / 2 + 60, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => numberIn(page, 'Longitude')).toBeGreaterThan(3.67);
  const dragged = await numberIn(page, 'Longitude');
  expect(Math.abs((await numberIn(page, 'Latitude')) - 32.49)).toBeLessThan(0.01);

  // Nudged north with the keyboard: the pin keeps the focus.
  await pin.focus();
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => numberIn(page, 'Latitude')).toBeGreaterThan(32.49);
  await expect(pin).toBeFocused();
  expect(await numberIn(page, 'Longitude')).toBe(dragged);
  const latitude = await numberIn(page, 'Latitude');

  await page.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(page).toHaveURL(/\/locations$/);
  await page.getByRole('searchbox', { name: t('en', 'locations.searchLabel') }).fill(name);
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText('47 · Ghardaia');
  await expect(row).toContainText('Metlili');

  // Opened from the list, the editor shows where the pin was left.
  await row.getByRole('link', { name }).click();
  await expect(page.getByLabel('Latitude', { exact: true })).toHaveValue(String(latitude));
  await expect(page.getByRole('button', { name: t('en', 'locations.map.pin') })).toBeVisible();
  await page.getByText(t('en', 'locations.history'), { exact: true }).click();
  await expect(page.locator('.record-history li')).toContainText(t('en', 'auditAction.create'));
});

test('coordinates outside Algeria are refused at their field, and what was typed stays', async ({ page }) => {
  await openPage(page, 'en', '/addlocation', 'addLocation');
  await page.getByLabel('Name (English)', { exact: true }).fill('Paris');
  await page.getByLabel('Latitude', { exact: true }).fill('48.85');
  await page.getByLabel('Longitude', { exact: true }).fill('2.35');
  await page.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(page.getByLabel('Latitude', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Latitude', { exact: true })).toHaveValue('48.85');
  await expect(page).toHaveURL(/\/addlocation$/);
});

test('a location its services use is kept when deleting it is asked for, and the page says why', async ({ page }) => {
  await openPage(page, 'en', '/locations?ordering=-services_count', 'locations');
  const row = page.getByRole('row').nth(1);
  const name = (await row.getByRole('link').first().textContent())!;
  await row.getByRole('link', { name }).click();
  await page.getByRole('button', { name: t('en', 'locations.delete') }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(/1 service uses this location|\d+ services use this location/);
  await dialog.getByRole('button', { name: t('en', 'locations.delete') }).click();
  await expect(page.getByRole('alert')).toContainText(/This location is used by \d+ services?/);
  await page.getByRole('searchbox', { name: t('en', 'locations.searchLabel') }).fill(name);
  await expect(page.getByRole('row').filter({ hasText: name }).first()).toBeVisible();
});

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test("add a location for a vendor, among that vendor's branches only, and see whose it is in the list", async ({ page }) => {
    const name = `Djurdjura trailhead ${Date.now().toString(36)}`;
    await openPage(page, 'en', '/addlocation', 'addLocation');
    const branch = page.getByLabel('Branch', { exact: true });
    await expect(branch).toBeDisabled();
    await page.getByRole('combobox', { name: 'Vendor' }).fill('Kabylie');
    await page.getByRole('option', { name: /Kabylie Outdoor/ }).click();
    await expect(branch).toBeEnabled();
    await expect(branch.getByRole('option', { name: 'Tizi Ouzou — agence' })).toHaveCount(1);
    await expect(branch.getByRole('option', { name: 'Ghardaïa — agence' })).toHaveCount(0);
    await branch.selectOption({ label: 'Tizi Ouzou — agence' });
    await page.getByLabel('Name (English)', { exact: true }).fill(name);
    await page.getByLabel('Wilaya', { exact: true }).selectOption('15');
    await page.getByRole('button', { name: t('en', 'record.save') }).click();

    await expect(page).toHaveURL(/\/locations$/);
    await page.getByRole('searchbox', { name: t('en', 'locations.searchLabel') }).fill(name);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Kabylie Outdoor');
    await expect(row).toContainText('Tizi Ouzou — agence');
  });
});
