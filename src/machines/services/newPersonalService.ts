/**
 * A personal service made from one of the vendor's public services: for whom, when, how
 * many seats and at what price per customer type. Choosing the service fills the seats
 * (when still empty) and one price row per customer type it prices. What is missing is
 * said at its field before anything is sent; only the prices filled in are sent, so the
 * server's errors about them (`prices.1` is the second one sent) are shown at the row the
 * user filled in. What the user typed stays after a refusal.
 */
import { assign, fromPromise, setup } from 'xstate';
import { runCommand } from '../../api/commands.ts';
import type { PersonalServiceBody } from '../../api/prices.ts';
import type { ApiRecord } from '../../api/resources.ts';
import type { FieldErrors } from '../resources/validation.ts';

export interface PriceDraft {
  customer_type: string;
  amount: number | null;
  per: 'person' | 'booking';
}

export interface NewPersonalServiceContext {
  base: ApiRecord | null;
  customer: ApiRecord | null;
  starts_at: string | null;
  capacity: number | null;
  prices: PriceDraft[];
  /** At the form's names: `base`, `customer_id`, `starts_at`, `capacity`, `prices` and `prices.<row>`. */
  errors: FieldErrors;
  /** A refusal that names no field (a message id or the server's words). */
  detail: string | null;
  /** The rows sent, in the order sent: the server's `prices.<k>` is row `sentRows[k]`. */
  sentRows: number[];
  created: ApiRecord | null;
  /** How many times the form was refused, before sending or by the server (the form moves the focus to the first field named). */
  refusals: number;
}

export type NewPersonalServiceEvent =
  | { type: 'base.chosen'; service: ApiRecord | null }
  | { type: 'customer.chosen'; customer: ApiRecord | null }
  | { type: 'startsAt.changed'; value: string | null }
  | { type: 'capacity.changed'; value: number | null }
  | { type: 'price.changed'; index: number; change: Partial<PriceDraft> }
  | { type: 'submit' };

/** The rows with a price, as indexes of the form's rows. */
const filledRows = (prices: readonly PriceDraft[]) => prices.flatMap((p, i) => (p.amount != null && p.amount > 0 ? [i] : []));

/** What the form misses before it can be sent (message ids at the form's names); `now` in ms. */
export function personalServiceProblems(context: Pick<NewPersonalServiceContext, 'base' | 'customer' | 'starts_at' | 'capacity' | 'prices'>, now: number): FieldErrors {
  const problems: FieldErrors = {};
  if (!context.base) problems.base = ['personal.serviceRequired'];
  if (!context.customer) problems.customer_id = ['personal.customerRequired'];
  if (!context.starts_at) problems.starts_at = ['personal.dateRequired'];
  else if (Date.parse(context.starts_at) <= now) problems.starts_at = ['personal.dateFuture'];
  if (context.capacity == null || context.capacity < 1) problems.capacity = ['personal.capacityRequired'];
  if (context.base && filledRows(context.prices).length === 0) problems.prices = ['personal.priceRequired'];
  return problems;
}

/** The seats a new personal service starts with: the service's group limit, never more than its capacity. */
const seatsOf = (service: ApiRecord) => Math.min(Number(service.max_participants ?? service.capacity), Number(service.capacity));

interface Refusal {
  status?: number;
  detail?: string;
  fieldErrors?: FieldErrors;
}

type Request = PersonalServiceBody & { baseId: string };

export const newPersonalServiceMachine = setup({
  types: {
    context: {} as NewPersonalServiceContext,
    events: {} as NewPersonalServiceEvent,
    output: {} as { service: ApiRecord },
  },
  actors: {
    createPersonal: fromPromise<{ service: ApiRecord }, Request>(({ input }) => runCommand('servicesCreatePersonal', input)),
  },
  actions: {
    chooseBase: assign(({ context }, service: ApiRecord | null) => {
      const { base: _base, ...errors } = context.errors;
      if (!service) return { base: null, errors };
      const types = (service.customer_types as string[] | undefined) ?? ['adult'];
      return {
        base: service,
        errors,
        capacity: context.capacity ?? seatsOf(service),
        prices: types.map((type) => ({ customer_type: type, amount: null, per: 'person' as const })),
      };
    }),
    chooseCustomer: assign(({ context }, customer: ApiRecord | null) => {
      const { customer_id: _customer, ...errors } = context.errors;
      return { customer, errors };
    }),
    assignStartsAt: assign((_, value: string | null) => ({ starts_at: value })),
    assignCapacity: assign((_, value: number | null) => ({ capacity: value })),
    assignPrice: assign(({ context }, change: { index: number; change: Partial<PriceDraft> }) => ({
      prices: context.prices.map((p, i) => (i === change.index ? { ...p, ...change.change } : p)),
    })),
    assignProblems: assign(({ context }) => ({ errors: personalServiceProblems(context, Date.now()), detail: null, refusals: context.refusals + 1 })),
    startSending: assign(({ context }) => ({ errors: {}, detail: null, sentRows: filledRows(context.prices) })),
    assignRefusal: assign(({ context }, error: Refusal) => {
      // The server counts only the prices sent; the form counts every row.
      const errors = Object.fromEntries(
        Object.entries(error.fieldErrors ?? {}).map(([path, messages]) => [
          path.replace(/^prices\.(\d+)/, (all, k: string) => (context.sentRows[Number(k)] !== undefined ? `prices.${context.sentRows[Number(k)]}` : all)),
          messages,
        ]),
      );
      const detail = error.status === 404 ? 'personal.serviceGone' : Object.keys(errors).length === 0 ? (error.detail ?? 'personal.failed') : null;
      return { errors, detail, refusals: context.refusals + 1 };
    }),
    assignCreated: assign((_, created: { service: ApiRecord }) => ({ created: created.service })),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(personalServiceProblems(context, Date.now())).length > 0,
  },
}).createMachine({
  id: 'newPersonalService',
  description: 'A personal service from a public one: for whom, when, how many seats, at what prices.',
  context: { base: null, customer: null, starts_at: null, capacity: null, prices: [], errors: {}, detail: null, sentRows: [], created: null, refusals: 0 },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'base.chosen': { actions: { type: 'chooseBase', params: ({ event }) => event.service } },
        'customer.chosen': { actions: { type: 'chooseCustomer', params: ({ event }) => event.customer } },
        'startsAt.changed': { actions: { type: 'assignStartsAt', params: ({ event }) => event.value } },
        'capacity.changed': { actions: { type: 'assignCapacity', params: ({ event }) => event.value } },
        'price.changed': { actions: { type: 'assignPrice', params: ({ event }) => event } },
        submit: [{ guard: 'hasProblems', actions: 'assignProblems' }, { target: 'creating', actions: 'startSending' }],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createPersonal',
        src: 'createPersonal',
        input: ({ context }) => ({
          baseId: context.base!.id,
          customer_id: context.customer!.id,
          starts_at: context.starts_at!,
          capacity: context.capacity!,
          prices: context.sentRows.map((i) => ({ customer_type: context.prices[i]!.customer_type, amount: context.prices[i]!.amount!, per: context.prices[i]!.per })),
        }),
        onDone: { target: 'created', actions: { type: 'assignCreated', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }) => event.error as Refusal } },
      },
    },
    created: { type: 'final' },
  },
  output: ({ context }) => ({ service: context.created! }),
});
