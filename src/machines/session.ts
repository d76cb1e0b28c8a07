/**
 * The session: who is signed in, with which tokens, and how that changes (DESIGN
 * section 4). The HTTP layer never refreshes by itself: it sends `token.expired` or
 * `token.rejected` here and waits, so one refresh is in flight however many requests wait.
 */
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { AuthFailure, login, logout, refresh } from '../api/auth.ts';
import {
  SESSION_SIGNAL_KEYS, clearActing, clearSession, readSession, refreshAcrossTabs, writeActing, writeSession, type ActingAs,
} from '../api/authStorage.ts';
import type { SessionTokens, SessionUser, StoredSession } from '../api/session.ts';

export type { SessionTokens, SessionUser, StoredSession };

export type SessionErrorReason =
  | 'invalid_credentials'
  | 'rate_limited'
  | 'invalid_input'
  | 'network'
  | 'server'
  | 'session_expired';

export interface SessionError {
  reason: SessionErrorReason;
  detail?: string;
  /** When a rate limit lifts, as epoch ms. */
  retryAt?: number;
  fieldErrors?: Record<string, string[]>;
}

export interface SessionContext {
  /** Who the app shows the screens for: while staff act as a vendor, that vendor's staff. */
  user: SessionUser | null;
  /** Set while staff act as a vendor (src/machines/actAs.ts starts and ends it). */
  acting: ActingAs | null;
  tokens: SessionTokens | null;
  error: SessionError | null;
  refreshAttempts: number;
}

export type SessionEvent =
  | { type: 'login'; email: string; password: string }
  | { type: 'token.expired' }
  | { type: 'token.rejected' }
  | { type: 'logout.request' }
  | { type: 'logout.confirm' }
  | { type: 'logout.cancel' }
  | { type: 'storage.changed'; stored: StoredSession | null }
  | { type: 'acting.start'; acting: ActingAs }
  | { type: 'acting.end' };

/** A refresh starts this long before the access token expires (at most a quarter of what is left). */
export const REFRESH_LEAD_MS = 60_000;
export const MAX_REFRESH_BACKOFF_MS = 30_000;
/** Logging out waits this long for the API before leaving anyway. */
export const LOGOUT_TIMEOUT_MS = 5_000;
/** setTimeout's limit (about 24.8 days): a longer delay overflows and fires at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The signed-in staff member as the vendor's staff see the app: every screen reads
 * `user.admin` and `user.vendor_id`, so the whole app follows. Only staff act, so the
 * staff member is that user with admin back and no vendor.
 */
const asVendor = (user: SessionUser, acting: ActingAs | null): SessionUser =>
  acting ? { ...user, admin: false, vendor_id: acting.vendor_id } : user;
const asStaff = (user: SessionUser): SessionUser => ({ ...user, admin: true, vendor_id: null });

