/**
 * What every list screen shares, seen on the bookings list: a count past the exact
 * limit is an estimate and says so, and paging follows the server's next link.
 */
import { expect, t, test } from './fixtures.ts';

test.use({ account: 'admin' });

test('an estimated count reads "about", and Next follows the rows, not the estimate', async ({ page }) => {
  // Every booking of the demo data: far more than the server counts exactly.
  await page.goto('/booking/manage?page_size=100');
  const pager = page.getByRole('navigation', { name: t('en', 'list.pagination') });
  const about = (id: string) => new RegExp(t('en', id).replace(/\{\w+\}/g, '.+'));
  await expect(pager.getByRole('status')).toHaveText(about('list.rangeAbout'));
  await expect(pager.locator('[aria-current="page"]')).toHaveText(about('list.pageOfAbout'));
  const next = pager.getByRole('button', { name: t('en', 'list.next'), exact: true });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(pager.getByRole('status')).toHaveText(/^101–200 /);
});
