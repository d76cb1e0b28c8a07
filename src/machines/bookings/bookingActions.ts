/**
 * The questions a booking's actions ask before they are sent (the buttons its chart
 * offers on its page, and a slot manifest's check-in): closing or undoing something (decline, no-show, cancel) is asked
 * first, with a reason where the chart's guards want one; checking in a customer who
 * still owes money (the chart's own rule, `owesMoney`) asks what to do: collect the cash
 * (the page's cash dialog opens: `collectCash`), send a payment link, or check in anyway
 * with a coded reason, which the chart requires, sent with the check-in and kept in the
 * history. Checking in people who do not meet the activity's conditions (the page names
 * them: `flagged`) asks for the operator's words, as the server requires. The other actions go at once. The event to send is announced (`transition`,
 * with the booking asked about), and the page's record (or the manifest) sends it. Also the payment link sent from the page: its dialog open, and the
 * link last sent shown to copy.
 */
import { assign, emit, setup } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import type { FlaggedParticipant } from '../../../common/availabilityRules.ts';
import { owesMoney } from '../../../common/lifecycles/context.ts';

/** Whether the customer still owes money: the booking chart's own rule (its check-in guard). */
export { owesMoney };

/** Actions that close or undo something: asked first. */
export const ASKED_FIRST: readonly string[] = ['decline', 'no_show', 'cancel'];

/** A reason as typed: a code ('' when none is chosen) and free text. */
export interface ActionReason {
  code: string;
  text: string;
}

export const NO_ACTION_REASON: ActionReason = { code: '', text: '' };

export interface BookingActionsContext {
  /** The action being asked about. */
  pending: string | null;
  reason: ActionReason;
  /** The reason was found missing on a confirm: the field shows what it lacks. */
  reasonMissing: boolean;
  /** The payment link sent last from the page. */
  sentLink: ApiRecord | null;
  /** The action asked about is a check-in of a customer who still owes money. */
  owing: boolean;
  /** The booking last chosen for (a manifest asks about one of many); kept while its link dialog is open. */
  booking: ApiRecord | null;
  /** People of the booking checked in who do not meet the activity's conditions: the reason's words are required. */
  flagged: readonly FlaggedParticipant[];
}

/** An action chosen: its event, the booking, and, for a check-in, the people the activity's conditions flag. */
interface Chosen {
  event: string;
  booking: ApiRecord;
  flagged?: readonly FlaggedParticipant[];
}

const checksInFlagged = (p: Chosen) => p.event === 'check_in' && (p.flagged?.length ?? 0) > 0;

export type BookingActionsEvent =
  /** An action chosen on `booking`; a check-in of one that owes money (`owesMoney`) warns first. */
  | ({ type: 'choose' } & Chosen)
  | { type: 'reason.changed'; reason: ActionReason }
  /** The question answered: whether the chart wants a reason, and whether the one typed is complete. */
  | { type: 'confirm'; needsReason: boolean; reasonComplete: boolean }
  | { type: 'cancel' }
  /** Checking in an unpaid booking: collect the cash first (the page's cash dialog opens). */
  | { type: 'collect.cash' }
  | { type: 'link.open' }
  /** The payment-link dialog closed: the link sent, or null. */
  | { type: 'link.closed'; link: ApiRecord | null };

export type BookingActionsEmitted =
  | { type: 'transition'; event: string; payload: Record<string, unknown>; booking: ApiRecord }
  /** The cash dialog opens on this booking. */
  | { type: 'collectCash'; booking: ApiRecord };

/** What a transition carries of a reason: the code and, when given, the trimmed free text. */
export function reasonBody(reason: ActionReason): { reason_code?: string; reason?: string } {
  const text = reason.text.trim();
  return { ...(reason.code ? { reason_code: reason.code } : {}), ...(text ? { reason: text } : {}) };
}

export const bookingActionsMachine = setup({
  types: {
    context: {} as BookingActionsContext,
    events: {} as BookingActionsEvent,
    emitted: {} as BookingActionsEmitted,
  },
  actions: {
    ask: assign((_, p: Chosen) => ({
      pending: p.event,
      owing: p.event === 'check_in' && owesMoney(p.booking),
      booking: p.booking,
      flagged: p.event === 'check_in' ? (p.flagged ?? []) : [],
      reason: NO_ACTION_REASON,
      reasonMissing: false,
    })),
    forget: assign({ pending: null, owing: false, flagged: [], reason: NO_ACTION_REASON, reasonMissing: false }),
    assignReason: assign((_, reason: ActionReason) => ({ reason })),
    markReasonMissing: assign({ reasonMissing: true }),
    sendAtOnce: emit((_, p: Chosen) => ({ type: 'transition' as const, event: p.event, payload: {}, booking: p.booking })),
    sendAnswered: emit(({ context }, needsReason: boolean) => ({
      type: 'transition' as const,
      event: context.pending!,
      payload: needsReason || context.owing || context.flagged.length > 0 ? reasonBody(context.reason) : {},
      booking: context.booking!,
    })),
    openCash: emit(({ context }) => ({ type: 'collectCash' as const, booking: context.booking! })),
    assignLink: assign((_, link: ApiRecord | null) => (link ? { sentLink: link } : {})),
  },
  guards: {
    /** Closing or undoing something, or checking in a customer who still owes money or people the activity's conditions flag. */
    asksFirst: (_, p: Chosen) => ASKED_FIRST.includes(p.event) || (p.event === 'check_in' && owesMoney(p.booking)) || checksInFlagged(p),
    /** No reason wanted (checking in anyway wants one), or the one typed is complete; flagged people want words, not only a code. */
    answered: ({ context }, p: { needsReason: boolean; reasonComplete: boolean }) =>
      (!(p.needsReason || context.owing) || p.reasonComplete) && (context.flagged.length === 0 || context.reason.text.trim() !== ''),
  },
}).createMachine({
  id: 'bookingActions',
  description: 'A booking’s actions (its page, or a slot’s manifest): asked first when they close, undo or check in an unpaid booking (collect cash, send a link, or check in anyway with a coded reason); the payment link sent from the page.',
  context: { pending: null, reason: NO_ACTION_REASON, reasonMissing: false, sentLink: null, owing: false, booking: null, flagged: [] },
  initial: 'idle',
  states: {
    idle: {
      on: {
        choose: [
          { guard: { type: 'asksFirst', params: ({ event }) => event }, target: 'asking', actions: { type: 'ask', params: ({ event }) => event } },
          { actions: { type: 'sendAtOnce', params: ({ event }) => event } },
        ],
        'link.open': 'linking',
      },
    },
    asking: {
      description: 'The question of `pending`: are you sure, with a reason where the chart wants one; or, before checking in an unpaid booking, collect cash, send a link, or check in anyway with a coded reason; or, before checking in people the activity’s conditions flag, the operator’s words.',
      on: {
        'collect.cash': { target: 'idle', actions: ['openCash', 'forget'] },
        'link.open': { target: 'linking', actions: 'forget' },
        'reason.changed': { actions: { type: 'assignReason', params: ({ event }) => event.reason } },
        confirm: [
          {
            guard: { type: 'answered', params: ({ event }) => event },
            target: 'idle',
            actions: [{ type: 'sendAnswered', params: ({ event }) => event.needsReason }, 'forget'],
          },
          { actions: 'markReasonMissing' },
        ],
        cancel: { target: 'idle', actions: 'forget' },
      },
    },
    linking: {
      description: 'The payment-link dialog is open.',
      on: { 'link.closed': { target: 'idle', actions: { type: 'assignLink', params: ({ event }) => event.link } } },
    },
  },
});
