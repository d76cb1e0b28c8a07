/**
 * A one-shot form sent to the server (reconcile a payment, refund a booking, invite a
 * user): the user edits the values, the browser checks what it can (the fields' limits),
 * the command is sent, and it ends `done` with the server's answer or back at `editing`
 * with the server's refusal: at its fields when it names them, above the form otherwise.
 * What the user typed is never lost on the way. The command itself is an actor looked up
 * by name (src/api/commands.ts), swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { runCommand, type CommandName } from '../../api/commands.ts';
import { validateDraft, type FieldErrors, type Limits } from './validation.ts';

export type Values = Record<string, unknown>;

export interface CommandMachineInput {
  command: CommandName;
  /** What the form starts with. */
  values?: Values;
  /** What the form does not show but the command needs (the record's id and version). */
  fixed?: Values;
  /** The limits of each field, checked before sending (required, lengths, ranges). */
  limits?: Limits;
  /** What to say of a field left empty, when "required" says too little ("Write a note saying why"). */
  requiredMessages?: Record<string, string>;
}

export interface CommandContext {
  command: CommandName;
  values: Values;
  fixed: Values;
  limits: Limits;
  requiredMessages: Record<string, string>;
  fieldErrors: FieldErrors;
  /** A refusal that names no field, as the server said it (or a message id). */
  error: string | null;
  result: unknown;
}

export type CommandEvent =
  | { type: 'field.changed'; name: string; value: unknown }
  /** Set several values at once (a choice that fills others). */
  | { type: 'values.changed'; values: Values }
  | { type: 'submit' }
  /** After `done`: the form again, as it started, for another one. */
  | { type: 'again' };

const failure = (error: unknown) => error as { status?: number; detail?: string; message?: string; fieldErrors?: FieldErrors };

/** The fields' own checks: every field with limits, as on a new record. */
export function commandErrors(context: Pick<CommandContext, 'limits' | 'values' | 'requiredMessages'>): FieldErrors {
  const errors = validateDraft(context.limits, context.values, Object.keys(context.values), true);
  for (const [name, messages] of Object.entries(errors)) {
    const instead = context.requiredMessages[name];
    if (instead) errors[name] = messages.map((m) => (m === 'validation.required' ? instead : m));
  }
  return errors;
}

export const commandMachine = setup({
  types: {
    input: {} as CommandMachineInput,
    context: {} as CommandContext & { initial: Values },
    events: {} as CommandEvent,
  },
  actors: {
    runCommand: fromPromise<unknown, { command: CommandName; input: Values }>(({ input }) => runCommand(input.command, input.input as never)),
  },
  actions: {
    assignField: assign(({ context }, change: { name: string; value: unknown }) => {
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([path]) => path !== change.name && !path.startsWith(`${change.name}.`)));
      return { values: { ...context.values, [change.name]: change.value }, fieldErrors };
    }),
    assignValues: assign(({ context }, values: Values) => {
      const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([path]) => !Object.keys(values).some((name) => path === name || path.startsWith(`${name}.`))));
      return { values: { ...context.values, ...values }, fieldErrors };
    }),
    assignClientErrors: assign(({ context }) => ({ fieldErrors: commandErrors(context), error: null })),
    assignRefusal: assign((_, error: unknown) => {
      const fields = failure(error).fieldErrors ?? {};
      const named = Object.keys(fields).length > 0;
      return { fieldErrors: fields, error: named ? null : failure(error).detail || failure(error).message || 'toast.requestFailed' };
    }),
    assignResult: assign((_, result: unknown) => ({ result, fieldErrors: {}, error: null })),
    startAgain: assign(({ context }) => ({ values: { ...context.initial }, fieldErrors: {}, error: null, result: null })),
    clearError: assign({ error: null }),
  },
  guards: {
    hasClientErrors: ({ context }) => Object.keys(commandErrors(context)).length > 0,
  },
}).createMachine({
  id: 'command',
  context: ({ input }) => ({
    command: input.command,
    values: { ...(input.values ?? {}) },
    initial: { ...(input.values ?? {}) },
    fixed: input.fixed ?? {},
    limits: input.limits ?? {},
    requiredMessages: input.requiredMessages ?? {},
    fieldErrors: {},
    error: null,
    result: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'field.changed': { actions: { type: 'assignField', params: ({ event }) => event } },
        'values.changed': { actions: { type: 'assignValues', params: ({ event }) => event.values } },
        submit: [{ guard: 'hasClientErrors', actions: 'assignClientErrors' }, { target: 'submitting', actions: 'clearError' }],
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'runCommand',
        src: 'runCommand',
        input: ({ context }) => ({ command: context.command, input: { ...context.values, ...context.fixed } }),
        onDone: { target: 'done', actions: { type: 'assignResult', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    done: {
      description: 'The server took it; its answer is in `result`.',
      on: { again: { target: 'editing', actions: 'startAgain' } },
    },
  },
});

export type CommandActor = ActorRefFrom<typeof commandMachine>;
export type CommandSnapshot = SnapshotFrom<typeof commandMachine>;
