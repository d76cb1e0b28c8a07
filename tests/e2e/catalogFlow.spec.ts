/**
 * The catalogue's whole job, as a vendor does it on the first day, all in the browser:
 * a location placed on the map, a service, two price rules, a week of departures, a
 * photo, publishing, and then the new activity offered on the new booking page with its
 * price and its departures. Each screen has its own spec; this one proves they add up.
 */
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, t, test } from './fixtures.ts';

test.use({ account: 'vendor' });

/** A local date `offset` days from today, as a date input takes it. */
function day(offset: number): string {
  const date = new Date();
  date.setDate(date.getDate() + offset);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

async function pick(scope: Locator | Page, page: Page, label: string, text: string) {
  const box = scope.getByRole('combobox', { name: label });
  await box.fill(text);
  await page.getByRole('option', { name: new RegExp(text) }).first().click();
  await expect(box).toHaveValue(new RegExp(text));
}

async function openTab(page: Page, tab: string) {
  await page.getByRole('tab', { name: t('en', `services.tab.${tab}`) }).click();
  await expect(page).toHaveURL(new RegExp(`tab=${tab}`));
  return page.getByRole('tabpanel', { name: t('en', `services.tab.${tab}`) });
}

test('a vendor lists a new activity from nothing, and it can be booked', async ({ page }) => {
  test.slow();
  // Offline as in CI: the map has no tiles, and everything else must still work.
  await page.route('https://tile.openstreetmap.org/**', (route) => route.abort());
  const title = `Gorge run ${Date.now().toString(36)}`;

  // A location, placed by its coordinates (the pin follows them).
  await page.goto('/addlocation');
  await expect(page.locator('.page-transition')).toHaveAttribute('data-ready', 'true');
  await page.getByLabel('Name (English)', { exact: true }).fill(`${title} base`);
  await page.getByLabel('Wilaya', { exact: true }).selectOption('06');
  await page.getByLabel('Latitude', { exact: true }).fill('36.75');
  await page.getByLabel('Longitude', { exact: true }).fill('5.06');
  await expect(page.getByRole('button', { name: t('en', 'locations.map.pin') })).toBeVisible();
  await page.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(page).toHaveURL(/\/locations$/);

  // The service, from its essentials, then placed at the location.
  await page.goto('/services/list');
  await page.getByRole('link', { name: t('en', 'services.new') }).click();
  await page.getByLabel('Title (English)', { exact: true }).fill(title);
  await page.getByLabel(t('en', 'services.category'), { exact: true }).selectOption({ index: 1 });
  await page.getByLabel(t('en', 'services.capacity'), { exact: true }).fill('8');
  await page.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(page).toHaveURL(/\/services\/[0-9a-f-]{36}$/);
  await pick(page, page, t('en', 'services.location'), `${title} base`);
  await page.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(page.getByRole('combobox', { name: t('en', 'services.location') })).not.toHaveAttribute('aria-invalid', 'true');
  await page.reload();
  await expect(page.getByRole('combobox', { name: t('en', 'services.location') })).toHaveValue(new RegExp(`${title} base`));

  // Two price rules: adults and children.
  const prices = await openTab(page, 'prices');
  for (const [type, amount] of [['adult', '2500'], ['child', '1500']] as const) {
    await prices.getByRole('link', { name: t('en', 'prices.rule.new') }).click();
    const editor = page.locator('section.price-rule-editor');
    await editor.getByLabel(t('en', 'prices.customerType')).selectOption(type);
    await editor.getByLabel(t('en', 'prices.amount')).fill(amount);
    await editor.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(editor).toBeHidden();
  }
  await expect(prices.getByRole('row')).toHaveCount(3);

  // A week of 09:00 departures.
  const availability = await openTab(page, 'availability');
  await availability.getByRole('button', { name: t('en', 'availability.addSlots') }).click();
  const bulk = page.locator('form.bulk-slots');
  await bulk.getByLabel(t('en', 'availability.bulk.from')).fill(day(7));
  await bulk.getByLabel(t('en', 'availability.bulk.to')).fill(day(13));
  await bulk.getByLabel(t('en', 'availability.bulk.times')).fill('09:00');
  await bulk.getByLabel(t('en', 'availability.capacity')).fill('8');
  await bulk.getByRole('button', { name: t('en', 'availability.bulk.create') }).click();
  await expect(bulk.getByRole('status')).toContainText('7 slots created');

  // A photo, uploaded for real; the first image becomes the cover.
  const media = await openTab(page, 'media');
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b4643c' } }).jpeg().toBuffer();
  await media.locator('input[type=file]').setInputFiles({ name: 'gorge.jpg', mimeType: 'image/jpeg', buffer: photo });
  const items = media.getByRole('list', { name: t('en', 'media.order') }).locator(':scope > li');
  await expect(items).toHaveCount(1);
  await expect(items.first().getByText(t('en', 'media.cover'))).toBeVisible();

  // Published from the page's header: nothing is missing any more.
  await page.getByRole('button', { name: t('en', 'publishingEvent.publish') }).click();
  const confirm = page.getByRole('alertdialog');
  if (await confirm.isVisible()) await confirm.getByRole('button', { name: t('en', 'publishingEvent.publish') }).click();
  await expect(page.getByRole('button', { name: t('en', 'publishingEvent.unpublish') })).toBeVisible();

  // Offered for booking, priced by its rules, with its departures.
  await page.goto('/booking/new');
  const form = page.locator('form', { has: page.getByRole('heading', { name: t('en', 'newBooking.title') }) });
  await pick(form, page, t('en', 'booking.service'), title);
  await expect(page.locator('.price-summary .price-total dd')).toContainText('2,500.00');
  await form.getByLabel(t('en', 'newBooking.date')).fill(day(9));
  const slots = form.getByRole('radiogroup', { name: t('en', 'newBooking.slots') });
  await expect(slots.getByRole('radio')).toHaveCount(1);
  await expect(slots).toContainText('9:00');
});
