/**
 * The promotions screens' charts with their requests swapped (`.provide()`): a usage
 * report read a page at a time and retried after a failure; "check a code" asks the price
 * only once the request can be priced (a service, a day, someone, a code) and asks again
 * on each change, the code in capitals.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PromotionUsage } from '../../api/promotions.ts';
import type { ApiRecord } from '../../api/resources.ts';
import type { UsageInput } from './usage.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { checkCodeMachine, checkRequest, nextWeek } = await import('./checkCode.ts');
const { promotionUsageMachine } = await import('./usage.ts');
const { pricePreviewMachine } = await import('../bookings/pricePreview.ts');

const report = (page: number): PromotionUsage => ({
  uses: 12,
  customers: 9,
  by_currency: [],
  bookings: { count: 12, page, page_size: 10, results: [] },
});

test('a usage report loads its first page, another on request, and is retried after a failure', async () => {
  const asked: (UsageInput & { page: number })[] = [];
  let fail = false;
  const actor = createActor(
    promotionUsageMachine.provide({
      actors: {
        fetchUsage: fromPromise<PromotionUsage, UsageInput & { page: number }>(async ({ input }) => {
          asked.push(input);
          if (fail) throw new Error('offline');
          return report(input.page);
        }),
      },
    }),
    { input: { resource: 'coupons', id: 'c1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  assert.equal(actor.getSnapshot().context.report?.bookings.page, 1);
  fail = true;
  actor.send({ type: 'page', page: 2 });
  await waitFor(actor, (s) => s.matches('failed'));
  assert.equal(actor.getSnapshot().context.report?.bookings.page, 1, 'the page shown stays');
  fail = false;
  actor.send({ type: 'retry' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.report?.bookings.page === 2);
  assert.deepEqual(
    asked.map((a) => `${a.resource}/${a.id}#${a.page}`),
    ['coupons/c1#1', 'coupons/c1#2', 'coupons/c1#2'],
  );
});

test('checking a code: nothing is priced until the request is whole; each change asks again, the code in capitals', async () => {
  const bodies: Record<string, unknown>[] = [];
  const service = { id: 's1', version: 1 } as ApiRecord;
  const actor = createActor(
    checkCodeMachine.provide({
      actors: {
        pricePreview: pricePreviewMachine.provide({
          actors: {
            fetchQuote: fromPromise<Record<string, unknown>, { body: Record<string, unknown> }>(async ({ input }) => {
              bodies.push(input.body);
              return { total: 9000, coupon_id: 'c1' };
            }),
          },
          delays: { previewDebounce: 0 },
        }),
      },
    }),
    { input: { date: '2026-12-01' } },
  ).start();
  const preview = () => actor.getSnapshot().children.pricePreview!;
  actor.send({ type: 'code.changed', code: 'dunes10' });
  assert.equal(actor.getSnapshot().context.draft.code, 'DUNES10');
  assert.equal(preview().getSnapshot().value, 'idle', 'no service yet: nothing to price');
  actor.send({ type: 'service.changed', service });
  await waitFor(preview(), (s) => s.matches('priced'));
  assert.equal(bodies.length, 1);
  assert.deepEqual(bodies[0].participants, { adult: 2 });
  assert.equal(bodies[0].coupon_code, 'DUNES10');
  assert.equal(bodies[0].service_id, 's1');
  actor.send({ type: 'participants.changed', participants: { adult: '0', child: '' } });
  assert.equal(preview().getSnapshot().value, 'idle', 'nobody: the price is cleared');
  actor.send({ type: 'participants.changed', participants: { adult: '1', child: '2' } });
  await waitFor(preview(), (s) => s.matches('priced'));
  assert.deepEqual(bodies[1].participants, { adult: 1, child: 2 });
});

test('a check starts a week ahead, and a request with a broken count is not priced', () => {
  assert.equal(nextWeek(Date.parse('2026-11-20T23:30:00Z')), '2026-11-28');
  assert.equal(checkRequest({ service: { id: 's1', version: 1 }, date: '2026-12-01', participants: { adult: '1.5' }, code: 'X' }), null);
  assert.equal(checkRequest({ service: { id: 's1', version: 1 }, date: '2026-12-01', participants: { adult: '2' }, code: '  ' }), null);
});
