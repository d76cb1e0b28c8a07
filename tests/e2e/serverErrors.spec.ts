/**
 * The API's refusals in the page's language: deleting a location its services use is
 * refused, and the page says why in English, French or Arabic (never English on a French
 * or Arabic page).
 */
import { expect, localized, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'vendor' });

const refusal: Record<Locale, RegExp> = {
  en: /^This location is used by \d+ services?/,
  fr: /^Ce lieu est utilisé par \d+ prestations?/,
  ar: /^هذا الموقع مستخدم في/,
};

for (const locale of ['en', 'fr', 'ar'] as const) {
  test(`a location in use is kept, and the refusal is in the page's language (${locale})`, async ({ page }) => {
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
    await page.goto(localized(locale, '/locations?ordering=-services_count'));
    await expect(page.locator('.page-transition')).toHaveAttribute('data-ready', 'true');
    const row = page.getByRole('row').nth(1);
    await row.getByRole('link').first().click();
    await page.getByRole('button', { name: t(locale, 'locations.delete') }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t(locale, 'locations.delete') }).click();
    const alert = page.getByRole('alert').filter({ hasText: refusal[locale] });
    await expect(alert).toBeVisible();
    if (locale !== 'en') await expect(page.getByRole('alert').filter({ hasText: 'This location is used' })).toHaveCount(0);
  });
}
