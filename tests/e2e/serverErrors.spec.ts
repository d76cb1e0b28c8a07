/**
 * The API's refusals in the page's language: deleting a location its services use is
 * refused, and an Arabic page says why in Arabic, never in English. (The English refusal is
 * in locations.spec.ts; the server's choice of language for each, in
 * server/errorLanguage.test.ts.)
 */
import { expect, localized, t, test } from './fixtures.ts';

test.use({ account: 'vendor' });

test("a location in use is kept, and the refusal is in the page's language (ar)", async ({ page }) => {
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  await page.goto(localized('ar', '/locations?ordering=-services_count'));
  await expect(page.locator('.page-transition')).toHaveAttribute('data-ready', 'true');
  const row = page.getByRole('row').nth(1);
  await row.getByRole('link').first().click();
  await page.getByRole('button', { name: t('ar', 'locations.delete') }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: t('ar', 'locations.delete') }).click();
  await expect(page.getByRole('alert').filter({ hasText: /^هذا الموقع مستخدم في/ })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'This location is used' })).toHaveCount(0);
});
