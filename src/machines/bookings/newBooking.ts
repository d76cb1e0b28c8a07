/**
 * The new-booking form (`/booking/new`): what is typed, the server's price as it changes
 * (a `pricePreview` child), the chosen service's slots on the chosen day with the seats
 * each has left, a customer created from the form, and the booking's creation.
 *
 * Regions: `form` (editing, submitting, created), `slots` (for the service and day),
 * `customer` (the new-customer dialog, open or closed: the customer is made by its own
 * command, `bookingNewCustomer`, and chosen here once made), `prefill` (the customer and
 * service the page was opened for, `?customer=<id>&service=<id>`, read and filled in).
 * A full or closed slot cannot be chosen (`slotHasSeats`); the server refuses an
 * overbooking anyway.
 */
import { assign, enqueueActions, fromPromise, raise, setup } from 'xstate';
import { fetchSlots, seatsLeft, type Slot } from '../../api/bookingPricing.ts';
import { createRecord, fetchRecord, type ApiRecord } from '../../api/resources.ts';
import { CUSTOMER_TYPES } from '../../../common/catalogValues.ts';
import { algeriaInstant } from '../../../common/time.ts';
import { pricePreviewMachine } from './pricePreview.ts';

export interface NewBookingForm {
  customer: ApiRecord | null;
  service: ApiRecord | null;
  /** The day, `YYYY-MM-DD` in the browser's time zone ('' until chosen). */
  date: string;
  /** The chosen slot, or null (none chosen, or the service has no slots that day). */
  slotId: string | null;
  /** `HH:MM` on `date` when the service has no slots that day. */
  time: string;
  /** Participants per customer type, as typed. */
  participants: Record<string, string>;
  /** Quantity per extra key, as typed. */
  extras: Record<string, string>;
  couponCode: string;
  paymentMethod: string;
  notes: string;
}

export type NewBookingField = keyof NewBookingForm;

/** The customer and service the form was opened for (a personal service's "Book"), by id. */
export interface NewBookingInput {
  customerId?: string | null;
  serviceId?: string | null;
}

/** The prefill read: each record, or null when none was asked for. */
export interface Prefill {
  customer: ApiRecord | null;
  service: ApiRecord | null;
}

export interface NewBookingContext {
  form: NewBookingForm;
  slots: Slot[];
  /** Errors at fields: the browser's checks (message ids) and the server's refusals. */
  errors: Record<string, string[]>;
  /** The server's words when it refused the booking. */
  detail: string | null;
  prefill: Required<NewBookingInput>;
  /** Why the prefill could not be read (shown with a retry). */
  prefillError: string | null;
  created: ApiRecord | null;
  /** Submits refused so far (by the browser's checks or the server): the view focuses the first field at fault on each. */
  attempt: number;
}

export type NewBookingEvent =
  | { type: 'field.changed'; field: NewBookingField; value: unknown }
  | { type: 'slot.chosen'; slot: Slot }
  | { type: 'customer.open' }
  | { type: 'customer.cancel' }
  /** The new customer was made (the dialog's command): the form chooses them. */
  | { type: 'customer.created'; customer: ApiRecord }
  | { type: 'prefill.retry' }
  | { type: 'slots.retry' }
  /** Raised when the service or the day changes. */
  | { type: 'slots.reload' }
  | { type: 'submit' };

export const EMPTY_NEW_BOOKING: NewBookingForm = {
  customer: null,
  service: null,
  date: '',
  slotId: null,
  time: '',
  participants: Object.fromEntries(CUSTOMER_TYPES.map((t) => [t, t === 'adult' ? '1' : '0'])),
  extras: {},
  couponCode: '',
  paymentMethod: 'unpaid',
  notes: '',
};

