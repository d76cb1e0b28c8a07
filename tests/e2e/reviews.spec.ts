/**
 * Reviews and duplicates: staff moderate the queue (approve; reject with a reason), the
 * vendor replies to an approved review and changes the reply, staff merge a duplicate
 * customer from the customer's page, and the moderation screen in Arabic. Each test takes
 * reviews no other test takes (the oldest pending, the newest pending, an unanswered one)
 * and makes its own customers.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localized, loginViaApi, t, test, type AccountName, type Locale } from './fixtures.ts';

type Json = Record<string, any>;

async function auth(request: APIRequestContext, account: AccountName) {
  const { access_token } = await loginViaApi(request, account);
  return { Authorization: `JWT ${access_token}` };
}

async function api(request: APIRequestContext, headers: Record<string, string>, method: 'GET' | 'POST' | 'PATCH', url: string, data?: Json): Promise<Json> {
  const res = await request.fetch(`/branch/api${url}`, { method, headers, data });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

/** The vendor's reviews of a view (of one service), in an order, with their booking named. */
async function vendorReviews(request: APIRequestContext, view: string, ordering: string, size = 1, serviceId?: string): Promise<Json[]> {
  const headers = await auth(request, 'vendor');
  const service = serviceId ? `&service_id=${serviceId}` : '';
  return (await api(request, headers, 'GET', `/reviews/?view=${view}&ordering=${ordering}&page_size=${size}&expand=booking_id${service}`)).results;
}

