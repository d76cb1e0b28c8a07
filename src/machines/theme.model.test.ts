/**
 * Model-based test of the theme machine: a pure model (no invoke) is walked with
 * createTestModel; every path drives the real machine, whose side effects (storage,
 * `<html data-theme>`, the media query listener) go to fakes.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assign, createActor, createMachine } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  createSchemeWatcher,
  resolveTheme,
  selectResolvedTheme,
  themeMachine,
  type ColorMode,
  type SchemeQuery,
  type ThemeEvent,
} from './theme.ts';
import { Coverage } from './modelHarness.ts';

interface ModelContext {
  preference: ColorMode;
  /** What the operating system prefers right now. */
  systemDark: boolean;
}

const themeModel = createMachine({
  id: 'themeModel',
  types: {} as { context: ModelContext; events: ThemeEvent; input: ModelContext },
  context: ({ input }) => ({ ...input }),
  initial: 'initializing',
  states: {
    initializing: {
      always: [
        { guard: ({ context }) => context.preference === 'light', target: 'light' },
        { guard: ({ context }) => context.preference === 'dark', target: 'dark' },
        { target: 'system' },
      ],
    },
    light: {},
    dark: {},
    system: {},
  },
  on: {
    'theme.set': [
      { guard: ({ event }) => event.preference === 'light', target: '.light', actions: assign({ preference: 'light' as const }) },
      { guard: ({ event }) => event.preference === 'dark', target: '.dark', actions: assign({ preference: 'dark' as const }) },
      { guard: ({ event }) => event.preference === 'system', target: '.system', actions: assign({ preference: 'system' as const }) },
    ],
    // The operating system's preference changes, whatever the state.
    'system.changed': { actions: assign({ systemDark: ({ event }) => event.dark }) },
  },
});

const EVENTS: ThemeEvent[] = [
  { type: 'theme.set', preference: 'light' },
  { type: 'theme.set', preference: 'dark' },
  { type: 'theme.set', preference: 'system' },
  { type: 'system.changed', dark: true },
  { type: 'system.changed', dark: false },
];

const model = createTestModel(themeModel, { events: EVENTS });

/** A fake `(prefers-color-scheme: dark)` media query the test flips. */
class FakeQuery implements SchemeQuery {
  listeners = new Set<(event: { matches: boolean }) => void>();
  constructor(public matches: boolean) {}
  addEventListener(_type: 'change', listener: (event: { matches: boolean }) => void) {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'change', listener: (event: { matches: boolean }) => void) {
    this.listeners.delete(listener);
  }
  change(matches: boolean) {
    this.matches = matches;
    for (const listener of [...this.listeners]) listener({ matches });
  }
}

const coverage = new Coverage(themeMachine);

/** The real machine with its side effects recorded instead of performed. */
function startSystem(input: ModelContext, { fromModel = true } = {}) {
  const storage = new Map<string, string>();
  const applied: string[] = [];
  const query = new FakeQuery(input.systemDark);
  const machine = themeMachine.provide({
    actions: {
      persistPreference: ({ context }) => void storage.set('color-mode', context.preference),
      applyTheme: ({ context }) => void applied.push(resolveTheme(context)),
    },
    actors: { watchSystemScheme: createSchemeWatcher(() => query) },
  });
  const actor = createActor(machine, { input });
  // Only model paths count toward coverage.
  if (fromModel) actor.subscribe((snapshot) => coverage.record(snapshot));
  actor.start();
  if (fromModel) coverage.record(actor.getSnapshot());
  return { actor, storage, applied, query };
}

function check(system: ReturnType<typeof startSystem>, expected: { value: unknown; context: ModelContext }) {
  const snapshot = system.actor.getSnapshot();
  const theme = expected.context.preference === 'system' ? (expected.context.systemDark ? 'dark' : 'light') : expected.context.preference;
  assert.equal(snapshot.value, expected.value);
  assert.equal(snapshot.context.preference, expected.context.preference);
  assert.equal(selectResolvedTheme(snapshot), theme);
  assert.equal(system.applied.at(-1), theme, 'the theme on <html> is the resolved one');
  const stored = system.storage.get('color-mode');
  if (stored !== undefined) assert.equal(stored, expected.context.preference, 'the stored preference is the current one');
  // Only the system state listens to the media query, and only once.
  assert.equal(system.query.listeners.size, expected.value === 'system' ? 1 : 0);
}

const INPUTS: ModelContext[] = (['light', 'dark', 'system'] as const).flatMap((preference) => [
  { preference, systemDark: false },
  { preference, systemDark: true },
]);

for (const input of INPUTS) {
  describe(`theme from ${input.preference} (system ${input.systemDark ? 'dark' : 'light'})`, () => {
    for (const path of model.getShortestPaths({ input })) {
      it(path.description, async () => {
        const system = startSystem(input);
        await path.test({
          events: {
            'theme.set': ({ event }) => {
              const { preference } = event as Extract<ThemeEvent, { type: 'theme.set' }>;
              system.actor.send({ type: 'theme.set', preference });
              assert.equal(system.storage.get('color-mode'), preference, 'a choice is stored');
            },
            'system.changed': ({ event }) => system.query.change((event as Extract<ThemeEvent, { type: 'system.changed' }>).dark),
          },
          states: { '*': (state) => check(system, state) },
        });
        system.actor.stop();
        assert.equal(system.query.listeners.size, 0, 'stopping removes the listener');
      });
    }
  });
}

describe('theme input and invalid events', () => {
  it('starts from the input and ignores a preference that is not one of the three', () => {
    const system = startSystem({ preference: 'dark', systemDark: false }, { fromModel: false });
    assert.equal(system.storage.size, 0, 'starting does not write the preference');
    system.actor.send({ type: 'theme.set', preference: 'sepia' as ColorMode });
    assert.equal(system.actor.getSnapshot().value, 'dark');
    assert.equal(system.storage.size, 0);
  });

  it('treats an invalid input preference as system', () => {
    const system = startSystem({ preference: 'blue' as ColorMode, systemDark: true }, { fromModel: false });
    assert.equal(system.actor.getSnapshot().value, 'system');
    assert.equal(system.applied.at(-1), 'dark');
  });
});

// Declared last, so it runs after every path above.
it('visits every state of the real machine', () => {
  assert.deepEqual(coverage.missing(), [], 'every state of the theme machine is visited');
});
