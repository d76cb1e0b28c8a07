/**
 * Prices, adrenaline profiles and personal services, as vendor staff: two price rules
 * added on a service's prices tab and a price previewed from them (the group rule from
 * four people); an adrenaline profile whose weights are out of order is refused at the
 * field, then saved with a health question in three languages; a personal service made
 * for a customer, offered in its list, booked from there with the form filled in, and a
 * payment link sent for it; and
 * the three screens open in English (light, as staff, who see the vendor of each
 * row) and Arabic (dark, as vendor staff).
 */
import type { APIRequestContext, Locator } from '@playwright/test';
import { dateTimeInputs, expect, localized, loginViaApi, openInApp, t, test } from './fixtures.ts';

const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function api(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'vendor');
  const headers = { Authorization: `JWT ${access_token}` };
  return {
    get: async (url: string) => (await request.get(`/branch/api${url}`, { headers })).json(),
    post: async (url: string, data: unknown) => {
      const response = await request.post(`/branch/api${url}`, { data, headers });
      expect(response.status(), await response.text()).toBe(201);
      return response.json();
    },
  };
}

/** A new service of the vendor, without price rules. */
async function newService(request: APIRequestContext, title: string) {
  const vendor = await api(request);
  const category = (await vendor.get('/categories/?page_size=1&parent_id__isnull=true')).results[0];
  return vendor.post('/services/', { title_i18n: { en: title, fr: title, ar: title }, category_id: category.id, duration_minutes: 90, capacity: 12, max_participants: 12, customer_types: ['adult', 'child'] });
}

const money = (amount: string) => new RegExp(`DZD\\s${amount.replace('.', '\\.')}`);

async function pick(scope: Locator, label: string, text: string) {
  await scope.getByRole('combobox', { name: label }).fill(text);
  await scope.getByRole('option', { name: new RegExp(text) }).first().click();
}

test.use({ account: 'vendor' });

test('two price rules on the prices tab, then a price previewed from them', async ({ page, request }) => {
  const service = await newService(request, `Dune bike ${runId()}`);
  await page.goto(`/services/${service.id}?tab=prices`);
  const tab = page.getByRole('tabpanel');
  await expect(tab.getByText(t('en', 'prices.tab.none'))).toBeVisible();

  const addRule = async (amount: string, group?: string) => {
    await tab.getByRole('link', { name: t('en', 'prices.rule.new') }).click();
    const editor = page.locator('section.price-rule-editor');
    await editor.getByLabel(t('en', 'prices.amount')).fill(amount);
    if (group) await editor.getByLabel(t('en', 'prices.rule.minGroup')).fill(group);
    await editor.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(editor).toBeHidden();
  };
  await addRule('1000');
  await addRule('800', '4');
  await expect(tab.getByRole('row')).toHaveCount(3);
  await expect(tab.getByText('From 4 people')).toBeVisible();

  const preview = tab.locator('section.price-preview');
  await preview.getByLabel('Adults').fill('2');
  await expect(preview.locator('.price-total')).toContainText(money('2,000.00'));
  await preview.getByLabel('Adults').fill('4');
  await expect(preview.locator('.price-total')).toContainText(money('3,200.00'));
  await expect(preview.getByText('Adults × 4')).toBeVisible();
  await preview.getByLabel(t('en', 'prices.preview.coupon')).fill('NOSUCHCODE');
  await expect(preview.getByText('Unknown coupon code.')).toBeVisible();
});

