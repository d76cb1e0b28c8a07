/**
 * A payment link for a personal service: how many people of each customer type, then the
 * booking the link pays (unpaid until then) at the service's departure and the invitation
 * sent to the customer. Nobody at all is said before anything is sent; the server's
 * refusal shows at its fields and above the form, and the counts typed stay. Sent, the
 * booking and the invitation are kept for the form to show.
 */
import { assign, fromPromise, setup } from 'xstate';
import { runCommand } from '../../api/commands.ts';
import type { ApiRecord } from '../../api/resources.ts';
import type { FieldErrors } from '../resources/validation.ts';

export interface PaymentLinkContext {
  service: ApiRecord;
  /** Counts per customer type, as typed. */
  participants: Record<string, string>;
  errors: FieldErrors;
  /** What the server said above the fields (its words, or a message id). */
  detail: string | null;
  sent: { booking: ApiRecord; invitation: ApiRecord } | null;
}

export type PaymentLinkEvent =
  | { type: 'participants.changed'; participants: Record<string, string> }
  /** Send, to this customer at this departure (both read beside the form). */
  | { type: 'submit'; customer: ApiRecord; slotId: string };

/** The counts typed, each type with at least one person. */
export const peopleOf = (participants: Record<string, string>): Record<string, number> =>
  Object.fromEntries(Object.entries(participants).map(([type, typed]) => [type, Number(typed || 0)] as const).filter(([, n]) => n > 0));

interface Request {
  service: ApiRecord;
  customer: ApiRecord;
  slotId: string;
  participants: Record<string, number>;
}

interface Refusal {
  detail?: string;
  fieldErrors?: FieldErrors;
}

export const paymentLinkMachine = setup({
  types: {
    input: {} as { service: ApiRecord },
    context: {} as PaymentLinkContext & { request: Request | null },
    events: {} as PaymentLinkEvent,
  },
  actors: {
    sendLink: fromPromise<{ booking: ApiRecord; invitation: ApiRecord }, Request>(({ input }) => runCommand('servicesSendPaymentLink', input)),
  },
  actions: {
    assignParticipants: assign((_, participants: Record<string, string>) => ({ participants })),
    sayNobody: assign({ errors: { participants: ['personal.participantsRequired'] } }),
    assignRequest: assign(({ context }, to: { customer: ApiRecord; slotId: string }) => ({
      request: { service: context.service, customer: to.customer, slotId: to.slotId, participants: peopleOf(context.participants) },
      detail: null,
    })),
    assignRefusal: assign((_, error: Refusal) => ({ errors: error.fieldErrors ?? {}, detail: error.detail ?? 'personal.failed' })),
    assignSent: assign((_, sent: { booking: ApiRecord; invitation: ApiRecord }) => ({ sent, errors: {}, detail: null })),
  },
  guards: {
    hasNobody: ({ context }) => Object.keys(peopleOf(context.participants)).length === 0,
  },
}).createMachine({
  id: 'paymentLink',
  description: 'A personal service’s payment link: the booking it pays and the invitation to the customer.',
  context: ({ input }) => ({ service: input.service, participants: { adult: '1' }, errors: {}, detail: null, sent: null, request: null }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'participants.changed': { actions: { type: 'assignParticipants', params: ({ event }) => event.participants } },
        submit: [
          { guard: 'hasNobody', actions: 'sayNobody' },
          { target: 'sending', actions: { type: 'assignRequest', params: ({ event }) => ({ customer: event.customer, slotId: event.slotId }) } },
        ],
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        input: ({ context }) => context.request!,
        onDone: { target: 'sent', actions: { type: 'assignSent', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }) => event.error as Refusal } },
      },
    },
    sent: { type: 'final' },
  },
});
