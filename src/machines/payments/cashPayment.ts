/**
 * Recording a cash payment: the dialog opened (from the payments list, or on a booking's
 * page with that booking and its customer as the payer), the booking (its balance becomes
 * the amount), the amount, who paid and a note; checked here for what the browser can tell,
 * then created by the API, which refuses more than the balance at the field. A refusal
 * keeps what was typed. Once recorded the dialog closes and the payment stays for the
 * screen to announce (`recorded`) until the next one. The request is an actor, swapped
 * with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiRequestError } from '../../api/client.ts';
import { createRecord, type ApiRecord } from '../../api/resources.ts';

export interface CashDraft {
  booking: ApiRecord | null;
  /** Minor units; null while empty or while the text typed is not an amount. */
  amount: number | null;
  /** The amount field holds text that is not an amount (the field says so itself). */
  amountInvalid: boolean;
  payer_name: string;
  payer_phone: string;
  notes: string;
}

export type CashField = 'payer_name' | 'payer_phone' | 'notes';
type Errors = Record<string, string[]>;

const EMPTY: CashDraft = { booking: null, amount: null, amountInvalid: false, payer_name: '', payer_phone: '', notes: '' };

/** A booking's cash: its balance, paid by its customer (both may be changed). */
export function draftFor(booking: ApiRecord): CashDraft {
  return {
    ...EMPTY,
    booking,
    amount: Number(booking.balance ?? 0) || null,
    payer_name: String(booking.customer_name ?? ''),
    payer_phone: String(booking.customer_phone ?? ''),
  };
}

/** What the browser can check; message ids. */
export function cashErrors(draft: CashDraft): Errors {
  const errors: Errors = {};
  if (!draft.booking) errors.booking_id = ['payments.cash.bookingRequired'];
  if (draft.amountInvalid) errors.amount = [];
  else if (draft.amount === null || draft.amount <= 0) errors.amount = ['payments.cash.amountInvalid'];
  else if (draft.booking && draft.amount > Number(draft.booking.balance ?? 0)) errors.amount = ['payments.cash.overBalance'];
  return errors;
}

export function cashBody(draft: CashDraft): Record<string, unknown> {
  return {
    booking_id: draft.booking?.id,
    amount: draft.amount,
    method: 'cash',
    payer_name: draft.payer_name.trim() || null,
    payer_phone: draft.payer_phone.trim() || null,
    notes: draft.notes.trim() || null,
  };
}

export const cashPaymentMachine = setup({
  types: {
    context: {} as { draft: CashDraft; errors: Errors; recorded: ApiRecord | null },
    events: {} as
      | { type: 'pickBooking'; booking: ApiRecord | null }
      | { type: 'amount'; value: number | null; invalid: boolean }
      | { type: 'edit'; field: CashField; value: string }
      | { type: 'submit' }
      /** `booking`: taken on that booking's page (the booking fixed, its customer the payer). */
      | { type: 'open'; booking?: ApiRecord | null }
      | { type: 'close' },
  },
  actors: {
    recordPayment: fromPromise<ApiRecord, Record<string, unknown>>(({ input }) => createRecord('payments', input)),
  },
  guards: {
    draftValid: ({ context }) => Object.keys(cashErrors(context.draft)).length === 0,
  },
  actions: {
    // The balance is what is usually handed over.
    pickBooking: assign(({ context }, booking: ApiRecord | null) => ({
      draft: { ...context.draft, booking, amount: booking ? Number(booking.balance ?? 0) || null : null, amountInvalid: false },
      errors: {},
    })),
    setAmount: assign(({ context }, change: { value: number | null; invalid: boolean }) => {
      const { amount: _cleared, ...errors } = context.errors;
      return { draft: { ...context.draft, amount: change.value, amountInvalid: change.invalid }, errors };
    }),
    edit: assign(({ context }, change: { field: CashField; value: string }) => {
      const { [change.field]: _cleared, ...errors } = context.errors;
      return { draft: { ...context.draft, [change.field]: change.value }, errors };
    }),
    showDraftErrors: assign(({ context }) => ({ errors: cashErrors(context.draft) })),
    showServerErrors: assign((_, params: { error: unknown }) => {
      const failure = params.error as Partial<ApiRequestError>;
      const fields = failure.fieldErrors ?? {};
      return { errors: Object.keys(fields).length > 0 ? fields : { form: [failure.detail || 'payments.cash.failed'] } };
    }),
    keepRecorded: assign((_, recorded: ApiRecord) => ({ recorded, draft: EMPTY, errors: {} })),
    clear: assign({ draft: EMPTY, errors: {} }),
    openOn: assign((_, booking: ApiRecord | null) => ({ draft: booking ? draftFor(booking) : EMPTY, errors: {} })),
    /** Tells the screen a payment was recorded (its list is read again). */
    announceRecorded: () => {},
  },
}).createMachine({
  id: 'cashPayment',
  context: { draft: EMPTY, errors: {}, recorded: null },
  initial: 'closed',
  states: {
    closed: {
      description: 'The dialog is closed; the last payment recorded, if any, stays announced.',
      on: { open: { target: 'editing', actions: { type: 'openOn', params: ({ event }) => event.booking ?? null } } },
    },
    editing: {
      on: {
        close: { target: 'closed', actions: 'clear' },
        pickBooking: { actions: { type: 'pickBooking', params: ({ event }) => event.booking } },
        amount: { actions: { type: 'setAmount', params: ({ event }) => ({ value: event.value, invalid: event.invalid }) } },
        edit: { actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        submit: [{ guard: 'draftValid', target: 'recording' }, { actions: 'showDraftErrors' }],
      },
    },
    recording: {
      tags: ['busy'],
      invoke: {
        id: 'recordPayment',
        src: 'recordPayment',
        input: ({ context }) => cashBody(context.draft),
        onDone: { target: 'closed', actions: [{ type: 'keepRecorded', params: ({ event }) => event.output }, 'announceRecorded'] },
        onError: { target: 'editing', actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
