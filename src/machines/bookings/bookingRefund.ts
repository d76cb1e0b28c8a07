/**
 * A refund asked for from a booking's page (or one of its payments' pages): how much, at
 * most what the server says may still be refunded; where to, one of the destinations the
 * server offers (the original method when the one chosen is not offered); and why, a coded
 * refund reason. The browser's checks name the field at fault; the request is the
 * `bookingRefund` command (src/api/commands.ts), an actor swapped with `.provide()` in tests.
 * A refusal keeps what was typed, the server's words at the fields it names.
 */
import { assign, fromPromise, setup } from 'xstate';
import { runCommand, type CommandInput } from '../../api/commands.ts';

export type RefundRequest = CommandInput<'bookingRefund'>;

/** A reason as typed: a code ('' when none is chosen) and free text. */
export interface RefundReason {
  code: string;
  text: string;
}

export interface BookingRefundInput {
  bookingId: string;
}

/** What the server allows now, given with each submit (it can change while the dialog is open). */
export interface RefundLimits {
  /** The most a refund may be, in minor units. */
  most: number;
  /** The payment it comes from; null spreads it over the payments. */
  paymentId: string | null;
  destinations: readonly string[];
  /** Whether the reason is complete for the codes the refund kind offers (the reason field's own rule). */
  reasonComplete: boolean;
}

export interface BookingRefundContext {
  bookingId: string;
  /** Minor units, or null while empty. */
  amount: number | null;
  /** The amount typed is not an amount (the field says so itself). */
  amountUnreadable: boolean;
  destination: string;
  reason: RefundReason;
  /** The reason was found missing on a submit: the reason field shows what it lacks. */
  reasonMissing: boolean;
  /** Errors at fields: the browser's (message ids) and the server's. */
  errors: Record<string, string[]>;
  /** The request being sent. */
  request: RefundRequest | null;
  refund: Record<string, unknown> | null;
}

export type BookingRefundEvent =
  | { type: 'amount.changed'; amount: number | null; unreadable: boolean }
  | { type: 'destination.changed'; destination: string }
  | { type: 'reason.changed'; reason: RefundReason }
  | { type: 'submit'; limits: RefundLimits };

export const NO_REFUND_REASON: RefundReason = { code: '', text: '' };

/** The browser's checks of the amount (message ids); the server checks it again. */
export function refundAmountErrors(amount: number | null, most: number): Record<string, string[]> {
  if (amount === null || amount <= 0) return { amount: ['refund.amountInvalid'] };
  if (amount > most) return { amount: ['refund.amountTooHigh'] };
  return {};
}

/** The request the command sends: the destination falls back to the original method when the one chosen is not offered. */
export function refundRequest(context: Pick<BookingRefundContext, 'bookingId' | 'amount' | 'destination' | 'reason'>, limits: RefundLimits): RefundRequest {
  const text = context.reason.text.trim();
  return {
    booking_id: context.bookingId,
    payment_id: limits.paymentId,
    amount: context.amount ?? 0,
    destination: limits.destinations.includes(context.destination) ? context.destination : 'original_method',
    ...(context.reason.code ? { reason_code: context.reason.code } : {}),
    ...(text ? { reason: text } : {}),
  };
}

interface Failure {
  detail?: string;
  fieldErrors?: Record<string, string[]>;
}

export const bookingRefundMachine = setup({
  types: {
    input: {} as BookingRefundInput,
    context: {} as BookingRefundContext,
    events: {} as BookingRefundEvent,
  },
  actors: {
    requestRefund: fromPromise<Record<string, unknown>, RefundRequest>(({ input }) => runCommand('bookingRefund', input) as Promise<Record<string, unknown>>),
  },
  actions: {
    assignAmount: assign(({ context }, p: { amount: number | null; unreadable: boolean }) => ({
      amount: p.amount,
      amountUnreadable: p.unreadable,
      errors: Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== 'amount')),
    })),
    assignDestination: assign(({ context }, destination: string) => ({
      destination,
      errors: Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== 'destination')),
    })),
    assignReason: assign(({ context }, reason: RefundReason) => ({
      reason,
      errors: Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== 'reason' && k !== 'reason_code')),
    })),
    assignLocalErrors: assign(({ context }, limits: RefundLimits) => ({
      errors: refundAmountErrors(context.amount, limits.most),
      reasonMissing: !limits.reasonComplete,
    })),
    assignRequest: assign(({ context }, limits: RefundLimits) => ({ request: refundRequest(context, limits), errors: {}, reasonMissing: false })),
    assignRefusal: assign((_, failure: Failure) => {
      const fields = failure.fieldErrors ?? {};
      return { errors: Object.keys(fields).length > 0 ? fields : { amount: [failure.detail || 'refund.failed'] }, request: null };
    }),
    assignRefund: assign((_, refund: Record<string, unknown>) => ({ refund, request: null })),
  },
  guards: {
    /** An amount that does not parse already says so at its field: nothing more is checked or sent. */
    amountUnreadable: ({ context }) => context.amountUnreadable,
    /** An amount above zero and within what may be refunded, and a complete reason. */
    isComplete: ({ context }, limits: RefundLimits) => Object.keys(refundAmountErrors(context.amount, limits.most)).length === 0 && limits.reasonComplete,
  },
}).createMachine({
  id: 'bookingRefund',
  description: 'A refund asked for from a booking: the amount within what the server allows, a destination it offers, a coded reason.',
  context: ({ input }) => ({
    bookingId: input.bookingId,
    amount: null,
    amountUnreadable: false,
    destination: 'original_method',
    reason: NO_REFUND_REASON,
    reasonMissing: false,
    errors: {},
    request: null,
    refund: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'amount.changed': { actions: { type: 'assignAmount', params: ({ event }) => event } },
        'destination.changed': { actions: { type: 'assignDestination', params: ({ event }) => event.destination } },
        'reason.changed': { actions: { type: 'assignReason', params: ({ event }) => event.reason } },
        submit: [
          { guard: 'amountUnreadable' },
          { guard: { type: 'isComplete', params: ({ event }) => event.limits }, target: 'sending', actions: { type: 'assignRequest', params: ({ event }) => event.limits } },
          { actions: { type: 'assignLocalErrors', params: ({ event }) => event.limits } },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'requestRefund',
        src: 'requestRefund',
        input: ({ context }) => context.request!,
        onDone: { target: 'done', actions: { type: 'assignRefund', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }) => event.error as Failure } },
      },
    },
    done: { type: 'final', description: 'The refund is asked for; the page reads the booking again.' },
  },
});