/** The request field each form field's errors come back under. */
export const ERROR_KEYS: Record<NewBookingField, string[]> = {
  customer: ['customer_id'],
  service: ['service_id'],
  date: ['starts_at', 'slot_id'],
  slotId: ['starts_at', 'slot_id'],
  time: ['starts_at'],
  participants: ['participants'],
  extras: ['extras'],
  couponCode: ['coupon_code'],
  paymentMethod: ['payment_method'],
  notes: ['notes'],
};

/** How many people the participants typed are (what is not a whole number counts for none). */
export const peopleOf = (typed: Record<string, string>) => Object.values(typed).reduce((sum, v) => sum + (Number(v) > 0 ? Number(v) : 0), 0);

/** What a slot offers `people`: its seats left, whether it is full (or closed), or too small for them. */
export function slotOffer(slot: Slot, people: number): { left: number; full: boolean; tooSmall: boolean } {
  const left = seatsLeft(slot);
  const full = slot.closed || left === 0;
  return { left, full, tooSmall: !full && left < people };
}

/** Counts per key as typed ('' is 0); null when one is not a whole number of at least 0. */
export const counts = (typed: Record<string, string>): Record<string, number> | null => {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(typed)) {
    const n = value.trim() === '' ? 0 : Number(value);
    if (!Number.isInteger(n) || n < 0) return null;
    if (n > 0) out[key] = n;
  }
  return out;
};

/** Midnight of a `YYYY-MM-DD` day in Algeria (plus whole days), as an ISO instant. */
export const dayStart = (date: string, plusDays = 0) =>
  new Date(Date.parse(algeriaInstant(date)) + plusDays * 86_400_000).toISOString();

/** When the booking starts: the slot's start, or the day and time typed; '' until known. */
export function startsAtOf(form: Pick<NewBookingForm, 'slotId' | 'date' | 'time'>, slots: Slot[]): string {
  if (form.slotId) return slots.find((s) => s.id === form.slotId)?.starts_at ?? '';
  if (!form.date || !/^\d\d:\d\d$/.test(form.time)) return '';
  return algeriaInstant(form.date, form.time);
}

/** Checks the browser can make before sending; the server checks everything again. Values are message ids. */
export function validateNewBooking(form: NewBookingForm, slots: Slot[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!form.customer) errors.customer_id = ['newBooking.customerRequired'];
  if (!form.service) errors.service_id = ['newBooking.serviceRequired'];
  else if (!startsAtOf(form, slots)) errors.starts_at = [form.date ? 'newBooking.slotRequired' : 'newBooking.startsAtRequired'];
  const people = counts(form.participants);
  if (!people) errors.participants = ['newBooking.participantsInvalid'];
  else if (Object.keys(people).length === 0) errors.participants = ['newBooking.participantsRequired'];
  if (!counts(form.extras)) errors.extras = ['newBooking.extrasInvalid'];
  return errors;
}

/** The body of `POST bookings/` (the server prices it); the preview takes the same body. */
export function newBookingPayload(form: NewBookingForm, slots: Slot[]): Record<string, unknown> {
  const startsAt = startsAtOf(form, slots);
  const extras = Object.entries(counts(form.extras) ?? {}).map(([key, quantity]) => ({ key, quantity }));
  const body: Record<string, unknown> = {
    service_id: form.service?.id,
    participants: counts(form.participants) ?? {},
    channel: 'back_office',
    payment_method: form.paymentMethod,
  };
  if (form.customer) body.customer_id = form.customer.id;
  if (form.slotId) body.slot_id = form.slotId;
  else if (startsAt) body.starts_at = startsAt;
  if (extras.length > 0) body.extras = extras;
  if (form.couponCode.trim()) body.coupon_code = form.couponCode.trim();
  if (form.notes.trim()) body.notes = form.notes.trim();
  return body;
}

