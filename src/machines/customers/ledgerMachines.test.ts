/**
 * The wallet and loyalty ledgers with their requests swapped (`.provide()`, a stand-in API
 * client): an adjustment asks for a customer, an amount and a reason before anything is
 * sent, sends a debit as the wallet's kind or as negative points, and keeps what was typed
 * with the server's words at their field on a refusal (about the customer, at the picker);
 * a ledger loads a customer's entries and appends the next page; the rules ask for days
 * when points expire, send none when they do not, and show both versions when someone
 * saved meanwhile, keeping mine saving it over theirs.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { CommandName } from '../../api/commands.ts';
import type { ApiRecord, Page } from '../../api/resources.ts';
import type { SettingsSectionRecord } from '../../api/settings.ts';
import type { LedgerResource } from './ledger.ts';
import type { LoyaltyRules } from './loyaltyRules.ts';
import type { Values } from '../resources/command.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../../api/client.ts');
const { registerApiClient } = await import('../../api/apiClientHolder.ts');
const { runCommand } = await import('../../api/commands.ts');
const { commandMachine } = await import('../resources/command.ts');
const { ledgerMachine } = await import('./ledger.ts');
const { loyaltyRulesMachine } = await import('./loyaltyRules.ts');
const { pointsAdjust, pointsStart, walletAdjust, walletStart } = await import('../../views/customers/ledgers/AdjustDialog.tsx');

const customer = { id: 'c1', version: 1, name: 'Lina', wallet_balance: 5_000, loyalty_points: 12 } as ApiRecord;
type Body = Record<string, unknown>;

/** The API as the commands reach it: every POST recorded, answered by `answer`. */
function server(answer: (url: string, body: Body) => Promise<unknown>) {
  const posted: [string, Body][] = [];
  registerApiClient({
    post: async (url: string, body: Body) => (posted.push([url, body]), answer(url, body)),
  } as never);
  return posted;
}

/** An adjustment form as its dialog runs it: the spec's limits and words, the real command behind it. */
function adjuster<N extends CommandName>(spec: { command: N; fields?: object; requiredMessages?: object }, values: Values) {
  return createActor(commandMachine, {
    input: { command: spec.command, values, limits: spec.fields as never, requiredMessages: spec.requiredMessages as never },
  }).start();
}

test('an adjustment names what is missing before anything is sent', () => {
  const posted = server(async () => ({ id: 'w1', version: 1 }));
  const actor = adjuster(walletAdjust, walletStart(null));
  actor.send({ type: 'field.changed', name: 'reason', value: '   ' });
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.fieldErrors, {
    customer: ['ledgers.customerRequired'],
    amount: ['ledgers.amountRequired'],
    reason: ['ledgers.reasonRequired'],
  });
  assert.ok(actor.getSnapshot().matches('editing'));
  const points = adjuster(pointsAdjust, pointsStart(customer));
  points.send({ type: 'submit' });
  assert.deepEqual(points.getSnapshot().context.fieldErrors, { points: ['ledgers.pointsRequired'], reason: ['ledgers.reasonRequired'] });
  assert.deepEqual(posted, []);
});

test('a wallet debit is sent as an adjustment with the trimmed reason', async () => {
  const posted = server(async () => ({ id: 'w1', version: 1 }));
  const actor = adjuster(walletAdjust, walletStart(customer));
  actor.send({ type: 'values.changed', values: { direction: 'debit', source: 'top_up', amount: 2_500, reason: ' Correction ' } });
  actor.send({ type: 'submit' });
  const done = await waitFor(actor, (s) => s.matches('done'));
  assert.deepEqual(posted, [['/branch/api/wallet-transactions/', { customer_id: 'c1', kind: 'debit', source: 'adjustment', amount: 2_500, reason: 'Correction' }]]);
  assert.equal((done.context.result as ApiRecord).id, 'w1');
});

test("points removed are negative; the server's refusal stays at its field with what was typed", async () => {
  const posted = server(async () => {
    throw new ApiRequestError(400, 'Invalid input', {}, { points: ['The customer has 12 points; this would take them below zero.'] });
  });
  const actor = adjuster(pointsAdjust, pointsStart(customer));
  actor.send({ type: 'values.changed', values: { direction: 'debit', points: 20, reason: 'Reward redeemed' } });
  actor.send({ type: 'submit' });
  const refused = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.fieldErrors).length > 0);
  assert.deepEqual(posted, [['/branch/api/loyalty-entries/', { customer_id: 'c1', points: -20, reason: 'Reward redeemed' }]]);
  assert.deepEqual(refused.context.fieldErrors.points, ['The customer has 12 points; this would take them below zero.']);
  assert.equal(refused.context.values.points, 20);
  assert.equal(refused.context.values.reason, 'Reward redeemed');
});

test("the server's words about the customer go to the picker; other refusals are left as they are", async () => {
  server(async () => {
    throw new ApiRequestError(400, 'Invalid input', {}, { customer_id: ['This customer was merged into another.'], reason: ['Too vague.'] });
  });
  await assert.rejects(runCommand('pointsAdjust', { ...pointsStart(customer), points: 5, reason: 'x' }), (error: InstanceType<typeof ApiRequestError>) => {
    assert.deepEqual(error.fieldErrors, { reason: ['Too vague.'], customer: ['This customer was merged into another.'] });
    assert.equal(error.status, 400);
    return true;
  });
  server(async () => {
    throw new ApiRequestError(409, 'Stale', {});
  });
  await assert.rejects(runCommand('walletAdjust', { ...walletStart(customer), amount: 5, reason: 'x' }), /Stale/);
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
