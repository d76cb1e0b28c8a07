/**
 * Accessibility of every catalogue screen, in English and Arabic, light and dark: the
 * screens vendor staff open (locations, services and a service's tabs, price rules,
 * adrenaline profiles, private services, adventures, gallery) and the staff-only ones
 * (amenities, interests, categories, subcategories). Each screen's own spec does its job
 * and scans some combinations; this one scans every screen in two that between them cover
 * both directions and both themes (English light, Arabic dark): the colours depend on the
 * theme, not the language, and the mirroring on the language, not the theme, so the other
 * two combinations would mostly repeat these scans at twice the suite time.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { localized, openInApp, test, type Locale } from './fixtures.ts';

const VENDOR_SCREENS = [
  '/locations',
  '/addlocation',
  '/services/list',
  '/services/price',
  '/services/adrenaline',
  '/services/personal',
  '/adventures',
  '/gallery',
];
const SERVICE_TABS = ['details', 'availability', 'prices', 'media', 'adrenaline', 'reviews', 'bookings', 'history'];
const STAFF_SCREENS = ['/services/amenities', '/services/interests', '/categories', '/categories/subcategory'];

async function scan(page: Page, locale: Locale, path: string, what: string) {
  await openInApp(page, localized(locale, path));
  await expectNoSeriousViolations(page, what);
}

for (const [locale, theme] of [['en', 'light'], ['ar', 'dark']] as const) {
  test.describe(`${locale}, ${theme}`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce' });

    test.describe('vendor staff', () => {
      test.use({ account: 'vendor' });
      test('catalogue screens have no serious violations', async ({ page }) => {
        test.slow();
        for (const path of VENDOR_SCREENS) await scan(page, locale, path, `${path} (${locale}, ${theme})`);
      });

      test('a service’s tabs have no serious violations', async ({ page, request, seeded }) => {
        test.slow();
        const headers = { Authorization: `JWT ${seeded!.access_token}` };
        const services = await (await request.get('/branch/api/services/?view=public&page_size=1&fields=id', { headers })).json();
        const id = services.results[0].id as string;
        for (const tab of SERVICE_TABS) await scan(page, locale, `/services/${id}?tab=${tab}`, `service tab ${tab} (${locale}, ${theme})`);
      });
    });

    test.describe('staff', () => {
      test.use({ account: 'admin' });
      test('staff-only catalogue screens have no serious violations', async ({ page }) => {
        for (const path of STAFF_SCREENS) await scan(page, locale, path, `${path} (${locale}, ${theme})`);
      });
    });
  });
}
