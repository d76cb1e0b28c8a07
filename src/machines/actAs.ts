/**
 * Staff acting as a vendor (DESIGN: issue "act as a vendor"). Staff give a reason, the
 * server opens an act-as session of 30 minutes, and the session machine then shows the
 * app as that vendor's staff see it and names the session on every request. It ends when
 * staff go back, when its time is up (a timer here, the server refusing it anyway), when
 * the server says it is over (another tab, an expiry the timer missed, the vendor suspended:
 * refused on a request or announced on the realtime channel), or on logout.
 */
import { assign, emit, fromCallback, fromPromise, sendTo, setup, type ActorRefFrom } from 'xstate';
import { endActingAs, startActingAs } from '../api/access.ts';
import type { ActingAs } from '../api/authStorage.ts';
import { ApiRequestError } from '../api/client.ts';
import type { sessionMachine } from './session.ts';

type SessionRef = ActorRefFrom<typeof sessionMachine>;

export interface ActAsError {
  detail: string;
  fieldErrors: Record<string, string[]>;
}

export interface ActAsContext {
  session: SessionRef;
  acting: ActingAs | null;
  error: ActAsError | null;
}

export type ActAsEvent =
  | { type: 'start'; vendorId: string; reason: string }
  /** The server opened an act-as session already (the vendor page's command): show that vendor's view. */
  | { type: 'opened'; acting: ActingAs }
  | { type: 'back' }
  /** A request failed, shown by its screen or not; a 403 `act_as_ended` means the act-as session is over. */
  | { type: 'request.failed'; status: number; code: string | null }
  /** The realtime channel announced that an act-as session ended (the vendor was suspended, say). */
  | { type: 'ended.announced'; sessionId: string }
  /** The session left the vendor view by itself (logout). */
  | { type: 'session.left' };

/** What the app tells the user when acting ended without them asking. */
export type ActAsEmitted = { type: 'ended'; why: 'expired' | 'refused' };

/** setTimeout's limit: a longer delay would fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

function toError(error: unknown): ActAsError {
  return error instanceof ApiRequestError
    ? { detail: error.detail, fieldErrors: error.fieldErrors }
    : { detail: error instanceof Error ? error.message : String(error), fieldErrors: {} };
}

export const actAsMachine = setup({
  types: {
    context: {} as ActAsContext,
    events: {} as ActAsEvent,
    input: {} as { session: SessionRef },
    emitted: {} as ActAsEmitted,
  },
  actors: {
    openSession: fromPromise<ActingAs, { vendorId: string; reason: string }>(({ input }) => startActingAs(input.vendorId, input.reason)),
    closeSession: fromPromise<void, { id: string }>(({ input }) => endActingAs(input.id)),
    /** Sends `session.left` once the session no longer acts (logged out, here or in another tab). */
    watchSession: fromCallback<ActAsEvent, { session: SessionRef }>(({ input, sendBack }) => {
      const subscription = input.session.subscribe((snapshot) => {
        if (!snapshot.context.acting) sendBack({ type: 'session.left' });
      });
      return () => subscription.unsubscribe();
    }),
  },
  actions: {
    assignActing: assign((_, acting: ActingAs) => ({ acting, error: null })),
    clearActing: assign({ acting: null }),
    assignError: assign((_, error: unknown) => ({ error: toError(error) })),
    clearError: assign({ error: null }),
    enterVendorView: sendTo(({ context }) => context.session, ({ context }) => ({ type: 'acting.start' as const, acting: context.acting! })),
    leaveVendorView: sendTo(({ context }) => context.session, { type: 'acting.end' as const }),
    announceExpired: emit({ type: 'ended' as const, why: 'expired' as const }),
    announceRefused: emit({ type: 'ended' as const, why: 'refused' as const }),
  },
  guards: {
    restoredActing: ({ context }) => context.acting !== null,
    /** The server refused the act-as session: ended elsewhere, replaced by a newer one, or past its time. */
    actAsEnded: ({ event }) => event.type === 'request.failed' && event.status === 403 && event.code === 'act_as_ended',
    /** The announced end is of the session this tab acts in (not an older one of the same staff member). */
    announcedThisSession: ({ context, event }) => event.type === 'ended.announced' && event.sessionId === context.acting?.id,
  },
  delays: {
    /** Until the act-as session's end, as the server set it. */
    timeLeft: ({ context }) => Math.min(MAX_TIMER_MS, Math.max(0, Date.parse(context.acting?.expires_at ?? '') - Date.now() || 0)),
  },
}).createMachine({
  id: 'actAs',
  context: ({ input }) => ({ session: input.session, acting: input.session.getSnapshot().context.acting, error: null }),
  initial: 'booting',
  states: {
    booting: {
      description: 'After a reload the session may still be acting: carry on with its time left.',
      always: [{ guard: 'restoredActing', target: 'acting' }, { target: 'staff' }],
    },
    staff: {
      on: {
        start: 'opening',
        opened: { target: 'acting', actions: [{ type: 'assignActing', params: ({ event }) => event.acting }, 'enterVendorView'] },
      },
    },
    opening: {
      tags: ['busy'],
      entry: 'clearError',
      invoke: {
        id: 'openSession',
        src: 'openSession',
        input: ({ event }) => {
          if (event.type !== 'start') throw new Error('opening is entered by a start event');
          return { vendorId: event.vendorId, reason: event.reason };
        },
        onDone: { target: 'acting', actions: [{ type: 'assignActing', params: ({ event }) => event.output }, 'enterVendorView'] },
        onError: { target: 'staff', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    acting: {
      description: 'The app shows the vendor staff\'s view until staff go back or the 30 minutes are up.',
      invoke: { id: 'watchSession', src: 'watchSession', input: ({ context }) => ({ session: context.session }) },
      after: {
        timeLeft: { target: 'staff', actions: ['leaveVendorView', 'clearActing', 'announceExpired'] },
      },
      on: {
        back: 'closing',
        'request.failed': { guard: 'actAsEnded', target: 'staff', actions: ['leaveVendorView', 'clearActing', 'announceRefused'] },
        'ended.announced': { guard: 'announcedThisSession', target: 'staff', actions: ['leaveVendorView', 'clearActing', 'announceRefused'] },
        'session.left': { target: 'staff', actions: 'clearActing' },
      },
    },
    closing: {
      tags: ['busy'],
      description: 'Ends the act-as session on the server; back to the staff view whether or not that call succeeds.',
      invoke: {
        id: 'closeSession',
        src: 'closeSession',
        input: ({ context }) => ({ id: context.acting!.id }),
        onDone: { target: 'staff', actions: ['leaveVendorView', 'clearActing'] },
        onError: { target: 'staff', actions: ['leaveVendorView', 'clearActing'] },
      },
    },
  },
});