function loginError(error: unknown): SessionError {
  if (error instanceof AuthFailure) {
    return {
      reason: error.reason === 'refused' ? 'invalid_credentials' : error.reason,
      detail: error.detail,
      retryAt: error.retryAfterSeconds !== undefined ? Date.now() + error.retryAfterSeconds * 1000 : undefined,
      fieldErrors: error.fieldErrors,
    };
  }
  return { reason: 'network' };
}

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as { stored: StoredSession | null; acting?: ActingAs | null },
  },
  actors: {
    loginUser: fromPromise<StoredSession, { email: string; password: string }>(({ input }) =>
      login(input.email, input.password),
    ),
    refreshTokens: fromPromise<SessionTokens, { refresh: string }>(({ input }) =>
      refreshAcrossTabs(input.refresh, refresh),
    ),
    logoutUser: fromPromise<void, { refresh: string | null }>(async ({ input }) => {
      if (input.refresh) await logout(input.refresh);
    }),
    /** Another tab logging in or out, or rotating the tokens, shows up as a storage event here. */
    watchStorage: fromCallback<SessionEvent>(({ sendBack }) => {
      if (typeof window === 'undefined') return;
      const onStorage = (event: StorageEvent) => {
        if (event.key === null || SESSION_SIGNAL_KEYS.includes(event.key)) {
          sendBack({ type: 'storage.changed', stored: readSession() });
        }
      };
      window.addEventListener('storage', onStorage);
      return () => window.removeEventListener('storage', onStorage);
    }),
  },
  actions: {
    assignSession: assign(({ context }, session: StoredSession) => ({
      user: asVendor(session.user, context.acting),
      tokens: session.tokens,
      error: null,
      refreshAttempts: 0,
    })),
    assignTokens: assign((_, tokens: SessionTokens) => ({ tokens, refreshAttempts: 0 })),
    assignLoginError: assign((_, error: unknown) => ({ error: loginError(error) })),
    assignSessionExpired: assign({ error: { reason: 'session_expired' } as SessionError }),
    clearError: assign({ error: null }),
    clearContext: assign({ user: null, tokens: null, refreshAttempts: 0, acting: null }),
    startActing: assign(({ context }, acting: ActingAs) => ({ acting, user: context.user && asVendor(context.user, acting) })),
    endActing: assign(({ context }) => ({ acting: null, user: context.user && context.acting ? asStaff(context.user) : context.user })),
    persistActing: ({ context }) => (context.acting ? writeActing(context.acting) : clearActing()),
    countRefreshAttempt: assign({ refreshAttempts: ({ context }) => context.refreshAttempts + 1 }),
    persistSession: ({ context }) => {
      if (context.user && context.tokens) writeSession({ user: context.acting ? asStaff(context.user) : context.user, tokens: context.tokens });
    },
    clearStorage: () => clearSession(),
  },
  guards: {
    hasNoStoredSession: ({ context }) => context.tokens === null || context.user === null,
    isRefreshExpired: ({ context }) => (context.tokens?.refreshExpiresAt ?? 0) <= Date.now(),
    isAccessExpired: ({ context }) => (context.tokens?.accessExpiresAt ?? 0) <= Date.now(),
    isRefreshRefused: (_, error: unknown) => error instanceof AuthFailure && error.reason === 'refused',
    storedSessionPresent: ({ event }) => event.type === 'storage.changed' && event.stored !== null,
    storedSessionAbsent: ({ event }) => event.type === 'storage.changed' && event.stored === null,
  },
  delays: {
    refreshLead: ({ context }) => {
      const left = (context.tokens?.accessExpiresAt ?? 0) - Date.now();
      // A token without `exp` gets the seed's 30-day fallback: wait at most what a timer can.
      return Math.min(MAX_TIMER_MS, Math.max(0, left - Math.min(REFRESH_LEAD_MS, left / 4)));
    },
    refreshBackoff: ({ context }) => Math.min(MAX_REFRESH_BACKOFF_MS, 1000 * 2 ** Math.max(0, context.refreshAttempts - 1)),
    logoutTimeout: LOGOUT_TIMEOUT_MS,
  },
}).createMachine({
  id: 'session',
  context: ({ input }) => {
    // A reload while acting as a vendor keeps acting (the server still checks the session).
    const acting = input.stored?.user.admin ? input.acting ?? null : null;
    return {
      user: input.stored ? asVendor(input.stored.user, acting) : null,
      acting,
      tokens: input.stored?.tokens ?? null,
      error: null,
      refreshAttempts: 0,
    };
  },
  invoke: { id: 'watchStorage', src: 'watchStorage' },
  initial: 'booting',
  states: {
    booting: {
      description: 'Checks the tokens found in storage: none or a dead refresh token means logged out; a dead access token means refresh first.',
      always: [
        { guard: 'hasNoStoredSession', target: 'loggedOut' },
        { guard: 'isRefreshExpired', target: 'loggedOut', actions: ['clearContext', 'clearStorage', 'assignSessionExpired'] },
        { guard: 'isAccessExpired', target: '#session.loggedIn.tokens.refreshing' },
        { target: 'loggedIn' },
      ],
    },
    loggedOut: {
      initial: 'idle',
      on: {
        'storage.changed': {
          guard: 'storedSessionPresent',
          description: 'Another tab logged in.',
          target: 'loggedIn',
          actions: { type: 'assignSession', params: ({ event }) => event.stored! },
        },
      },
      states: {
        idle: {
          on: { login: 'submitting' },
        },
        submitting: {
          tags: ['busy'],
          entry: 'clearError',
          invoke: {
            id: 'loginUser',
            src: 'loginUser',
            input: ({ event }) => {
              if (event.type !== 'login') throw new Error('submitting is entered by a login event');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: '#session.loggedIn',
              actions: [{ type: 'assignSession', params: ({ event }) => event.output }, 'persistSession'],
            },
            onError: {
              target: 'failed',
              actions: { type: 'assignLoginError', params: ({ event }: { event: { error: unknown } }) => event.error },
            },
          },
        },
        failed: {
          description: 'The last attempt failed; context.error says why (wrong credentials, too many attempts, network).',
          on: { login: 'submitting' },
        },
      },
    },
    loggedIn: {
      type: 'parallel',
      tags: ['authenticated'],
      on: {
        'storage.changed': [
          {
            guard: 'storedSessionAbsent',
            description: 'Another tab logged out.',
            target: 'loggedOut',
            actions: 'clearContext',
          },
          {
            description: 'Another tab logged in again or rotated the tokens: use its tokens.',
            actions: { type: 'assignSession', params: ({ event }) => event.stored! },
          },
        ],
        'acting.start': {
          description: 'Staff now act as a vendor: the app shows what its staff see, also after a reload.',
          actions: [{ type: 'startActing', params: ({ event }) => event.acting }, 'persistActing'],
        },
        'acting.end': { description: 'Back to the staff view.', actions: ['endActing', 'persistActing'] },
      },
      states: {
        tokens: {
          initial: 'valid',
          states: {
            valid: {
              description: 'Refreshes proactively shortly before the access token expires.',
              after: { refreshLead: 'refreshing' },
              on: { 'token.expired': 'refreshing', 'token.rejected': 'refreshing' },
            },
            refreshing: {
              invoke: {
                id: 'refreshTokens',
                src: 'refreshTokens',
                input: ({ context }) => ({ refresh: context.tokens?.refresh ?? '' }),
                onDone: {
                  target: 'valid',
                  actions: [{ type: 'assignTokens', params: ({ event }) => event.output }, 'persistSession'],
                },
                onError: [
                  {
                    guard: { type: 'isRefreshRefused', params: ({ event }: { event: { error: unknown } }) => event.error },
                    description: 'The refresh token expired or was revoked: the session is over.',
                    target: '#session.loggedOut',
                    actions: ['clearContext', 'clearStorage', 'assignSessionExpired'],
                  },
                  {
                    description: 'Network or server trouble: an authentication error does not reset the session.',
                    target: 'retrying',
                    actions: 'countRefreshAttempt',
                  },
                ],
              },
            },
            retrying: {
              description: 'Waits with exponential back-off (1 s, 2 s, 4 s … 30 s) before refreshing again.',
              after: { refreshBackoff: 'refreshing' },
            },
          },
        },
        logout: {
          initial: 'idle',
          states: {
            idle: {
              on: { 'logout.request': 'confirming' },
            },
            confirming: {
              description: 'Asks "Are you sure?" before logging out.',
              on: { 'logout.confirm': 'loggingOut', 'logout.cancel': 'idle' },
            },
            loggingOut: {
              description: 'Revokes the refresh token; storage is cleared whether or not the call succeeds.',
              invoke: {
                id: 'logoutUser',
                src: 'logoutUser',
                input: ({ context }) => ({ refresh: context.tokens?.refresh ?? null }),
                onDone: { target: '#session.loggedOut', actions: ['clearStorage', 'clearContext'] },
                onError: { target: '#session.loggedOut', actions: ['clearStorage', 'clearContext'] },
              },
              after: {
                logoutTimeout: { target: '#session.loggedOut', actions: ['clearStorage', 'clearContext'] },
              },
            },
          },
        },
      },
    },
  },
});
