/**
 * Messages, tickets and chatbot requests in the browser. Two contexts: vendor staff and
 * staff keep the inbox open; a customer message posted through the customer app's
 * endpoint appears in both without a reload, unread; staff open it (read: the vendor's
 * unread badge goes), and staff's reply with an image (a refused file says why first)
 * appears in the vendor's open thread, the image through the proxy. Staff answer
 * an overdue ticket and escalate a chatbot request to a linked ticket, in French.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, localized, loginViaApi, storageStateFor, t, test, type Locale } from './fixtures.ts';

/** The development secret of the customer app's endpoint (e2e servers run without CHANNEL_SECRET). */
const CHANNEL = { Authorization: 'Bearer dev-channel-secret' };
const runId = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

test.use({ account: 'vendor' });

async function api(request: APIRequestContext, account: 'admin' | 'vendor') {
  const { access_token } = await loginViaApi(request, account);
  const headers = { Authorization: `JWT ${access_token}` };
  return {
    async get<T>(url: string): Promise<T> {
      const response = await request.get(`/branch/api${url}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return response.json();
    },
    async post<T>(url: string, data: unknown, status = 200): Promise<T> {
      const response = await request.post(`/branch/api${url}`, { data, headers });
      expect(response.status(), await response.text()).toBe(status);
      return response.json();
    },
  };
}

/** What the customer app's backend does when a customer writes about a booking. */
async function customerWrites(request: APIRequestContext, data: { customer_id: string; booking_id: string; body: string }) {
  const response = await request.post('/branch/api/channel/messages/', { data, headers: CHANNEL });
  expect([200, 201], await response.text()).toContain(response.status());
  return (await response.json()) as { conversation_id: string };
}

async function ready(page: Page, locale: Locale, path: string) {
  await page.goto(localized(locale, path));
  await expect(page.locator('.page-transition')).toHaveAttribute('data-ready', 'true');
}

async function staffContext(browser: Browser, baseURL: string, request: APIRequestContext) {
  const address = `10.78.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const storageState = storageStateFor(baseURL, await loginViaApi(request, 'admin'));
  const context = await browser.newContext({ baseURL, serviceWorkers: 'block', storageState, extraHTTPHeaders: { 'X-Forwarded-For': address } });
  return { context, page: await context.newPage() };
}

test('a customer message reaches both inboxes live; reading and replying reach the other side', async ({ page, browser, baseURL, request }) => {
  test.setTimeout(45_000);
  const id = runId();
  const vendor = await api(request, 'vendor');
  const booking = (await vendor.get<{ results: { id: string; customer_id: string; ref: string }[] }>('/bookings/?page_size=1&ordering=-created_at')).results[0]!;

  await ready(page, 'en', '/messages');
  const staff = await staffContext(browser, baseURL!, request);
  try {
    await ready(staff.page, 'en', '/messages');
    const first = `Can we leave at nine instead? ${id}`;
    const { conversation_id } = await customerWrites(request, { customer_id: booking.customer_id, booking_id: booking.id, body: first });

    // Both lists show it, unread, without a reload.
    const vendorRow = page.locator('.inbox-row').filter({ hasText: first });
    const staffRow = staff.page.locator('.inbox-row').filter({ hasText: first });
    await expect(vendorRow.locator('.unread-badge')).toHaveText('1');
    await expect(staffRow.locator('.unread-badge')).toHaveText('1');

    // Staff open it: it is read, and the vendor's badge goes (a read receipt).
    await staffRow.click();
    await expect(staff.page).toHaveURL(new RegExp(`c=${conversation_id}`));
    await expect(staff.page.locator('.bubble').filter({ hasText: first })).toContainText('Read');
    await expect(vendorRow.locator('.unread-badge')).toHaveCount(0);

    // The vendor opens the thread; staff's reply appears in it live.
    await vendorRow.click();
    await expect(page.locator('.bubble').filter({ hasText: first })).toBeVisible();
    const reply = `We leave at nine, see you there ${id}`;
    await staff.page.getByRole('textbox', { name: t('en', 'thread.reply'), exact: true }).fill(reply);
    // The attach button opens the file chooser; a file that is not an image is refused by the server, with its reason.
    const chooser = staff.page.waitForEvent('filechooser');
    await staff.page.getByRole('button', { name: t('en', 'thread.attach'), exact: true }).click();
    await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(staff.page.locator('.attachment-chip').getByRole('alert')).toHaveText('notes.txt: This file is not a JPEG, PNG, WebP or AVIF image.');
    await staff.page.getByRole('button', { name: 'Remove notes.txt' }).click();
    const map = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#c8642d' } }).png().toBuffer();
    await staff.page.getByTestId('reply-attach-input').setInputFiles({ name: 'meeting-point.png', mimeType: 'image/png', buffer: map });
    await expect(staff.page.getByRole('list', { name: t('en', 'thread.attachments') }).getByText('meeting-point.png', { exact: true })).toBeVisible();
    await staff.page.getByRole('button', { name: t('en', 'thread.send'), exact: true }).click();
    const sent = page.locator('.bubble[data-author="staff"]').filter({ hasText: reply });
    await expect(sent.getByRole('img', { name: 'meeting-point.png' })).toHaveJSProperty('complete', true);
    expect(await sent.getByRole('img', { name: 'meeting-point.png' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(staff.page.getByRole('textbox', { name: t('en', 'thread.reply'), exact: true })).toHaveValue('');
    await expect(staff.page.locator('.attachment-chip')).toHaveCount(0);

    // Assigned to staff, the next customer message toasts them wherever they are.
    await staff.page.getByRole('button', { name: t('en', 'inbox.assignToMe') }).click();
    await expect(staff.page.getByLabel(t('en', 'inbox.assignee'))).not.toHaveValue('');
    await ready(staff.page, 'en', '/support');
    const second = `Thank you! ${id}`;
    await customerWrites(request, { customer_id: booking.customer_id, booking_id: booking.id, body: second });
    await expect(staff.page.getByText(t('en', 'inbox.toast'))).toBeVisible();
    await expect(page.locator('.bubble').filter({ hasText: second })).toBeVisible();
  } finally {
    await staff.context.close();
  }
});

test.describe('as staff', () => {
  test.use({ account: 'admin' });

  test('in French, the first staff reply answers an overdue ticket; a chatbot request escalates to a linked ticket', async ({ page, request }) => {
    const admin = await api(request, 'admin');
    const overdue = (await admin.get<{ results: { id: string; subject: string }[] }>('/tickets/?view=overdue&page_size=1')).results[0]!;
    await ready(page, 'fr', `/support?view=overdue`);
    await expect(page.getByRole('row').filter({ hasText: overdue.subject }).first().getByText(t('fr', 'tickets.overdue'))).toBeVisible();

    await ready(page, 'fr', `/support/${overdue.id}`);
    await expect(page.locator('.record-header').getByText(t('fr', 'tickets.overdue'))).toBeVisible();
    await page.getByRole('textbox', { name: t('fr', 'thread.reply'), exact: true }).fill('Nous regardons votre paiement.');
    await page.getByRole('button', { name: t('fr', 'thread.send'), exact: true }).click();
    await expect(page.locator('.bubble').filter({ hasText: 'Nous regardons votre paiement.' })).toBeVisible();
    await expect(page.locator('.record-header').getByText(t('fr', 'tickets.overdue'))).toHaveCount(0);

    const created = await admin.post<{ id: string }>(
      '/chatbot-requests/',
      { intent: 'refund.status', confidence: 0.42, transcript: [{ role: 'customer', text: 'Où en est mon remboursement ?', at: new Date().toISOString() }] },
      201,
    );
    await ready(page, 'fr', `/chatbot-requests/${created.id}`);
    await expect(page.locator('.bubble').filter({ hasText: 'Où en est mon remboursement ?' })).toBeVisible();
    for (const event of ['review', 'escalate']) {
      await page.locator('.record-actions').getByRole('button', { name: t('fr', `chatbotEvent.${event}`), exact: true }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t('fr', `chatbotEvent.${event}`), exact: true }).click();
    }
    await expect(page.locator('.record-header .status-chip')).toHaveText(t('fr', 'chatbotStatus.escalated'));
    await page.getByRole('link', { name: 'Chatbot: refund.status' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chatbot: refund.status');
    await expect(page.getByRole('link', { name: t('fr', 'tickets.openChatbotRequest') })).toBeVisible();
  });
});
