/**
 * The availability tab's forms with their requests provided: slots in bulk (counted as
 * typed, what is missing said before sending, the answer kept while the next batch is
 * typed, the server's refusal at its fields) and check-in from the manifest (at once, or
 * only with a reason when people are flagged; a refusal names the booking and keeps the
 * reason).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { BulkResult } from '../../api/availability.ts';
import type { SlotsBulkInput } from '../../../common/availabilitySchemas.ts';
import { BULK_SLOTS_MAX, type ManifestBooking } from '../../../common/availabilityRules.ts';
import type { BulkSlotsDraft } from './bulkSlots.ts';

// The API client reads the build's base URL when loaded.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { bulkCount, bulkSlotsMachine } = await import('./bulkSlots.ts');
const { checkInMachine, flaggedPeople } = await import('./checkIn.ts');

const httpError = (status: number, detail: string, fieldErrors: Record<string, string[]> = {}) => Object.assign(new Error(detail), { status, detail, fieldErrors });

const week: BulkSlotsDraft = { from: '2030-03-04', to: '2030-03-10', weekdays: [0, 1, 2, 3, 4, 5, 6], times: '09:00', capacity: 8, duration: 90 };

function startBulk(answer: (input: SlotsBulkInput) => Promise<BulkResult>, draft: BulkSlotsDraft = week) {
  const sent: SlotsBulkInput[] = [];
  const created: BulkResult[] = [];
  const machine = bulkSlotsMachine.provide({
    actors: {
      createSlots: fromPromise<BulkResult, SlotsBulkInput>(({ input }) => {
        sent.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { serviceId: 'svc', draft } }).start();
  actor.on('created', (event) => created.push(event.result));
  return { actor, sent, created };
}

test('the bulk count follows the draft: whole weeks, each time once, too many said as such', () => {
  assert.equal(bulkCount(week), 7);
  assert.equal(bulkCount({ ...week, times: '09:00, 14:30;09:00' }), 14, 'a time typed twice counts once');
  assert.equal(bulkCount({ ...week, weekdays: [5, 6] }), 2);
  assert.equal(bulkCount({ ...week, times: '9h' }), 0, 'an unreadable time makes nothing yet');
  assert.equal(bulkCount({ ...week, to: null }), 0);
  assert.ok(bulkCount({ ...week, to: '2040-03-10', times: '06:00 07:00 08:00' }) > BULK_SLOTS_MAX);
});

test('bulk slots: what is missing is said at its field and nothing is sent', () => {
  const { actor, sent } = startBulk(async () => ({ created: 0, skipped: [], past: [] }), { ...week, from: null, weekdays: [], times: '9h', capacity: null });
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.errors, {
    from: ['availability.required'],
    weekdays: ['availability.chooseDays'],
    start_times: ['availability.timesFormat'],
    capacity: ['availability.required'],
  });
  actor.send({ type: 'changed', changes: { times: '09:00' } });
  assert.equal(actor.getSnapshot().context.errors.start_times, undefined, 'typing clears the field’s errors, the others stay');
  assert.deepEqual(actor.getSnapshot().context.errors.from, ['availability.required']);
  assert.equal(sent.length, 0);
});

test('bulk slots: one request, the answer announced and kept while the next batch is typed; a refusal at its fields keeps the draft', async () => {
  let answer: () => Promise<BulkResult> = async () => ({ created: 14, skipped: [], past: ['2030-03-04T08:00:00.000Z'] });
  const { actor, sent, created } = startBulk(() => answer());
  actor.send({ type: 'changed', changes: { times: '09:00, 14:30' } });
  actor.send({ type: 'submit' });
  assert.ok(actor.getSnapshot().hasTag('busy'));
  await waitFor(actor, (s) => s.matches('editing') && s.context.result !== null);
  assert.deepEqual(sent, [{ service_id: 'svc', from: '2030-03-04', to: '2030-03-10', weekdays: [0, 1, 2, 3, 4, 5, 6], start_times: ['09:00', '14:30'], capacity: 8, duration_minutes: 90 }]);
  assert.deepEqual(created, [{ created: 14, skipped: [], past: ['2030-03-04T08:00:00.000Z'] }]);

  actor.send({ type: 'changed', changes: { capacity: 20000, duration: null } });
  assert.equal(actor.getSnapshot().context.result?.created, 14, 'the last answer stays while the next batch is typed');
  answer = async () => {
    throw httpError(400, 'Invalid body', { capacity: ['Must be at most 10000.'] });
  };
  actor.send({ type: 'submit' });
  const refused = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  assert.deepEqual(refused.context.errors, { capacity: ['Must be at most 10000.'] });
  assert.equal(refused.context.draft.capacity, 20000);
  assert.equal('duration_minutes' in sent[1]!, false, 'no duration: the service’s own');

  answer = async () => {
    throw httpError(403, 'Not your service.');
  };
  actor.send({ type: 'changed', changes: { capacity: 10 } });
  actor.send({ type: 'submit' });
  const failed = await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
  assert.equal(failed.context.failure, 'Not your service.');
  assert.deepEqual(failed.context.errors, {});
});

const booking = (over: Partial<ManifestBooking> = {}): ManifestBooking => ({
  id: 'b1',
  ref: 'RH-1',
  version: 3,
  status: 'confirmed',
  status_changed_at: null,
  starts_at: '2030-03-04T08:00:00.000Z',
  customer_id: 'c1',
  customer_name: 'Amina',
  customer_phone: null,
  participants: { adult: 2 },
  participants_count: 2,
  total: 1000,
  paid: 1000,
  balance: 0,
  currency: 'DZD',
  payment_status: 'paid',
  roster: [
    { name: 'Amine', age: 12, weight_kg: 40, waiver_signed: true },
    { name: 'Nadia', age: 40, weight_kg: 60, waiver_signed: true },
  ],
  flags: [[], []],
  ...over,
});

function startCheckIn(answer: (input: { id: string; event: string; reason?: string }) => Promise<unknown>) {
  const sent: { id: string; version: number; event: string; reason_code?: string; reason?: string }[] = [];
  let changes = 0;
  const machine = checkInMachine.provide({
    actors: {
      sendEvent: fromPromise<unknown, { id: string; version: number; event: 'check_in' | 'undo'; reason_code?: string; reason?: string }>(({ input }) => {
        sent.push(input);
        return answer(input);
      }),
    },
  });
  const actor = createActor(machine).start();
  actor.on('changed', () => changes++);
  return { actor, sent, changes: () => changes };
}

test('check-in: nobody flagged goes at once, and an undo too; each change is announced', async () => {
  const { actor, sent, changes } = startCheckIn(async () => ({}));
  actor.send({ type: 'checkIn', booking: booking() });
  assert.equal(actor.getSnapshot().context.sending?.booking.id, 'b1', 'the row being sent is known (its buttons wait)');
  await waitFor(actor, (s) => s.matches('idle'));
  actor.send({ type: 'undo', booking: booking({ status: 'checked_in', version: 4 }) });
  await waitFor(actor, (s) => s.matches('idle') && s.context.sending === null);
  assert.deepEqual(sent, [
    { id: 'b1', version: 3, event: 'check_in' },
    { id: 'b1', version: 4, event: 'undo' },
  ]);
  assert.equal(changes(), 2);
});

test('check-in of a customer who owes money carries the coded reason given; flagged people start from its words', async () => {
  const { actor, sent } = startCheckIn(async () => ({}));
  actor.send({ type: 'checkIn', booking: booking({ balance: 4500 }), reason_code: 'pays_on_site' });
  await waitFor(actor, (s) => s.matches('idle') && s.context.sending === null);
  actor.send({ type: 'checkIn', booking: booking({ balance: 4500, flags: [['under_min_age'], []] }), reason_code: 'other', reason: 'Cousin pays' });
  assert.equal(actor.getSnapshot().context.reason, 'Cousin pays');
  actor.send({ type: 'reason.changed', text: 'Cousin pays; parent on board' });
  actor.send({ type: 'confirm' });
  await waitFor(actor, (s) => s.matches('idle') && s.context.sending === null);
  assert.deepEqual(sent, [
    { id: 'b1', version: 3, event: 'check_in', reason_code: 'pays_on_site' },
    { id: 'b1', version: 3, event: 'check_in', reason_code: 'other', reason: 'Cousin pays; parent on board' },
  ]);
});

test('check-in: flagged people need the operator’s reason; a refusal names the booking and keeps the reason', async () => {
  let answer: () => Promise<unknown> = async () => {
    throw httpError(409, 'Check-in is not open yet.');
  };
  const { actor, sent, changes } = startCheckIn(() => answer());
  const flagged = booking({ flags: [['under_min_age'], []] });
  assert.deepEqual(flaggedPeople(flagged).map((p) => p.name), ['Amine']);
  actor.send({ type: 'checkIn', booking: flagged });
  assert.ok(actor.getSnapshot().matches('confirming'));
  actor.send({ type: 'reason.changed', text: '   ' });
  actor.send({ type: 'confirm' });
  assert.equal(actor.getSnapshot().context.reasonMissing, true);
  assert.equal(sent.length, 0, 'nothing is sent without a reason');

  actor.send({ type: 'reason.changed', text: ' Parent on board ' });
  actor.send({ type: 'confirm' });
  const refused = await waitFor(actor, (s) => s.matches('confirming') && s.context.failure !== null);
  assert.equal(refused.context.failure, 'RH-1: Check-in is not open yet.');
  assert.equal(refused.context.reason, ' Parent on board ');
  assert.deepEqual(sent, [{ id: 'b1', version: 3, event: 'check_in', reason: 'Parent on board' }]);

  answer = async () => ({});
  actor.send({ type: 'confirm' });
  await waitFor(actor, (s) => s.matches('idle'));
  assert.equal(actor.getSnapshot().context.confirming, null);
  assert.equal(actor.getSnapshot().context.failure, null);
  assert.equal(changes(), 1);

  actor.send({ type: 'checkIn', booking: flagged });
  actor.send({ type: 'cancel' });
  assert.ok(actor.getSnapshot().matches('idle'));
  assert.equal(sent.length, 2);
});
