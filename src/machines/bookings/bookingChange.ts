/**
 * Changing a booking (the "Change booking" dialog of `/booking/{id}`): the date and slot,
 * participants and extras as typed, the server's price and settlement of the change as
 * the form changes (a `pricePreview` child on the change preview), the settlement's
 * choices (where a refund goes; whether and to whom a payment link is sent), and the
 * change confirmed in one step.
 *
 * Regions: `form` (editing, saving, done, conflict) and `slots` (the service's slots on
 * the chosen day, shaped as the new-booking form's, so the same SlotPicker draws them).
 * A booking changed by someone else meanwhile is a conflict: the operator takes the
 * current version and the form keeps what they typed.
 */
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { changeBooking, type ChangeResult, type RefundDestination } from '../../api/bookingChange.ts';
import { fetchSlots, seatsLeft, type Slot } from '../../api/bookingPricing.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { algeriaWallClock } from '../../../common/time.ts';
import { counts, dayStart, startsAtOf } from './newBooking.ts';
import { pricePreviewMachine } from './pricePreview.ts';

export interface BookingChangeForm {
  /** The booking's service (its extras, its slots). */
  service: ApiRecord;
  date: string;
  slotId: string | null;
  time: string;
  participants: Record<string, string>;
  extras: Record<string, string>;
}

export type BookingChangeField = 'date' | 'time' | 'participants' | 'extras';

/** The settlement's choices: used only when the change settles that way. */
export interface SettlementChoices {
  refundDestination: RefundDestination;
  sendLink: boolean;
  inviteeName: string;
  inviteePhone: string;
  inviteeEmail: string;
}

export interface BookingChangeInput {
  booking: ApiRecord;
  service: ApiRecord;
  /** The customer's email: the payment link's default invitee. */
  customerEmail: string | null;
}

export interface BookingChangeContext {
  bookingId: string;
  /** The version the change is prepared on (sent as `expected_version`). */
  version: number;
  /** The booking's slot and seats: its own seats count as free in that slot. */
  own: { slotId: string | null; seats: number };
  form: BookingChangeForm;
  choices: SettlementChoices;
  slots: Slot[];
  errors: Record<string, string[]>;
  detail: string | null;
  /** The booking as it is now, when it changed since the form was opened. */
  current: ApiRecord | null;
  result: ChangeResult | null;
}

export type BookingChangeEvent =
  | { type: 'field.changed'; field: BookingChangeField; value: unknown }
  | { type: 'slot.chosen'; slot: Slot }
  | { type: 'choice.changed'; choices: Partial<SettlementChoices> }
  | { type: 'slots.retry' }
  | { type: 'slots.reload' }
  | { type: 'confirm' }
  /** After a conflict: prepare the change on the current version, keeping the form. */
  | { type: 'conflict.reload' };

interface Failure {
  status?: number;
  detail?: string;
  body?: unknown;
  fieldErrors?: Record<string, string[]>;
}

const asText = (typed: Record<string, unknown>) => Object.fromEntries(Object.entries(typed).map(([k, v]) => [k, String(v ?? '')]));

/** The form as the booking is now. */
export function formOf(booking: ApiRecord, service: ApiRecord): BookingChangeForm {
  const wall = algeriaWallClock(String(booking.starts_at));
  const extras = (booking.extras ?? []) as { key: string; quantity: number }[];
  return {
    service,
    date: wall.slice(0, 10),
    slotId: (booking.slot_id as string | null) ?? null,
    time: wall.slice(11, 16),
    participants: asText((booking.participants ?? {}) as Record<string, unknown>),
    extras: Object.fromEntries(extras.map((e) => [e.key, String(e.quantity)])),
  };
}

/** The browser's checks before confirming (message ids); the server checks everything again. */
export function validateChange(form: BookingChangeForm, slots: Slot[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!startsAtOf(form, slots)) errors.starts_at = [form.date ? 'newBooking.slotRequired' : 'newBooking.startsAtRequired'];
  const people = counts(form.participants);
  if (!people) errors.participants = ['newBooking.participantsInvalid'];
  else if (Object.keys(people).length === 0) errors.participants = ['newBooking.participantsRequired'];
  if (!counts(form.extras)) errors.extras = ['newBooking.extrasInvalid'];
  return errors;
}

