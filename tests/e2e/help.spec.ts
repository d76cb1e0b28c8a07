/**
 * The help screen (/help). Staff write articles in the editor beside the list: tags by
 * keyboard, titles in French and Arabic through the language tabs, search, edit, a
 * duplicate slug shown at its field, a stale save shown beside the newer version, delete
 * after confirming; in Arabic the editor is laid out right to left. Vendor staff read the
 * published articles meant for them, and nothing else. Each test makes its own articles
 * (unique slugs), so workers never share one.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

interface ArticleInput {
  slug: string;
  title_i18n: { en: string; fr: string; ar: string };
  body_i18n: { en: string; fr: string; ar: string };
  audience: 'staff' | 'vendor' | 'all';
  tags?: string[];
  published?: boolean;
}

/** Creates an article through the API, as staff. */
async function createArticle(request: APIRequestContext, article: ArticleInput): Promise<{ id: string }> {
  const { access_token } = await loginViaApi(request, 'admin');
  const response = await request.post('/branch/api/help-articles/', { data: article, headers: { Authorization: `JWT ${access_token}` } });
  expect(response.status(), await response.text()).toBe(201);
  return response.json();
}

const i18n = (en: string, fr: string, ar: string) => ({ en, fr, ar });

async function openHelp(page: Page, locale: Locale) {
  await page.goto(localized(locale, '/help'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, 'route.help'));
}

function editor(page: Page) {
  return page.locator('section.help-editor');
}

/** An input of an i18n field in one language ("Title (French)"). */
function i18nInput(scope: Locator, locale: Locale, label: string, language: 'en' | 'fr' | 'ar') {
  const name = t(locale, 'field.i18n.inLanguage').replace('{label}', t(locale, label)).replace('{language}', t(locale, `field.language.${language}`));
  return scope.getByLabel(name, { exact: true });
}

function tagChips(scope: Locator, locale: Locale) {
  return scope.getByRole('list', { name: t(locale, 'help.tags') }).getByRole('listitem');
}

async function search(page: Page, locale: Locale, text: string) {
  await page.getByRole('searchbox', { name: t(locale, 'help.searchLabel') }).fill(text);
}

