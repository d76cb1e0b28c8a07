/**
 * The payouts screen's charts with their requests swapped (`.provide()`): building asks
 * for a vendor before any request, previews, then creates; a refusal keeps what was chosen
 * and shows the server's words at their field; marking paid needs a bank reference before
 * anything is sent; a commission change needs a reason. The figures that make up "To pay"
 * say by their sign which way they go.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createIntl } from 'react-intl';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PayoutPreview } from '../../api/payouts.ts';
import type { ApiRecord } from '../../api/resources.ts';
import type { PanelAction, PayoutDetail } from './payouts.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../../api/client.ts');
const { buildPayoutMachine, commissionMachine, payoutPanelMachine } = await import('./payouts.ts');
const { formatSignedMoney } = await import('../../views/ui/format.ts');

const vendor = { id: 'v1', version: 1, trade_name: 'Sahara Quad Tours' } as ApiRecord;
const preview: PayoutPreview = {
  vendor_id: 'v1', period_end: '2026-11-23', currency: 'DZD', reserve_percent: 10, reserve_days: 30, entries_count: 3, gross: 90_000, refunds: 10_000, reserve_held: 8_000,
  reserve_released: 0, amount: 72_000,
};

test('building: a vendor first, then the preview, then the draft', async () => {
  const asked: string[] = [];
  const actor = createActor(
    buildPayoutMachine.provide({
      actors: {
        preview: fromPromise<PayoutPreview, { vendor_id: string; period_end: string }>(async ({ input }) => (asked.push(`preview ${input.vendor_id}`), preview)),
        create: fromPromise<ApiRecord, { vendor_id: string; period_end: string }>(async ({ input }) => (asked.push(`create ${input.vendor_id}`), { id: 'p1', version: 2 } as ApiRecord)),
      },
    }),
  ).start();
  actor.send({ type: 'open', period_end: '2026-11-23' });
  actor.send({ type: 'preview' });
  assert.deepEqual(actor.getSnapshot().context.errors, { vendor_id: ['payouts.build.vendorRequired'] });
  assert.deepEqual(asked, [], 'nothing is asked without a vendor');
  actor.send({ type: 'change', draft: { vendor } });
  actor.send({ type: 'preview' });
  await waitFor(actor, (s) => s.matches('previewed'));
  assert.equal(actor.getSnapshot().context.preview?.amount, 72_000);
  actor.send({ type: 'create' });
  await waitFor(actor, (s) => s.matches('closed'));
  assert.equal(actor.getSnapshot().context.created?.id, 'p1');
  assert.deepEqual(asked, ['preview v1', 'create v1']);
});

test("building: the server's refusal keeps the choice and shows its words", async () => {
  const actor = createActor(
    buildPayoutMachine.provide({
      actors: {
        preview: fromPromise<PayoutPreview, { vendor_id: string; period_end: string }>(async () => {
          throw new ApiRequestError(409, 'Nothing is payable to this vendor up to this date.', {});
        }),
      },
    }),
  ).start();
  actor.send({ type: 'open', period_end: '2026-11-23' });
  actor.send({ type: 'change', draft: { vendor } });
  actor.send({ type: 'preview' });
  await waitFor(actor, (s) => s.matches('editing') && s.context.detail !== null);
  assert.equal(actor.getSnapshot().context.detail, 'Nothing is payable to this vendor up to this date.');
  assert.equal(actor.getSnapshot().context.draft.vendor?.id, 'v1');
});

test('the panel asks for a bank reference before paying, then reloads', async () => {
  let loads = 0;
  const sent: unknown[] = [];
  const detail = (status: string): PayoutDetail => ({ payout: { id: 'p1', version: loads, status } as ApiRecord, entries: [] });
  const actor = createActor(
    payoutPanelMachine.provide({
      actors: {
        load: fromPromise<PayoutDetail, { id: string }>(async () => detail(++loads === 1 ? 'approved' : 'paid')),
        act: fromPromise<ApiRecord, { payout: ApiRecord; action: PanelAction }>(async ({ input }) => (sent.push(input.action), {} as ApiRecord)),
      },
    }),
    { input: { id: 'p1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  actor.send({ type: 'bankReference.changed', value: '  ' });
  actor.send({ type: 'pay' });
  assert.deepEqual(actor.getSnapshot().context.errors, { bank_reference: ['payouts.bankReferenceRequired'] });
  assert.deepEqual(sent, []);
  actor.send({ type: 'bankReference.changed', value: ' VIR-1 ' });
  assert.deepEqual(actor.getSnapshot().context.errors, {}, 'typing clears the error at the field');
  actor.send({ type: 'pay' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.loaded?.payout.status === 'paid');
  assert.deepEqual(sent, [{ type: 'pay', bank_reference: 'VIR-1' }]);
});

test('the second approval of a changed payout account is its own action; a refusal shows the server’s words and keeps the payout', async () => {
  let loads = 0;
  const sent: unknown[] = [];
  const actor = createActor(
    payoutPanelMachine.provide({
      actors: {
        load: fromPromise<PayoutDetail, { id: string }>(async () => ({
          payout: { id: 'p1', version: ++loads, status: 'approved', account_approval: loads === 1 ? 'awaiting' : 'approved' } as ApiRecord, entries: [],
        })),
        act: fromPromise<ApiRecord, { payout: ApiRecord; action: PanelAction }>(async ({ input }) => {
          sent.push(input.action);
          if (sent.length === 1) throw new ApiRequestError(403, 'You changed this payout account: another staff member must give the second approval.', {});
          return {} as ApiRecord;
        }),
      },
    }),
    { input: { id: 'p1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('shown'));
  actor.send({ type: 'approve_account' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.detail !== null);
  assert.equal(actor.getSnapshot().context.detail, 'You changed this payout account: another staff member must give the second approval.');
  assert.equal(actor.getSnapshot().context.loaded?.payout.account_approval, 'awaiting');
  actor.send({ type: 'approve_account' });
  await waitFor(actor, (s) => s.matches('shown') && s.context.loaded?.payout.account_approval === 'approved');
  assert.deepEqual(sent, [{ type: 'approve_account' }, { type: 'approve_account' }]);
});

test('a commission change needs a reason and a percentage between 0 and 100; once saved the reason empties and the screen is told', async () => {
  const saved: unknown[] = [];
  let announced = 0;
  const actor = createActor(
    commissionMachine.provide({
      actors: {
        save: fromPromise<ApiRecord, { vendorId: string; commission_percent: number; reason: string }>(
          async ({ input }) => (saved.push(input), { id: 'c1', version: 1, to_percent: 8.5 } as ApiRecord),
        ),
      },
      actions: { announceSaved: () => void announced++ },
    }),
    { input: { vendorId: 'v1', percent: '10' } },
  ).start();
  actor.send({ type: 'percent.changed', value: '120' });
  actor.send({ type: 'reason.changed', value: ' ' });
  actor.send({ type: 'save' });
  assert.deepEqual(actor.getSnapshot().context.errors, { reason: ['payouts.commission.reasonRequired'], commission_percent: ['payouts.commission.percentRange'] });
  actor.send({ type: 'percent.changed', value: '8,5' });
  assert.deepEqual(actor.getSnapshot().context.errors, { reason: ['payouts.commission.reasonRequired'] }, 'typing clears the error at its field only');
  actor.send({ type: 'reason.changed', value: 'Partner rate' });
  actor.send({ type: 'save' });
  await waitFor(actor, (s) => s.context.saved !== null);
  assert.deepEqual(saved, [{ vendorId: 'v1', commission_percent: 8.5, reason: 'Partner rate' }]);
  assert.equal(actor.getSnapshot().context.reason, '');
  assert.equal(actor.getSnapshot().context.percent, '8,5');
  assert.equal(announced, 1);
});

test('a reserve held reads as a deduction, one released as an addition, and nothing as no sign', () => {
  const intl = createIntl({ locale: 'en' });
  const shown = [-8_000, 5_000, 0, -0].map((minor) => formatSignedMoney(intl, minor, 'DZD').replace(/\s/g, ' '));
  assert.deepEqual(shown, ['-DZD 80.00', '+DZD 50.00', 'DZD 0.00', 'DZD 0.00']);
});
