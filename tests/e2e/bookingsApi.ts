/** Bookings made through the API for browser tests that need one of their own. */
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures.ts';

export type Json = Record<string, any>;

/** A confirmed back-office booking of a published instant service, starting `minutes` from now, unpaid unless `paymentMethod` says. */
export async function bookViaApi(request: APIRequestContext, headers: Record<string, string>, minutes: number, paymentMethod = 'unpaid'): Promise<Json> {
  const first = async (url: string) => {
    const res = await request.get(url, { headers });
    expect(res.status(), url).toBe(200);
    return (await res.json()).results[0];
  };
  const service = await first('/branch/api/services/?status=published&confirmation=instant&page_size=1&ordering=created_at');
  const customer = await first('/branch/api/customers/?page_size=1');
  const res = await request.post('/branch/api/bookings/', {
    headers,
    data: {
      customer_id: customer.id,
      service_id: service.id,
      starts_at: new Date(Date.now() + minutes * 60_000).toISOString(),
      participants: { adult: 1 },
      channel: 'back_office',
      payment_method: paymentMethod,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return res.json();
}