test.describe('staff', () => {
  test.use({ account: 'admin' });

  test('create with keyboard tags and three titles, find, edit, refuse a duplicate slug, delete', async ({ page, request }) => {
    const id = runId();
    const slug = `refunds-${id}`;
    // Another article whose slug the new one will try to take.
    const taken = `taken-${id}`;
    await createArticle(request, { slug: taken, title_i18n: i18n(`Taken ${id}`, '', ''), body_i18n: i18n('Body.', '', ''), audience: 'staff' });

    await openHelp(page, 'en');
    await page.getByRole('link', { name: t('en', 'help.new'), exact: true }).click();
    await expect(page).toHaveURL(/[?&]edit=new/);
    const form = editor(page);
    await expect(form.getByRole('heading', { name: t('en', 'help.new') })).toBeFocused();

    await form.getByLabel(t('en', 'help.slug'), { exact: true }).fill(slug);
    await i18nInput(form, 'en', 'help.title', 'en').fill(`Refunds ${id}`);
    // French and Arabic through their tabs (the title's tabs are the first tab list).
    const titleTabs = form.getByRole('tablist').first();
    await titleTabs.getByRole('tab', { name: t('en', 'field.language.fr') }).click();
    await i18nInput(form, 'en', 'help.title', 'fr').fill(`Remboursements ${id}`);
    await titleTabs.getByRole('tab', { name: t('en', 'field.language.ar') }).click();
    await expect(i18nInput(form, 'en', 'help.title', 'ar')).toHaveAttribute('dir', 'rtl');
    await i18nInput(form, 'en', 'help.title', 'ar').fill(`المبالغ المستردة ${id}`);
    await i18nInput(form, 'en', 'help.body', 'en').fill('Open the booking, then choose Refund.\nThe customer is told.');

    // Tags: Enter and comma add one each; Backspace in the empty input removes the last.
    const tagsInput = form.getByRole('textbox', { name: t('en', 'help.tags'), exact: true });
    await tagsInput.click();
    await page.keyboard.type('refunds');
    await page.keyboard.press('Enter');
    await page.keyboard.type('payments,');
    await page.keyboard.type('oops');
    await page.keyboard.press('Enter');
    await expect(tagChips(form, 'en')).toHaveText([/refunds/, /payments/, /oops/]);
    await page.keyboard.press('Backspace');
    await expect(tagChips(form, 'en')).toHaveText([/refunds/, /payments/]);
    await expect(tagsInput).toBeFocused();

    await form.getByLabel(t('en', 'help.audience'), { exact: true }).selectOption('vendor');
    await form.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
    await expect(page).not.toHaveURL(/edit=/);
    await expect(form).toHaveCount(0);

    // Found by search, with its tags and status in the table.
    await search(page, 'en', slug);
    const row = page.getByRole('row').filter({ hasText: slug });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(`Refunds ${id}`);
    await expect(row).toContainText(t('en', 'helpAudience.vendor'));
    await expect(row.getByRole('listitem')).toHaveText(['refunds', 'payments']);
    await expect(row).toContainText(t('en', 'helpStatus.published'));

    // Edit: the saved values come back, and a change is saved.
    await row.getByRole('link').click();
    await expect(page).toHaveURL(/[?&]edit=[0-9a-f-]{36}/);
    await expect(form.getByRole('heading', { name: t('en', 'help.edit') })).toBeVisible();
    await expect(form.getByLabel(t('en', 'help.slug'), { exact: true })).toHaveValue(slug);
    await expect(tagChips(form, 'en')).toHaveText([/refunds/, /payments/]);
    await form.getByRole('tablist').first().getByRole('tab', { name: t('en', 'field.language.fr') }).click();
    await expect(i18nInput(form, 'en', 'help.title', 'fr')).toHaveValue(`Remboursements ${id}`);
    await form.getByRole('tablist').first().getByRole('tab', { name: t('en', 'field.language.en') }).click();
    await i18nInput(form, 'en', 'help.title', 'en').fill(`Refunds, step by step ${id}`);
    await form.getByRole('switch', { name: t('en', 'help.publishedLabel') }).click();
    await form.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(row).toContainText(`Refunds, step by step ${id}`);
    await expect(row).toContainText(t('en', 'helpStatus.draft'));

    // A slug already taken: the server's message at the slug field, which takes the focus.
    await row.getByRole('link').click();
    const slugInput = form.getByLabel(t('en', 'help.slug'), { exact: true });
    await expect(slugInput).toHaveValue(slug);
    await slugInput.fill(taken);
    await form.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
    await expect(slugInput).toHaveAttribute('aria-invalid', 'true');
    await expect(slugInput).toBeFocused();
    const describedBy = (await slugInput.getAttribute('aria-describedby')) ?? '';
    await expect(page.locator(`[id="${describedBy.split(' ').at(-1)}"]`)).toHaveText('Already in use.');
    // Cancel asks first (there are unsaved changes); the article keeps its slug.
    await form.getByRole('button', { name: t('en', 'common.cancel'), exact: true }).click();
    const leave = page.getByRole('alertdialog', { name: t('en', 'record.leaveTitle') });
    await expect(leave).toContainText(t('en', 'record.leaveUnsaved'));
    await leave.getByRole('button', { name: t('en', 'record.leaveConfirm'), exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(row).toContainText(slug);

    // Delete, after confirming; cancelling the question first keeps it.
    await row.getByRole('link').click();
    await form.getByRole('button', { name: t('en', 'help.delete'), exact: true }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Refunds, step by step ${id}`);
    await dialog.getByRole('button', { name: t('en', 'common.cancel'), exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect(form).toBeVisible();
    await form.getByRole('button', { name: t('en', 'help.delete'), exact: true }).click();
    await dialog.getByRole('button', { name: t('en', 'help.delete'), exact: true }).click();
    await expect(form).toHaveCount(0);
    await expect(page.getByText(t('en', 'help.none'))).toBeVisible();
  });

  test('a save over a newer version shows both; keeping mine saves it over theirs', async ({ page, request }) => {
    const id = runId();
    const created = await createArticle(request, { slug: `conflict-${id}`, title_i18n: i18n(`First ${id}`, '', ''), body_i18n: i18n('Body.', '', ''), audience: 'all' });
    await page.goto(`/help?edit=${created.id}`);
    const form = editor(page);
    const title = i18nInput(form, 'en', 'help.title', 'en');
    await expect(title).toHaveValue(`First ${id}`);
    // The user edits; someone else saves meanwhile (an open record with no changes would
    // simply reload theirs, live).
    await title.fill(`Mine ${id}`);
    const { access_token } = await loginViaApi(request, 'admin');
    const patched = await request.patch(`/branch/api/help-articles/${created.id}/`, {
      data: { title_i18n: i18n(`Theirs ${id}`, '', ''), version: 1 },
      headers: { Authorization: `JWT ${access_token}` },
    });
    expect(patched.status(), await patched.text()).toBe(200);
    await expect(page.getByRole('status').filter({ hasText: t('en', 'realtime.changedElsewhere') })).toBeVisible();
    await expect(title).toHaveValue(`Mine ${id}`);

    await form.getByRole('button', { name: t('en', 'record.save'), exact: true }).click();
    const conflict = form.getByRole('alert').filter({ hasText: t('en', 'record.conflictGeneric') });
    await expect(conflict).toContainText(`Mine ${id}`);
    await expect(conflict).toContainText(`Theirs ${id}`);
    await conflict.getByRole('button', { name: t('en', 'record.keepMine') }).click();
    await expect(form).toHaveCount(0);
    await search(page, 'en', `conflict-${id}`);
    await expect(page.getByRole('row').filter({ hasText: `conflict-${id}` })).toContainText(`Mine ${id}`);
  });

  test('the title column sorts by the title in the language shown', async ({ page, request }) => {
    const id = runId();
    // The French titles sort the other way round from the English ones.
    for (const [en, fr] of [['a', 'c'], ['b', 'b'], ['c', 'a']]) {
      await createArticle(request, {
        slug: `sort-${en}-${id}`, title_i18n: i18n(`${en} ${id}`, `${fr} ${id}`, `${fr} ${id}`), body_i18n: i18n('Body', 'Texte', 'نص'), audience: 'all',
      });
    }
    await openHelp(page, 'fr');
    await search(page, 'fr', id);
    const rows = page.locator('table.table tbody tr');
    await expect(rows).toHaveCount(3);
    const header = page.getByRole('columnheader', { name: t('fr', 'help.title') });
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]ordering=title_i18n\.fr(&|$)/);
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(async () => (await rows.allInnerTexts()).map((r) => r.match(/\b([abc]) /)?.[1]).join('')).toBe('abc');
    await header.getByRole('button').click();
    await expect(page).toHaveURL(/[?&]ordering=-title_i18n\.fr(&|$)/);
    await expect.poll(async () => (await rows.allInnerTexts()).map((r) => r.match(/\b([abc]) /)?.[1]).join('')).toBe('cba');
  });

  test('a link away from unsaved changes asks first, in a dialog; staying keeps the draft', async ({ page }) => {
    await openHelp(page, 'fr');
    await page.getByRole('link', { name: t('fr', 'help.new'), exact: true }).click();
    const slug = editor(page).getByLabel(t('fr', 'help.slug'), { exact: true });
    await slug.fill(`draft-${runId()}`);
    const typed = await slug.inputValue();
    const homeLink = page.getByRole('navigation', { name: t('fr', 'shell.mainNavigation') }).getByRole('link', { name: t('fr', 'route.home'), exact: true });
    await homeLink.click();
    const leave = page.getByRole('alertdialog', { name: t('fr', 'record.leaveTitle') });
    await expect(leave).toBeVisible();
    await leave.getByRole('button', { name: t('fr', 'common.cancel'), exact: true }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(/\/fr\/help/);
    await expect(slug).toHaveValue(typed);
    await homeLink.click();
    await leave.getByRole('button', { name: t('fr', 'record.leaveConfirm'), exact: true }).click();
    await expect(page).toHaveURL(/\/fr\/home$/);
  });

  test('an invalid slug is refused at the field before anything is sent', async ({ page }) => {
    await openHelp(page, 'fr');
    await page.getByRole('link', { name: t('fr', 'help.new'), exact: true }).click();
    const form = editor(page);
    const slugInput = form.getByLabel(t('fr', 'help.slug'), { exact: true });
    await slugInput.fill('Pas Bon');
    await i18nInput(form, 'fr', 'help.title', 'en').fill('Title');
    let posted = false;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/help-articles')) posted = true;
    });
    await form.getByRole('button', { name: t('fr', 'record.save'), exact: true }).click();
    await expect(slugInput).toHaveAttribute('aria-invalid', 'true');
    await expect(slugInput).toBeFocused();
    await expect(form).toContainText(t('fr', 'help.slugInvalid'));
    expect(posted).toBe(false);
  });

  test('in Arabic the editor sits left of the list (above it on a narrower screen), right to left, and tags work', async ({ page }) => {
    // Wide enough for the table and the editor side by side.
    await page.setViewportSize({ width: 1680, height: 1000 });
    await openHelp(page, 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.getByRole('link', { name: t('ar', 'help.new'), exact: true }).click();
    const form = editor(page);
    await expect(form.getByRole('heading', { name: t('ar', 'help.new') })).toBeVisible();
    expect(await form.evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // Beside the list, on the inline-end side: the left in Arabic.
    const panel = await form.boundingBox();
    const table = await page.locator('.list-main').boundingBox();
    expect(panel && table && panel.x + panel.width <= table.x + 1, `editor ${JSON.stringify(panel)} left of the list ${JSON.stringify(table)}`).toBe(true);
    // The label is at the right edge of the form, and the slug stays left to right.
    const label = await form.getByText(t('ar', 'help.slug'), { exact: true }).boundingBox();
    expect(label && panel && panel.x + panel.width - (label.x + label.width) < 40).toBe(true);
    await expect(form.getByLabel(t('ar', 'help.slug'), { exact: true })).toHaveAttribute('dir', 'ltr');
    // Narrower, the editor goes above the list.
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect
      .poll(async () => {
        const [above, below] = [await form.boundingBox(), await page.locator('.list-main').boundingBox()];
        return above && below ? above.y + above.height <= below.y : false;
      })
      .toBe(true);

    const tagsInput = form.getByRole('textbox', { name: t('ar', 'help.tags'), exact: true });
    await tagsInput.click();
    await page.keyboard.type('حجز');
    await page.keyboard.press('Enter');
    await page.keyboard.type('دفع،');
    await page.keyboard.type('استرداد,');
    await expect(tagChips(form, 'ar')).toHaveText([/حجز/, /دفع/, /استرداد/]);
    await page.keyboard.press('Backspace');
    await expect(tagChips(form, 'ar')).toHaveText([/حجز/, /دفع/]);
    // Each chip has its own remove button, named in Arabic.
    await form.getByRole('button', { name: t('ar', 'field.tags.remove').replace('{tag}', 'حجز') }).click();
    await expect(tagChips(form, 'ar')).toHaveText([/دفع/]);
  });
});

test.describe('vendor staff', () => {
  test.use({ account: 'vendor' });

  test('read the published articles for vendors and everyone, nothing else, and cannot edit', async ({ page, request }) => {
    const id = runId();
    const article = (audience: ArticleInput['audience'], published = true): ArticleInput => ({
      slug: `${audience}-${published ? 'pub' : 'draft'}-${id}`,
      title_i18n: i18n(`For ${audience} ${id}`, `Pour ${audience} ${id}`, `إلى ${audience} ${id}`),
      body_i18n: i18n(`English body ${id}`, `Texte en français ${id}\nDeuxième ligne.`, `نص عربي ${id}`),
      audience,
      tags: ['aide', `t${id}`],
      published,
    });
    const forAll = await createArticle(request, article('all'));
    await createArticle(request, article('vendor'));
    const forStaff = await createArticle(request, article('staff'));
    await createArticle(request, article('vendor', false));

    await openHelp(page, 'fr');
    await expect(page.getByRole('link', { name: t('fr', 'help.new') })).toHaveCount(0);
    await search(page, 'fr', id);
    const rows = page.getByRole('row').filter({ hasText: id });
    await expect(rows).toHaveCount(2);
    await expect(rows.filter({ hasText: `Pour vendor ${id}` })).toHaveCount(1);
    await expect(rows.filter({ hasText: `Pour all ${id}` })).toHaveCount(1);
    // No audience or status filters for vendor staff.
    await expect(page.getByLabel(t('fr', 'help.audience'))).toHaveCount(0);

    await rows.filter({ hasText: `Pour all ${id}` }).getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`[?&]read=${forAll.id}`));
    const reader = page.locator('.help-reader');
    const heading = reader.getByRole('heading', { name: `Pour all ${id}` });
    await expect(heading).toBeFocused();
    await expect(heading).toHaveAttribute('lang', 'fr');
    await expect(reader).toContainText(`Texte en français ${id}`);
    await expect(reader).toContainText('Deuxième ligne.');
    await expect(tagChips(reader, 'fr')).toHaveText(['aide', `t${id}`]);
    await expect(reader.getByRole('textbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: t('fr', 'record.save') })).toHaveCount(0);
    await reader.getByRole('button', { name: t('fr', 'help.close') }).click();
    await expect(reader).toHaveCount(0);

    // Neither an editor by URL, nor a staff article by its id.
    await page.goto(localized('fr', `/help?edit=${forAll.id}`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('fr', 'route.help'));
    await expect(page.locator('section.help-editor')).toHaveCount(0);
    await page.goto(localized('fr', `/help?read=${forStaff.id}`));
    await expect(page.locator('.help-reader')).toContainText(t('fr', 'record.notFound'));
  });
});
