/**
 * The gallery and its media manager. Vendor staff open the gallery on a service of
 * theirs, upload two real PNG files through the file input (each shows its progress,
 * then its thumbnail), write an image's alt text, move it later with the keyboard (the
 * focus stays on the button and the move is announced), and delete the other after
 * confirming. Staff see every vendor's images and open one record's from the grid.
 * Each test makes a service of its own, so workers never share images.
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, localized, loginViaApi, t, test } from './fixtures.ts';

async function newService(request: APIRequestContext): Promise<string> {
  const { access_token } = await loginViaApi(request, 'vendor');
  const headers = { Authorization: `JWT ${access_token}` };
  const categories = await (await request.get('/branch/api/categories/?page_size=1&parent_id__isnull=true', { headers })).json();
  const title = `Gallery ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const response = await request.post('/branch/api/services/', {
    headers,
    data: { title_i18n: { en: title, fr: title, ar: title }, category_id: categories.results[0].id, duration_minutes: 60, capacity: 8 },
  });
  expect(response.status()).toBe(201);
  return (await response.json()).id;
}

const png = (background: string) => sharp({ create: { width: 640, height: 480, channels: 3, background } }).png().toBuffer();

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('upload two images, write alt text, reorder by keyboard, delete one', async ({ page, request }) => {
    const serviceId = await newService(request);
    // The first upload's answer waits a moment, so its progress can be seen.
    let held = false;
    await page.route('**/branch/api/media/upload/', async (route) => {
      if (!held) {
        held = true;
        await new Promise((resolve) => setTimeout(resolve, 800));
      }
      await route.continue();
    });
    await page.goto(`/gallery?owner_type=service&owner_id=${serviceId}`);
    const manager = page.locator('section.media-manager');
    await expect(manager.getByText(t('en', 'media.none'))).toBeVisible();

    await manager.locator('input[type=file]').setInputFiles([
      { name: 'dunes.png', mimeType: 'image/png', buffer: await png('#c8642d') },
      { name: 'oasis.png', mimeType: 'image/png', buffer: await png('#2d8ac8') },
    ]);
    await expect(manager.getByRole('progressbar', { name: 'Uploading dunes.png' })).toBeVisible();
    const items = manager.getByRole('list', { name: t('en', 'media.order') }).locator(':scope > li');
    await expect(items).toHaveCount(2);
    await expect(manager.getByRole('progressbar')).toHaveCount(0);
    // Thumbnails come from the image proxy at its widths.
    const thumb = items.first().locator('img');
    await expect(thumb).toHaveAttribute('srcset', /\/320 320w, .*\/1536 1536w$/);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);

    // Alt text for the first image (which became the cover).
    await expect(items.first().getByText(t('en', 'media.cover'))).toBeVisible();
    await items.first().getByRole("button", { name: "Alt text: Image 1" }).click();
    const editor = page.locator('section.media-alt-editor');
    await editor.getByLabel('What the image shows (English)', { exact: true }).fill('Dunes at sunset');
    await editor.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(editor).toHaveCount(0);
    await expect(items.first()).toContainText('Dunes at sunset');

    // Later, by keyboard: it becomes the second image; the focus stays on its button.
    const later = manager.getByRole('button', { name: 'Move later: Dunes at sunset' });
    await later.focus();
    await page.keyboard.press('Enter');
    await expect(items.nth(1)).toContainText('Dunes at sunset');
    await expect(manager.locator('p[aria-live="polite"]')).toHaveText('Moved to position 2 of 2.');
    await expect(later).toBeFocused();
    // Saved: read again, the order holds.
    await page.reload();
    await expect(items.nth(1)).toContainText('Dunes at sunset');

    // Delete the other one, after confirming.
    await items.first().getByRole("button", { name: "Delete: Image 1" }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(t('en', 'media.deleteTitle'));
    await dialog.getByRole('button', { name: t('en', 'media.delete'), exact: true }).click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Dunes at sunset');
  });

  test('a file that is not an image is refused before it is sent', async ({ page, request }) => {
    const serviceId = await newService(request);
    await page.goto(`/gallery?owner_type=service&owner_id=${serviceId}`);
    const manager = page.locator('section.media-manager');
    await expect(manager.getByText(t('en', 'media.none'))).toBeVisible();
    await manager.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(manager.getByRole('alert')).toHaveText(t('en', 'media.error.type'));
  });
});

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('every vendor’s images, filtered by owner type; one record’s images opened from the grid', async ({ page }) => {
    await page.goto('/gallery');
    await page.getByLabel(t('en', 'media.gallery.ownerType')).selectOption('service');
    await expect(page).toHaveURL(/owner_type=service/);
    const grid = page.getByRole('list', { name: t('en', 'route.gallery') }).locator(':scope > li');
    await expect(grid.first()).toContainText(t('en', 'media.ownerType.service'));
    // Images are served by the image proxy (the demo data's too).
    const thumb = grid.first().locator('img');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await grid.first().getByRole('button', { name: new RegExp(`^${t('en', 'media.gallery.manage')}`) }).click();
    await expect(page).toHaveURL(/owner_id=/);
    const manager = page.locator('section.media-manager');
    // The record's images, the one chosen among them, with their actions.
    const items = manager.getByRole('list', { name: t('en', 'media.order') }).locator(':scope > li');
    await expect(items.first().getByRole('button', { name: new RegExp(`^${t('en', 'media.editAlt')}`) })).toBeVisible();
    await expect(page.getByRole('list', { name: t('en', 'route.gallery') }).locator(':scope > li')).toHaveCount(await items.count());
  });
});

test.describe('Arabic, dark', () => {
  test.use({ account: 'vendor', colorScheme: 'dark' });

  test('the gallery and a service’s images read right to left', async ({ page, request }) => {
    const serviceId = await newService(request);
    await page.goto(localized('ar', `/gallery?owner_type=service&owner_id=${serviceId}`));
    const manager = page.locator('section.media-manager');
    await manager.locator('input[type=file]').setInputFiles({ name: 'erg.png', mimeType: 'image/png', buffer: await png('#5aa05a') });
    await expect(manager.getByRole('list', { name: t('ar', 'media.order') }).locator(':scope > li')).toHaveCount(1);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });
});
