/**
 * Staff marking a payment reconciled with the bank, or undoing it, always with a note
 * (POST /payments/<id>/reconcile/). The note is required here and on the server; a
 * refusal keeps the note and shows the server's words (a stale version, say). The request
 * is an actor, swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiRequestError } from '../../api/client.ts';
import { reconcilePayment } from '../../api/payments.ts';
import type { ApiRecord } from '../../api/resources.ts';

type Errors = Record<string, string[]>;

export interface ReconcileInput {
  id: string;
  version: number;
  /** What the payment will be: reconciled (true) or not. */
  reconciled: boolean;
}

export const reconcileMachine = setup({
  types: {
    input: {} as ReconcileInput,
    context: {} as ReconcileInput & { note: string; errors: Errors; saved: ApiRecord | null },
    events: {} as { type: 'note'; value: string } | { type: 'submit' },
  },
  actors: {
    reconcile: fromPromise<ApiRecord, { id: string; reconciled: boolean; note: string; version: number }>(({ input }) =>
      reconcilePayment(input.id, { reconciled: input.reconciled, note: input.note, version: input.version }),
    ),
  },
  guards: {
    hasNote: ({ context }) => context.note.trim() !== '',
  },
  actions: {
    setNote: assign((_, value: string) => ({ note: value, errors: {} })),
    noteMissing: assign({ errors: { note: ['payments.reconcile.noteRequired'] } }),
    showServerErrors: assign((_, params: { error: unknown }) => {
      const failure = params.error as Partial<ApiRequestError>;
      const fields = failure.fieldErrors ?? {};
      return { errors: Object.keys(fields).length > 0 ? fields : { form: [failure.detail || 'payments.reconcile.failed'] } };
    }),
    keepSaved: assign((_, saved: ApiRecord) => ({ saved, errors: {} })),
  },
}).createMachine({
  id: 'reconcilePayment',
  context: ({ input }) => ({ ...input, note: '', errors: {}, saved: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        note: { actions: { type: 'setNote', params: ({ event }) => event.value } },
        submit: [{ guard: 'hasNote', target: 'saving' }, { actions: 'noteMissing' }],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'reconcile',
        src: 'reconcile',
        input: ({ context }) => ({ id: context.id, reconciled: context.reconciled, note: context.note.trim(), version: context.version }),
        onDone: { target: 'saved', actions: { type: 'keepSaved', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'showServerErrors', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    saved: { type: 'final' },
  },
});
