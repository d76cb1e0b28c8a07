/**
 * Booking a combo for one customer (the combos screen's "Book" panel): every required
 * part, and the optional parts ticked, each at its own date and time; the participants;
 * the server's price of the combo as the form changes (a `pricePreview` child on the
 * `comboQuote` read). The server books the parts together or none, through the
 * `bookingComboBook` command; its refusals at a part (`parts.1`: the second part sent)
 * are shown at that part of the form, which counts the parts not ticked too.
 */
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import { runCommand, type CommandInput } from '../../api/commands.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { CUSTOMER_TYPES } from '../../../common/catalogValues.ts';
import { EMPTY_NEW_BOOKING } from './newBooking.ts';
import { pricePreviewMachine } from './pricePreview.ts';

export interface ComboPartItem {
  service_id: string;
  required: boolean;
}

export interface ComboPart {
  service_id: string;
  included: boolean;
  /** ISO instant, or null until chosen. */
  startsAt: string | null;
}

export interface ComboBookingInput {
  comboId: string;
  items: readonly ComboPartItem[];
}

export interface ComboBookingContext {
  comboId: string;
  items: readonly ComboPartItem[];
  customer: ApiRecord | null;
  participants: Record<string, string>;
  parts: ComboPart[];
  /** Errors at fields: the browser's checks (message ids) and the server's refusals. */
  errors: Record<string, string[]>;
  /** Submits refused so far: the view focuses the first field at fault on each. */
  attempt: number;
  /** The bookings made, the first one opened by the page. */
  booked: ApiRecord[] | null;
}

export type ComboBookingEvent =
  | { type: 'customer.changed'; customer: ApiRecord | null }
  | { type: 'participants.changed'; participants: Record<string, string> }
  | { type: 'part.changed'; index: number; change: Partial<Pick<ComboPart, 'included' | 'startsAt'>> }
  | { type: 'submit' };

type BookRequest = CommandInput<'bookingComboBook'>;

/** The participants to book: a count per customer type, those above zero. */
export function comboCounts(participants: Record<string, string>): Record<string, number> {
  return Object.fromEntries(CUSTOMER_TYPES.map((t) => [t, Number(participants[t] || 0)] as const).filter(([, n]) => n > 0));
}

/** What the preview prices: null while a count is not a whole number of at least zero, or all are zero. */
export function comboPreviewRequest(context: Pick<ComboBookingContext, 'customer' | 'participants' | 'parts'>): Record<string, unknown> | null {
  const counts = Object.entries(context.participants).map(([t, v]) => [t, Number(v || 0)] as const);
  const valid = counts.every(([, n]) => Number.isInteger(n) && n >= 0) && counts.some(([, n]) => n > 0);
  if (!valid) return null;
  return {
    ...(context.customer ? { customer_id: context.customer.id } : {}),
    participants: Object.fromEntries(counts.filter(([, n]) => n > 0)),
    parts: context.parts.filter((p) => p.included).map((p) => ({ service_id: p.service_id, ...(p.startsAt ? { starts_at: p.startsAt } : {}) })),
  };
}

/** The browser's checks before booking (message ids); the server checks everything again. */
export function validateComboBooking(context: Pick<ComboBookingContext, 'customer' | 'participants' | 'parts'>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!context.customer) errors.customer_id = ['comboBooking.customerRequired'];
  if (Object.keys(comboCounts(context.participants)).length === 0) errors.participants = ['comboBooking.participantsRequired'];
  context.parts.forEach((p, i) => {
    if (p.included && !p.startsAt) errors[`parts.${i}`] = ['comboBooking.dateRequired'];
  });
  return errors;
}

/**
 * The server's refusal as the form shows it: it counts only the parts sent (`parts.1` is
 * the second part ticked), the form counts them all; a refusal naming no field is kept
 * under `form` (listed above the form).
 */
export function comboRefusal(parts: readonly ComboPart[], failure: { detail?: string; fieldErrors?: Record<string, string[]> }): Record<string, string[]> {
  const sent = parts.flatMap((p, i) => (p.included ? [i] : []));
  const fieldErrors = Object.fromEntries(
    Object.entries(failure.fieldErrors ?? {}).map(([path, messages]) => [
      path.replace(/^parts\.(\d+)/, (all, k: string) => (sent[Number(k)] === undefined ? all : `parts.${sent[Number(k)]}`)),
      messages,
    ]),
  );
  return Object.keys(fieldErrors).length > 0 ? fieldErrors : { form: [failure.detail || 'comboBooking.failed'] };
}

