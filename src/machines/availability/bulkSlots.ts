/**
 * Slots in bulk, as the operator types them: a date range, days of the week, start times
 * (typed as text: "09:00, 14:30"), a capacity and a duration. How many slots that makes
 * is known as it is typed (`bulkCount`); what is missing is said before anything is sent;
 * one request creates them all. The answer (created, skipped, past) stays shown while the
 * next batch is typed. The server's refusal shows at its fields, or above the form, and
 * what was typed stays.
 */
import { assign, emit, fromPromise, setup } from 'xstate';
import type { BulkResult } from '../../api/availability.ts';
import { runCommand } from '../../api/commands.ts';
import type { SlotsBulkInput } from '../../../common/availabilitySchemas.ts';
import { BULK_SLOTS_MAX, bulkStarts } from '../../../common/availabilityRules.ts';
import type { FieldErrors } from '../resources/validation.ts';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

export interface BulkSlotsDraft {
  from: string | null;
  to: string | null;
  /** 0 = Sunday … 6 = Saturday. */
  weekdays: number[];
  /** Start times as typed, separated by spaces, commas or semicolons. */
  times: string;
  capacity: number | null;
  /** Minutes; the service's duration when empty. */
  duration: number | null;
}

export interface BulkSlotsInput {
  serviceId: string;
  draft: BulkSlotsDraft;
}

export interface BulkSlotsContext extends BulkSlotsInput {
  /** At the request's field names (`start_times`, `duration_minutes`). */
  errors: FieldErrors;
  /** A refusal that names no field. */
  failure: string | null;
  /** The last batch created. */
  result: BulkResult | null;
}

export type BulkSlotsEvent = { type: 'changed'; changes: Partial<BulkSlotsDraft> } | { type: 'submit' };

/** The start times typed, each once. */
export const startTimes = (times: string) => [...new Set(times.split(/[\s,;]+/).filter(Boolean))];

/** How many slots the draft makes (more than BULK_SLOTS_MAX when too many); 0 while it is incomplete. */
export function bulkCount(draft: BulkSlotsDraft): number {
  const times = startTimes(draft.times);
  if (!draft.from || !draft.to || draft.weekdays.length === 0 || times.length === 0 || !times.every((t) => TIME.test(t))) return 0;
  return bulkStarts({ from: draft.from, to: draft.to, weekdays: draft.weekdays, start_times: times })?.length ?? BULK_SLOTS_MAX + 1;
}

/** What the draft misses before it can be sent, at the request's field names (message ids). */
export function bulkProblems(draft: BulkSlotsDraft): FieldErrors {
  const problems: FieldErrors = {};
  const times = startTimes(draft.times);
  if (!draft.from) problems.from = ['availability.required'];
  if (!draft.to) problems.to = ['availability.required'];
  if (draft.weekdays.length === 0) problems.weekdays = ['availability.chooseDays'];
  if (times.length === 0 || !times.every((t) => TIME.test(t))) problems.start_times = ['availability.timesFormat'];
  if (draft.capacity === null) problems.capacity = ['availability.required'];
  return problems;
}

/** The draft's fields named as the request names them. */
const REQUEST_FIELD: Record<keyof BulkSlotsDraft, string> = {
  from: 'from',
  to: 'to',
  weekdays: 'weekdays',
  times: 'start_times',
  capacity: 'capacity',
  duration: 'duration_minutes',
};

const requestOf = (context: BulkSlotsContext): SlotsBulkInput => ({
  service_id: context.serviceId,
  from: context.draft.from!,
  to: context.draft.to!,
  weekdays: context.draft.weekdays,
  start_times: startTimes(context.draft.times),
  capacity: context.draft.capacity!,
  ...(context.draft.duration ? { duration_minutes: context.draft.duration } : {}),
});

interface Refusal {
  detail?: string;
  message?: string;
  fieldErrors?: FieldErrors;
}

export const bulkSlotsMachine = setup({
  types: {
    input: {} as BulkSlotsInput,
    context: {} as BulkSlotsContext,
    events: {} as BulkSlotsEvent,
    emitted: {} as { type: 'created'; result: BulkResult },
  },
  actors: {
    createSlots: fromPromise<BulkResult, SlotsBulkInput>(({ input }) => runCommand('availabilityCreateSlots', input)),
  },
  actions: {
    assignChanges: assign(({ context }, changes: Partial<BulkSlotsDraft>) => {
      const touched = new Set(Object.keys(changes).map((name) => REQUEST_FIELD[name as keyof BulkSlotsDraft]));
      const errors = Object.fromEntries(Object.entries(context.errors).filter(([path]) => !touched.has(path.split('.')[0]!)));
      return { draft: { ...context.draft, ...changes }, errors };
    }),
    assignProblems: assign(({ context }) => ({ errors: bulkProblems(context.draft), failure: null })),
    clearErrors: assign({ errors: {}, failure: null }),
    assignResult: assign((_, result: BulkResult) => ({ result })),
    announceCreated: emit((_, result: BulkResult) => ({ type: 'created' as const, result })),
    assignRefusal: assign((_, error: Refusal) => {
      const errors = error.fieldErrors ?? {};
      return Object.keys(errors).length > 0 ? { errors, failure: null } : { errors: {}, failure: error.detail || error.message || 'toast.requestFailed' };
    }),
  },
  guards: {
    hasProblems: ({ context }) => Object.keys(bulkProblems(context.draft)).length > 0,
  },
}).createMachine({
  id: 'bulkSlots',
  description: 'Slots in bulk: days of the week × start times × a date range, checked, then sent in one request.',
  context: ({ input }) => ({ ...input, errors: {}, failure: null, result: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        changed: { actions: { type: 'assignChanges', params: ({ event }) => event.changes } },
        submit: [{ guard: 'hasProblems', actions: 'assignProblems' }, { target: 'creating', actions: 'clearErrors' }],
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createSlots',
        src: 'createSlots',
        input: ({ context }) => requestOf(context),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'assignResult', params: ({ event }) => event.output },
            { type: 'announceCreated', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }) => event.error as Refusal } },
      },
    },
  },
});
