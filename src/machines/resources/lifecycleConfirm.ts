/**
 * The confirmation of a lifecycle action on a list's rows (one row's button, or the bulk
 * bar's for the selected rows): the question is asked, with the reason the chart's guards
 * want (a code of the action's kind and, where it asks, free text), and the action goes
 * to the bulk machine (./bulk.ts, a child here) only once the reason is complete. Whether
 * a reason is wanted and complete is the chart's and the reason codes' answer, which the
 * `confirm` event carries.
 */
import { assign, sendTo, setup, type ActorRefFrom } from 'xstate';
import { bulkMachine, type BulkRow } from './bulk.ts';

/** A reason as the user gives it: a code of the action's kind ('' when none is chosen) and free text. */
export interface ReasonValue {
  code: string;
  text: string;
}
export const NO_REASON: ReasonValue = { code: '', text: '' };

/** What a request carries: the code and, when given, the free text. */
export function reasonPayload(value: ReasonValue): { reason_code?: string; reason?: string } {
  const text = value.text.trim();
  return { ...(value.code ? { reason_code: value.code } : {}), ...(text ? { reason: text } : {}) };
}

/** The bulk run of a confirmed action (its report, row by row). */
export type BulkActor = ActorRefFrom<typeof bulkMachine>;

/** A row an action applies to, as the list holds it. */
export interface ConfirmedRow {
  id: string;
  version: number;
  status: string;
  [field: string]: unknown;
}

export interface LifecycleConfirmContext {
  resource: string;
  /** The chart's event asked about, and the rows it applies to. */
  event: string | null;
  rows: readonly ConfirmedRow[];
  reason: ReasonValue;
  /** A confirm came without the reason the chart wants: the field says what is missing. */
  missing: boolean;
}

export type LifecycleConfirmEvent =
  | { type: 'ask'; event: string; rows: readonly ConfirmedRow[] }
  | { type: 'reason.changed'; value: ReasonValue }
  | { type: 'cancel' }
  /**
   * Yes: `withReason` whether the chart wants a reason from any of the rows, `complete`
   * whether the one given will do; `rows` as the report names them.
   */
  | { type: 'confirm'; withReason: boolean; complete: boolean; rows: readonly BulkRow[] };

export const lifecycleConfirmMachine = setup({
  types: {
    input: {} as { resource: string },
    context: {} as LifecycleConfirmContext,
    events: {} as LifecycleConfirmEvent,
  },
  actors: {
    bulk: bulkMachine,
  },
  actions: {
    assignAsked: assign((_, asked: { event: string; rows: readonly ConfirmedRow[] }) => ({ event: asked.event, rows: asked.rows, reason: NO_REASON, missing: false })),
    assignReason: assign((_, reason: ReasonValue) => ({ reason })),
    markMissing: assign({ missing: true }),
    forget: assign({ event: null, rows: [], reason: NO_REASON, missing: false }),
    run: sendTo('bulk', ({ context }, confirmed: { withReason: boolean; rows: readonly BulkRow[] }) => ({
      type: 'run' as const,
      event: context.event ?? '',
      rows: [...confirmed.rows],
      payload: confirmed.withReason ? reasonPayload(context.reason) : {},
    })),
  },
  guards: {
    reasonMissing: (_, confirmed: { withReason: boolean; complete: boolean }) => confirmed.withReason && !confirmed.complete,
  },
}).createMachine({
  id: 'lifecycleConfirm',
  context: ({ input }) => ({ resource: input.resource, event: null, rows: [], reason: NO_REASON, missing: false }),
  invoke: { id: 'bulk', src: 'bulk', input: ({ context }) => ({ resource: context.resource }) },
  initial: 'closed',
  states: {
    closed: {
      on: { ask: { target: 'asking', actions: { type: 'assignAsked', params: ({ event }) => event } } },
    },
    asking: {
      description: 'The question is shown, with the reason field when the chart wants one.',
      on: {
        'reason.changed': { actions: { type: 'assignReason', params: ({ event }) => event.value } },
        cancel: { target: 'closed', actions: 'forget' },
        confirm: [
          { guard: { type: 'reasonMissing', params: ({ event }) => event }, actions: 'markMissing' },
          { target: 'closed', actions: [{ type: 'run', params: ({ event }) => event }, 'forget'] },
        ],
      },
    },
  },
});
