/**
 * Model-based test of the navigation machine. Its two regions are orthogonal (no guard or
 * event of one depends on the other), so each has its own small model, walked against
 * the whole real machine; together they must visit every state of it.
 *
 * Time is a SimulatedClock. The models have explicit `time.*` events for the delays; the
 * test moves the clock exactly to the deadline of the delay the event names, counted
 * from when the real machine entered the state that started it.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SimulatedClock, assign, createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  CHUNK_ERROR_MESSAGE,
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  NAVIGATION_DELAYS,
  chunkReloadAllowed,
  navigationMachine,
  nextProgress,
  selectPageContentReady,
  selectPageError,
  selectPageLoading,
  selectProgressBar,
  type NavigationEvent,
  type PageError,
} from './navigation.ts';
import { Coverage, regionValue } from './modelHarness.ts';

const D = NAVIGATION_DELAYS;
const coverage = new Coverage(navigationMachine);

// --- The system under test: the real machine, a simulated clock and fake effects. ---

interface World {
  clock: SimulatedClock;
  session: Map<string, string>;
  reloads: number[];
}

function newWorld(): World {
  return { clock: new SimulatedClock(), session: new Map(), reloads: [] };
}

/**
 * Starts the app (again, after a reload) in a world whose clock and sessionStorage
 * persist. Only model paths count toward coverage.
 */
function startApp(world: World, { fromModel = true } = {}) {
  const machine = navigationMachine.provide({
    guards: {
      canReloadForChunk: () => chunkReloadAllowed(world.session.get(CHUNK_RELOAD_KEY) ?? null, world.clock.now()),
    },
    actions: {
      stampChunkReload: () => void world.session.set(CHUNK_RELOAD_KEY, String(world.clock.now())),
      reloadPage: () => void world.reloads.push(world.clock.now()),
    },
  });
  const actor = createActor(machine, { clock: world.clock, input: { path: '/home' } });
  if (fromModel) actor.subscribe((snapshot) => coverage.record(snapshot));
  actor.start();
  if (fromModel) coverage.record(actor.getSnapshot());
  return actor;
}

function assertReloadsSpaced(world: World) {
  for (let i = 1; i < world.reloads.length; i++) {
    assert.ok(world.reloads[i]! - world.reloads[i - 1]! >= CHUNK_RELOAD_WINDOW_MS, `reloads ${world.reloads.join(', ')} less than 60 s apart`);
  }
}

// --- The progress bar ---

interface BarContext {
  /** Ticks since the bar became visible (the model stops counting at 2). */
  ticks: number;
}

type BarEvent =
  | NavigationEvent
  | { type: 'time.throttle' }
  | { type: 'time.tick' }
  | { type: 'time.duration' }
  | { type: 'time.hide' };

const barModel = createMachine({
  id: 'barModel',
  types: {} as { context: BarContext; events: BarEvent },
  context: { ticks: 0 },
  initial: 'hidden',
  states: {
    hidden: { on: { 'nav.start': 'running', 'request.failed': 'failed' } },
    running: {
      initial: 'throttled',
      entry: assign({ ticks: 0 }),
      states: {
        throttled: { on: { 'time.throttle': 'advancing', 'page.ready': '#barModel.hidden' } },
        advancing: {
          on: {
            'time.tick': { guard: ({ context }) => context.ticks < 2, actions: assign({ ticks: ({ context }) => context.ticks + 1 }) },
            'time.duration': 'stalled',
          },
        },
        stalled: {},
      },
      on: { 'page.ready': 'completing', 'request.failed': 'failed', 'page.error': 'failed', 'chunk.failed': 'failed' },
    },
    completing: { on: { 'time.hide': 'hidden', 'nav.start': 'running', 'request.failed': 'failed' } },
    failed: { on: { 'time.hide': 'hidden', 'nav.start': 'running' } },
  },
});

const PAGE_ERROR: NavigationEvent = { type: 'page.error', error: { message: 'Bookings could not load', status: 503 } };

const barTestModel = createTestModel(barModel, {
  events: [
    { type: 'nav.start', path: '/booking/manage' },
    { type: 'page.ready' },
    { type: 'request.failed' },
    PAGE_ERROR,
    { type: 'chunk.failed' },
    { type: 'time.throttle' },
    { type: 'time.tick' },
    { type: 'time.duration' },
    { type: 'time.hide' },
  ],
});

function expectedProgress(ticks: number): number {
  let progress = 0;
  for (let i = 0; i <= ticks; i++) progress = nextProgress(progress);
  return progress;
}

