/**
 * A booking's timeline names the people who acted (from the audit log's expanded actor),
 * not their email, in English and Arabic.
 */
import { expect, localized, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'admin' });

for (const locale of ['en', 'ar'] as Locale[]) {
  test(`the timeline shows who changed a booking by name (${locale})`, async ({ page }) => {
    // Its own booking: the newest confirmed one in the far future, which no other spec edits.
    await page.goto(`${localized(locale, '/booking/manage')}?status=confirmed&ordering=-starts_at`);
    const rows = page.locator('table.table tbody tr');
    await rows.nth(locale === 'en' ? 0 : 1).locator('a.row-link').click();
    await page.getByRole('button', { name: t(locale, 'booking.editNotes'), exact: true }).click();
    await page.getByRole('textbox', { name: t(locale, 'booking.notes') }).fill(`Timeline check ${locale} ${Date.now()}`);
    await page.getByRole('button', { name: t(locale, 'record.save'), exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: t(locale, 'record.saved') })).toBeVisible();
    const timeline = page.locator('ol.timeline');
    await expect(timeline).toContainText('Amina Haddad');
    await expect(timeline).not.toContainText('admin@rihla.test');
  });
}