function bookRequest(context: ComboBookingContext): BookRequest {
  return {
    comboId: context.comboId,
    customer_id: context.customer!.id,
    participants: comboCounts(context.participants),
    parts: context.parts.filter((p) => p.included).map((p) => ({ service_id: p.service_id, starts_at: p.startsAt })),
  };
}

const withoutKeys = (errors: Record<string, string[]>, keys: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.some((key) => k === key || k.startsWith(`${key}.`))));

export const comboBookingMachine = setup({
  types: {
    input: {} as ComboBookingInput,
    context: {} as ComboBookingContext,
    events: {} as ComboBookingEvent,
  },
  actors: {
    pricePreview: pricePreviewMachine,
    bookCombo: fromPromise<{ bookings: ApiRecord[] }, BookRequest>(({ input }) => runCommand('bookingComboBook', input)),
  },
  actions: {
    assignCustomer: assign(({ context }, customer: ApiRecord | null) => ({ customer, errors: withoutKeys(context.errors, ['customer_id']) })),
    assignParticipants: assign(({ context }, participants: Record<string, string>) => ({ participants, errors: withoutKeys(context.errors, ['participants']) })),
    assignPart: assign(({ context }, p: { index: number; change: Partial<Pick<ComboPart, 'included' | 'startsAt'>> }) => ({
      // A required part stays in.
      parts: context.parts.map((part, i) => (i === p.index ? { ...part, ...p.change, included: context.items[i].required || (p.change.included ?? part.included) } : part)),
      errors: withoutKeys(context.errors, [`parts.${p.index}`]),
    })),
    /** Asks the preview child to price the form as it is now. */
    requestPreview: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('preview', { type: 'request.changed', request: comboPreviewRequest(context) });
    }),
    assignLocalErrors: assign(({ context }) => ({ errors: validateComboBooking(context), attempt: context.attempt + 1 })),
    assignRefusal: assign(({ context }, failure: { detail?: string; fieldErrors?: Record<string, string[]> }) => ({
      errors: comboRefusal(context.parts, failure),
      attempt: context.attempt + 1,
    })),
    assignBooked: assign((_, result: { bookings: ApiRecord[] }) => ({ booked: result.bookings, errors: {} })),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(validateComboBooking(context)).length === 0,
  },
}).createMachine({
  id: 'comboBooking',
  description: 'Booking a combo: a customer, the participants and each part’s date; priced by the server as the form changes, booked together or not at all.',
  context: ({ input }) => ({
    comboId: input.comboId,
    items: input.items,
    customer: null,
    participants: EMPTY_NEW_BOOKING.participants,
    parts: input.items.map((item) => ({ service_id: item.service_id, included: item.required, startsAt: null })),
    errors: {},
    attempt: 0,
    booked: null,
  }),
  invoke: { id: 'preview', src: 'pricePreview', input: ({ context }) => ({ read: 'comboQuote' as const, args: { comboId: context.comboId } }) },
  initial: 'editing',
  states: {
    editing: {
      // The form as it opens is priced too (the required parts, one adult).
      entry: 'requestPreview',
      on: {
        'customer.changed': { actions: [{ type: 'assignCustomer', params: ({ event }) => event.customer }, 'requestPreview'] },
        'participants.changed': { actions: [{ type: 'assignParticipants', params: ({ event }) => event.participants }, 'requestPreview'] },
        'part.changed': { actions: [{ type: 'assignPart', params: ({ event }) => event }, 'requestPreview'] },
        submit: [{ guard: 'isComplete', target: 'booking' }, { actions: 'assignLocalErrors' }],
      },
    },
    booking: {
      tags: ['busy'],
      invoke: {
        id: 'bookCombo',
        src: 'bookCombo',
        input: ({ context }) => bookRequest(context),
        onDone: { target: 'booked', actions: { type: 'assignBooked', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }) => event.error as { detail?: string; fieldErrors?: Record<string, string[]> } } },
      },
    },
    booked: { type: 'final', description: 'The parts are booked; the page opens the first booking.' },
  },
});
