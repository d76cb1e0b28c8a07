/**
 * One of a customer's actions that needs words from staff: block or unblock (the reason)
 * or send a message (its text). The text is required here and on the server; a refusal
 * keeps it and shows the server's words at the field (or above it: a stale version). The
 * request is an actor, swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiRequestError } from '../../api/client.ts';
import { blockCustomer, messageCustomer } from '../../api/customers.ts';

type Errors = Record<string, string[]>;
export type CustomerActionKind = 'block' | 'unblock' | 'message';

export interface CustomerActionInput {
  kind: CustomerActionKind;
  id: string;
  version: number;
}

/** The body field each action's text goes in, where the server puts its errors. */
const FIELD: Record<CustomerActionKind, string> = { block: 'reason', unblock: 'reason', message: 'body' };

export const customerActionMachine = setup({
  types: {
    input: {} as CustomerActionInput,
    context: {} as CustomerActionInput & { text: string; errors: Errors },
    events: {} as { type: 'text'; value: string } | { type: 'submit' },
  },
  actors: {
    send: fromPromise<unknown, CustomerActionInput & { text: string }>(({ input }) =>
      input.kind === 'message'
        ? messageCustomer(input.id, { body: input.text })
        : blockCustomer(input.id, { blocked: input.kind === 'block', reason: input.text, version: input.version }),
    ),
  },
  guards: {
    hasText: ({ context }) => context.text.trim() !== '',
  },
  actions: {
    setText: assign((_, value: string) => ({ text: value, errors: {} })),
    textMissing: assign(({ context }) => ({ errors: { text: [context.kind === 'message' ? 'customers.message.required' : 'customers.block.reasonRequired'] } })),
    showServerErrors: assign(({ context }, params: { error: unknown }) => {
      const failure = params.error as Partial<ApiRequestError>;
      const fields = failure.fieldErrors ?? {};
      const atText = fields[FIELD[context.kind]];
      const errors: Errors = atText ? { text: atText } : { form: [failure.detail || 'customers.action.failed'] };
      return { errors };
    }),
  },
}).createMachine({
  id: 'customerAction',
  context: ({ input }) => ({ ...input, text: '', errors: {} }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        text: { actions: { type: 'setText', params: ({ event }) => event.value } },
        submit: [{ guard: 'hasText', target: 'sending' }, { actions: 'textMissing' }],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ context }) => ({ kind: context.kind, id: context.id, version: context.version, text: context.text.trim() }),
        onDone: { target: 'done' },
        onError: { target: 'editing', actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
  },
});
