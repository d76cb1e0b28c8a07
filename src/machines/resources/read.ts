/**
 * One read a screen shows beside its record or on its own (the refunds of a payment, what
 * may still be refunded, the gateway's events): loading, ready, or failed with the reason
 * shown and a retry, never swallowed. A reload keeps what is shown until the new answer
 * comes (`refreshing`); new arguments (the record now points elsewhere) start over.
 * Arguments of `null` mean there is nothing to read yet (`idle`).
 */
import { assign, fromPromise, setup, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import { runRead, type ReadName } from '../../api/reads.ts';

export interface ReadInput {
  read: ReadName;
  args: unknown;
}

export interface ReadContext {
  read: ReadName;
  args: unknown;
  data: unknown;
  error: { status: number; detail: string } | null;
}

export type ReadEvent =
  /** Read with these arguments (again, if they are the ones shown). */
  | { type: 'load'; args: unknown }
  | { type: 'reload' }
  | { type: 'retry' };

const sameArgs = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function readError(error: unknown): ReadContext['error'] {
  const e = error as { status?: number; detail?: string; message?: string };
  return { status: typeof e.status === 'number' ? e.status : 0, detail: e.detail ?? e.message ?? '' };
}

export const readMachine = setup({
  types: {
    input: {} as ReadInput,
    context: {} as ReadContext,
    events: {} as ReadEvent,
  },
  actors: {
    runRead: fromPromise<unknown, { read: ReadName; args: unknown }>(({ input, signal }) => runRead(input.read, input.args as never, signal)),
  },
  actions: {
    assignArgs: assign((_, args: unknown) => ({ args })),
    assignData: assign((_, data: unknown) => ({ data, error: null })),
    assignError: assign((_, error: unknown) => ({ error: readError(error) })),
    forget: assign({ data: undefined, error: null }),
  },
  guards: {
    hasNoArgs: ({ context }) => context.args === null || context.args === undefined,
    nothingToRead: (_, args: unknown) => args === null || args === undefined,
    sameArgs: ({ context }, args: unknown) => sameArgs(context.args, args),
  },
}).createMachine({
  id: 'read',
  context: ({ input }) => ({ read: input.read, args: input.args, data: undefined, error: null }),
  initial: 'starting',
  on: {
    load: [
      { guard: { type: 'nothingToRead', params: ({ event }: { event: { args: unknown } }) => event.args }, target: '.idle', actions: [{ type: 'assignArgs', params: ({ event }: { event: { args: unknown } }) => event.args }, 'forget'] },
      { guard: { type: 'sameArgs', params: ({ event }: { event: { args: unknown } }) => event.args }, target: '.refreshing' },
      { target: '.loading', actions: [{ type: 'assignArgs', params: ({ event }: { event: { args: unknown } }) => event.args }, 'forget'] },
    ],
  },
  states: {
    starting: {
      always: [{ guard: 'hasNoArgs', target: 'idle' }, { target: 'loading' }],
    },
    idle: {
      description: 'Nothing to read: the record does not point to it (a payment without a booking).',
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'runRead',
        src: 'runRead',
        input: ({ context }) => ({ read: context.read, args: context.args }),
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    ready: {
      on: { reload: 'refreshing' },
    },
    refreshing: {
      description: 'Read again; what is shown stays until the answer comes.',
      tags: ['busy'],
      invoke: {
        id: 'rerunRead',
        src: 'runRead',
        input: ({ context }) => ({ read: context.read, args: context.args }),
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }: { event: { output: unknown } }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: {
      description: 'The reason is shown with a retry; data read before, if any, stays.',
      on: { retry: 'loading', reload: 'loading' },
    },
  },
});

export type ReadActor = ActorRefFrom<typeof readMachine>;
export type ReadSnapshot = SnapshotFrom<typeof readMachine>;
