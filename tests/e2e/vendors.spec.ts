/**
 * Vendors (/vendors, /vendors/<id>): staff onboard a vendor from its application to
 * active selling: they create it, start the review, fill its legal identity (a RIB with a
 * wrong key is refused at its field before anything is sent, then the right one saves) and
 * approve it. In Arabic (dark), a vendor's document expiring within 30 days raises the
 * alert on its page, its scan is uploaded through the media pipeline, and a wrong CCP key
 * is refused in Arabic.
 */
import type { APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { expect, localized, loginViaApi, t, test } from './fixtures.ts';

const RIB_WRONG_KEY = '007 00500 0000123456 28';
const RIB = '007 00500 0000123456 29';

async function staffHeaders(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'admin');
  return { Authorization: `JWT ${access_token}` };
}

const uniqueName = (base: string) => `${base} ${Date.now().toString(36)}`;

test.describe('staff, English light', () => {
  test.use({ account: 'admin', colorScheme: 'light' });

  test('onboard a vendor from application to active', async ({ page }) => {
    const name = uniqueName('Hoggar Treks');
    // The demo's suspended vendor has an expired insurance: the home action queue says so.
    await page.goto('/home');
    await expect(page.locator('.action-queue')).toContainText(t('en', 'vendorDocumentKind.liability_insurance'));
    await page.goto('/vendors');
    await expect(page.getByRole('row').filter({ hasText: 'Sahara Quad Tours' })).toBeVisible();

    // The application: names and contact, beside the list; the vendor's page opens once saved.
    await page.getByRole('link', { name: t('en', 'vendors.new') }).click();
    const application = page.locator('.vendor-new');
    await application.getByRole('textbox', { name: t('en', 'vendors.tradeName') }).fill(name);
    await application.getByRole('textbox', { name: t('en', 'vendors.legalName') }).fill(`SARL ${name}`);
    await application.getByRole('combobox', { name: t('en', 'vendors.wilaya') }).selectOption('11');
    await application.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    const status = page.locator('.record-header .status-chip');
    await expect(status).toHaveText(t('en', 'vendorStatus.applied'));

    const act = async (event: string) => {
      await page.getByRole('group', { name: t('en', 'vendors.actions') }).getByRole('button', { name: t('en', `vendorEvent.${event}`) }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t('en', `vendorEvent.${event}`) }).click();
    };
    await act('start_review');
    await expect(status).toHaveText(t('en', 'vendorStatus.under_review'));

    // The legal identity: a RIB with a wrong key is refused at its field, and what was typed stays.
    await page.getByRole('textbox', { name: t('en', 'vendors.rc') }).fill('11/00-0123456 B 19');
    await page.getByRole('textbox', { name: t('en', 'vendors.nif') }).fill('000111001234567');
    await page.getByRole('combobox', { name: t('en', 'vendors.payoutMethod') }).selectOption('rib');
    const account = page.getByRole('textbox', { name: t('en', 'vendors.payoutAccount') });
    await account.fill(RIB_WRONG_KEY);
    await page.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(page.getByText(t('en', 'vendors.idError.ribKey'))).toBeVisible();
    await expect(account).toHaveAttribute('aria-invalid', 'true');
    await expect(account).toHaveValue(RIB_WRONG_KEY);
    await account.fill(RIB);
    await page.getByRole('button', { name: t('en', 'record.save') }).click();
    // Saved: the page reloads the vendor, with the account stored as its 20 digits.
    await expect(page.getByRole('textbox', { name: t('en', 'vendors.payoutAccount') })).toHaveValue('00700500000012345629');

    await act('approve');
    await expect(status).toHaveText(t('en', 'vendorStatus.active'));
    await expect(page.getByRole('group', { name: t('en', 'vendors.actions') }).getByRole('button', { name: t('en', 'vendorEvent.suspend') })).toBeVisible();
  });
});

test.describe('staff, Arabic dark', () => {
  test.use({ account: 'admin', colorScheme: 'dark' });

  test('a document expiring within 30 days is flagged; a wrong CCP key is refused in Arabic', async ({ page, request }) => {
    const headers = await staffHeaders(request);
    const created = await request.post('/branch/api/vendors/', { headers, data: { trade_name: uniqueName('Tassili Rando'), legal_name: 'EURL Tassili Rando' } });
    expect(created.status()).toBe(201);
    const vendor = await created.json();
    const soon = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const doc = await request.post('/branch/api/vendor-documents/', { headers, data: { vendor_id: vendor.id, kind: 'liability_insurance', number: 'SAA-77', expires_on: soon } });
    expect(doc.status()).toBe(201);

    // The home action queue names it, leading to the vendor's documents.
    await page.goto(localized('ar', '/home'));
    const queued = page.locator('.action-queue').getByRole('link', { name: new RegExp(vendor.trade_name) });
    await expect(queued).toHaveAttribute('href', new RegExp(`/vendors/${vendor.id}\\?tab=documents$`));

    await page.goto(localized('ar', '/vendors?status=applied'));
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('row').filter({ hasText: vendor.trade_name })).toBeVisible();

    await page.getByRole('link', { name: vendor.trade_name }).click();
    const alert = page.locator('.vendor-expiry');
    await expect(alert).toContainText(t('ar', 'vendorDocumentKind.liability_insurance'));
    await alert.getByRole('link', { name: t('ar', 'vendors.expiry.open') }).click();
    const row = page.getByRole('row').filter({ hasText: t('ar', 'vendorDocumentKind.liability_insurance') });
    await expect(row.locator('.status-chip')).toHaveText(t('ar', 'vendors.standing.expiring'));
    // The insurance's scan, through the media pipeline, kept with the document.
    await row.getByRole('button').click();
    const editor = page.locator('.vendor-document-editor');
    const scan = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#f4f1ea' } }).jpeg().toBuffer();
    await editor.locator('input[type=file]').setInputFiles({ name: 'assurance.jpg', mimeType: 'image/jpeg', buffer: scan });
    await expect(editor.getByRole('img', { name: t('ar', 'vendors.document.scanAlt') })).toBeVisible();
    await editor.getByRole('button', { name: t('ar', 'record.save') }).click();
    await expect(editor).toBeHidden();
    const saved = await (await request.get(`/branch/api/vendor-documents/?vendor_id=${vendor.id}`, { headers })).json();
    expect(saved.results[0].media_id).toBeTruthy();

    await page.getByRole('tab', { name: t('ar', 'vendors.tab.profile') }).click();
    await page.getByRole('combobox', { name: t('ar', 'vendors.payoutMethod') }).selectOption('ccp');
    await page.getByRole('textbox', { name: t('ar', 'vendors.payoutAccount') }).fill('1234567 69');
    await page.getByRole('button', { name: t('ar', 'record.save') }).click();
    await expect(page.getByText(t('ar', 'vendors.idError.ccpKey'))).toBeVisible();
  });
});
