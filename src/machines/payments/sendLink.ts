/**
 * Sending a payment link for a booking: the form (booking, invitee, amount defaulting to
 * the balance, expiry), checked here for what the browser can tell, then created by the
 * API, which checks it all again and sends it (SMS to the phone, email to the email; the
 * booking's customer when no contact is given), or only creates it when nobody can be
 * reached: the link it answers with says which (`sentTo`). A refusal keeps what was typed
 * and puts the server's words at their fields. The request is an actor, swapped with
 * `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiRequestError } from '../../api/client.ts';
import { createRecord, type ApiRecord } from '../../api/resources.ts';

export interface LinkDraft {
  booking: ApiRecord | null;
  invitee_name: string;
  invitee_phone: string;
  invitee_email: string;
  /** Minor units; the booking's balance once a booking is chosen. */
  amount: number | null;
  /** ISO instant; empty means the server's default (the business settings' hours). */
  expires_at: string | null;
}

export type LinkField = Exclude<keyof LinkDraft, 'booking'>;
type Errors = Record<string, string[]>;

interface Context {
  draft: LinkDraft;
  errors: Errors;
  /** The link created, once sent. */
  sent: ApiRecord | null;
}

const EMPTY: LinkDraft = { booking: null, invitee_name: '', invitee_phone: '', invitee_email: '', amount: null, expires_at: null };

/** A booking's defaults: its balance, its customer as the invitee. */
function fromBooking(booking: ApiRecord | null): Partial<LinkDraft> {
  if (!booking) return { booking: null, amount: null };
  return {
    booking,
    amount: Number(booking.balance ?? 0) || null,
    invitee_name: String(booking.customer_name ?? ''),
    invitee_phone: String(booking.customer_phone ?? ''),
    invitee_email: String(booking.customer_email ?? ''),
  };
}

/** A link's messages: the channel and the address. */
export interface LinkSent {
  channel: 'sms' | 'email';
  address: string;
}

/** Whom the server sent a link to, from the link it answered with (none: it was only created). */
export function sentTo(link: ApiRecord): LinkSent[] {
  if (Number(link.sent_count ?? 0) === 0) return [];
  return [
    ...(link.invitee_phone ? [{ channel: 'sms' as const, address: String(link.invitee_phone) }] : []),
    ...(link.invitee_email ? [{ channel: 'email' as const, address: String(link.invitee_email) }] : []),
  ];
}

/** Whether the link will be sent (a contact typed, or the booking's customer has one): the button says "Send", else "Create". */
export function willSend(draft: LinkDraft): boolean {
  const customer = draft.booking ? Boolean(draft.booking.customer_phone || draft.booking.customer_email) : true;
  return Boolean(draft.invitee_phone.trim() || draft.invitee_email.trim()) || customer;
}

/** What the browser can check; message ids. */
export function draftErrors(draft: LinkDraft): Errors {
  const errors: Errors = {};
  if (!draft.booking) errors.booking_id = ['paymentLink.bookingRequired'];
  const balance = Number(draft.booking?.balance ?? 0);
  if (draft.amount === null || draft.amount <= 0) errors.amount = ['paymentLink.amountInvalid'];
  else if (draft.booking && draft.amount > balance) errors.amount = ['paymentLink.amountOverBalance'];
  return errors;
}

export function linkBody(draft: LinkDraft): Record<string, unknown> {
  return {
    booking_id: draft.booking?.id,
    invitee_name: draft.invitee_name.trim() || null,
    invitee_phone: draft.invitee_phone.trim() || null,
    invitee_email: draft.invitee_email.trim() || null,
    amount: draft.amount,
    ...(draft.expires_at ? { expires_at: draft.expires_at } : {}),
  };
}

export const sendLinkMachine = setup({
  types: {
    input: {} as { booking?: ApiRecord | null },
    context: {} as Context,
    events: {} as
      | { type: 'pickBooking'; booking: ApiRecord | null }
      | { type: 'edit'; field: LinkField; value: string | number | null }
      | { type: 'submit' }
      | { type: 'again' },
  },
  actors: {
    createLink: fromPromise<ApiRecord, Record<string, unknown>>(({ input }) => createRecord('payment-invitations', input)),
  },
  guards: {
    draftValid: ({ context }) => Object.keys(draftErrors(context.draft)).length === 0,
  },
  actions: {
    pickBooking: assign(({ context }, booking: ApiRecord | null) => ({ draft: { ...context.draft, ...fromBooking(booking) }, errors: {} })),
    edit: assign(({ context }, change: { field: LinkField; value: string | number | null }) => {
      // The phone or the email answers "how do we reach the payer": either clears both.
      const cleared = change.field === 'invitee_phone' || change.field === 'invitee_email' ? ['invitee_phone', 'invitee_email'] : [change.field];
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([field]) => !cleared.includes(field)));
      return { draft: { ...context.draft, [change.field]: change.value }, errors };
    }),
    showDraftErrors: assign(({ context }) => ({ errors: draftErrors(context.draft) })),
    showServerErrors: assign((_, params: { error: unknown }) => {
      const failure = params.error as Partial<ApiRequestError>;
      const fields = failure.fieldErrors ?? {};
      return { errors: Object.keys(fields).length > 0 ? fields : { form: [failure.detail || 'paymentLink.sendFailed'] } };
    }),
    keepSent: assign((_, sent: ApiRecord) => ({ sent, errors: {} })),
    startAgain: assign(({ context }) => ({ draft: { ...EMPTY, ...fromBooking(context.draft.booking) }, sent: null, errors: {} })),
  },
}).createMachine({
  id: 'sendPaymentLink',
  context: ({ input }) => ({ draft: { ...EMPTY, ...fromBooking(input.booking ?? null) }, errors: {}, sent: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        pickBooking: { actions: { type: 'pickBooking', params: ({ event }) => event.booking } },
        edit: { actions: { type: 'edit', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        submit: [{ guard: 'draftValid', target: 'sending' }, { actions: 'showDraftErrors' }],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'createLink',
        src: 'createLink',
        input: ({ context }) => linkBody(context.draft),
        onDone: { target: 'sent', actions: { type: 'keepSent', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    sent: {
      on: { again: { target: 'editing', actions: 'startAgain' } },
    },
  },
});