describe('progress bar', () => {
  for (const path of barTestModel.getShortestPaths()) {
    it(path.description, async () => {
      const world = newWorld();
      const actor = startApp(world);
      // When the real machine entered the states whose delays the model's time events name.
      let runningSince = 0;
      let lastStep = 0;
      let hidingSince = 0;
      let previous = path.steps[0]!.state;
      const send = (event: { type: string }) => actor.send(event as NavigationEvent);
      const noteEntries = (next: typeof previous) => {
        if (next.matches('running') && !previous.matches('running')) runningSince = world.clock.now();
        if ((next.matches('completing') || next.matches('failed')) && !(previous.matches('completing') || previous.matches('failed'))) {
          hidingSince = world.clock.now();
        }
      };
      await path.test({
        events: {
          'nav.start': ({ event, state }) => (send(event), noteEntries(state)),
          'page.ready': ({ event, state }) => (send(event), noteEntries(state)),
          'request.failed': ({ event, state }) => (send(event), noteEntries(state)),
          'page.error': ({ event, state }) => (send(event), noteEntries(state)),
          'chunk.failed': ({ event, state }) => (send(event), noteEntries(state)),
          'time.throttle': () => {
            world.clock.set(runningSince + D.progressThrottle);
            lastStep = world.clock.now();
          },
          'time.tick': () => {
            world.clock.set(lastStep + D.progressTick);
            lastStep = world.clock.now();
          },
          'time.duration': () => world.clock.set(runningSince + D.progressDuration),
          'time.hide': () => world.clock.set(hidingSince + D.hideAfter),
        },
        states: {
          '*': (state) => {
            const snapshot = actor.getSnapshot();
            assert.deepEqual(regionValue(snapshot.value, 'bar'), state.value);
            const bar = selectProgressBar(snapshot);
            if (state.matches('hidden') || state.matches({ running: 'throttled' })) {
              assert.deepEqual(bar, { visible: false, progress: 0, failed: false });
            } else if (state.matches({ running: 'advancing' })) {
              assert.deepEqual(bar, { visible: true, progress: expectedProgress(state.context.ticks), failed: false });
            } else if (state.matches({ running: 'stalled' })) {
              assert.equal(bar.visible, true);
              assert.ok(bar.progress > 0 && bar.progress < 0.9, `stalled at ${bar.progress}`);
              assert.equal(bar.failed, false);
            } else if (state.matches('completing')) {
              assert.deepEqual(bar, { visible: true, progress: 1, failed: false });
            } else if (state.matches('failed')) {
              assert.deepEqual(bar, { visible: true, progress: 1, failed: true });
            } else {
              assert.fail(`unexpected model state ${JSON.stringify(state.value)}`);
            }
            previous = state;
          },
        },
      });
      actor.stop();
    });
  }

  it('creeps toward 90 % and stops advancing after 5 s', () => {
    const world = newWorld();
    const actor = startApp(world, { fromModel: false });
    actor.send({ type: 'nav.start', path: '/customers/list' });
    const seen: number[] = [];
    for (let t = 0; t < 8_000; t += 50) {
      world.clock.increment(50);
      seen.push(actor.getSnapshot().context.progress);
    }
    for (let i = 1; i < seen.length; i++) assert.ok(seen[i]! >= seen[i - 1]!, 'progress never goes back');
    const at = (ms: number) => seen[ms / 50 - 1]!;
    assert.equal(at(150), 0, 'nothing before the throttle');
    assert.ok(at(250) > 0);
    assert.ok(at(5_000) > 0.85 && at(5_000) < 0.9, `about 0.89 at 5 s, got ${at(5_000)}`);
    assert.equal(at(8_000), at(5_000), 'no advance after the duration');
    assert.ok(actor.getSnapshot().matches({ bar: { running: 'stalled' } }));
  });

  it('does not restart on a second navigation while running', () => {
    const world = newWorld();
    const actor = startApp(world, { fromModel: false });
    actor.send({ type: 'nav.start', path: '/a' });
    world.clock.increment(400);
    const progress = actor.getSnapshot().context.progress;
    actor.send({ type: 'nav.start', path: '/b' });
    assert.ok(actor.getSnapshot().matches({ bar: { running: 'advancing' } }));
    assert.equal(actor.getSnapshot().context.progress, progress);
    assert.equal(actor.getSnapshot().context.path, '/b');
  });
});

// --- The page outlet ---

interface PageContext {
  /** A chunk reload happened less than 60 s ago (the sessionStorage stamp). */
  stamped: boolean;
  pageError: PageError | null;
}

type PageEvent =
  | NavigationEvent
  | { type: 'time.loadingDelay' }
  | { type: 'time.minimum' }
  | { type: 'time.window' }
  | { type: 'app.reload' };

