/**
 * The settings sections (/settings/*). Staff edit each as a form: errors at the field (a
 * brand colour refused for contrast, in Arabic too), both versions after a conflict, the
 * change in the history beside it, a logo uploaded and shown in the header. Changes that reach every screen (the currency's display
 * format, the languages offered) are made on the second server, which only the refresh
 * tests share and which never look at amounts or languages, and are put back afterwards.
 * Vendor staff see their sections only: the business rules to read, their branches to
 * manage.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { SHORT_TOKEN_BASE_URL, expect, localized, loginViaApi, openInApp, t, test, type Locale } from './fixtures.ts';

const SECTIONS = ['business', 'fees', 'currency', 'language', 'theme', 'company', 'branches', 'banner'] as const;
const ROUTE_KEY: Record<(typeof SECTIONS)[number], string> = {
  business: 'settingsBusiness', fees: 'settingsFees', currency: 'settingsCurrency', language: 'settingsLanguage',
  theme: 'settingsTheme', company: 'settingsCompany', branches: 'settingsBranches', banner: 'settingsBanner',
};

/** Saves some fields of a section through the API, as staff, with its current version. */
async function patchSection(request: APIRequestContext, section: string, fields: Record<string, unknown>) {
  const { access_token } = await loginViaApi(request, 'admin');
  const headers = { Authorization: `JWT ${access_token}` };
  const current = await (await request.get(`/branch/api/settings/${section}/`, { headers })).json();
  const response = await request.patch(`/branch/api/settings/${section}/`, { data: { version: current.version, ...fields }, headers });
  expect(response.status(), await response.text()).toBe(200);
}

async function openSection(page: Page, locale: Locale, section: (typeof SECTIONS)[number]) {
  await page.goto(localized(locale, `/settings/${section}`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, `route.${ROUTE_KEY[section]}`));
}

/** A small PNG (8 by 8, the brand's teal) as a file picked for upload. */
const LOGO = {
  name: 'logo.png',
  mimeType: 'image/png',
  buffer: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWPgL8vDihiGlgQApWE8welJnBIAAAAASUVORK5CYII=', 'base64'),
};

const save = (page: Page, locale: Locale) => page.getByRole('button', { name: t(locale, 'settings.save'), exact: true }).click();

test.describe('staff', () => {
  test.use({ account: 'admin', colorScheme: 'light' });

  test('a stale save shows both versions; keeping mine saves it, and the history beside the form names the change', async ({ page, request }) => {
    await openSection(page, 'en', 'company');
    const tradeName = page.getByLabel(t('en', 'settings.company.trade_name'), { exact: true });
    const original = await tradeName.inputValue();
    await tradeName.fill('Rihla Voyages');
    // Someone else saves the section meanwhile.
    await patchSection(request, 'company', { website: 'https://rihla.example' });
    await save(page, 'en');
    const conflict = page.locator('.conflict');
    await expect(conflict).toContainText(t('en', 'settings.stale'));
    await expect(conflict.getByRole('figure').first()).toContainText('Rihla Voyages');
    await expect(conflict.getByRole('figure').last()).toContainText('https://rihla.example');
    await conflict.getByRole('button', { name: t('en', 'record.keepMine') }).click();
    await expect(page.getByRole('status')).toHaveText(t('en', 'settings.saved'));
    await expect(tradeName).toHaveValue('Rihla Voyages');
    const history = page.getByRole('complementary', { name: t('en', 'settings.history') });
    await expect(history).toContainText(t('en', 'auditAction.settings'));
    await patchSection(request, 'company', { trade_name: original, website: null });
  });

  test.describe('in Arabic, dark', () => {
    test.use({ colorScheme: 'dark' });

    test('a brand colour unreadable under white text is refused at its field, in Arabic', async ({ page }) => {
      await openSection(page, 'ar', 'theme');
      const colour = page.getByLabel(t('ar', 'settings.theme.brand_color'), { exact: true });
      await colour.fill('#ffff00');
      await save(page, 'ar');
      await expect(colour).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator('.field', { has: colour })).toContainText(t('ar', 'serverError.brandTextContrast'));
      await expect(colour).toBeFocused();
      // What was typed stays.
      await expect(colour).toHaveValue('#ffff00');
    });
  });
});

