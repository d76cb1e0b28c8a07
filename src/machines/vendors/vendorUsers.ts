/**
 * The Users tab of a vendor's page: its staff accounts, a new link for someone who has not
 * set a password (the old one stops working), and what the tab's commands did: an
 * invitation (an inactive account and a one-time link staff pass on) or a deactivation
 * puts the user as the server now has it in place, and an issued link is shown once to
 * copy until dismissed. Requests are actors, swappable with `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchVendorUsers, resendInvitation, type IssuedLink, type VendorUser } from '../../api/access.ts';
import { ApiRequestError } from '../../api/client.ts';

export interface VendorUsersContext {
  vendorId: string;
  users: VendorUser[];
  /** The link issued last (shown once, to copy). */
  link: IssuedLink | null;
  /** Why the last resend was refused. */
  detail: string | null;
}

export type VendorUsersEvent =
  | { type: 'resend'; userId: string }
  /** An invitation went through (the invite command): the user and their link. */
  | { type: 'issued'; link: IssuedLink }
  /** A user as the server now has it (deactivated by the tab's command). */
  | { type: 'updated'; user: VendorUser }
  | { type: 'dismiss' }
  | { type: 'retry' };

const refusal = (error: unknown) => (error instanceof ApiRequestError ? error.detail : String(error));

export const vendorUsersMachine = setup({
  types: {
    context: {} as VendorUsersContext,
    events: {} as VendorUsersEvent,
    input: {} as { vendorId: string },
  },
  actors: {
    load: fromPromise<VendorUser[], { vendorId: string }>(({ input, signal }) => fetchVendorUsers(input.vendorId, signal)),
    resend: fromPromise<IssuedLink, { vendorId: string; userId: string }>(({ input }) => resendInvitation(input.vendorId, input.userId)),
  },
  actions: {
    assignUsers: assign((_, users: VendorUser[]) => ({ users })),
    /** The user as the server now has it, in place (or added), with the link it issued. */
    assignLink: assign(({ context }, link: IssuedLink) => ({
      link,
      detail: null,
      users: [...context.users.filter((u) => u.id !== link.user.id), link.user].sort((a, b) => a.name.localeCompare(b.name)),
    })),
    assignUser: assign(({ context }, user: VendorUser) => ({ users: context.users.map((u) => (u.id === user.id ? user : u)), detail: null })),
    assignRefusal: assign((_, error: unknown) => ({ detail: refusal(error) })),
    clearOutcome: assign({ link: null, detail: null }),
  },
}).createMachine({
  id: 'vendorUsers',
  context: ({ input }) => ({ vendorId: input.vendorId, users: [], link: null, detail: null }),
  initial: 'loading',
  on: {
    issued: { actions: { type: 'assignLink', params: ({ event }) => event.link } },
    updated: { actions: { type: 'assignUser', params: ({ event }) => event.user } },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ vendorId: context.vendorId }),
        onDone: { target: 'ready', actions: { type: 'assignUsers', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      on: {
        resend: 'resending',
        dismiss: { actions: 'clearOutcome' },
      },
    },
    resending: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'resend',
        src: 'resend',
        input: ({ context, event }) => ({ vendorId: context.vendorId, userId: (event as Extract<VendorUsersEvent, { type: 'resend' }>).userId }),
        onDone: { target: 'ready', actions: { type: 'assignLink', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
