/**
 * The taxonomy screens. Staff reorder subcategories with the keyboard (move buttons,
 * the new place announced) and by dragging, and find the order after a reload; a
 * subcategory moves to another category with its parent select; an amenity is created
 * beside its list, and its history read once opened again. Each test makes its own categories, so workers never share a list.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
const i18n = (en: string) => ({ en, fr: `${en} (fr)`, ar: `${en} (ar)` });

async function api(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'admin');
  return async (body: Record<string, unknown>): Promise<{ id: string }> => {
    const response = await request.post('/branch/api/categories/', { data: body, headers: { Authorization: `JWT ${access_token}` } });
    expect(response.status(), await response.text()).toBe(201);
    return response.json();
  };
}

/** A category of its own with three subcategories, A, B and C in that order. */
async function family(request: APIRequestContext) {
  const id = runId();
  const create = await api(request);
  const parent = await create({ name_i18n: i18n(`Parent ${id}`), sort_order: 90000 });
  const names = ['A', 'B', 'C'].map((n) => `${n} ${id}`);
  for (const [i, name] of names.entries()) await create({ name_i18n: i18n(name), parent_id: parent.id, sort_order: i });
  return { id, parent, names };
}

const subList = (page: Page, locale: Locale, parent: string) =>
  page.getByRole('list', { name: t(locale, 'taxonomy.subcategoriesOf').replace('{name}', parent) });
const namesIn = (page: Page, locale: Locale, parent: string) => subList(page, locale, parent).locator(':scope > li .taxonomy-name');
const saved = (page: Page) => page.waitForResponse((r) => r.url().includes('/categories/reorder/') && r.status() === 200);

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('reorder subcategories by keyboard and by drag; the order survives a reload', async ({ page, request }) => {
    const { parent, names, id } = await family(request);
    await page.goto(`/categories/subcategory?parent=${parent.id}`);
    const parentName = `Parent ${id}`;
    await expect(namesIn(page, 'en', parentName)).toHaveText(names);

    // Keyboard: C up, once; the button keeps the focus and the new place is announced.
    const up = page.getByRole('button', { name: `Move ${names[2]} up` });
    await up.focus();
    const first = saved(page);
    await page.keyboard.press('Enter');
    await first;
    await expect(namesIn(page, 'en', parentName)).toHaveText([names[0], names[2], names[1]]);
    await expect(up).toBeFocused();
    await expect(page.locator('p[aria-live="polite"]')).toHaveText(`${names[2]} is now 2 of 3 in ${parentName}.`);
    await page.reload();
    await expect(namesIn(page, 'en', parentName)).toHaveText([names[0], names[2], names[1]]);

    // Drag: B's handle onto A takes A's place.
    const rows = subList(page, 'en', parentName).locator(':scope > li');
    const second = saved(page);
    await rows.nth(2).locator('.reorder-handle').dragTo(rows.nth(0));
    await second;
    await expect(namesIn(page, 'en', parentName)).toHaveText([names[1], names[0], names[2]]);
    await page.reload();
    await expect(namesIn(page, 'en', parentName)).toHaveText([names[1], names[0], names[2]]);
  });

  test('the tree: a subcategory moves to another category with its parent select', async ({ page, request }) => {
    const { names, id } = await family(request);
    const create = await api(request);
    const other = `Other ${id}`;
    await create({ name_i18n: i18n(other), sort_order: 90001 });
    await page.goto('/categories');
    const select = page.getByRole('combobox', { name: `Parent of ${names[0]}`, exact: true });
    const done = saved(page);
    await select.selectOption({ label: other });
    await done;
    await expect(namesIn(page, 'en', other)).toHaveText([names[0]]);
    await expect(namesIn(page, 'en', `Parent ${id}`)).toHaveText([names[1], names[2]]);
    await page.reload();
    await expect(namesIn(page, 'en', other)).toHaveText([names[0]]);
  });

  test('create an amenity beside the list', async ({ page }) => {
    const name = `Hammocks ${runId()}`;
    await page.goto('/services/amenities');
    await page.getByRole('link', { name: t('en', 'amenity.new'), exact: true }).click();
    const form = page.locator('section.taxonomy-editor');
    await expect(form.getByRole('heading', { name: t('en', 'amenity.new') })).toBeFocused();
    await form.getByLabel('Name (English)', { exact: true }).fill(name);
    await form.getByLabel(t('en', 'taxonomy.icon'), { exact: true }).fill('hammock');
    await form.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByRole('list', { name: t('en', 'route.servicesAmenities') }).getByRole('link', { name })).toBeVisible();

    // Opened again, its history says who created it.
    await page.getByRole('list', { name: t('en', 'route.servicesAmenities') }).getByRole('link', { name }).click();
    await form.getByText(t('en', 'taxonomy.history'), { exact: true }).click();
    await expect(form.locator('.timeline')).toContainText(t('en', 'auditAction.create'));
  });
});

test.describe('Arabic, dark', () => {
  test.use({ account: 'admin', colorScheme: 'dark' });

  test('the categories tree and the amenities read right to left', async ({ page, request }) => {
    const { id } = await family(request);
    await page.goto(localized('ar', '/categories'));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('ar', 'route.categories'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(namesIn(page, 'ar', `Parent ${id} (ar)`)).toHaveCount(3);
    await page.goto(localized('ar', '/services/amenities?edit=new'));
    await expect(page.locator('section.taxonomy-editor')).toBeVisible();
  });
});
