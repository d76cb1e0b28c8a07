/**
 * Model-based test of the session statechart (DESIGN sections 3 and 4).
 *
 * `sessionModel` below is a small pure model of the chart: the same state names, no
 * `invoke` and no `after`. What the real machine's actors and timers do shows up in the
 * model as events: `login.ok` / `login.fail` (the login call settles), `refresh.ok` /
 * `refresh.refused` / `refresh.network`, `logout.done` / `logout.fail`, `storage.in` /
 * `storage.out` (another tab logs in or out) and `time.*` (a delay elapses).
 *
 * Every path `createTestModel` finds through the model drives the REAL `sessionMachine`,
 * whose actors are replaced by promises the test settles, whose storage actions are
 * recorded, and whose delays run on a `SimulatedClock`. After every step the real
 * machine must be in the model's state, with the side effects the step implies.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import {
  SimulatedClock,
  assign,
  createActor,
  fromCallback,
  fromPromise,
  setup,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type StateValue,
} from 'xstate';
import { createTestModel } from 'xstate/graph';
import type { SessionEvent, SessionTokens, SessionUser, StoredSession } from './session.ts';

// The API modules read a build-time constant when they load; define it before importing.
(globalThis as { __API_BASE_URL__?: string }).__API_BASE_URL__ = '';
const { AuthFailure } = await import('../api/auth.ts');
const { LOGOUT_TIMEOUT_MS, MAX_REFRESH_BACKOFF_MS, REFRESH_LEAD_MS, sessionMachine } = await import('./session.ts');

// ---------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------

/** What storage holds when the app starts. */
type Boot = 'none' | 'valid' | 'accessExpired' | 'refreshExpired';
type LoginFailure = 'invalid_credentials' | 'rate_limited' | 'network';
type ModelError = LoginFailure | 'session_expired' | null;

type ModelEvent =
  | { type: 'login' }
  | { type: 'login.ok' }
  | { type: 'login.fail'; reason: LoginFailure }
  | { type: 'token.expired' }
  | { type: 'token.rejected' }
  | { type: 'time.refreshLead' }
  | { type: 'refresh.ok' }
  | { type: 'refresh.refused' }
  | { type: 'refresh.network' }
  | { type: 'time.backoff' }
  | { type: 'logout.request' }
  | { type: 'logout.cancel' }
  | { type: 'logout.confirm' }
  | { type: 'logout.done' }
  | { type: 'logout.fail' }
  | { type: 'time.logoutTimeout' }
  | { type: 'storage.in' }
  | { type: 'storage.out' };

interface ModelContext {
  boot: Boot;
  /** The reason the login page shows, if any. */
  error: ModelError;
}

const toLoggedOut = '#sessionModel.loggedOut';

const sessionModel = setup({
  types: {} as { context: ModelContext; events: ModelEvent; input: { boot: Boot } },
  actions: {
    expired: assign({ error: 'session_expired' as ModelError }),
    noError: assign({ error: null as ModelError }),
  },
}).createMachine({
  id: 'sessionModel',
  context: ({ input }) => ({ boot: input.boot, error: null }),
  initial: 'booting',
  states: {
    booting: {
      always: [
        { guard: ({ context }) => context.boot === 'none', target: 'loggedOut' },
        { guard: ({ context }) => context.boot === 'refreshExpired', target: 'loggedOut', actions: 'expired' },
        { guard: ({ context }) => context.boot === 'accessExpired', target: '#sessionModel.loggedIn.tokens.refreshing' },
        { target: 'loggedIn' },
      ],
    },
    loggedOut: {
      initial: 'idle',
      on: { 'storage.in': { target: 'loggedIn', actions: 'noError' } },
      states: {
        idle: { on: { login: 'submitting' } },
        submitting: {
          entry: 'noError',
          on: {
            'login.ok': '#sessionModel.loggedIn',
            'login.fail': { target: 'failed', actions: assign({ error: ({ event }) => event.reason }) },
          },
        },
        failed: { on: { login: 'submitting' } },
      },
    },
    loggedIn: {
      type: 'parallel',
      on: { 'storage.out': toLoggedOut },
      states: {
        tokens: {
          initial: 'valid',
          states: {
            valid: {
              on: {
                'token.expired': 'refreshing',
                'token.rejected': 'refreshing',
                'time.refreshLead': 'refreshing',
              },
            },
            refreshing: {
              on: {
                'refresh.ok': 'valid',
                'refresh.refused': { target: toLoggedOut, actions: 'expired' },
                'refresh.network': 'retrying',
              },
            },
            retrying: { on: { 'time.backoff': 'refreshing' } },
          },
        },
        logout: {
          initial: 'idle',
          states: {
            idle: { on: { 'logout.request': 'confirming' } },
            confirming: { on: { 'logout.confirm': 'loggingOut', 'logout.cancel': 'idle' } },
            loggingOut: {
              on: { 'logout.done': toLoggedOut, 'logout.fail': toLoggedOut, 'time.logoutTimeout': toLoggedOut },
            },
          },
        },
      },
    },
  },
});