/** What the preview prices: null until a service and at least one participant are known. */
export function previewRequest(form: NewBookingForm, slots: Slot[]): Record<string, unknown> | null {
  const people = counts(form.participants);
  if (!form.service || !people || Object.keys(people).length === 0 || !counts(form.extras)) return null;
  const { notes: _notes, channel: _channel, ...body } = newBookingPayload(form, slots);
  // A coupon is priced once it has the shape of one; half-typed codes are not sent.
  if (typeof body.coupon_code === 'string' && !/^[A-Za-z0-9_-]{3,40}$/.test(body.coupon_code)) delete body.coupon_code;
  return body;
}

/** What a failed request carries (the API client's error). */
interface Failure {
  status?: number;
  detail?: string;
  fieldErrors?: Record<string, string[]>;
}

const withoutKeys = (errors: Record<string, string[]>, keys: string[]) =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => !keys.some((key) => k === key || k.startsWith(`${key}.`))));

export const newBookingMachine = setup({
  types: {
    input: {} as NewBookingInput | undefined,
    context: {} as NewBookingContext,
    events: {} as NewBookingEvent,
  },
  actors: {
    pricePreview: pricePreviewMachine,
    loadSlots: fromPromise<Slot[], { serviceId: string; date: string }>(({ input, signal }) =>
      fetchSlots(input.serviceId, dayStart(input.date), dayStart(input.date, 1), signal),
    ),
    loadPrefill: fromPromise<Prefill, Required<NewBookingInput>>(async ({ input, signal }) => {
      const [customer, service] = await Promise.all([
        input.customerId ? fetchRecord('customers', input.customerId, signal) : null,
        input.serviceId ? fetchRecord('services', input.serviceId, signal) : null,
      ]);
      return { customer, service };
    }),
    createBooking: fromPromise<ApiRecord, Record<string, unknown>>(({ input }) => createRecord('bookings', input)),
  },
  actions: {
    assignField: assign(({ context }, p: { field: NewBookingField; value: unknown }) => {
      const form = { ...context.form, [p.field]: p.value };
      // Another service or day: the slot and time chosen belonged to the old one; extras to the old service.
      if (p.field === 'service' || p.field === 'date') Object.assign(form, { slotId: null, time: '' });
      if (p.field === 'service') form.extras = {};
      return { form, errors: withoutKeys(context.errors, ERROR_KEYS[p.field]) };
    }),
    assignSlot: assign(({ context }, slot: Slot) => ({
      form: { ...context.form, slotId: slot.id, time: '' },
      errors: withoutKeys(context.errors, ERROR_KEYS.slotId),
    })),
    assignSlots: assign((_, slots: Slot[]) => ({ slots })),
    clearSlots: assign({ slots: [] }),
    reloadSlots: raise({ type: 'slots.reload' }),
    /** Asks the preview child to price the form as it is now. */
    requestPreview: enqueueActions(({ context, enqueue }) => {
      enqueue.sendTo('preview', { type: 'request.changed', request: previewRequest(context.form, context.slots) });
    }),
    assignLocalErrors: assign(({ context }) => ({ errors: validateNewBooking(context.form, context.slots), detail: null, attempt: context.attempt + 1 })),
    assignSubmitFailure: assign(({ context }, failure: Failure) => {
      return { errors: failure.fieldErrors ?? {}, detail: failure.detail ?? 'newBooking.failed', attempt: context.attempt + 1 };
    }),
    assignCreated: assign((_, booking: ApiRecord) => ({ created: booking })),
    /** The records the page was opened for, as if chosen (another service: its slots and extras start over). */
    assignPrefill: assign(({ context }, prefill: Prefill) => {
      const form = { ...context.form };
      if (prefill.customer) form.customer = prefill.customer;
      if (prefill.service) Object.assign(form, { service: prefill.service, slotId: null, time: '', extras: {} });
      return { form, prefillError: null };
    }),
    assignPrefillError: assign((_, failure: Failure) => ({ prefillError: failure.detail || 'toast.requestFailed' })),
    selectCreatedCustomer: assign(({ context }, customer: ApiRecord) => ({
      form: { ...context.form, customer },
      errors: withoutKeys(context.errors, ERROR_KEYS.customer),
    })),
  },
  guards: {
    isComplete: ({ context }) => Object.keys(validateNewBooking(context.form, context.slots)).length === 0,
    /** A closed slot or one without the seats asked for cannot be chosen. */
    slotHasSeats: ({ context }, slot: Slot) => {
      const people = Object.values(counts(context.form.participants) ?? {}).reduce((a, b) => a + b, 0);
      return !slot.closed && seatsLeft(slot) >= Math.max(1, people);
    },
    hasPrefill: ({ context }) => !!(context.prefill.customerId || context.prefill.serviceId),
    movesSlots: (_, field: NewBookingField) => field === 'service' || field === 'date',
    canLoadSlots: ({ context }) => !!context.form.service && /^\d{4}-\d\d-\d\d$/.test(context.form.date),
  },
}).createMachine({
  id: 'newBooking',
  description: 'The new-booking form: the server’s price as it changes, slots with their seats left, a customer created from the form, the booking made.',
  type: 'parallel',
  context: ({ input }) => ({
    form: EMPTY_NEW_BOOKING,
    slots: [],
    errors: {},
    detail: null,
    prefill: { customerId: input?.customerId ?? null, serviceId: input?.serviceId ?? null },
    prefillError: null,
    created: null,
    attempt: 0,
  }),
  invoke: { id: 'preview', src: 'pricePreview', input: { read: 'bookingQuote' } },
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
            submit: [{ guard: 'isComplete', target: 'submitting' }, { actions: 'assignLocalErrors' }],
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'createBooking',
            src: 'createBooking',
            input: ({ context }) => newBookingPayload(context.form, context.slots),
            onDone: { target: 'created', actions: { type: 'assignCreated', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: { type: 'assignSubmitFailure', params: ({ event }) => event.error as Failure } },
          },
        },
        created: { type: 'final', description: 'The booking exists; the page opens it.' },
      },
    },
    slots: {
      initial: 'none',
      on: { 'slots.reload': { target: '.checking' } },
      states: {
        none: { description: 'No service or no day chosen yet.' },
        checking: {
          always: [{ guard: 'canLoadSlots', target: 'loading' }, { target: 'none' }],
        },
        loading: {
          invoke: {
            id: 'loadSlots',
            src: 'loadSlots',
            input: ({ context }) => ({ serviceId: context.form.service!.id, date: context.form.date }),
            onDone: { target: 'loaded', actions: [{ type: 'assignSlots', params: ({ event }) => event.output }, 'requestPreview'] },
            onError: 'failed',
          },
        },
        loaded: { description: 'The service’s slots that day, each with its seats left (none: a time is typed instead).' },
        failed: { on: { 'slots.retry': 'loading' } },
      },
    },
    customer: {
      initial: 'closed',
      states: {
        closed: { on: { 'customer.open': 'open' } },
        open: {
          description: 'The new-customer dialog: its command makes the customer.',
          on: {
            'customer.cancel': 'closed',
            'customer.created': { target: 'closed', actions: [{ type: 'selectCreatedCustomer', params: ({ event }) => event.customer }, 'requestPreview'] },
          },
        },
      },
    },
    prefill: {
      initial: 'starting',
      states: {
        starting: { always: [{ guard: 'hasPrefill', target: 'loading' }, { target: 'done' }] },
        loading: {
          invoke: {
            id: 'loadPrefill',
            src: 'loadPrefill',
            input: ({ context }) => context.prefill,
            onDone: { target: 'done', actions: [{ type: 'assignPrefill', params: ({ event }) => event.output }, 'clearSlots', 'requestPreview', 'reloadSlots'] },
            onError: { target: 'failed', actions: { type: 'assignPrefillError', params: ({ event }) => event.error as Failure } },
          },
        },
        failed: { description: 'The customer or service asked for could not be read; shown with a retry.', on: { 'prefill.retry': 'loading' } },
        done: { type: 'final' },
      },
    },
  },
});
