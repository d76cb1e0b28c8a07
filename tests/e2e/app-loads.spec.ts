import { expect, test } from '@playwright/test';

test('the app loads without console errors', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.locator('#root')).not.toBeEmpty();
  expect(errors).toEqual([]);
});