const pageModel = createMachine({
  id: 'pageModel',
  types: {} as { context: PageContext; events: PageEvent },
  context: { stamped: false, pageError: null },
  initial: 'shown',
  states: {
    shown: {
      on: {
        'nav.start': 'pending',
        // 60 s pass; only while no navigation is pending, so no page timer is involved.
        'time.window': { actions: 'forgetStamp' },
        'page.error': { target: 'error', actions: 'assignError' },
        'chunk.failed': [{ guard: 'notStamped', target: 'reloading', actions: 'stamp' }, { target: 'error', actions: 'assignChunkError' }],
      },
    },
    pending: {
      initial: 'quiet',
      entry: assign({ pageError: null }),
      states: {
        // Ready within 200 ms: shown at once, no loading state.
        quiet: { on: { 'time.loadingDelay': 'loading', 'page.ready': '#pageModel.shown' } },
        loading: {
          type: 'parallel',
          states: {
            minimum: { initial: 'running', states: { running: { on: { 'time.minimum': 'elapsed' } }, elapsed: { type: 'final' } } },
            data: { initial: 'loading', states: { loading: { on: { 'page.ready': 'ready' } }, ready: { type: 'final' } } },
          },
          onDone: '#pageModel.shown',
        },
      },
      on: {
        'nav.start': { target: 'pending', reenter: true },
        'page.error': { target: 'error', actions: 'assignError' },
        'chunk.failed': [{ guard: 'notStamped', target: 'reloading', actions: 'stamp' }, { target: 'error', actions: 'assignChunkError' }],
      },
    },
    error: {
      on: {
        'nav.start': 'pending',
        'time.window': { actions: 'forgetStamp' },
        'page.error': { target: 'error', actions: 'assignError' },
        'chunk.failed': [{ guard: 'notStamped', target: 'reloading', actions: 'stamp' }, { target: 'error', actions: 'assignChunkError' }],
      },
    },
    // Nothing else happens while the page reloads.
    reloading: {
      on: {
        // The browser reloads: a fresh app, the same sessionStorage.
        'app.reload': { target: 'shown', actions: assign({ pageError: null }) },
        'time.window': { actions: 'forgetStamp' },
      },
    },
  },
}).provide({
  guards: { notStamped: ({ context }) => !context.stamped },
  actions: {
    stamp: assign({ stamped: true }),
    forgetStamp: assign({ stamped: false }),
    assignError: assign({
      pageError: ({ event }) => {
        const error = (event as Extract<PageEvent, { type: 'page.error' }>).error;
        return { message: error.message, status: error.status ?? 500 };
      },
    }),
    assignChunkError: assign({ pageError: { message: CHUNK_ERROR_MESSAGE, status: 500 } }),
  },
});

const PAGE_EVENTS: PageEvent[] = [
  { type: 'nav.start', path: '/payments/list' },
  { type: 'page.ready' },
  { type: 'page.error', error: { message: 'Not allowed', status: 403 } },
  { type: 'page.error', error: { message: 'It broke' } },
  { type: 'chunk.failed' },
  { type: 'time.loadingDelay' },
  { type: 'time.minimum' },
  { type: 'time.window' },
  { type: 'app.reload' },
];

const pageTestModel = createTestModel(pageModel, {
  events: PAGE_EVENTS,
  // The `onDone` of pending is the model's own business, not an event anyone sends.
  filterEvents: (_state, event) => !event.type.startsWith('xstate.'),
});

