/**
 * Splits and payouts (/payments/split): staff build a vendor's payout from a preview,
 * approve it and mark it paid with the bank reference (in Arabic, dark: the same screens
 * read right to left); the vendor downloads the payout's statement. Each staff test pays a different demo vendor, whose
 * past activities (seeded) are payable, so workers never share a payout; the vendor reads
 * the statement of the payout the demo data paid. A changed payout account: staff replace the
 * first demo vendor's account with a reason, and its draft payout awaits a second staff
 * member's approval (the vendor's own later change lets this staff member give it).
 */
import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Page } from '@playwright/test';
import { ribKey } from '../../common/algerianIds.ts';
import { expect, localized, loginViaApi, t, test, type Locale } from './fixtures.ts';

async function staffHeaders(request: APIRequestContext) {
  const { access_token } = await loginViaApi(request, 'admin');
  return { Authorization: `JWT ${access_token}` };
}

async function vendorId(request: APIRequestContext, headers: Record<string, string>, name: string): Promise<string> {
  const res = await request.get(`/branch/api/vendors/?search=${encodeURIComponent(name)}`, { headers });
  expect(res.status()).toBe(200);
  return (await res.json()).results[0].id;
}

const bankReference = () => `VIR-${Date.now().toString(36).toUpperCase()}`;