/** The body the preview prices and the change takes; null while it cannot be priced. */
export function changeRequest(form: BookingChangeForm, slots: Slot[]): Record<string, unknown> | null {
  if (Object.keys(validateChange(form, slots)).length > 0) return null;
  const extras = Object.entries(counts(form.extras)!).map(([key, quantity]) => ({ key, quantity }));
  return {
    ...(form.slotId ? { slot_id: form.slotId } : { starts_at: startsAtOf(form, slots) }),
    participants: counts(form.participants),
    extras,
  };
}

/** The change's body: the request, the version and the settlement's choices. */
export function changePayload(context: BookingChangeContext): Record<string, unknown> {
  const { choices } = context;
  return {
    ...changeRequest(context.form, context.slots),
    expected_version: context.version,
    refund_destination: choices.refundDestination,
    send_link: choices.sendLink,
    invitee_name: choices.inviteeName.trim() || null,
    invitee_phone: choices.inviteePhone.trim() || null,
    invitee_email: choices.inviteeEmail.trim() || null,
  };
}

const FIELD_ERRORS: Record<BookingChangeField, string[]> = {
  date: ['starts_at', 'slot_id'],
  time: ['starts_at'],
  participants: ['participants'],
  extras: ['extras'],
};
const withoutKeys = (errors: Record<string, string[]>, keys: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.some((key) => k === key || k.startsWith(`${key}.`))));