test.describe('effects on every screen (second server)', () => {
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: SHORT_TOKEN_BASE_URL, account: 'admin', ownSession: true, colorScheme: 'light' });

  test('the currency display format is followed by the amounts of the bookings list', async ({ page, request }) => {
    try {
      await openSection(page, 'en', 'currency');
      await page.getByLabel(t('en', 'settings.currency.symbol_position'), { exact: true }).selectOption('after');
      await page.getByLabel(t('en', 'settings.currency.decimals'), { exact: true }).fill('0');
      await save(page, 'en');
      await expect(page.getByRole('status')).toHaveText(t('en', 'settings.saved'));
      // Moving inside the app, not reloading it: a reload while this server's 5 s session is
      // being refreshed loses the new tokens, and the page then signs out.
      await openInApp(page, '/booking/manage');
      // "12,000 DZD": the code after the number, no decimals (the language would write "DZD 12,000.00").
      const amounts = page.locator('table tbody td').filter({ hasText: /DZD/ });
      // This server's 5 s session is refreshed before the list loads: more time than the usual 7 s.
      await expect(amounts.first()).toHaveText(/^[\d,]+\u00a0DZD/, { timeout: 15_000 });
    } finally {
      await patchSection(request, 'currency', { symbol_position: 'locale', decimals: 2 });
    }
  });

  test('an uploaded logo replaces the icon beside the name in the header', async ({ page, request }) => {
    try {
      await openSection(page, 'en', 'theme');
      await page.getByLabel(t('en', 'settings.theme.logo_media_id'), { exact: true }).setInputFiles(LOGO);
      const uploaded = /\/branch\/api\/media\/[0-9a-f-]+\/320$/;
      await expect(page.locator('.settings-logo-preview')).toHaveAttribute('src', uploaded);
      await save(page, 'en');
      await expect(page.getByText(t('en', 'settings.saved'))).toBeVisible();
      await expect(page.locator('header .brand img')).toHaveAttribute('src', uploaded);
    } finally {
      await patchSection(request, 'theme', { logo_media_id: null });
    }
  });

  test('a disabled language leaves the menus, and its pages move to the default language', async ({ page, request }) => {
    try {
      await openSection(page, 'en', 'language');
      await expect(page.getByRole('checkbox', { name: 'English' })).toBeDisabled();
      await page.getByRole('checkbox', { name: 'العربية' }).uncheck();
      await page.getByLabel(t('en', 'settings.language.default'), { exact: true }).selectOption('fr');
      await save(page, 'en');
      await expect(page.getByRole('status')).toHaveText(t('en', 'settings.saved'));
      await page.getByRole('button', { name: t('en', 'shell.language') }).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitemradio')).toHaveText([/English$/, /Français$/]);
      await page.keyboard.press('Escape');
      await page.goto('/ar/settings/language');
      await expect(page).toHaveURL(/\/fr\/settings\/language$/);
    } finally {
      await patchSection(request, 'language', { enabled: ['en', 'fr', 'ar'], default: 'fr' });
    }
  });
});

test.describe('vendor staff', () => {
  test.use({ account: 'vendor', colorScheme: 'light' });

  test('read the business rules, see only their sections, and add a branch of their own (in French)', async ({ page }) => {
    await openSection(page, 'fr', 'business');
    const nav = page.getByRole('navigation', { name: t('fr', 'settings.sections') });
    await expect(nav.getByRole('link')).toHaveText([t('fr', 'route.settingsBusiness'), t('fr', 'route.settingsBranches')]);
    await expect(page.getByText(t('fr', 'settings.readOnly'))).toBeVisible();
    await expect(page.getByRole('button', { name: t('fr', 'settings.save') })).toHaveCount(0);

    await nav.getByRole('link', { name: t('fr', 'route.settingsBranches') }).click();
    await page.getByRole('link', { name: t('fr', 'settings.branches.new') }).click();
    const name = `Agence ${Date.now().toString(36)}`;
    await page.getByLabel(t('fr', 'settings.branches.name'), { exact: true }).fill(name);
    await page.getByLabel(t('fr', 'settings.branches.manager_name'), { exact: true }).fill('Nadia B.');
    await page.getByLabel(t('fr', 'settings.branches.phone'), { exact: true }).fill('+213 555 12 34 56');
    await page.getByRole('button', { name: t('fr', 'record.save') }).click();
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Nadia B.');
  });
});