/** Builds a payout for the vendor from the dialog, approves it and pays it, in the panel beside the list. */
async function buildAndPay(page: Page, locale: Locale, vendor: string, reference: string) {
  await page.goto(localized(locale, '/payments/payouts'));
  await expect(page.getByRole('navigation', { name: t(locale, 'payouts.tabs') }).getByRole('link', { name: t(locale, 'payouts.tab.payouts') })).toHaveAttribute('aria-current', 'page');
  await page.getByRole('button', { name: t(locale, 'payouts.build'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  // Previewing without a vendor is refused at the field.
  await dialog.getByRole('button', { name: t(locale, 'payouts.build.preview') }).click();
  await expect(dialog.getByText(t(locale, 'payouts.build.vendorRequired'))).toBeVisible();
  await dialog.getByRole('combobox', { name: t(locale, 'booking.vendor') }).fill(vendor);
  await page.getByRole('option', { name: vendor }).click();
  await dialog.getByRole('button', { name: t(locale, 'payouts.build.preview') }).click();
  await expect(dialog.getByText(t(locale, 'payouts.amount'))).toBeVisible();
  await dialog.getByRole('button', { name: t(locale, 'payouts.build.create') }).click();
  await expect(dialog).toBeHidden();

  const panel = page.locator('.payout-panel');
  await expect(panel.locator('.status-chip')).toHaveText(t(locale, 'payoutStatus.draft'));
  await panel.getByRole('button', { name: t(locale, 'payouts.approve') }).click();
  await expect(panel.locator('.status-chip')).toHaveText(t(locale, 'payoutStatus.approved'));
  // Paying needs the bank reference.
  await panel.getByRole('button', { name: t(locale, 'payouts.markPaid') }).click();
  await expect(panel.getByText(t(locale, 'payouts.bankReferenceRequired'))).toBeVisible();
  await panel.getByRole('textbox', { name: t(locale, 'payouts.bankReference') }).fill(reference);
  await panel.getByRole('button', { name: t(locale, 'payouts.markPaid') }).click();
  await expect(panel.locator('.status-chip')).toHaveText(t(locale, 'payoutStatus.paid'));
  await expect(panel).toContainText(reference);
  // The list shows it paid too (beside the open panel, the paid column gives way to the money ones).
  await expect(page.getByRole('row').filter({ hasText: vendor }).filter({ hasText: t(locale, 'payoutStatus.paid') }).first()).toBeVisible();
  // Its row adds up on screen: "To pay" is the vendor shares, less refunds, less the reserve held, plus the one released.
  for (const header of ['payouts.gross', 'payouts.refunds', 'payouts.reserveHeldPlain', 'payouts.reserveReleased', 'payouts.amount']) {
    await expect(page.getByRole('columnheader', { name: t(locale, header), exact: true })).toBeVisible();
  }
  return panel;
}

/** The commission tab with a vendor chosen: its current commission, the form and the history. */
async function openCommission(page: Page, locale: Locale) {
  await page.getByRole('link', { name: t(locale, 'payouts.tab.commission'), exact: true }).click();
  await page.getByRole('combobox', { name: t(locale, 'booking.vendor') }).fill('Annaba');
  await page.getByRole('option', { name: 'Annaba Voile' }).click();
  await expect(page.getByRole('button', { name: t(locale, 'payouts.commission.save') })).toBeVisible();
  await expect(page.getByText(t(locale, 'payouts.commission.noHistory'))).toBeVisible();
}

test.describe('staff, Arabic dark', () => {
  test.use({ account: 'admin', colorScheme: 'dark' });

  test('build a payout from its preview, approve it and mark it paid with the bank reference; the screen reads right to left', async ({ page }) => {
    await buildAndPay(page, 'ar', 'Sétif Karting', bankReference());
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  });

  test("a paid payout's booking names it in its money ledger; the splits and the commission tab show", async ({ page, request }) => {
    // The demo's paid payout: this test changes nothing, so it can run again as it is.
    const headers = await staffHeaders(request);
    const sahara = await vendorId(request, headers, 'Sahara Quad');
    const paid = (await (await request.get(`/branch/api/payouts/?vendor_id=${sahara}&status=paid&page_size=1`, { headers })).json()).results[0];
    const entries = await (await request.get(`/branch/api/vendor-share-entries/?payout_id=${paid.id}&kind=payment&page_size=1`, { headers })).json();
    await page.goto(localized('ar', `/booking/${entries.results[0].booking_id}`));
    // The booking's page loads a good deal besides the ledger: give it time on a busy machine.
    await expect(page.locator('.money-ledger tbody')).toContainText(`(${t('ar', 'payoutStatus.paid')})`, { timeout: 15_000 });
    await page.goto(localized('ar', '/payments/split'));
    await expect(page.locator('.table-foot')).toContainText(/\d|[٠-٩]/);
    await openCommission(page, 'ar');
  });
});

test.describe('staff, a changed payout account', () => {
  test.use({ account: 'admin', colorScheme: 'light' });

  test('replacing the account asks why; the first payout to it awaits a second staff member, who approves it in the panel', async ({ page, request }) => {
    const headers = await staffHeaders(request);
    const sahara = await vendorId(request, headers, 'Sahara Quad');
    await page.goto(`/vendors/${sahara}`);
    const account = page.getByRole('textbox', { name: t('en', 'vendors.payoutAccount') });
    await expect(account).toHaveValue(/^\d{20}$/);
    await account.fill('007999990004242424' + ribKey('007999990004242424'));
    // Asked before anything is sent, with what follows the change.
    const reason = page.getByRole('textbox', { name: t('en', 'vendors.payoutChangeReason') });
    await expect(page.getByText(t('en', 'vendors.payoutChangeHint'))).toBeVisible();
    await page.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(page.getByText(t('en', 'vendors.payoutChangeReasonRequired'))).toBeVisible();
    await expect(reason).toHaveAttribute('aria-invalid', 'true');
    await reason.fill('New RIB certificate from the vendor');
    await page.getByRole('button', { name: t('en', 'record.save') }).click();
    await expect(page.getByText(t('en', 'vendors.payoutChanged').split('{')[0]!.trim())).toBeVisible();
    await expect(reason).toHaveCount(0);

    // The vendor's draft payout now waits; its changer cannot approve it.
    const drafts = await (await request.get(`/branch/api/payouts/?vendor_id=${sahara}&status=draft&page_size=1`, { headers })).json();
    const draft = drafts.results[0];
    expect(draft.account_approval).toBe('awaiting');
    await page.goto(`/payments/split?tab=payouts&vendor_id=${sahara}&payout=${draft.id}`);
    await expect(page.getByRole('row').filter({ hasText: 'Sahara Quad Tours' }).filter({ hasText: t('en', 'payouts.accountAwaiting') }).first()).toBeVisible();
    const panel = page.locator('.payout-panel');
    await expect(panel.locator('.payout-account-check')).toContainText('New RIB certificate from the vendor');
    await expect(panel.getByText(t('en', 'payouts.accountChangerWaits'))).toBeVisible();
    await expect(panel.getByRole('button', { name: t('en', 'payouts.approveAccount') })).toHaveCount(0);

    // The vendor changes it again itself: this staff member may now give the second approval.
    const { access_token } = await loginViaApi(request, 'vendor');
    const vendorHeaders = { Authorization: `JWT ${access_token}` };
    const own = await (await request.get(`/branch/api/vendors/${sahara}/`, { headers: vendorHeaders })).json();
    const changed = await request.patch(`/branch/api/vendors/${sahara}/`, {
      headers: vendorHeaders,
      data: { version: own.version, payout_method: 'rib', payout_account: '007999990005353535' + ribKey('007999990005353535'), payout_change_reason: 'Our bank merged' },
    });
    expect(changed.status()).toBe(200);
    await page.reload();
    await expect(panel.locator('.payout-account-check')).toContainText('Our bank merged');
    await panel.getByRole('button', { name: t('en', 'payouts.approveAccount') }).click();
    await expect(panel.getByText(t('en', 'payouts.accountApproved'))).toBeVisible();
    await expect(panel.locator('.payout-account-check')).toHaveCount(0);
  });
});

test.describe('vendor', () => {
  test.use({ account: 'vendor' });

  test("downloads its paid payout's statement, and sees no other vendor's payouts", async ({ page, request }) => {
    // The demo's paid payout of this vendor (its draft holds what is payable since, so a
    // new build here would race the refunds other tests make meanwhile).
    const headers = await staffHeaders(request);
    const sahara = await vendorId(request, headers, 'Sahara Quad');
    const found = await request.get(`/branch/api/payouts/?vendor_id=${sahara}&status=paid&ordering=paid_at&page_size=1`, { headers });
    expect(found.status()).toBe(200);
    const payout = (await found.json()).results[0];
    const reference = payout.bank_reference as string;

    await page.goto('/payments/split?tab=payouts');
    // Vendor staff build nothing and change no commission.
    await expect(page.getByRole('button', { name: t('en', 'payouts.build') })).toHaveCount(0);
    await expect(page.getByRole('link', { name: t('en', 'payouts.tab.commission') })).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: reference });
    await expect(row).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Kabylie' })).toHaveCount(0);
    await row.getByRole('link').first().click();
    const panel = page.locator('.payout-panel');
    await expect(panel.locator('.status-chip')).toHaveText(t('en', 'payoutStatus.paid'));
    await expect(panel.getByRole('button', { name: t('en', 'payouts.approve') })).toHaveCount(0);

    const downloading = page.waitForEvent('download');
    await panel.getByRole('button', { name: t('en', 'payouts.statement') }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^payout-\d{4}-\d{2}-\d{2}-[0-9a-f]{8}\.csv$/);
    const text = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
    const lines = text.split(/\r?\n/).filter((line) => line !== '');
    expect(lines[0]).toContain(t('en', 'payouts.statement.title'));
    expect(lines[1]).toContain('Sahara Quad Tours');
    expect(lines[2]).toContain(reference);
    // One line per entry between the header and the totals, then the amount paid.
    expect(lines.length).toBe(3 + 1 + payout.entries_count + 4);
    expect(lines.at(-1)).toBe(`${t('en', 'payouts.statement.amount')},,,,,,${(payout.amount / 100).toFixed(2)},DZD`);

    // A booking of the payout: its money ledger names the paid payout.
    const entries = await (await request.get(`/branch/api/vendor-share-entries/?payout_id=${payout.id}&kind=payment&page_size=1`, { headers })).json();
    await page.goto(`/booking/${entries.results[0].booking_id}`);
    const ledger = page.locator('.money-ledger');
    await expect(ledger.getByRole('heading', { name: t('en', 'ledger.title') })).toBeVisible();
    await expect(ledger.locator('tbody')).toContainText(`(${t('en', 'payoutStatus.paid')})`);
    await expect(ledger.locator('tfoot')).toContainText(t('en', 'ledger.totals'));

    // The demo's paid payout holds more entries than the panel lists: it counts the rest exactly.
    const seeded = (await (await request.get(`/branch/api/payouts/?vendor_id=${sahara}&status=paid&ordering=period_end&page_size=1`, { headers })).json()).results[0];
    expect(seeded.entries_count).toBeGreaterThan(100);
    await page.goto(`/payments/split?tab=payouts&payout=${seeded.id}`);
    await expect(page.locator('.payout-panel')).toContainText(`${(seeded.entries_count - 100).toLocaleString('en')} more entries are in the statement.`);
  });
});