test('an adrenaline profile: weights out of order refused at the field, then saved with a question in three languages', async ({ page, request }) => {
  const service = await newService(request, `Paraglide ${runId()}`);
  await page.goto(`/services/adrenaline?edit=${service.id}`);
  const editor = page.locator('section.adrenaline-editor');
  await editor.getByLabel(t('en', 'adrenaline.hasProfile')).check();
  await editor.getByLabel(t('en', 'adrenaline.riskLevel')).selectOption('4');
  await editor.getByLabel(t('en', 'adrenaline.minWeight')).fill('90');
  await editor.getByLabel(t('en', 'adrenaline.maxWeight')).fill('60');
  await editor.getByRole('button', { name: t('en', 'adrenaline.addQuestion') }).click();
  await editor.getByLabel('Question 1 (English)').fill('Any back problem?');
  await editor.getByRole('tab', { name: 'French' }).click();
  await editor.getByLabel('Question 1 (French)').fill('Un problème de dos ?');
  await editor.getByRole('tab', { name: 'Arabic' }).click();
  await editor.getByLabel('Question 1 (Arabic)').fill('هل لديك مشكلة في الظهر؟');
  await editor.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(editor.getByText(t('en', 'adrenaline.weightsReversed'))).toBeVisible();
  await editor.getByLabel(t('en', 'adrenaline.maxWeight')).fill('110');
  await editor.getByRole('button', { name: t('en', 'record.save') }).click();
  await expect(editor).toBeHidden();

  const vendor = await api(request);
  const saved = await vendor.get(`/services/${service.id}/`);
  expect(saved.adrenaline).toMatchObject({ risk_level: 4, min_weight_kg: 90, max_weight_kg: 110, health_questions: [{ en: 'Any back problem?', fr: 'Un problème de dos ?', ar: 'هل لديك مشكلة في الظهر؟' }] });
});

test('a personal service for one customer, listed and booked from there with the form filled in', async ({ page, request }) => {
  const id = runId();
  const service = await newService(request, `Private trek ${id}`);
  const vendor = await api(request);
  const customer = await vendor.post('/customers/', { name: `Amina ${id}`, phone: '+213 555 12 34 56' });

  await page.goto(`/services/personal?new=new`);
  const form = page.locator('section.personal-form');
  await pick(form, t('en', 'personal.baseService'), `Private trek ${id}`);
  await pick(form, t('en', 'personal.customer'), `Amina ${id}`);
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const startsAt = dateTimeInputs(form, 'en', t('en', 'personal.startsAt'));
  await startsAt.day.fill(day);
  await startsAt.time.fill('09:30');
  await form.getByLabel(t('en', 'personal.capacity')).fill('5');
  await form.getByLabel('Price: Adults').fill('1500');
  await form.getByRole('button', { name: t('en', 'personal.create') }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('row', { name: new RegExp(`Amina ${id}`) });
  await expect(row).toContainText(`Private trek ${id}`);
  await row.getByRole('link', { name: t('en', 'personal.book') }).click();
  await expect(page).toHaveURL(/\/booking\/new\?customer=/);
  await expect(page.getByRole('combobox', { name: 'Customer' })).toHaveValue(`Amina ${id}`);
  await expect(page.getByRole('combobox', { name: 'Service' })).toHaveValue(`Private trek ${id}`);
  // The personal service is not the public one it came from.
  expect((await vendor.get(`/services/?view=personal&private_customer_id=${customer.id}`)).results.map((s: { base_service_id: string }) => s.base_service_id)).toEqual([service.id]);

  // A payment link instead: the booking it pays and the invitation to the customer's phone.
  await page.goBack();
  await page.getByRole('row', { name: new RegExp(`Amina ${id}`) }).getByRole('link', { name: t('en', 'personal.payLink') }).click();
  const pay = page.locator('section.personal-form');
  // Stored in E.164, as every customer's phone is.
  await expect(pay).toContainText('+213555123456');
  await pay.getByLabel('Adults').fill('2');
  await pay.getByRole('button', { name: t('en', 'personal.send') }).click();
  await expect(pay.getByRole('status')).toContainText(/A payment link for DZD\s3,000\.00 is ready for \+213555123456/);
});

// Staff in English (they see every vendor's records, with the vendor named), vendor staff in Arabic.
for (const [locale, theme, account] of [['en', 'light', 'admin'], ['ar', 'dark', 'vendor']] as const) {
  test.describe(`${locale}, ${theme}, ${account}`, () => {
    test.use({ colorScheme: theme, reducedMotion: 'reduce', account });
    test('the three screens open, with the vendor filter for staff only', async ({ page }) => {
      for (const [path, title] of [
        ['/services/price', 'route.servicesPrice'],
        ['/services/adrenaline', 'route.servicesAdrenaline'],
        ['/services/personal?new=new', 'route.servicesPersonal'],
      ] as const) {
        await test.step(path, async () => {
          await openInApp(page, localized(locale, path));
          await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(locale, title));
          await expect(page.locator('main table, main .empty-state, main .personal-form').first()).toBeVisible();
          if (!path.includes('?')) await expect(page.getByRole('combobox', { name: t(locale, 'booking.vendor') })).toHaveCount(account === 'admin' ? 1 : 0);
        });
      }
    });
  });
}