describe('page outlet', () => {
  for (const path of pageTestModel.getShortestPaths()) {
    it(path.description, async () => {
      const world = newWorld();
      let actor = startApp(world);
      let pendingSince = 0;
      await path.test({
        events: {
          'nav.start': ({ event }) => {
            actor.send(event as NavigationEvent);
            pendingSince = world.clock.now();
          },
          'page.ready': ({ event }) => actor.send(event as NavigationEvent),
          'page.error': ({ event }) => actor.send(event as NavigationEvent),
          'chunk.failed': ({ event, state }) => {
            const reloads = world.reloads.length;
            actor.send(event as NavigationEvent);
            assert.equal(world.reloads.length - reloads, state.matches('reloading') ? 1 : 0, 'reloads');
          },
          'time.loadingDelay': () => world.clock.set(pendingSince + D.loadingDelay),
          // The loading state showed at pendingSince + loadingDelay.
          'time.minimum': () => world.clock.set(pendingSince + D.loadingDelay + D.minimumLoading),
          'time.window': () => world.clock.increment(CHUNK_RELOAD_WINDOW_MS),
          'app.reload': () => {
            actor.stop();
            actor = startApp(world);
          },
        },
        states: {
          '*': (state) => {
            const snapshot = actor.getSnapshot();
            assert.deepEqual(regionValue(snapshot.value, 'page'), state.value);
            assert.equal(selectPageContentReady(snapshot), state.matches('shown'));
            assert.equal(selectPageLoading(snapshot), state.matches({ pending: 'loading' }));
            assert.deepEqual(selectPageError(snapshot), state.matches('error') ? state.context.pageError : null);
            if (state.matches('pending')) assert.equal(snapshot.context.path, '/payments/list');
            assertReloadsSpaced(world);
          },
        },
      });
      actor.stop();
    });
  }

  /** Every page state the real machine passes through, from now on. */
  function pageStates(actor: ReturnType<typeof startApp>): string[] {
    const seen: string[] = [];
    actor.subscribe((snapshot) => seen.push(JSON.stringify(regionValue(snapshot.value, 'page'))));
    return seen;
  }

  it('shows a page ready within 200 ms at once, with no loading state ever shown', () => {
    const world = newWorld();
    const actor = startApp(world, { fromModel: false });
    const seen = pageStates(actor);
    actor.send({ type: 'nav.start', path: '/locations' });
    world.clock.increment(10);
    assert.equal(selectPageContentReady(actor.getSnapshot()), false);
    actor.send({ type: 'page.ready' });
    assert.equal(selectPageContentReady(actor.getSnapshot()), true, 'shown 10 ms after the navigation started');
    world.clock.increment(1_000);
    assert.equal(selectPageContentReady(actor.getSnapshot()), true);
    assert.ok(!seen.some((value) => value.includes('loading')), `no loading state: ${seen.join(' ')}`);
    assert.equal(selectPageLoading(actor.getSnapshot()), false);
    assert.equal(selectProgressBar(actor.getSnapshot()).visible, false, 'the bar never showed');
  });

  it('shows the loading state from 200 ms and keeps it at least 200 ms', () => {
    const world = newWorld();
    const actor = startApp(world, { fromModel: false });
    actor.send({ type: 'nav.start', path: '/locations' });
    world.clock.increment(D.loadingDelay - 1);
    assert.equal(selectPageLoading(actor.getSnapshot()), false, 'nothing shows before 200 ms');
    world.clock.increment(1);
    assert.equal(selectPageLoading(actor.getSnapshot()), true, 'loading from 200 ms');
    world.clock.increment(50);
    actor.send({ type: 'page.ready' });
    assert.equal(selectPageContentReady(actor.getSnapshot()), false, 'ready at 250 ms, but loading showed only 50 ms');
    assert.equal(selectPageLoading(actor.getSnapshot()), true);
    world.clock.increment(D.minimumLoading - 51);
    assert.equal(selectPageContentReady(actor.getSnapshot()), false);
    world.clock.increment(1);
    assert.equal(selectPageContentReady(actor.getSnapshot()), true, 'shown once loading showed 200 ms');
    assert.equal(selectPageLoading(actor.getSnapshot()), false);
  });

  it('shows a page at once when it gets ready after the loading state showed 200 ms', () => {
    const world = newWorld();
    const actor = startApp(world, { fromModel: false });
    actor.send({ type: 'nav.start', path: '/locations' });
    // In two steps: a timer started by a timer runs from the clock's new time.
    world.clock.increment(D.loadingDelay);
    world.clock.increment(D.minimumLoading + 300);
    assert.equal(selectPageLoading(actor.getSnapshot()), true);
    actor.send({ type: 'page.ready' });
    assert.equal(selectPageContentReady(actor.getSnapshot()), true);
  });

  it('restarts the quiet time on a second navigation', () => {
    const world = newWorld();
    const actor = startApp(world, { fromModel: false });
    actor.send({ type: 'nav.start', path: '/a' });
    world.clock.increment(150);
    actor.send({ type: 'nav.start', path: '/b' });
    world.clock.increment(100);
    assert.equal(selectPageLoading(actor.getSnapshot()), false, '250 ms after the first, 100 ms after the second');
    actor.send({ type: 'page.ready' });
    assert.equal(selectPageContentReady(actor.getSnapshot()), true);
  });

  it('reloads once, shows the error page for chunk failures within 60 s, and reloads again after', () => {
    const world = newWorld();
    let actor = startApp(world, { fromModel: false });
    actor.send({ type: 'chunk.failed' });
    assert.deepEqual(world.reloads, [0]);
    for (const at of [1_000, 59_999]) {
      world.clock.set(at);
      actor.stop();
      actor = startApp(world, { fromModel: false });
      actor.send({ type: 'nav.start', path: '/x' });
      actor.send({ type: 'chunk.failed' });
      assert.deepEqual(selectPageError(actor.getSnapshot()), { message: 'chunk', status: 500 });
    }
    world.clock.set(60_000);
    actor.send({ type: 'chunk.failed' });
    assert.deepEqual(world.reloads, [0, 60_000]);
    actor.stop();
  });
});

// Declared last, so it runs after every path above.
it('visits every state of the real machine', () => {
  assert.deepEqual(coverage.missing(), [], 'every state of the navigation machine is visited');
});
