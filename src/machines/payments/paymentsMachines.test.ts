/**
 * The payments screens' charts with their requests swapped (`.provide()`): the totals row
 * asks again for a new set of filters or a reload, not for another page; a cash payment
 * defaults to the booking's balance, refuses more before any request and keeps what was
 * typed when the server refuses; reconciling needs a note and shows the server's refusal.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ApiRecord, ListQuery, Totals } from '../../api/resources.ts';
import { cashPaymentMachine } from './cashPayment.ts';
import { copyLinkMachine } from './copyLink.ts';
import { totalsMachine } from '../resources/totals.ts';

const query = (over: Partial<ListQuery> = {}): ListQuery => ({ page: 1, page_size: 25, ordering: '-created_at', search: '', filters: { view: 'paid' }, ...over });
const idle = (actor: ReturnType<typeof createActor<typeof totalsMachine>>) => waitFor(actor, (s) => !s.hasTag('busy'));
const refusal = (status: number, detail: string, fieldErrors: Record<string, string[]> = {}) => Object.assign(new Error(detail), { status, detail, fieldErrors });

test('totals are asked for each new set of filters or search and for a reload, not for another page or order', async () => {
  const asked: ListQuery[] = [];
  const actor = createActor(
    totalsMachine.provide({
      actors: {
        fetchTotals: fromPromise<Totals, { resource: string; query: ListQuery }>(async ({ input }) => {
          asked.push(input.query);
          return { count: asked.length, by_currency: [{ currency: 'DZD', count: asked.length, sums: { amount: 100 * asked.length } }] };
        }),
      },
    }),
    { input: { resource: 'payments' } },
  ).start();
  const loaded = async (q: ListQuery) => {
    actor.send({ type: 'list.loaded', query: q });
    await idle(actor);
  };
  await loaded(query());
  await loaded(query({ page: 2 }));
  await loaded(query({ page: 2, ordering: 'amount' }));
  assert.equal(asked.length, 1, 'another page or order of the same set keeps its totals');
  await loaded(query({ page: 2, ordering: 'amount' }));
  assert.equal(asked.length, 2, 'the same query loaded again is a refresh');
  await loaded(query({ filters: { view: 'paid', method: 'cash' } }));
  await loaded(query({ filters: { view: 'paid', method: 'cash' }, search: 'RD' }));
  assert.equal(asked.length, 4);
  assert.deepEqual(actor.getSnapshot().context.totals?.by_currency[0].sums, { amount: 400 });
});

test('a failed total shows no row rather than a stale one', async () => {
  let fail = false;
  const actor = createActor(
    totalsMachine.provide({
      actors: {
        fetchTotals: fromPromise<Totals, { resource: string; query: ListQuery }>(async () => {
          if (fail) throw refusal(503, 'Service unavailable');
          return { count: 1, by_currency: [] };
        }),
      },
    }),
    { input: { resource: 'payments' } },
  ).start();
  actor.send({ type: 'list.loaded', query: query() });
  await idle(actor);
  assert.ok(actor.getSnapshot().context.totals);
  fail = true;
  actor.send({ type: 'list.loaded', query: query({ filters: { view: 'all' } }) });
  await idle(actor);
  assert.equal(actor.getSnapshot().context.totals, null);
});

const booking = { id: 'b1', version: 1, ref: 'RDTEST', balance: 5000, currency: 'DZD' } as ApiRecord;

function cashActor(answer: (body: Record<string, unknown>) => Promise<ApiRecord>) {
  const sent: Record<string, unknown>[] = [];
  const announced: unknown[] = [];
  const actor = createActor(
    cashPaymentMachine.provide({
      actors: {
        recordPayment: fromPromise<ApiRecord, Record<string, unknown>>(({ input }) => {
          sent.push(input);
          return answer(input);
        }),
      },
      actions: { announceRecorded: ({ context }) => void announced.push(context.recorded?.id) },
    }),
  ).start();
  actor.send({ type: 'open' });
  return { actor, sent, announced };
}

test('a cash payment: the balance by default, more refused before any request, the server refusal at its field with what was typed kept', async () => {
  const { actor, sent } = cashActor(async () => {
    throw refusal(400, 'Invalid input', { amount: ['More than the balance due (4000).'] });
  });
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.errors, { booking_id: ['payments.cash.bookingRequired'], amount: ['payments.cash.amountInvalid'] });
  actor.send({ type: 'pickBooking', booking });
  assert.equal(actor.getSnapshot().context.draft.amount, 5000);
  actor.send({ type: 'amount', value: 5001, invalid: false });
  actor.send({ type: 'submit' });
  assert.deepEqual(actor.getSnapshot().context.errors, { amount: ['payments.cash.overBalance'] });
  assert.equal(sent.length, 0);

  actor.send({ type: 'amount', value: 4500, invalid: false });
  actor.send({ type: 'edit', field: 'payer_name', value: '  Samira  ' });
  actor.send({ type: 'submit' });
  const refused = await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
  assert.deepEqual(sent, [{ booking_id: 'b1', amount: 4500, method: 'cash', payer_name: 'Samira', payer_phone: null, notes: null }]);
  assert.deepEqual(refused.context.errors, { amount: ['More than the balance due (4000).'] });
  assert.equal(refused.context.draft.amount, 4500);
  assert.equal(refused.context.draft.payer_name, '  Samira  ');
});

test('a cash payment recorded closes the dialog and is kept for the screen; the form starts empty again', async () => {
  const { actor, announced } = cashActor(async (body) => ({ id: 'p1', version: 1, ...body }));
  actor.send({ type: 'pickBooking', booking });
  actor.send({ type: 'submit' });
  const done = await waitFor(actor, (s) => s.matches('closed'));
  assert.equal(done.context.recorded?.amount, 5000);
  assert.equal(done.context.draft.booking, null);
  assert.deepEqual(announced, ['p1']);
  actor.send({ type: 'open' });
  assert.ok(actor.getSnapshot().matches('editing'));
  assert.equal(actor.getSnapshot().context.recorded?.id, 'p1', 'the last one stays announced');
  actor.send({ type: 'pickBooking', booking });
  actor.send({ type: 'close' });
  assert.ok(actor.getSnapshot().matches('closed'));
  assert.equal(actor.getSnapshot().context.draft.booking, null, 'cancelling forgets what was typed');
});

test('taken on a booking\'s page, cash starts from that booking: its balance, its customer as the payer', async () => {
  const { actor, sent } = cashActor(async (body) => ({ id: 'p2', version: 1, ...body }));
  actor.send({ type: 'close' });
  actor.send({ type: 'open', booking: { ...booking, customer_name: 'Nour Saidi', customer_phone: '+213 661 00 00 00' } });
  const { draft } = actor.getSnapshot().context;
  assert.deepEqual([draft.booking?.id, draft.amount, draft.payer_name, draft.payer_phone], ['b1', 5000, 'Nour Saidi', '+213 661 00 00 00']);
  actor.send({ type: 'submit' });
  await waitFor(actor, (s) => s.matches('closed'));
  assert.deepEqual(sent, [{ booking_id: 'b1', amount: 5000, method: 'cash', payer_name: 'Nour Saidi', payer_phone: '+213 661 00 00 00', notes: null }]);
});

test('copying a link says "copied" (or that it could not) for a moment, then nothing', async () => {
  const copied: string[] = [];
  let refuse = false;
  const actor = createActor(
    copyLinkMachine.provide({
      actors: {
        writeClipboard: fromPromise<void, { text: string }>(async ({ input }) => {
          if (refuse) throw new Error('denied');
          copied.push(input.text);
        }),
      },
      delays: { feedback: 20 },
    }),
  ).start();
  actor.send({ type: 'copy', text: 'https://example.test/pay/t1' });
  await waitFor(actor, (s) => s.matches('copied'));
  assert.deepEqual(copied, ['https://example.test/pay/t1']);
  await waitFor(actor, (s) => s.matches('idle'));
  refuse = true;
  actor.send({ type: 'copy', text: 'https://example.test/pay/t1' });
  await waitFor(actor, (s) => s.matches('copyFailed'));
  await waitFor(actor, (s) => s.matches('idle'));
});