const MODEL_EVENTS: ModelEvent[] = [
  { type: 'login' },
  { type: 'login.ok' },
  { type: 'login.fail', reason: 'invalid_credentials' },
  { type: 'login.fail', reason: 'rate_limited' },
  { type: 'login.fail', reason: 'network' },
  { type: 'token.expired' },
  { type: 'token.rejected' },
  { type: 'time.refreshLead' },
  { type: 'refresh.ok' },
  { type: 'refresh.refused' },
  { type: 'refresh.network' },
  { type: 'time.backoff' },
  { type: 'logout.request' },
  { type: 'logout.cancel' },
  { type: 'logout.confirm' },
  { type: 'logout.done' },
  { type: 'logout.fail' },
  { type: 'time.logoutTimeout' },
  { type: 'storage.in' },
  { type: 'storage.out' },
];

const testModel = createTestModel(sessionModel, {
  events: MODEL_EVENTS,
  // While logging out, the 5 s logout timeout always ends the session before a refresh is due.
  filterEvents: (state, event) => !(event.type === 'time.refreshLead' && state.matches({ loggedIn: { logout: 'loggingOut' } })),
});

// ---------------------------------------------------------------------------------------
// State coverage of the real machine
// ---------------------------------------------------------------------------------------

interface NodeLike {
  path: string[];
  config: { always?: unknown };
  states: Record<string, NodeLike>;
}

function nodesOf(node: NodeLike): NodeLike[] {
  return Object.values(node.states).flatMap((child) => [child, ...nodesOf(child)]);
}

function valueOf(path: readonly string[]): StateValue {
  return path.length === 1 ? path[0]! : { [path[0]!]: valueOf(path.slice(1)) };
}

/** Every state of a machine as a dotted path, except transient (`always`) ones, which no snapshot rests in. */
function allStates(machine: AnyStateMachine): string[] {
  return nodesOf(machine.root as unknown as NodeLike)
    .filter((node) => !node.config.always)
    .map((node) => node.path.join('.'));
}

const visited = new Set<string>();
function recordVisit(snapshot: AnyMachineSnapshot) {
  for (const path of allStates(sessionMachine)) {
    if (snapshot.matches(valueOf(path.split('.')) as never)) visited.add(path);
  }
}

// ---------------------------------------------------------------------------------------
// The system under test: the real machine with controllable actors and recorded effects
// ---------------------------------------------------------------------------------------

