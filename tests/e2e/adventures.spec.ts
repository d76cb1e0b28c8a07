/**
 * The adventures screen. Vendor staff build a two-day adventure beside the list: title,
 * days, two steps (one with a service of theirs), the steps reordered with the keyboard
 * (the moved step takes the day of its new place, and says so), saved, then published
 * from its row. Staff choose a new adventure's vendor, whose services the steps then offer, and
 * read its history. Each test names its adventure uniquely, so workers never share one.
 */
import { expect, localized, t, test } from './fixtures.ts';

const KABYLIE = '5a4a7a00-0000-4000-8000-000000000002';
const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('create a two-day adventure, reorder its steps by keyboard, publish it', async ({ page }) => {
    const title = `Grand Erg ${runId()}`;
    await page.goto('/adventures');
    await page.getByRole('link', { name: t('en', 'adventure.new'), exact: true }).click();
    const form = page.locator('section.adventure-editor');
    await expect(form.getByRole('heading', { name: t('en', 'adventure.new') })).toBeFocused();
    await form.getByLabel('Title (English)', { exact: true }).fill(title);
    await form.getByLabel(t('en', 'adventure.days'), { exact: true }).fill('2');

    const addStep = form.getByRole('button', { name: t('en', 'adventure.addStep') });
    await addStep.click();
    await addStep.click();
    const steps = form.getByRole('list', { name: t('en', 'adventure.itinerary') }).locator(':scope > li');
    await expect(steps).toHaveCount(2);
    await steps.nth(0).getByLabel(t('en', 'adventure.stepTitle')).fill('Camp under the stars');
    await steps.nth(1).getByLabel(t('en', 'adventure.stepTitle')).fill('Dunes at dawn');
    await steps.nth(1).getByLabel(t('en', 'adventure.day'), { exact: true }).selectOption('2');
    // A service of the vendor's for the first step.
    const picker = steps.nth(0).getByRole('combobox', { name: t('en', 'adventure.service') });
    await picker.fill('a');
    await steps.nth(0).getByRole('listbox').getByRole('option').first().click();
    await expect(picker).not.toHaveValue('a');

    // Dunes up, by keyboard: it becomes the first step, on day 1, and the screen says so.
    const up = form.getByRole('button', { name: 'Move Dunes at dawn up' });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect(steps.nth(0).getByLabel(t('en', 'adventure.stepTitle'))).toHaveValue('Dunes at dawn');
    await expect(steps.nth(0).getByLabel(t('en', 'adventure.day'), { exact: true })).toHaveValue('1');
    await expect(form.locator('p[aria-live="polite"]')).toHaveText('Dunes at dawn is now step 1 of 2, day 1.');
    await expect(form.getByRole('button', { name: 'Move Dunes at dawn down' })).toBeFocused();

    await form.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(form).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByText(t('en', 'adventureStatus.draft'))).toBeVisible();
    await row.getByRole('button', { name: t('en', 'adventureEvent.publish'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(t('en', 'adventureEvent.publish.title'));
    await dialog.getByRole('button', { name: t('en', 'adventureEvent.publish'), exact: true }).click();
    await expect(row.getByText(t('en', 'adventureStatus.published'))).toBeVisible();

    // Opened again, the steps are in the order saved.
    await row.getByRole('link', { name: title }).click();
    await expect(form.getByRole('list', { name: t('en', 'adventure.itinerary') }).locator(':scope > li').first().getByLabel(t('en', 'adventure.stepTitle'))).toHaveValue('Dunes at dawn');
  });
});

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('choose the vendor of a new adventure: only its services are offered; the history says who created it', async ({ page }) => {
    const title = `Djurdjura ${runId()}`;
    await page.goto('/adventures?edit=new');
    const form = page.locator('section.adventure-editor');
    await form.getByLabel('Title (English)', { exact: true }).fill(title);
    await form.getByRole('combobox', { name: t('en', 'adventure.vendor') }).fill('Kabylie');
    await form.getByRole('listbox').getByRole('option', { name: 'Kabylie Outdoor' }).click();
    await form.getByRole('button', { name: t('en', 'adventure.addStep') }).click();
    const step = form.getByRole('list', { name: t('en', 'adventure.itinerary') }).locator(':scope > li').first();
    await step.getByLabel(t('en', 'adventure.stepTitle')).fill('Ridge walk');
    // The service search asks for the chosen vendor's services only.
    const search = page.waitForRequest((r) => r.url().includes('/services/') && r.url().includes(`vendor_id=${KABYLIE}`));
    await step.getByRole('combobox', { name: t('en', 'adventure.service') }).fill('a');
    await search;
    await step.getByRole('listbox').getByRole('option').first().click();
    await form.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(form).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('Kabylie Outdoor');

    await row.getByRole('link', { name: title }).click();
    await form.getByText(t('en', 'adventure.history'), { exact: true }).click();
    await expect(form.locator('.timeline')).toContainText(t('en', 'auditAction.create'));
  });
});

test.describe('Arabic, dark', () => {
  test.use({ account: 'vendor', colorScheme: 'dark' });

  test('the list and a new adventure read right to left and pass the scan', async ({ page }) => {
    await page.goto(localized('ar', '/adventures?edit=new'));
    const form = page.locator('section.adventure-editor');
    await expect(form.getByRole('heading', { name: t('ar', 'adventure.new') })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await form.getByRole('button', { name: t('ar', 'adventure.addStep') }).click();
  });
});
