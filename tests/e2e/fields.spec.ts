/**
 * The form fields (src/views/ui/fields) through the combo editor, in English, French and
 * Arabic: the title's language tabs by keyboard (mirrored in Arabic), an amount typed the
 * French way and read back after a reload, an invalid amount that keeps its text, the
 * active switch by keyboard, and a server error shown at the field and tab it concerns.
 * Each test creates its own combo (a unique title), so none depends on another.
 */
import type { Page } from '@playwright/test';
import { expect, localized, t, test, type Locale } from './fixtures.ts';

test.use({ account: 'admin' });

const unique = (name: string) => `${name} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Opens the combos screen and the new-combo editor. */
async function openNewCombo(page: Page, locale: Locale) {
  await page.goto(localized(locale, '/booking/combo'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'route.bookingCombo'));
  await page.getByRole('link', { name: t(locale, 'combo.new'), exact: true }).click();
  const editor = page.locator('section.combo-editor');
  await expect(editor.getByRole('heading', { name: t(locale, 'combo.new') })).toBeVisible();
  return editor;
}

function tab(page: Page, locale: Locale, language: 'en' | 'fr' | 'ar') {
  return page.getByRole('tab', { name: t(locale, `field.language.${language}`) });
}

/** The title's input in one language (its label: "Title (French)"). */
function titleInput(page: Page, locale: Locale, language: 'en' | 'fr' | 'ar') {
  const label = t(locale, 'field.i18n.inLanguage').replace('{label}', t(locale, 'combo.title')).replace('{language}', t(locale, `field.language.${language}`));
  return page.getByLabel(label, { exact: true });
}

/** Adds two services of the same vendor with the "Add a service" picker. */
async function addTwoServices(page: Page, locale: Locale) {
  const editor = page.locator('section.combo-editor');
  for (let n = 0; n < 2; n++) {
    const picker = editor.getByRole('combobox', { name: t(locale, 'combo.addService') });
    await picker.click();
    const taken = await editor.locator('.combo-item-title').allInnerTexts();
    const list = editor.getByRole('listbox', { name: t(locale, 'combo.addService') });
    const options = list.getByRole('option').filter({ hasNotText: taken[0] ?? '\u0000' });
    await options.first().click();
    await expect(editor.locator('.combo-item')).toHaveCount(n + 1);
    await expect(editor.locator('.combo-item-title').nth(n)).not.toHaveText('…');
  }
}

test('in Arabic, the title tabs move with the keyboard, mirrored, the active switch toggles with Space and Enter, and an amount in Arabic-Indic digits is accepted', async ({ page }) => {
  const locale = 'ar';
  await openNewCombo(page, locale);
  await test.step('title tabs: the next one is to the left', async () => {
    const tablist = page.getByRole('tablist');
    await expect(tablist.getByRole('tab')).toHaveCount(3);
    await expect(tab(page, locale, 'en')).toHaveAttribute('aria-selected', 'true');
    // English is required and empty: its tab says so.
    await expect(tab(page, locale, 'en')).toContainText(t(locale, 'field.i18n.missing'));

    await tab(page, locale, 'en').focus();
    // The next tab is to the left, right to left.
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, locale, 'fr')).toBeFocused();
    await expect(tab(page, locale, 'fr')).toHaveAttribute('aria-selected', 'true');
    await expect(tab(page, locale, 'en')).toHaveAttribute('tabindex', '-1');
    await expect(titleInput(page, locale, 'fr')).toBeVisible();
    await expect(titleInput(page, locale, 'en')).toBeHidden();
    await expect(titleInput(page, locale, 'fr')).toHaveAttribute('lang', 'fr');

    await page.keyboard.press('End');
    await expect(tab(page, locale, 'ar')).toBeFocused();
    await expect(titleInput(page, locale, 'ar')).toHaveAttribute('dir', 'rtl');
    await page.keyboard.press('ArrowLeft');
    await expect(tab(page, locale, 'en')).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(tab(page, locale, 'ar')).toBeFocused();
    await page.keyboard.press('Home');
    await expect(tab(page, locale, 'en')).toHaveAttribute('aria-selected', 'true');

    // Tab leaves the tab list for the selected language's input.
    await page.keyboard.press('Tab');
    await expect(titleInput(page, locale, 'en')).toBeFocused();
    await page.keyboard.type('Desert weekend');
    await expect(tab(page, locale, 'en')).not.toContainText(t(locale, 'field.i18n.missing'));
  });

  await test.step('the active switch toggles with Space, Enter and its label', async () => {
    const toggle = page.getByRole('switch', { name: t(locale, 'combo.activeLabel') });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.focus();
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // Its label toggles it too.
    await page.getByText(t(locale, 'combo.activeLabel'), { exact: true }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
  });

  await test.step('an amount in Arabic-Indic digits is accepted as typed', async () => {
    await page.getByLabel(t('ar', 'combo.pricing'), { exact: true }).selectOption('fixed');
    const price = page.getByLabel(t('ar', 'combo.price'), { exact: true });
    await expect(page.locator('.input-adornment')).toHaveText('د.ج.');
    await price.fill('١٢٣٤٫٥');
    await price.press('Tab');
    // Valid: no error, and the text is shown in the locale's format once the field is left.
    await expect(price).not.toHaveAttribute('aria-invalid', 'true');
    await expect(price).toHaveValue(/^(1\.234,50|١٬٢٣٤٫٥٠)$/);
  });
});

test('a French-formatted price is saved and read back after a reload', async ({ page }) => {
  const title = unique('Prix');
  const editor = await openNewCombo(page, 'fr');
  await titleInput(page, 'fr', 'en').fill(title);
  await addTwoServices(page, 'fr');
  await page.getByLabel(t('fr', 'combo.pricing'), { exact: true }).selectOption('fixed');
  const price = page.getByLabel(t('fr', 'combo.price'), { exact: true });
  await price.fill('12\u202F345,5');
  // The text is kept as typed while the user types.
  await expect(price).toHaveValue('12\u202F345,5');
  await editor.getByRole('button', { name: t('fr', 'record.save'), exact: true }).click();
  await expect(editor).toBeHidden();

  const row = page.locator('table.table tbody tr', { hasText: title });
  await expect(row).toContainText(/12\s345,50/);
  await row.locator('a.row-link').click();
  await expect(page).toHaveURL(/\?edit=[0-9a-f-]{36}$/);
  await page.reload();
  await expect(page.getByLabel(t('fr', 'combo.price'), { exact: true })).toHaveValue(/^12\s345,50$/);
});

test('an invalid amount keeps the typed text, says why and is not sent', async ({ page }) => {
  const editor = await openNewCombo(page, 'en');
  await titleInput(page, 'en', 'en').fill(unique('Invalid price'));
  await page.getByLabel(t('en', 'combo.pricing'), { exact: true }).selectOption('fixed');
  const price = page.getByLabel(t('en', 'combo.price'), { exact: true });
  await price.fill('12,34,5');
  // No error while typing …
  await expect(editor.locator('.field-error')).toHaveCount(0);
  await price.press('Tab');
  // … then the reason, linked to the input, with what was typed still there.
  const error = editor.getByText(/^Not a valid amount\. Type it like 1,500\.50\.$/);
  await expect(error).toBeVisible();
  await expect(price).toHaveValue('12,34,5');
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await price.getAttribute('aria-describedby')) ?? '';
  const errorId = await error.locator('xpath=ancestor::ul[1]').getAttribute('id');
  expect(describedBy.split(' ')).toContain(errorId);

  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/branch/api/combos/')) posts++;
  });
  await editor.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
  await expect(price).toBeFocused();
  await expect(price).toHaveValue('12,34,5');
  expect(posts).toBe(0);

  await price.fill('1.999');
  await price.press('Enter');
  await expect(editor.getByText(/at most 2 decimals/)).toBeVisible();
  await price.fill('1999');
  await expect(editor.locator('.field-error')).toHaveCount(0);
  await expect(price).not.toHaveAttribute('aria-invalid', 'true');
});

test('a server error about one language opens that tab and shows at the field', async ({ page }) => {
  const editor = await openNewCombo(page, 'en');
  await tab(page, 'en', 'fr').click();
  await titleInput(page, 'en', 'fr').fill(unique('Sans titre anglais'));
  await addTwoServices(page, 'en');
  await editor.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();

  // The empty English title (`title_i18n.en`) is refused by the server's rule, checked before sending.
  await expect(editor.getByRole('alert')).toContainText(t('en', 'record.fixErrors'));
  await expect(tab(page, 'en', 'en')).toHaveAttribute('aria-selected', 'true');
  await expect(tab(page, 'en', 'en')).toContainText(t('en', 'field.i18n.hasError'));
  const english = titleInput(page, 'en', 'en');
  await expect(english).toBeVisible();
  await expect(english).toHaveAttribute('aria-invalid', 'true');
  await expect(english).toBeFocused();
  await expect(editor.locator('.i18n-field .field-error')).toContainText(/^English: /);
  await expect(titleInput(page, 'en', 'fr')).toBeHidden();

  // Writing the English title clears the error and saves.
  await english.fill(unique('With an English title'));
  await expect(editor.locator('.i18n-field .field-error')).toHaveCount(0);
  await editor.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
  await expect(editor).toBeHidden();
});
