/**
 * A booking's timeline names the people who acted (from the audit log's expanded actor),
 * not their email.
 */
import { expect, localized, t, test } from './fixtures.ts';

test.use({ account: 'admin' });

test('the timeline shows who changed a booking by name, not by email', async ({ page }) => {
  // Its own booking: the newest confirmed one in the far future, which no other spec edits.
  await page.goto(`${localized('en', '/booking/manage')}?status=confirmed&ordering=-starts_at`);
  const rows = page.locator('table.table tbody tr');
  await rows.first().locator('a.row-link').click();
  await page.getByRole('button', { name: t('en', 'booking.editNotes'), exact: true }).click();
  await page.getByRole('textbox', { name: t('en', 'booking.notes') }).fill(`Timeline check en ${Date.now()}`);
  await page.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: t('en', 'record.saved') })).toBeVisible();
  const timeline = page.locator('ol.timeline');
  await expect(timeline).toContainText('Amina Haddad');
  await expect(timeline).not.toContainText('admin@rihla.test');
});
