/**
 * The wallet and loyalty charts with their requests swapped (`.provide()`): an adjustment
 * asks for a customer, an amount and a reason before anything is sent, sends a debit as
 * the wallet's kind or as negative points, and keeps what was typed with the server's
 * words at their field on a refusal; a ledger loads a customer's entries and appends the
 * next page; the rules ask for days when points expire, send none when they do not, and
 * show both versions when someone saved meanwhile, keeping mine saving it over theirs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord, Page } from '../../src/api/resources.ts';
import type { SettingsSectionRecord } from '../../src/api/settings.ts';
import type { LedgerResource } from '../../src/views/customers/ledgers/ledgerMachines.ts';
import type { LoyaltyRules } from '../../src/views/customers/ledgers/loyaltyRulesMachine.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../../src/api/client.ts');
const { adjustMachine, ledgerMachine } = await import('../../src/views/customers/ledgers/ledgerMachines.ts');
const { loyaltyRulesMachine } = await import('../../src/views/customers/ledgers/loyaltyRulesMachine.ts');

const customer = { id: 'c1', version: 1, name: 'Lina', wallet_balance: 5_000, loyalty_points: 12 } as ApiRecord;
type Body = Record<string, unknown>;

function adjuster(resource: 'wallet-transactions' | 'loyalty-entries', answer: (body: Body) => Promise<ApiRecord>) {
  const sent: Body[] = [];
  const actor = createActor(
    adjustMachine.provide({
      actors: { save: fromPromise<ApiRecord, { resource: LedgerResource; body: Body }>(async ({ input }) => (sent.push(input.body), answer(input.body))) },
    }),
    { input: { resource } },
  ).start();
  return { actor, sent };
}

test('an adjustment names what is missing before anything is sent', () => {
  const { actor, sent } = adjuster('wallet-transactions', async () => ({ id: 'w1', version: 1 }));
  actor.send({ type: 'open', customer: null });
  actor.send({ type: 'change', draft: { reason: '   ' } });
  actor.send({ type: 'save' });
  assert.deepEqual(actor.getSnapshot().context.errors, {
    customer_id: ['ledgers.customerRequired'],
    amount: ['ledgers.amountRequired'],
    reason: ['ledgers.reasonRequired'],
  });
  assert.ok(actor.getSnapshot().matches('editing'));
  assert.deepEqual(sent, []);
});

test('a wallet debit is sent as an adjustment with the trimmed reason', async () => {
  const { actor, sent } = adjuster('wallet-transactions', async () => ({ id: 'w1', version: 1 }));
  actor.send({ type: 'open', customer });
  actor.send({ type: 'change', draft: { direction: 'debit', source: 'top_up', amount: 2_500, reason: ' Correction ' } });
  actor.send({ type: 'save' });
  await waitFor(actor, (s) => s.matches('closed'));
  assert.deepEqual(sent, [{ customer_id: 'c1', reason: 'Correction', kind: 'debit', source: 'adjustment', amount: 2_500 }]);
  assert.equal(actor.getSnapshot().context.saved?.id, 'w1');
});

test("points removed are negative; the server's refusal stays at its field with what was typed", async () => {
  const { actor, sent } = adjuster('loyalty-entries', async () => {
    throw new ApiRequestError(400, 'Invalid input', {}, { points: ['The customer has 12 points; this would take them below zero.'] });
  });
  actor.send({ type: 'open', customer });
  actor.send({ type: 'change', draft: { direction: 'debit', amount: 20, reason: 'Reward redeemed' } });
  actor.send({ type: 'save' });
  await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  assert.deepEqual(sent, [{ customer_id: 'c1', reason: 'Reward redeemed', points: -20 }]);
  const { errors, draft } = actor.getSnapshot().context;
  assert.deepEqual(errors.points, ['The customer has 12 points; this would take them below zero.']);
  assert.equal(draft.amount, 20);
  assert.equal(draft.reason, 'Reward redeemed');
});

test("a ledger loads a customer's entries and appends the next page", async () => {
  const asked: string[] = [];
  const page = (n: number): Page<ApiRecord> => ({ count: 30, next: null, previous: null, results: Array.from({ length: n === 1 ? 25 : 5 }, (_, i) => ({ id: `${n}-${i}`, version: 1 })) });
  const actor = createActor(
    ledgerMachine.provide({
      actors: {
        load: fromPromise<Page<ApiRecord>, { resource: LedgerResource; customerId?: string; page: number }>(async ({ input }) => (asked.push(`${input.resource} ${input.customerId} ${input.page}`), page(input.page))),
      },
    }),
    { input: { resource: 'loyalty-entries', customerId: 'c1' } },
  ).start();
  await waitFor(actor, (s) => s.matches('ready'));
  actor.send({ type: 'more' });
  await waitFor(actor, (s) => s.matches('ready') && s.context.rows.length === 30);
  actor.send({ type: 'more' });
  assert.ok(actor.getSnapshot().matches('ready'), 'no more to load');
  actor.send({ type: 'reload' });
  await waitFor(actor, (s) => s.matches('ready'));
  assert.equal(actor.getSnapshot().context.rows.length, 25);
  assert.deepEqual(asked, ['loyalty-entries c1 1', 'loyalty-entries c1 2', 'loyalty-entries c1 1']);
});

test('loyalty rules: days are needed while points expire, none sent when they do not; a stale save offers the current rules', async () => {
  const rules: LoyaltyRules = { enabled: true, points_per_booking: 10, points_per_100_dzd: 1, reward_threshold: 500, reward_value: 100_000, expiry_days: 365 };
  const sent: Body[] = [];
  let stale = false;
  const actor = createActor(
    loyaltyRulesMachine.provide({
      actors: {
        load: fromPromise<SettingsSectionRecord<LoyaltyRules>>(async () => ({ section: 'loyalty', value: rules, version: 3 })),
        save: fromPromise<SettingsSectionRecord<LoyaltyRules>, { version: number; rules: LoyaltyRules }>(async ({ input }) => {
          sent.push({ version: input.version, ...input.rules });
          if (stale) throw new ApiRequestError(409, 'Stale', { current: { section: 'loyalty', value: { ...rules, points_per_booking: 15 }, version: 9 } });
          return { section: 'loyalty', value: input.rules, version: input.version + 1 };
        }),
      },
    }),
  ).start();
  await waitFor(actor, (s) => s.matches('editing'));
  actor.send({ type: 'change', draft: { expiry_days: null } });
  actor.send({ type: 'save' });
  assert.deepEqual(actor.getSnapshot().context.errors, { expiry_days: ['loyaltyRules.daysRequired'] });
  assert.equal(sent.length, 0, 'nothing is sent');
  actor.send({ type: 'setExpires', expires: false });
  actor.send({ type: 'save' });
  await waitFor(actor, (s) => s.context.saved);
  assert.equal(sent[0].expiry_days, null);
  assert.equal(actor.getSnapshot().context.record?.version, 4);
  stale = true;
  actor.send({ type: 'change', draft: { points_per_booking: 20 } });
  actor.send({ type: 'save' });
  await waitFor(actor, (s) => s.context.theirs !== null);
  assert.equal(actor.getSnapshot().context.theirs?.version, 9);
  assert.equal(actor.getSnapshot().context.draft?.points_per_booking, 20, 'what was typed stays');
  // Keeping mine saves the draft over their version.
  stale = false;
  actor.send({ type: 'keepMine' });
  await waitFor(actor, (s) => s.context.saved);
  assert.deepEqual(sent.at(-1), { version: 9, ...rules, points_per_booking: 20, expiry_days: null });
});
