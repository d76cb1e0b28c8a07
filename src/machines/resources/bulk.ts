/**
 * Moving records along their lifecycle from a list: one row (a row's action) or every
 * selected row (a bulk action). Each record is sent with its own version; a refusal (a
 * stale version, a state the chart does not allow any more, a missing reason) does not
 * stop the others, and every refusal is kept with the server's words for the report, so
 * none is dropped silently.
 */
import { assign, fromPromise, setup } from 'xstate';
import { transitionRecord } from '../../api/resources.ts';

export interface BulkRow {
  id: string;
  version: number;
  /** How people know the record (a booking's ref), for the report. */
  label: string;
}

export interface BulkRefusal {
  id: string;
  label: string;
  detail: string;
}

export interface BulkOutcome {
  done: string[];
  refused: BulkRefusal[];
}

export interface BulkInput {
  resource: string;
}

export interface BulkContext extends BulkOutcome {
  resource: string;
  event: string | null;
  rows: BulkRow[];
  payload: Record<string, unknown>;
}

export type BulkEvent =
  | { type: 'run'; event: string; rows: BulkRow[]; payload?: Record<string, unknown> }
  | { type: 'dismiss' };

interface FailedRequest {
  detail?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
}

/** The server's words for a refusal: its detail and any field messages. */
export function refusalDetail(error: unknown): string {
  const e = (error ?? {}) as FailedRequest;
  const fields = Object.values(e.fieldErrors ?? {}).flat();
  return [e.detail ?? e.message ?? '', ...fields].filter(Boolean).join(' ');
}

export const bulkMachine = setup({
  types: {
    input: {} as BulkInput,
    context: {} as BulkContext,
    events: {} as BulkEvent,
  },
  actors: {
    transitionEach: fromPromise<BulkOutcome, { resource: string; event: string; rows: BulkRow[]; payload: Record<string, unknown> }>(
      async ({ input }) => {
        const outcome: BulkOutcome = { done: [], refused: [] };
        // One at a time: the server judges each against what the previous ones changed.
        for (const row of input.rows) {
          try {
            await transitionRecord(input.resource, row.id, input.event, row.version, input.payload);
            outcome.done.push(row.id);
          } catch (error) {
            outcome.refused.push({ id: row.id, label: row.label, detail: refusalDetail(error) });
          }
        }
        return outcome;
      },
    ),
  },
  actions: {
    assignRun: assign((_, run: { event: string; rows: BulkRow[]; payload?: Record<string, unknown> }) => ({
      event: run.event,
      rows: run.rows,
      payload: run.payload ?? {},
      done: [],
      refused: [],
    })),
    assignOutcome: assign((_, outcome: BulkOutcome) => outcome),
    /** The whole request failed before any row was tried (offline, say): every row is reported. */
    assignFailure: assign(({ context }, error: unknown) => ({
      done: [],
      refused: context.rows.map((row) => ({ id: row.id, label: row.label, detail: refusalDetail(error) })),
    })),
    clear: assign({ event: null, rows: [], payload: {}, done: [], refused: [] }),
  },
  guards: {
    hasRows: ({ event }) => event.type === 'run' && event.rows.length > 0,
  },
}).createMachine({
  id: 'bulk',
  context: ({ input }) => ({ resource: input.resource, event: null, rows: [], payload: {}, done: [], refused: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        run: { guard: 'hasRows', target: 'running', actions: { type: 'assignRun', params: ({ event }) => event } },
      },
    },
    running: {
      tags: ['busy'],
      description: 'Sends the event to each record in turn, each with its own version.',
      invoke: {
        id: 'transitionEach',
        src: 'transitionEach',
        input: ({ context }) => ({ resource: context.resource, event: context.event ?? '', rows: context.rows, payload: context.payload }),
        onDone: { target: 'reported', actions: { type: 'assignOutcome', params: ({ event }) => event.output } },
        onError: { target: 'reported', actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    reported: {
      description: 'What was done and each refusal with its reason, until dismissed or another run.',
      on: {
        run: { guard: 'hasRows', target: 'running', actions: { type: 'assignRun', params: ({ event }) => event } },
        dismiss: { target: 'idle', actions: 'clear' },
      },
    },
  },
});