async function openQueue(page: Page, locale: Locale, serviceId: string) {
  await page.goto(localized(locale, `/customers/reviews?view=pending&service_id=${serviceId}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'route.customersReviews'));
  await expect(page.getByRole('radio', { name: t(locale, 'reviews.view.pending') })).toBeChecked();
}

const rowOf = (page: Page, review: Json) => page.getByRole('row').filter({ hasText: review._expanded.booking_id.ref });

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('moderate: approve the oldest pending review, reject the next one with a reason', async ({ page, request }) => {
    const [oldest] = await vendorReviews(request, 'pending', 'created_at');
    const [first, second] = await vendorReviews(request, 'pending', 'created_at', 2, oldest.service_id);
    await openQueue(page, 'en', first.service_id);
    await page.getByText(t('en', 'reviews.ratings.heading')).click();
    await expect(page.locator('.review-rating').first()).toBeVisible();

    const row = rowOf(page, first);
    const stars = row.getByRole('img', { name: t('en', 'reviews.outOf5').replace('{rating}', String(first.rating)) });
    await expect(stars).toBeVisible();
    // The number is shown, and the stars not given are outlined: a 1-star review never looks like a 5-star one.
    await expect(stars).toContainText(`${first.rating}/5`);
    await expect(stars.locator('.review-stars-off')).toHaveText('☆'.repeat(5 - first.rating));
    await row.getByRole('button', { name: t('en', 'reviewEvent.approve'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(t('en', 'reviewEvent.approve.title'));
    await dialog.getByRole('button', { name: t('en', 'reviewEvent.approve'), exact: true }).click();
    // Approved, it leaves the queue.
    await expect(row).toHaveCount(0);
    const headers = await auth(request, 'admin');
    expect((await api(request, headers, 'GET', `/reviews/${first.id}/`)).status).toBe('approved');

    const next = rowOf(page, second);
    await next.getByRole('button', { name: t('en', 'reviewEvent.reject'), exact: true }).click();
    const reject = page.getByRole('alertdialog');
    // The moderator reads what they reject.
    await expect(reject.locator('.review-quote')).toContainText(second.body);
    await reject.getByRole('textbox', { name: t('en', 'bulk.reason') }).fill('Names a guide by his full name');
    await reject.getByRole('button', { name: t('en', 'reviewEvent.reject'), exact: true }).click();
    await expect(next).toHaveCount(0);
    const rejected = await api(request, headers, 'GET', `/reviews/${second.id}/`);
    expect([rejected.status, rejected.status_reason]).toEqual(['rejected', 'Names a guide by his full name']);
  });

  test('merge two duplicates from the customer page', async ({ page, request }) => {
    const headers = await auth(request, 'admin');
    const digits = String(Math.floor(Math.random() * 1e8)).padStart(8, '0');
    const stamp = Date.now().toString(36);
    const target = await api(request, headers, 'POST', '/customers/', { name: `Rania Merzoug ${stamp}`, phone: `05${digits}`, email: `rania.${stamp}@example.test` });
    const other = await api(request, headers, 'POST', '/customers/', { name: `R. Merzoug ${stamp}`, phone: `+213 5${digits}` });
    const [service] = (await api(request, headers, 'GET', '/services/?status=published&confirmation=instant&page_size=1&ordering=created_at')).results;
    const booking = await api(request, headers, 'POST', '/bookings/', {
      customer_id: other.id, service_id: service.id, starts_at: new Date(Date.now() + 20 * 86_400_000).toISOString(), participants: { adult: 1 }, channel: 'back_office',
    });

    await page.goto(`/customers/${target.id}`);
    const panel = page.getByRole('region', { name: t('en', 'merge.heading') });
    await expect(panel).toContainText(other.name);
    await panel.getByRole('button', { name: `Merge ${other.name} into ${target.name}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Merge ${other.name} into ${target.name}?`);
    await dialog.getByRole('button', { name: t('en', 'merge.merge') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(panel).toContainText(t('en', 'merge.none'));

    expect((await api(request, headers, 'GET', `/bookings/${booking.id}/`)).customer_id).toBe(target.id);
    expect((await api(request, headers, 'GET', `/customers/${other.id}/`)).merged_into_id).toBe(target.id);
    // The merged record says where it went.
    await page.goto(`/customers/${other.id}`);
    await page.getByRole('link', { name: t('en', 'customers.mergedOpen') }).click();
    await expect(page).toHaveURL(new RegExp(`/customers/${target.id}`));
  });
});

test.describe('staff in Arabic, dark', () => {
  test.use({ account: 'admin', colorScheme: 'dark' });

  test('the queue in Arabic: approve the newest pending review', async ({ page, request }) => {
    const [newest] = await vendorReviews(request, 'pending', '-created_at');
    await openQueue(page, 'ar', newest.service_id);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const row = rowOf(page, newest);
    await row.getByRole('button', { name: t('ar', 'reviewEvent.approve'), exact: true }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: t('ar', 'reviewEvent.approve'), exact: true }).click();
    await expect(row).toHaveCount(0);
    await page.getByRole('radio', { name: t('ar', 'reviews.view.all') }).click();
    await expect(row.locator('.status-chip')).toHaveText(t('ar', 'reviewStatus.approved'));
  });
});

test.describe('vendor', () => {
  test.use({ account: 'vendor' });

  test('reply to an approved review, then change the reply; an empty one is refused at the field', async ({ page, request }) => {
    const [review] = await vendorReviews(request, 'unanswered', '-created_at');
    await page.goto(`/customers/reviews`);
    // Every rated service of the vendor, six until asked for all.
    const rated = (await api(request, await auth(request, 'vendor'), 'GET', '/reviews/ratings/')).results.length;
    await page.getByText(t('en', 'reviews.ratings.heading')).click();
    await expect(page.locator('.review-rating')).toHaveCount(Math.min(rated, 6));
    if (rated > 6) {
      await page.getByRole('button', { name: `Show all ${rated} services` }).click();
      await expect(page.locator('.review-rating')).toHaveCount(rated);
    }
    // The row's action is the reply.
    await page.getByRole('row').filter({ hasText: review._expanded.booking_id.ref }).getByRole('link', { name: t('en', 'reviews.replyAction'), exact: true }).click();
    const panel = page.locator('.review-panel');
    await expect(panel.getByRole('heading', { name: t('en', 'reviews.replyNew') })).toBeVisible();
    const reply = panel.getByRole('textbox', { name: t('en', 'reviews.replyLabel') });
    await reply.fill('   ');
    await panel.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(panel).toContainText(t('en', 'serverError.reviewReplyEmpty'));
    await expect(reply).toHaveValue('   ');

    await reply.fill('Thank you for coming! The oasis tour opens in spring.');
    await panel.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(panel).toHaveCount(0);
    const headers = await auth(request, 'vendor');
    expect((await api(request, headers, 'GET', `/reviews/${review.id}/`)).vendor_reply).toBe('Thank you for coming! The oasis tour opens in spring.');

    await page.goto(`/customers/reviews?review=${review.id}`);
    await expect(panel.getByRole('heading', { name: t('en', 'reviews.replyEdit') })).toBeVisible();
    await expect(reply).toHaveValue('Thank you for coming! The oasis tour opens in spring.');
    await reply.fill('Thank you for coming! See you in spring.');
    await panel.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(panel).toHaveCount(0);
    expect((await api(request, headers, 'GET', `/reviews/${review.id}/`)).vendor_reply).toBe('Thank you for coming! See you in spring.');
  });
});
