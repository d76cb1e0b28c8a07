/**
 * A booking's page names it by its ref, says where, whose and by whom, gives the customer's
 * email and the participants, links the customer, the service and the vendor to their
 * pages, and uses the width of a 1440 px screen in two columns (mirrored in Arabic).
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, expect, localized, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'admin', viewport: { width: 1440, height: 900 } });

function fact(page: Page, locale: Locale, label: string) {
  return page.locator('.facts-row').filter({ has: page.locator('dt').getByText(t(locale, label), { exact: true }) }).locator('dd');
}

for (const locale of ['en', 'ar'] as const) {
  test(`a booking's page names it and what it points to, in two columns (${locale})`, async ({ page, request, seeded }) => {
    // A booking the demo staff account made in the back office (created_by), of a service with
    // a branch and a location, for a customer with an email: the first such, found through the API.
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const candidates = await (
      await request.get('/branch/api/bookings/?view=all&status=confirmed&channel=back_office&branch_id__isnull=false&location_id__isnull=false&ordering=ref&page_size=50&fields=id,ref,customer_id,branch_id,location_id', { headers })
    ).json();
    let wanted = '';
    for (const booking of candidates.results as { ref: string; customer_id: string; branch_id: string | null; location_id: string | null }[]) {
      if (!booking.branch_id || !booking.location_id) continue;
      const customer = await (await request.get(`/branch/api/customers/${booking.customer_id}/`, { headers })).json();
      if (customer.email) {
        wanted = booking.ref;
        break;
      }
    }
    expect(wanted, 'a demo booking with a branch, a location and a customer with an email').not.toBe('');
    await page.goto(`${localized(locale, '/booking/manage')}?view=all&status=confirmed&ordering=ref&search=${wanted}`);
    const first = page.locator('table.table tbody tr').first().locator('a.row-link');
    await expect(first).toHaveText(wanted);
    const ref = (await first.innerText()).trim();
    await first.click();
    await expect(page).toHaveURL(new RegExp(`${localized(locale, '/booking/')}[0-9a-f-]{36}$`));

    // The heading is the booking, by its ref.
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(t(locale, 'booking.heading').replace('{ref}', ref));

    // Where, whose, when it was made and by whom (a name, not an email).
    await expect(fact(page, locale, 'booking.location')).not.toHaveText('—');
    await expect(fact(page, locale, 'booking.branch')).not.toHaveText('—');
    await expect(fact(page, locale, 'booking.createdAt')).toHaveText(/\S/);
    await expect(fact(page, locale, 'booking.createdBy')).toHaveText(ACCOUNTS.admin.name);
    const vendor = fact(page, locale, 'booking.vendor').getByRole('link');
    await expect(vendor).toHaveText(/\S/);
    await expect(vendor).toHaveAttribute('href', localized(locale, '/vendors'));

    // The customer (linked), their email, the participants.
    const customer = fact(page, locale, 'booking.customer').getByRole('link');
    await expect(customer).toHaveAttribute('href', new RegExp(`^${localized(locale, '/customers/')}[0-9a-f-]{36}$`));
    await expect(fact(page, locale, 'booking.email')).toHaveText(/@/);
    await expect(fact(page, locale, 'booking.participants').locator('li').first()).toBeVisible();
    const service = fact(page, locale, 'booking.service').getByRole('link');
    await expect(service).toHaveAttribute('href', new RegExp(`^${localized(locale, '/services/')}[0-9a-f-]{36}$`));

    // Two columns at 1440 px: the facts, notes and history beside the money, mirrored in Arabic.
    const main = await page.locator('.record-main').boundingBox();
    const side = await page.locator('.record-side').boundingBox();
    expect(main && side).toBeTruthy();
    expect(Math.abs(main!.y - side!.y)).toBeLessThan(2);
    expect(main!.width).toBeGreaterThan(600);
    if (locale === 'ar') expect(side!.x + side!.width).toBeLessThanOrEqual(main!.x + 1);
    else expect(side!.x).toBeGreaterThanOrEqual(main!.x + main!.width - 1);
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
  });
}

test.describe('as vendor staff', () => {
  test.use({ account: 'vendor' });

  test('the vendor is named without a link to the staff-only vendors list', async ({ page }) => {
    await page.goto('/booking/manage?view=all&status=confirmed&ordering=ref');
    await page.locator('table.table tbody tr').first().locator('a.row-link').click();
    await expect(fact(page, 'en', 'booking.vendor')).toHaveText('Sahara Quad Tours');
    await expect(fact(page, 'en', 'booking.vendor').getByRole('link')).toHaveCount(0);
    await expect(fact(page, 'en', 'booking.customer').getByRole('link')).toBeVisible();
  });

  test("an extra is named in the reader's language, not by its key", async ({ page, request, seeded }) => {
    const headers = { Authorization: `JWT ${seeded!.access_token}` };
    const list = await (await request.get('/branch/api/bookings/?view=all&page_size=50', { headers })).json();
    const booking = (list.results as { id: string; extras?: { key: string }[] }[]).find((b) => b.extras?.some((e) => e.key === 'lunch'));
    expect(booking, 'a demo booking with lunch').toBeTruthy();
    await page.goto(localized('ar', `/booking/${booking!.id}`));
    const money = page.locator('.facts-money');
    await expect(money).toContainText('غداء');
    await expect(money).not.toContainText('lunch');
  });
});