export const bookingChangeMachine = setup({
  types: {
    input: {} as BookingChangeInput,
    context: {} as BookingChangeContext,
    events: {} as BookingChangeEvent,
  },
  actors: {
    pricePreview: pricePreviewMachine,
    loadSlots: fromPromise<Slot[], { serviceId: string; date: string }>(({ input, signal }) =>
      fetchSlots(input.serviceId, dayStart(input.date), dayStart(input.date, 1), signal),
    ),
    changeBooking: fromPromise<ChangeResult, { bookingId: string; body: Record<string, unknown> }>(({ input }) => changeBooking(input.bookingId, input.body)),
  },
  actions: {
    assignField: assign(({ context }, p: { field: BookingChangeField; value: unknown }) => {
      const form = { ...context.form, [p.field]: p.value };
      // Another day: the slot and time chosen belonged to the old one.
      if (p.field === 'date') Object.assign(form, { slotId: null, time: '' });
      return { form, errors: withoutKeys(context.errors, FIELD_ERRORS[p.field]) };
    }),
    assignSlot: assign(({ context }, slot: Slot) => ({ form: { ...context.form, slotId: slot.id, time: '' }, errors: withoutKeys(context.errors, FIELD_ERRORS.date) })),
    assignChoices: assign(({ context }, choices: Partial<SettlementChoices>) => ({ choices: { ...context.choices, ...choices } })),
    /** The booking's own seats are free for it in its own slot. */
    assignSlots: assign(({ context }, slots: Slot[]) => ({
      slots: slots.map((s) => (s.id === context.own.slotId ? { ...s, booked: Math.max(0, s.booked - context.own.seats) } : s)),
    })),
    clearSlots: assign({ slots: [] }),
    reloadSlots: raise({ type: 'slots.reload' }),
    requestPreview: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('preview', { type: 'request.changed', request: changeRequest(context.form, context.slots) });
    }),
    refreshPreview: enqueueActions(({ enqueue }) => enqueue.sendTo('preview', { type: 'refresh' })),
    assignLocalErrors: assign(({ context }) => ({ errors: validateChange(context.form, context.slots), detail: null })),
    assignFailure: assign((_, failure: Failure) => ({ errors: failure.fieldErrors ?? {}, detail: failure.detail ?? 'bookingChange.failed' })),
    assignConflict: assign((_, failure: Failure) => ({ current: ((failure.body as { current?: ApiRecord } | undefined)?.current ?? null), detail: null, errors: {} })),
    takeCurrentVersion: assign(({ context }) => ({
      version: Number(context.current?.version ?? context.version),
      own: context.current ? { slotId: (context.current.slot_id as string | null) ?? null, seats: Number(context.current.participants_count ?? 0) } : context.own,
      current: null,
    })),
    assignResult: assign((_, result: ChangeResult) => ({ result, errors: {}, detail: null })),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(validateChange(context.form, context.slots)).length === 0,
    slotHasSeats: ({ context }, slot: Slot) => {
      const people = Object.values(counts(context.form.participants) ?? {}).reduce((a, b) => a + b, 0);
      return !slot.closed && seatsLeft(slot) >= Math.max(1, people);
    },
    movesSlots: (_, field: BookingChangeField) => field === 'date',
    canLoadSlots: ({ context }) => /^\d{4}-\d\d-\d\d$/.test(context.form.date),
    isConflict: (_, failure: Failure) => failure.status === 409 && !!(failure.body as { current?: unknown } | undefined)?.current,
  },
}).createMachine({
  id: 'bookingChange',
  description: 'Changing a booking: the server’s new price and settlement as the form changes, confirmed in one step; a booking changed meanwhile is a conflict.',
  type: 'parallel',
  context: ({ input }) => {
    const form = formOf(input.booking, input.service);
    return {
      bookingId: input.booking.id,
      version: Number(input.booking.version),
      own: { slotId: form.slotId, seats: Number(input.booking.participants_count ?? 0) },
      form,
      choices: {
        refundDestination: 'original_method',
        sendLink: true,
        inviteeName: String(input.booking.customer_name ?? ''),
        inviteePhone: String(input.booking.customer_phone ?? ''),
        inviteeEmail: input.customerEmail ?? '',
      },
      slots: [],
      errors: {},
      detail: null,
      current: null,
      result: null,
    };
  },
  invoke: { id: 'preview', src: 'pricePreview', input: ({ context }) => ({ read: 'bookingChangeQuote' as const, args: { bookingId: context.bookingId } }) },
  entry: 'reloadSlots',
  states: {
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'field.changed': [
              {
                guard: { type: 'movesSlots', params: ({ event }) => event.field },
                actions: [{ type: 'assignField', params: ({ event }) => event }, 'clearSlots', 'requestPreview', 'reloadSlots'],
              },
              { actions: [{ type: 'assignField', params: ({ event }) => event }, 'requestPreview'] },
            ],
            'slot.chosen': {
              guard: { type: 'slotHasSeats', params: ({ event }) => event.slot },
              actions: [{ type: 'assignSlot', params: ({ event }) => event.slot }, 'requestPreview'],
            },
            'choice.changed': { actions: { type: 'assignChoices', params: ({ event }) => event.choices } },
            confirm: [{ guard: 'isComplete', target: 'saving' }, { actions: 'assignLocalErrors' }],
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'changeBooking',
            src: 'changeBooking',
            input: ({ context }) => ({ bookingId: context.bookingId, body: changePayload(context) }),
            onDone: { target: 'done', actions: { type: 'assignResult', params: ({ event }) => event.output } },
            onError: [
              { guard: { type: 'isConflict', params: ({ event }) => event.error as Failure }, target: 'conflict', actions: { type: 'assignConflict', params: ({ event }) => event.error as Failure } },
              { target: 'editing', actions: { type: 'assignFailure', params: ({ event }) => event.error as Failure } },
            ],
          },
        },
        conflict: {
          description: 'The booking changed since the form was opened; nothing was written.',
          on: { 'conflict.reload': { target: 'editing', actions: ['takeCurrentVersion', 'clearSlots', 'reloadSlots', 'refreshPreview'] } },
        },
        done: { type: 'final', description: 'The booking is changed; the link or refund was made.' },
      },
    },
    slots: {
      initial: 'none',
      on: { 'slots.reload': { target: '.checking' } },
      states: {
        none: {},
        checking: { always: [{ guard: 'canLoadSlots', target: 'loading' }, { target: 'none' }] },
        loading: {
          invoke: {
            id: 'loadSlots',
            src: 'loadSlots',
            input: ({ context }) => ({ serviceId: context.form.service.id, date: context.form.date }),
            onDone: { target: 'loaded', actions: [{ type: 'assignSlots', params: ({ event }) => event.output }, 'requestPreview'] },
            onError: 'failed',
          },
        },
        loaded: {},
        failed: { on: { 'slots.retry': 'loading' } },
      },
    },
  },
});