interface Call<I, O> {
  input: I;
  signal: AbortSignal;
  settled: boolean;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/** A promise actor whose every call waits until the test settles it. */
function controllable<I, O>() {
  const calls: Call<I, O>[] = [];
  const logic = fromPromise<O, I>(
    ({ input, signal }) =>
      new Promise<O>((resolve, reject) => {
        const call: Call<I, O> = {
          input,
          signal,
          settled: false,
          resolve: (value) => ((call.settled = true), resolve(value)),
          reject: (error) => ((call.settled = true), reject(error)),
        };
        calls.push(call);
      }),
  );
  /** Calls still running: not settled and their actor not stopped. */
  const inFlight = () => calls.filter((call) => !call.settled && !call.signal.aborted);
  const current = () => {
    const running = inFlight();
    assert.equal(running.length, 1, `exactly one call in flight (got ${running.length})`);
    return running[0]!;
  };
  return { logic, calls, inFlight, current };
}

const HOUR = 3_600_000;
let serial = 0;

function makeUser(name = 'Amina Haddad'): SessionUser {
  serial += 1;
  return { id: `user-${serial}`, name, phone: '+213 555 12 34 56', email: `user${serial}@rihla.test`, admin: true, vendor_id: null };
}

/** A fresh token pair: the access token lives 15 minutes, the refresh token 20 hours. */
function makeTokens(accessMs = 15 * 60_000, refreshMs = 20 * HOUR): SessionTokens {
  serial += 1;
  return {
    access: `access-${serial}`,
    accessExpiresAt: Date.now() + accessMs,
    refresh: `refresh-${serial}`,
    refreshExpiresAt: Date.now() + refreshMs,
  };
}

function bootSession(boot: Boot): StoredSession | null {
  switch (boot) {
    case 'none':
      return null;
    case 'valid':
      return { user: makeUser(), tokens: makeTokens() };
    case 'accessExpired':
      return { user: makeUser(), tokens: makeTokens(-1_000) };
    case 'refreshExpired':
      return { user: makeUser(), tokens: makeTokens(-2_000, -1_000) };
  }
}

const LOGIN_ERRORS: Record<LoginFailure, () => unknown> = {
  invalid_credentials: () => new AuthFailure('invalid_credentials', 'Unable to log in with the provided credentials.'),
  rate_limited: () => new AuthFailure('rate_limited', 'Too many failed login attempts.', 600),
  // Not an AuthFailure at all: what a failed fetch throws.
  network: () => new TypeError('Failed to fetch'),
};

/** The delay the chart waits in `valid` before refreshing. */
function expectedRefreshLead(tokens: SessionTokens): number {
  const left = tokens.accessExpiresAt - Date.now();
  return Math.max(0, left - Math.min(REFRESH_LEAD_MS, left / 4));
}

/** 1 s, 2 s, 4 s … capped at 30 s, for the n-th consecutive failure. */
function expectedBackoff(failures: number): number {
  return Math.min(MAX_REFRESH_BACKOFF_MS, 1000 * 2 ** (failures - 1));
}

function startSystem(stored: StoredSession | null, options: { realClock?: boolean } = {}) {
  const clock = new SimulatedClock();
  const login = controllable<{ email: string; password: string }, StoredSession>();
  const refresh = controllable<{ refresh: string }, SessionTokens>();
  const logout = controllable<{ refresh: string | null }, void>();
  const storageWatchers = new Set<(event: SessionEvent) => void>();
  const storage = {
    /** What localStorage holds (the test writes it too, as another tab would). */
    session: stored as StoredSession | null,
    writes: [] as StoredSession[],
    clears: 0,
  };

  const machine = sessionMachine.provide({
    actors: {
      loginUser: login.logic,
      refreshTokens: refresh.logic,
      logoutUser: logout.logic,
      watchStorage: fromCallback<SessionEvent>(({ sendBack }) => {
        storageWatchers.add(sendBack);
        return () => storageWatchers.delete(sendBack);
      }),
    },
    actions: {
      persistSession: ({ context }) => {
        assert.ok(context.user && context.tokens, 'persistSession runs with a user and tokens');
        const written = structuredClone({ user: context.user, tokens: context.tokens });
        storage.session = written;
        storage.writes.push(written);
      },
      clearStorage: () => {
        storage.session = null;
        storage.clears += 1;
      },
    },
  });
  const actor = createActor(machine, options.realClock ? { input: { stored } } : { clock, input: { stored } });
  actor.subscribe({ next: recordVisit, error: (error) => assert.fail(error as Error) });
  actor.start();
  recordVisit(actor.getSnapshot());

  /** Another tab writes storage; this tab hears about it through its storage watcher. */
  const otherTab = (next: StoredSession | null) => {
    storage.session = next;
    assert.equal(storageWatchers.size, 1, 'one storage watcher runs while the session actor runs');
    for (const watcher of storageWatchers) watcher({ type: 'storage.changed', stored: next });
  };
  return { actor, clock, login, refresh, logout, storage, otherTab, storageWatchers };
}

type System = ReturnType<typeof startSystem>;

/** The real machine matches a state value (the message says where it is instead). */
function assertIn(system: System, value: StateValue) {
  const actual = system.actor.getSnapshot().value;
  // Always pass a message: without one, node's assert reads the failing line's source to
  // build it, which hangs under a TypeScript loader.
  assert.ok(system.actor.getSnapshot().matches(value as never), `expected ${JSON.stringify(value)}, got ${JSON.stringify(actual)}`);
}

/** Lets a settled promise reach its actor. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

// ---------------------------------------------------------------------------------------
// Walking the model's paths against the real machine
// ---------------------------------------------------------------------------------------

type ModelSnapshot = ReturnType<typeof sessionModel.transition>;

/** The real machine against the model's state, after every step. */
function checkState(system: System, model: ModelSnapshot) {
  const snapshot = system.actor.getSnapshot();
  assert.deepEqual(snapshot.value, model.value, 'the real machine is in the model state');
  assert.equal(snapshot.status, 'active');
  assert.equal(snapshot.context.error?.reason ?? null, model.context.error, 'the reason shown on the login page');

  const loggedIn = model.matches('loggedIn');
  assert.equal(snapshot.hasTag('authenticated'), loggedIn);
  if (loggedIn) {
    assert.ok(snapshot.context.user && snapshot.context.tokens, 'a signed-in session has a user and tokens');
    assert.deepEqual(system.storage.session, { user: snapshot.context.user, tokens: snapshot.context.tokens }, 'storage holds the current session');
  } else {
    assert.equal(snapshot.context.user, null);
    assert.equal(snapshot.context.tokens, null);
    assert.equal(system.storage.session, null, 'nothing of the session is left in storage');
  }

  // Exactly the calls the state stands for are in flight.
  assert.equal(system.login.inFlight().length, model.matches({ loggedOut: 'submitting' }) ? 1 : 0, 'login calls in flight');
  assert.equal(system.refresh.inFlight().length, model.matches({ loggedIn: { tokens: 'refreshing' } }) ? 1 : 0, 'refresh calls in flight');
  assert.equal(system.logout.inFlight().length, model.matches({ loggedIn: { logout: 'loggingOut' } }) ? 1 : 0, 'logout calls in flight');
  assert.equal(snapshot.hasTag('busy'), model.matches({ loggedOut: 'submitting' }));
  assert.equal(system.storageWatchers.size, 1);
}

const BOOT_NAMES: Record<Boot, string> = {
  none: 'no session',
  valid: 'a valid session',
  accessExpired: 'an expired access token',
  refreshExpired: 'an expired refresh token',
};
const BOOTS = Object.keys(BOOT_NAMES) as Boot[];
const pathCounts: Record<string, number> = {};

for (const boot of BOOTS) {
  describe(`session paths, booting with ${BOOT_NAMES[boot]} in storage`, () => {
    const paths = testModel.getShortestPaths({ input: { boot } });
    pathCounts[boot] = paths.length;

    it('has paths to walk', () => assert.ok(paths.length > 3, `only ${paths.length} paths`));

    for (const path of paths) {
      it(path.description, async () => {
        const stored = bootSession(boot);
        const system = startSystem(stored ? structuredClone(stored) : null);
        const { actor, clock, storage } = system;
        const context = () => actor.getSnapshot().context;
        const matches = (value: StateValue) => actor.getSnapshot().matches(value as never);

        // Booting: a dead refresh token is cleared at once; anything else is left as found.
        assert.equal(storage.clears, boot === 'refreshExpired' ? 1 : 0, 'storage cleared on boot only when the refresh token is dead');
        if (boot === 'accessExpired') assert.equal(system.refresh.current().input.refresh, stored!.tokens.refresh);

        /** Consecutive refresh failures for network reasons since the tokens were last good. */
        let networkFailures = 0;
        let loggingOutSince = 0;

        await path.test({
          events: {
            login: () => {
              actor.send({ type: 'login', email: 'admin@rihla.test', password: 'admin12345' });
              assert.deepEqual(system.login.current().input, { email: 'admin@rihla.test', password: 'admin12345' });
            },
            'login.ok': async () => {
              const session = { user: makeUser(), tokens: makeTokens() };
              const writes = storage.writes.length;
              system.login.current().resolve(structuredClone(session));
              await settle();
              assert.equal(storage.writes.length, writes + 1, 'a login writes storage once');
              assert.deepEqual(storage.writes.at(-1), session);
              networkFailures = 0;
            },
            'login.fail': async ({ event }) => {
              const { reason } = event as Extract<ModelEvent, { type: 'login.fail' }>;
              const writes = storage.writes.length;
              system.login.current().reject(LOGIN_ERRORS[reason]());
              await settle();
              assert.equal(storage.writes.length, writes, 'a failed login writes nothing');
              const error = context().error;
              if (reason === 'rate_limited') {
                assert.ok(error?.retryAt && Math.abs(error.retryAt - (Date.now() + 600_000)) < 5_000, 'the rate limit says when to retry');
              }
            },
            'token.expired': () => actor.send({ type: 'token.expired' }),
            'token.rejected': () => actor.send({ type: 'token.rejected' }),
            'time.refreshLead': () => {
              const lead = expectedRefreshLead(context().tokens!);
              assert.ok(lead > 60_000, 'the test tokens live long enough to measure the lead');
              // The lead was computed when `valid` was entered, a few real milliseconds ago.
              clock.increment(lead - 1_000);
              assert.ok(matches({ loggedIn: { tokens: 'valid' } }), 'no refresh before the lead');
              clock.increment(2_000);
            },
            'refresh.ok': async () => {
              const spent = context().tokens!.refresh;
              const call = system.refresh.current();
              assert.equal(call.input.refresh, spent, 'the refresh sends the current refresh token');
              const tokens = makeTokens();
              const writes = storage.writes.length;
              call.resolve(structuredClone(tokens));
              await settle();
              assert.deepEqual(context().tokens, tokens, 'the new tokens are used');
              assert.equal(storage.writes.length, writes + 1, 'a refresh writes storage once');
              assert.deepEqual(storage.writes.at(-1)!.tokens, tokens);
              assert.equal(context().refreshAttempts, 0);
              networkFailures = 0;
            },
            'refresh.refused': async () => {
              const clears = storage.clears;
              system.refresh.current().reject(new AuthFailure('refused', 'The refresh token is invalid or has expired.'));
              await settle();
              assert.equal(storage.clears, clears + 1, 'a refused refresh clears storage');
            },
            'refresh.network': async () => {
              const before = structuredClone(storage.session);
              const clears = storage.clears;
              system.refresh.current().reject(new AuthFailure(networkFailures % 2 === 0 ? 'network' : 'server'));
              await settle();
              networkFailures += 1;
              assert.equal(storage.clears, clears, 'a network failure does not clear storage');
              assert.deepEqual(storage.session, before, 'a network failure leaves the stored session as it was');
              assert.equal(context().refreshAttempts, networkFailures);
            },
            'time.backoff': () => {
              const wait = expectedBackoff(networkFailures);
              clock.increment(wait - 1);
              assert.ok(matches({ loggedIn: { tokens: 'retrying' } }), `still waiting ${wait - 1} ms into a ${wait} ms back-off`);
              clock.increment(1);
            },
            'logout.request': () => actor.send({ type: 'logout.request' }),
            'logout.cancel': () => actor.send({ type: 'logout.cancel' }),
            'logout.confirm': () => {
              const refreshToken = context().tokens!.refresh;
              actor.send({ type: 'logout.confirm' });
              loggingOutSince = clock.now();
              assert.equal(system.logout.current().input.refresh, refreshToken, 'logout revokes the current refresh token');
            },
            'logout.done': async () => {
              const clears = storage.clears;
              system.logout.current().resolve();
              await settle();
              assert.equal(storage.clears, clears + 1);
            },
            'logout.fail': async () => {
              const clears = storage.clears;
              system.logout.current().reject(new TypeError('Failed to fetch'));
              await settle();
              assert.equal(storage.clears, clears + 1, 'storage is cleared even when the logout call fails');
            },
            'time.logoutTimeout': () => {
              const clears = storage.clears;
              clock.increment(LOGOUT_TIMEOUT_MS - (clock.now() - loggingOutSince) - 1);
              assert.ok(matches({ loggedIn: { logout: 'loggingOut' } }), 'still waiting for the API just before 5 s');
              clock.increment(1);
              assert.equal(storage.clears, clears + 1, 'leaving after the timeout clears storage');
            },
            'storage.in': () => {
              const session = { user: makeUser('Yacine Belkacem'), tokens: makeTokens() };
              system.otherTab(structuredClone(session));
              assert.deepEqual(context().user, session.user, 'the other tab’s user is adopted');
              assert.deepEqual(context().tokens, session.tokens);
              networkFailures = 0;
            },
            'storage.out': () => system.otherTab(null),
          },
          states: { '*': (state) => checkState(system, state as ModelSnapshot) },
        });
        actor.stop();
        assert.equal(system.storageWatchers.size, 0, 'stopping the session stops the storage watcher');
        for (const call of [...system.login.calls, ...system.refresh.calls, ...system.logout.calls]) {
          assert.ok(call.settled || call.signal.aborted, 'no call outlives the session actor');
        }
      });
    }
  });
}

// ---------------------------------------------------------------------------------------
// Timing and effects the paths do not pin down
// ---------------------------------------------------------------------------------------

describe('session timing and effects', () => {
  it('backs off 1, 2, 4, 8, 16, 30, 30 s between refresh attempts that fail for network reasons', async () => {
    const system = startSystem({ user: makeUser(), tokens: makeTokens() });
    system.actor.send({ type: 'token.expired' });
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 7; attempt++) {
      system.refresh.current().reject(new AuthFailure('network'));
      await settle();
      assertIn(system, { loggedIn: { tokens: 'retrying' } });
      const start = system.clock.now();
      while (system.actor.getSnapshot().matches({ loggedIn: { tokens: 'retrying' } })) {
        system.clock.increment(250);
        assert.ok(system.clock.now() - start <= 60_000, 'the back-off ends');
      }
      waits.push(system.clock.now() - start);
    }
    assert.deepEqual(waits, [1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    assert.equal(system.storage.clears, 0);
    assert.ok(system.storage.session, 'the session survives seven failed refreshes');
    // A success resets the back-off.
    system.refresh.current().resolve(makeTokens());
    await settle();
    system.actor.send({ type: 'token.rejected' });
    system.refresh.current().reject(new AuthFailure('server'));
    await settle();
    system.clock.increment(999);
    assertIn(system, { loggedIn: { tokens: 'retrying' } });
    system.clock.increment(1);
    assertIn(system, { loggedIn: { tokens: 'refreshing' } });
    system.actor.stop();
  });

  it('refreshes a short-lived access token a quarter of its life before it expires', () => {
    const tokens = makeTokens(5_000);
    const system = startSystem({ user: makeUser(), tokens });
    system.clock.increment(3_700);
    assertIn(system, { loggedIn: { tokens: 'valid' } });
    assert.equal(system.refresh.calls.length, 0);
    system.clock.increment(100);
    assert.ok(system.actor.getSnapshot().matches({ loggedIn: { tokens: 'refreshing' } }), 'refreshing 3.75 s into a 5 s token');
    assert.equal(system.refresh.current().input.refresh, tokens.refresh);
    system.actor.stop();
  });

  it('refreshes a long-lived access token one minute before it expires', () => {
    const system = startSystem({ user: makeUser(), tokens: makeTokens(HOUR) });
    system.clock.increment(HOUR - REFRESH_LEAD_MS - 1_000);
    assertIn(system, { loggedIn: { tokens: 'valid' } });
    system.clock.increment(1_000);
    assertIn(system, { loggedIn: { tokens: 'refreshing' } });
    system.actor.stop();
  });

  it('waits for a token without `exp` (the 30-day fallback) instead of overflowing the timer and refreshing at once', async () => {
    // Real timers: a SimulatedClock has no 32-bit limit, setTimeout has.
    const system = startSystem({ user: makeUser(), tokens: makeTokens(30 * 24 * HOUR) }, { realClock: true });
    await new Promise((resolve) => setTimeout(resolve, 50));
    assertIn(system, { loggedIn: { tokens: 'valid' } });
    assert.equal(system.refresh.calls.length, 0, 'no refresh in the first 50 ms');
    system.actor.stop();
  });

  it('keeps one refresh in flight however many requests report an expired or rejected token', async () => {
    const system = startSystem({ user: makeUser(), tokens: makeTokens() });
    for (let i = 0; i < 10; i++) system.actor.send({ type: i % 2 ? 'token.rejected' : 'token.expired' });
    assert.equal(system.refresh.calls.length, 1);
    system.refresh.current().reject(new AuthFailure('network'));
    await settle();
    for (let i = 0; i < 10; i++) system.actor.send({ type: 'token.expired' });
    assert.equal(system.refresh.calls.length, 1, 'a request during the back-off waits for the next attempt');
    system.clock.increment(1_000);
    assert.equal(system.refresh.calls.length, 2);
    system.actor.stop();
  });

  it('logs out after 5 s when the logout API never answers, and clears storage once', () => {
    const system = startSystem({ user: makeUser(), tokens: makeTokens() });
    system.actor.send({ type: 'logout.request' });
    system.actor.send({ type: 'logout.confirm' });
    system.clock.increment(LOGOUT_TIMEOUT_MS - 1);
    assertIn(system, { loggedIn: { logout: 'loggingOut' } });
    assert.equal(system.storage.clears, 0);
    system.clock.increment(1);
    assertIn(system, { loggedOut: 'idle' });
    assert.equal(system.storage.clears, 1);
    assert.equal(system.logout.inFlight().length, 0, 'the hanging call is abandoned');
    system.actor.stop();
  });

  it('a late login answer after another tab logged in is ignored', async () => {
    const system = startSystem(null);
    system.actor.send({ type: 'login', email: 'a@rihla.test', password: 'x' });
    const late = system.login.current();
    const other = { user: makeUser('Lydia Amrani'), tokens: makeTokens() };
    system.otherTab(structuredClone(other));
    late.resolve({ user: makeUser(), tokens: makeTokens() });
    await settle();
    assert.deepEqual(system.actor.getSnapshot().context.user, other.user);
    assert.equal(system.storage.writes.length, 0, 'the abandoned login writes nothing');
    system.actor.stop();
  });

  it('adopts tokens another tab rotated, without writing them back', () => {
    const system = startSystem({ user: makeUser(), tokens: makeTokens() });
    const rotated = { ...structuredClone(system.storage.session!), tokens: makeTokens() };
    system.otherTab(structuredClone(rotated));
    const snapshot = system.actor.getSnapshot();
    assert.ok(snapshot.matches({ loggedIn: { tokens: 'valid', logout: 'idle' } }));
    assert.deepEqual(snapshot.context.tokens, rotated.tokens);
    assert.equal(system.storage.writes.length, 0);
    system.actor.stop();
  });

  it('ignores another tab logging out while already logged out, and a logout confirmation never asked for', () => {
    const system = startSystem(null);
    system.otherTab(null);
    system.actor.send({ type: 'logout.confirm' });
    assert.deepEqual(system.actor.getSnapshot().value, { loggedOut: 'idle' });
    const signedIn = startSystem({ user: makeUser(), tokens: makeTokens() });
    signedIn.actor.send({ type: 'logout.confirm' });
    assert.deepEqual(signedIn.actor.getSnapshot().value, { loggedIn: { tokens: 'valid', logout: 'idle' } });
    assert.equal(signedIn.logout.calls.length, 0);
    system.actor.stop();
    signedIn.actor.stop();
  });
});

after(() => {
  const missing = allStates(sessionMachine).filter((path) => !visited.has(path));
  assert.deepEqual(missing, [], 'every state of the session machine is visited');
  const total = Object.values(pathCounts).reduce((a, b) => a + b, 0);
  assert.ok(total > 40, `the model yields ${total} paths`);
});
