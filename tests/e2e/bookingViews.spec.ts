/**
 * The bookings list opens on what matters now: the upcoming bookings, soonest first, with
 * quick views (today, upcoming, needs action, past, all) as a radio group kept in the
 * URL. What each view holds is read from the API responses the screen receives, so the
 * test does not parse dates.
 */
import type { Page, Response } from '@playwright/test';
import { expect, localized, t, test } from './fixtures.ts';

test.use({ account: 'admin' });

/** Midnight at the start of today in Algeria (UTC+1), as an instant. */
function startOfToday(): number {
  const day = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  return Date.parse(`${day}T00:00:00+01:00`);
}

interface Row {
  starts_at: string;
  status: string;
  balance: number;
}

/** The next bookings page the screen receives for `view`. */
function pageOf(page: Page, view: string): Promise<Response> {
  return page.waitForResponse((r) => r.url().includes('/branch/api/bookings/?') && new URL(r.url()).searchParams.get('view') === view && r.ok());
}

async function rowsIn(response: Response): Promise<Row[]> {
  return ((await response.json()) as { results: Row[] }).results;
}

test(`the list opens on upcoming bookings, soonest first, with quick views kept in the URL`, async ({ page }) => {
  const view = (id: string) => page.getByRole('radio', { name: t('en', `bookingView.${id}`), exact: true });
  const upcoming = pageOf(page, 'upcoming');
  await page.goto(localized('en', '/booking/manage'));
  await expect(page).toHaveURL(/[?&]view=upcoming(&|$)/);
  await expect(page.getByRole('group', { name: t('en', 'bookingView.label') })).toBeVisible();
  await expect(view('upcoming')).toBeChecked();
  const first = await rowsIn(await upcoming);
  expect(first.length).toBeGreaterThan(1);
  expect(Date.parse(first[0].starts_at)).toBeGreaterThanOrEqual(startOfToday());
  // Soonest first: within the next three months, not the last booking of the demo data.
  expect(Date.parse(first[0].starts_at)).toBeLessThan(startOfToday() + 3 * 86_400_000);
  expect(first.map((r) => r.starts_at)).toEqual([...first.map((r) => r.starts_at)].sort());
  const startsHeader = page.locator('thead th').filter({ hasText: t('en', 'booking.startsAt') });
  await expect(startsHeader).toHaveAttribute('aria-sort', 'ascending');

  // Needs action, by keyboard: arrow keys move through the radio group.
  const needing = pageOf(page, 'needs_action');
  await view('upcoming').focus();
  await page.keyboard.press('ArrowDown');
  await expect(view('needs_action')).toBeChecked();
  await expect(page).toHaveURL(/[?&]view=needs_action(&|$)/);
  const needs = await rowsIn(await needing);
  expect(needs.length).toBeGreaterThan(0);
  for (const row of needs) expect(row.status === 'requested' || (row.status === 'confirmed' && row.balance > 0)).toBe(true);

  // Today: every booking starts today in Algeria.
  const today = pageOf(page, 'today');
  await view('today').click();
  await expect(page).toHaveURL(/[?&]view=today(&|$)/);
  for (const row of await rowsIn(await today)) {
    expect(Date.parse(row.starts_at)).toBeGreaterThanOrEqual(startOfToday());
    expect(Date.parse(row.starts_at)).toBeLessThan(startOfToday() + 86_400_000);
  }

  // Past: the most recent first.
  const past = pageOf(page, 'past');
  await view('past').click();
  await expect(page).toHaveURL(/[?&]view=past(&|$)/);
  await expect(page).toHaveURL(/[?&]ordering=-starts_at(&|$)/);
  const before = await rowsIn(await past);
  expect(before.length).toBeGreaterThan(1);
  for (const row of before) expect(Date.parse(row.starts_at)).toBeLessThan(startOfToday());
  expect(before.map((r) => r.starts_at)).toEqual([...before.map((r) => r.starts_at)].sort().reverse());
  await expect(startsHeader).toHaveAttribute('aria-sort', 'descending');

  // The back button returns to the previous view; a reload keeps the view.
  await page.goBack();
  await expect(view('today')).toBeChecked();
  await page.reload();
  await expect(view('today')).toBeChecked();
});

test('a view combines with a filter; a link naming filters but no view shows every booking', async ({ page }) => {
  const needing = pageOf(page, 'needs_action');
  await page.goto('/booking/manage?view=needs_action&status=requested');
  for (const row of await rowsIn(await needing)) expect(row.status).toBe('requested');
  await expect(page.getByRole('radio', { name: t('en', 'bookingView.needs_action'), exact: true })).toBeChecked();

  await page.goto('/booking/manage?status=completed');
  await expect(page).toHaveURL(/\?status=completed$/);
  await expect(page.getByRole('radio', { name: t('en', 'bookingView.all'), exact: true })).toBeChecked();
  await expect(page.locator('table.table tbody tr').first()).toBeVisible();
});
