/**
 * The Users tab of a vendor's page: its staff accounts, inviting one (an inactive account
 * and a one-time link staff pass on), a new link for someone who has not set a password
 * (the old one stops working), and deactivating. Requests are actors, swappable with
 * `.provide()`.
 */
import { assign, fromPromise, setup } from 'xstate';
import {
  deactivateVendorUser, fetchVendorUsers, inviteVendorUser, resendInvitation, type InviteInput, type IssuedLink, type VendorUser,
} from '../../../api/access.ts';
import { ApiRequestError } from '../../../api/client.ts';

export interface VendorUsersContext {
  vendorId: string;
  users: VendorUser[];
  /** The link issued last (shown once, to copy). */
  link: IssuedLink | null;
  fieldErrors: Record<string, string[]>;
  detail: string | null;
}

export type VendorUsersEvent =
  | { type: 'invite'; input: InviteInput }
  | { type: 'resend'; userId: string }
  | { type: 'deactivate'; userId: string }
  | { type: 'dismiss' }
  | { type: 'retry' };

const failure = (error: unknown) =>
  error instanceof ApiRequestError
    ? { fieldErrors: error.fieldErrors, detail: Object.keys(error.fieldErrors).length > 0 ? null : error.detail }
    : { fieldErrors: {}, detail: String(error) };

export const vendorUsersMachine = setup({
  types: {
    context: {} as VendorUsersContext,
    events: {} as VendorUsersEvent,
    input: {} as { vendorId: string },
  },
  actors: {
    load: fromPromise<VendorUser[], { vendorId: string }>(({ input, signal }) => fetchVendorUsers(input.vendorId, signal)),
    invite: fromPromise<IssuedLink, { vendorId: string; input: InviteInput }>(({ input }) => inviteVendorUser(input.vendorId, input.input)),
    resend: fromPromise<IssuedLink, { vendorId: string; userId: string }>(({ input }) => resendInvitation(input.vendorId, input.userId)),
    deactivate: fromPromise<VendorUser, { vendorId: string; userId: string }>(({ input }) => deactivateVendorUser(input.vendorId, input.userId)),
  },
  actions: {
    assignUsers: assign((_, users: VendorUser[]) => ({ users })),
    /** The user as the server now has it, in place (or added), with the link it issued. */
    assignLink: assign(({ context }, link: IssuedLink) => ({
      link,
      users: [...context.users.filter((u) => u.id !== link.user.id), link.user].sort((a, b) => a.name.localeCompare(b.name)),
    })),
    assignUser: assign(({ context }, user: VendorUser) => ({ users: context.users.map((u) => (u.id === user.id ? user : u)) })),
    assignFailure: assign((_, error: unknown) => failure(error)),
    clearOutcome: assign({ link: null, fieldErrors: {}, detail: null }),
  },
}).createMachine({
  id: 'vendorUsers',
  context: ({ input }) => ({ vendorId: input.vendorId, users: [], link: null, fieldErrors: {}, detail: null }),
  initial: 'loading',
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
        invite: 'inviting',
        resend: 'resending',
        deactivate: 'deactivating',
        dismiss: { actions: 'clearOutcome' },
      },
    },
    inviting: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'invite',
        src: 'invite',
        input: ({ context, event }) => ({ vendorId: context.vendorId, input: (event as Extract<VendorUsersEvent, { type: 'invite' }>).input }),
        onDone: { target: 'ready', actions: { type: 'assignLink', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
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
        onError: { target: 'ready', actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    deactivating: {
      tags: ['busy'],
      entry: 'clearOutcome',
      invoke: {
        id: 'deactivate',
        src: 'deactivate',
        input: ({ context, event }) => ({ vendorId: context.vendorId, userId: (event as Extract<VendorUsersEvent, { type: 'deactivate' }>).userId }),
        onDone: { target: 'ready', actions: { type: 'assignUser', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'assignFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
