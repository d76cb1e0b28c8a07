/**
 * Check-in from a slot's manifest, through the booking chart: a booking whose people all
 * meet the activity's conditions is checked in at once; one with flagged people (too
 * young, too light, no waiver …) asks for the operator's reason first, and is not sent
 * without it. A customer who still owes money has been asked first, as on the booking's
 * page (the `bookingActions` chart): the coded reason given there comes with the check-in
 * and its words start the flagged people's reason. A check-in is undone the same way. One
 * booking is sent at a time; a refusal names the booking, and a reason typed stays for
 * another try. Each change is announced (`changed`) so the manifest is read again.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import { runCommand } from '../../api/commands.ts';
import type { ManifestBooking } from '../../../common/availabilityRules.ts';

/** The people of a booking flagged against the service's adrenaline profile. */
export const flaggedPeople = (booking: Pick<ManifestBooking, 'roster' | 'flags'>) => booking.roster.filter((_, i) => (booking.flags[i] ?? []).length > 0);

type BookingEvent = 'check_in' | 'undo';

/** A reason as a check-in carries it: a code (a balance still due) and words. */
export interface GivenReason {
  reason_code?: string;
  reason?: string;
}

export interface CheckInContext {
  /** The booking whose flagged people the operator is asked about. */
  confirming: ManifestBooking | null;
  reason: string;
  /** Confirm was pressed without a reason. */
  reasonMissing: boolean;
  /** The coded reason already given for checking in a customer who owes money. */
  given: GivenReason;
  /** The booking being sent, and what. */
  sending: ({ booking: ManifestBooking; event: BookingEvent } & GivenReason) | null;
  /** The last refusal, naming its booking. */
  failure: string | null;
}

export type CheckInEvent =
  /** Check `booking` in, with the reason given for the money it still owes, if any. */
  | ({ type: 'checkIn'; booking: ManifestBooking } & GivenReason)
  | { type: 'undo'; booking: ManifestBooking }
  | { type: 'reason.changed'; text: string }
  | { type: 'confirm' }
  | { type: 'cancel' };

/** The reason's code and words, each only when given. */
const givenOf = (r: GivenReason): GivenReason => ({ ...(r.reason_code ? { reason_code: r.reason_code } : {}), ...(r.reason ? { reason: r.reason } : {}) });

interface Refusal {
  detail?: string;
  message?: string;
}

export const checkInMachine = setup({
  types: {
    context: {} as CheckInContext,
    events: {} as CheckInEvent,
    emitted: {} as { type: 'changed' },
  },
  actors: {
    sendEvent: fromPromise<unknown, { id: string; version: number; event: BookingEvent } & GivenReason>(({ input }) => runCommand('availabilityBookingEvent', input)),
  },
  actions: {
    askReason: assign((_, p: { booking: ManifestBooking; given: GivenReason }) => ({ confirming: p.booking, given: p.given, reason: p.given.reason ?? '', reasonMissing: false })),
    assignReason: assign((_, text: string) => ({ reason: text })),
    flagMissingReason: assign({ reasonMissing: true }),
    sendNow: assign((_, sending: { booking: ManifestBooking; event: BookingEvent } & GivenReason) => ({ sending, failure: null })),
    sendWithReason: assign(({ context }) => ({
      sending: { booking: context.confirming!, event: 'check_in' as const, ...context.given, reason: context.reason.trim() },
      failure: null,
    })),
    forgetConfirming: assign({ confirming: null, given: {}, reason: '', reasonMissing: false }),
    forgetSending: assign({ sending: null }),
    assignFailure: assign(({ context }, error: Refusal) => ({
      failure: `${context.sending?.booking.ref ?? ''}: ${error.detail || error.message || ''}`,
      sending: null,
    })),
    announceChanged: emit({ type: 'changed' as const }),
  },
  guards: {
    isFlagged: (_, booking: ManifestBooking) => flaggedPeople(booking).length > 0,
    reasonBlank: ({ context }) => context.reason.trim() === '',
    wasConfirming: ({ context }) => context.confirming !== null,
  },
}).createMachine({
  id: 'checkIn',
  description: 'Check-in from a manifest: at once (with the coded reason given for a balance still due), or with the operator’s reason when people are flagged.',
  context: { confirming: null, given: {}, reason: '', reasonMissing: false, sending: null, failure: null },
  initial: 'idle',
  states: {
    idle: {
      on: {
        checkIn: [
          {
            guard: { type: 'isFlagged', params: ({ event }) => event.booking },
            target: 'confirming',
            actions: { type: 'askReason', params: ({ event }) => ({ booking: event.booking, given: givenOf(event) }) },
          },
          { target: 'sending', actions: { type: 'sendNow', params: ({ event }) => ({ booking: event.booking, event: 'check_in' as const, ...givenOf(event) }) } },
        ],
        undo: { target: 'sending', actions: { type: 'sendNow', params: ({ event }) => ({ booking: event.booking, event: 'undo' as const }) } },
      },
    },
    confirming: {
      description: 'Flagged people: checked in only with the operator’s reason.',
      on: {
        'reason.changed': { actions: { type: 'assignReason', params: ({ event }) => event.text } },
        confirm: [{ guard: 'reasonBlank', actions: 'flagMissingReason' }, { target: 'sending', actions: 'sendWithReason' }],
        cancel: { target: 'idle', actions: 'forgetConfirming' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendEvent',
        src: 'sendEvent',
        input: ({ context }) => ({
          id: context.sending!.booking.id,
          version: context.sending!.booking.version,
          event: context.sending!.event,
          ...givenOf(context.sending!),
        }),
        onDone: { target: 'idle', actions: ['forgetSending', 'forgetConfirming', 'announceChanged'] },
        onError: [
          { guard: 'wasConfirming', target: 'confirming', actions: { type: 'assignFailure', params: ({ event }) => event.error as Refusal } },
          { target: 'idle', actions: { type: 'assignFailure', params: ({ event }) => event.error as Refusal } },
        ],
      },
    },
  },
});
