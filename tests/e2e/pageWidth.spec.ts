/**
 * No content widens a page: on a phone every screen of the sidebar, and at a desktop width
 * and on a phone many records of each kind (a booking of each status, one paid with a coupon the
 * platform funds, whose ledger line is the longest) fit the window; long texts wrap and
 * wide tables scroll inside their own box. One test per width walks them all, naming
 * every page that overflows, so one failure lists them all.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { BOOKING_STATUSES } from '../../common/statuses.ts';
import { expect, loginViaApi, openInApp, test } from './fixtures.ts';

type Json = Record<string, any>;

const SCREENS = [
  '/home', '/booking/manage', '/booking/combo', '/booking/refund', '/locations', '/services/list', '/services/price',
  '/services/adrenaline', '/services/personal', '/categories', '/adventures', '/gallery', '/coupons', '/discount', '/deals',
  '/payments/list', '/payments/invitations', '/payments/split', '/payments/payouts', '/customers/list', '/customers/reviews', '/customers/wallet',
  '/loyalty', '/vendors', '/notifications', '/notifications/send', '/notifications/topic', '/messages', '/support',
  '/chatbot-requests', '/help', '/settings/business', '/settings/fees',
];

async function records(request: APIRequestContext): Promise<string[]> {
  const { access_token } = await loginViaApi(request, 'admin');
  const headers = { Authorization: `JWT ${access_token}` };
  const list = async (path: string): Promise<Json[]> => {
    const res = await request.get(`/branch/api/${path}`, { headers });
    expect(res.status(), path).toBe(200);
    return (await res.json()).results;
  };
  // A booking paid in cash with a 20% coupon the platform funds: the ledger explains the commission.
  const code = `WIDE${Date.now().toString(36).toUpperCase()}`;
  expect((await request.post('/branch/api/coupons/', { headers, data: { code, kind: 'percent', value: 20, funded_by: 'platform' } })).status()).toBe(201);
  const [service] = await list('services/?status=published&confirmation=instant&page_size=1&ordering=created_at');
  const [customer] = await list('customers/?page_size=1&ordering=-created_at');
  const booked = await request.post('/branch/api/bookings/', {
    headers,
    data: {
      customer_id: customer!.id, service_id: service!.id, starts_at: new Date(Date.now() + 6 * 86_400_000).toISOString(),
      participants: { adult: 2 }, coupon_code: code, channel: 'back_office', payment_method: 'cash',
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  const paths = [`/booking/${(await booked.json()).id}`];
  for (const status of BOOKING_STATUSES) {
    for (const booking of await list(`bookings/?status=${status}&page_size=1&ordering=-total`)) paths.push(`/booking/${booking.id}`);
  }
  for (const [collection, route] of [['payments', 'payments'], ['customers', 'customers'], ['vendors', 'vendors'], ['services', 'services'], ['notifications', 'notifications'], ['tickets', 'support'], ['chatbot-requests', 'chatbot-requests']] as const) {
    for (const record of await list(`${collection}/?page_size=1&ordering=-updated_at`)) paths.push(`/${route}/${record.id}`);
  }
  return paths;
}

/** The page's API reads still in flight (the live-events stream stays open, so it is not one). */
function readsInFlight(page: Page): () => number {
  const open = new Set<unknown>();
  const isRead = (url: string) => url.includes('/branch/api/') && !url.includes('/branch/api/events');
  page.on('request', (request) => isRead(request.url()) && open.add(request));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/**
 * How far the page scrolls sideways once it has settled: its reads arrive after the heading
 * (a ledger, a history), so the width is read when no read has been in flight for 200 ms
 * and two frames have been drawn since.
 */
async function overflowOf(page: Page, path: string, inFlight: () => number): Promise<number> {
  await openInApp(page, path);
  await expect
    .poll(async () => {
      if (inFlight() > 0) return false;
      await page.waitForTimeout(200);
      return inFlight() === 0;
    }, { message: `${path}: its reads end`, intervals: [100], timeout: 15_000 })
    .toBe(true);
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(document.documentElement.scrollWidth - document.documentElement.clientWidth))),
      ),
  );
}

// Desktop screens' tables already fit by dropping columns (each list's own spec); records
// are where a long text can still push the page wider.
const WIDTHS = [
  { name: 'desktop, 1440 px', viewport: { width: 1440, height: 900 }, screens: [] as string[] },
  { name: 'phone, 390 px', viewport: { width: 390, height: 844 }, screens: SCREENS },
];

for (const { name, viewport, screens } of WIDTHS) {
  test.describe(name, () => {
    test.use({ account: 'admin', viewport });

    test('no screen and no record widens the page', async ({ page, request }) => {
      test.setTimeout(180_000);
      const wide: string[] = [];
      const inFlight = readsInFlight(page);
      for (const path of [...screens, ...(await records(request))]) {
        const overflow = await overflowOf(page, path, inFlight);
        if (overflow > 0) wide.push(`${path}: ${overflow} px`);
      }
      expect(wide).toEqual([]);
    });
  });
}
