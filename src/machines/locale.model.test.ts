/**
 * Model-based test of the locale machine: the model's `load.resolve` / `load.reject`
 * events settle the fake `loadMessages` actor's promise; the cookie and `<html lang dir>`
 * writes are recorded.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { assign, createActor, createMachine, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import {
  DIRECTION,
  ENGLISH_MESSAGES,
  INTL_LOCALE,
  isLocale,
  localeMachine,
  selectRequestedLocale,
  type Locale,
  type Messages,
} from './locale.ts';
import { Coverage, flushPromises } from './modelHarness.ts';

interface ModelContext {
  locale: Locale;
  pending: Locale | null;
  error: boolean;
}

type ModelEvent =
  | { type: 'locale.set'; locale: string }
  | { type: 'load.resolve' }
  | { type: 'load.reject' };

/** What the user asked for last decides; a locale whose messages are at hand needs no load. */
const localeModel = createMachine({
  id: 'localeModel',
  types: {} as { context: ModelContext; events: ModelEvent; input: { locale: Locale } },
  context: ({ input }) =>
    input.locale === 'en' ? { locale: 'en', pending: null, error: false } : { locale: 'en', pending: input.locale, error: false },
  initial: 'initializing',
  states: {
    initializing: {
      always: [{ guard: ({ context }) => context.pending !== null, target: 'loading' }, { target: 'ready' }],
    },
    loading: {
      on: {
        'locale.set': [
          // Asked again for what is loading: nothing new.
          { guard: ({ context, event }) => event.locale === context.pending },
          // Back to the active locale, or to English, which is bundled: no load.
          {
            guard: ({ context, event }) => event.locale === context.locale || event.locale === 'en',
            target: 'ready',
            actions: assign({ locale: ({ event }) => event.locale as Locale, pending: null, error: false }),
          },
          {
            guard: ({ event }) => isLocale(event.locale),
            target: 'loading',
            reenter: true,
            actions: assign({ pending: ({ event }) => event.locale as Locale }),
          },
        ],
        'load.resolve': {
          target: 'ready',
          actions: assign({ locale: ({ context }) => context.pending!, pending: null, error: false }),
        },
        'load.reject': { target: 'failed', actions: assign({ pending: null, error: true }) },
      },
    },
    ready: {
      on: {
        'locale.set': [
          { guard: ({ context, event }) => event.locale === context.locale },
          { guard: ({ event }) => event.locale === 'en', target: 'ready', actions: assign({ locale: 'en' as const }) },
          { guard: ({ event }) => isLocale(event.locale), target: 'loading', actions: assign({ pending: ({ event }) => event.locale as Locale }) },
        ],
      },
    },
    failed: {
      on: {
        'locale.set': [
          {
            guard: ({ context, event }) => event.locale === context.locale || event.locale === 'en',
            target: 'ready',
            actions: assign({ locale: ({ event }) => event.locale as Locale, error: false }),
          },
          {
            guard: ({ event }) => isLocale(event.locale),
            target: 'loading',
            actions: assign({ pending: ({ event }) => event.locale as Locale, error: false }),
          },
        ],
      },
    },
  },
});

const EVENTS: ModelEvent[] = [
  { type: 'locale.set', locale: 'en' },
  { type: 'locale.set', locale: 'fr' },
  { type: 'locale.set', locale: 'ar' },
  { type: 'locale.set', locale: 'de' },
  { type: 'load.resolve' },
  { type: 'load.reject' },
];

const model = createTestModel(localeModel, { events: EVENTS });

/** The catalogues the fake loader serves: a key of their own, and `app.name` left to English. */
const CATALOGUES: Record<Locale, Messages> = {
  en: {},
  fr: { 'test.greeting': 'Bonjour' },
  ar: { 'test.greeting': 'مرحبا' },
};

function expectedMessages(locale: Locale): Messages {
  return { ...ENGLISH_MESSAGES, ...CATALOGUES[locale] };
}

interface Deferred {
  locale: Locale;
  resolve(messages: Messages): void;
  reject(error: Error): void;
}

const coverage = new Coverage(localeMachine);

function startSystem(locale: Locale, { fromModel = true } = {}) {
  const loads: Deferred[] = [];
  const cookies: string[] = [];
  const documentWrites: Array<{ lang: string; dir: string }> = [];
  const machine = localeMachine.provide({
    actors: {
      loadMessages: fromPromise<Messages, { locale: Locale }>(
        ({ input }) =>
          new Promise<Messages>((resolve, reject) => {
            loads.push({ locale: input.locale, resolve, reject });
          }),
      ),
    },
    actions: {
      persistLocaleCookie: ({ context }) => void cookies.push(context.locale),
      applyDocumentLocale: ({ context }) =>
        void documentWrites.push({ lang: INTL_LOCALE[context.locale], dir: DIRECTION[context.locale] }),
    },
  });
  const actor = createActor(machine, { input: { locale } });
  // Only model paths count toward coverage.
  if (fromModel) actor.subscribe((snapshot) => coverage.record(snapshot));
  actor.start();
  if (fromModel) coverage.record(actor.getSnapshot());
  return { actor, loads, cookies, documentWrites };
}

type System = ReturnType<typeof startSystem>;

function check(system: System, expected: { value: unknown; context: ModelContext }) {
  const snapshot = system.actor.getSnapshot();
  const { locale, pending, error } = expected.context;
  assert.equal(snapshot.value, expected.value);
  assert.equal(snapshot.context.locale, locale);
  assert.equal(snapshot.context.pending, pending);
  assert.equal(selectRequestedLocale(snapshot), pending ?? locale);
  assert.equal(snapshot.context.error !== null, error, `error is ${snapshot.context.error}`);
  assert.equal(snapshot.context.failedLocale !== null, error, 'the failed locale is named exactly while there is an error');
  assert.deepEqual(snapshot.context.messages, expectedMessages(locale), 'messages are the active locale over English');
  if (expected.value === 'loading') {
    assert.equal(system.loads.at(-1)?.locale, pending, 'the pending locale is loading');
  }
  if (expected.value === 'ready') {
    assert.equal(system.cookies.at(-1), locale, 'a ready locale is remembered in the cookie');
  } else if (system.cookies.length > 0) {
    assert.equal(system.cookies.at(-1), locale, 'the cookie holds the active locale');
  }
  if (expected.value !== 'loading') {
    assert.deepEqual(system.documentWrites.at(-1), { lang: INTL_LOCALE[locale], dir: DIRECTION[locale] });
  }
}

for (const initial of ['en', 'fr', 'ar'] as const) {
  describe(`locale from ${initial}`, () => {
    for (const path of model.getShortestPaths({ input: { locale: initial } })) {
      it(path.description, async () => {
        const system = startSystem(initial);
        let previous: { value: unknown; context: ModelContext } = path.steps[0]!.state;
        await path.test({
          events: {
            'locale.set': async ({ event, state }) => {
              const loadsBefore = system.loads.length;
              system.actor.send(event as { type: 'locale.set'; locale: Locale });
              await flushPromises();
              // A load starts exactly when the model starts loading another locale.
              const startsLoad =
                state.value === 'loading' && (previous.value !== 'loading' || previous.context.pending !== state.context.pending);
              assert.equal(system.loads.length - loadsBefore, startsLoad ? 1 : 0, 'loads started');
            },
            'load.resolve': async () => {
              const load = system.loads.at(-1)!;
              load.resolve(CATALOGUES[load.locale]);
              await flushPromises();
            },
            'load.reject': async () => {
              system.loads.at(-1)!.reject(new Error('offline'));
              await flushPromises();
            },
          },
          states: {
            '*': (state) => {
              check(system, state);
              previous = state;
            },
          },
        });
        system.actor.stop();
      });
    }
  });
}

describe('locale details', () => {
  it('says which load failed and keeps the previous locale', async () => {
    const system = startSystem('en', { fromModel: false });
    system.actor.send({ type: 'locale.set', locale: 'ar' });
    system.loads.at(-1)!.reject(new Error('offline'));
    await flushPromises();
    const snapshot = system.actor.getSnapshot();
    assert.equal(snapshot.value, 'failed');
    assert.equal(snapshot.context.locale, 'en');
    assert.match(snapshot.context.error ?? '', /ar.*offline/);
    assert.equal(snapshot.context.failedLocale, 'ar');
  });

  it('ignores a superseded load that settles late', async () => {
    const system = startSystem('en', { fromModel: false });
    system.actor.send({ type: 'locale.set', locale: 'fr' });
    system.actor.send({ type: 'locale.set', locale: 'ar' });
    const [fr, ar] = system.loads;
    fr!.resolve(CATALOGUES.fr);
    await flushPromises();
    assert.equal(system.actor.getSnapshot().value, 'loading');
    ar!.resolve(CATALOGUES.ar);
    await flushPromises();
    assert.equal(system.actor.getSnapshot().context.locale, 'ar');
    assert.equal(system.actor.getSnapshot().context.messages['test.greeting'], 'مرحبا');
  });

  it('starts ready with preloaded messages, without loading', () => {
    const loads: string[] = [];
    const actor = createActor(
      localeMachine.provide({
        actors: { loadMessages: fromPromise(async ({ input }: { input: { locale: Locale } }) => (loads.push(input.locale), {})) },
        actions: { persistLocaleCookie: () => undefined, applyDocumentLocale: () => undefined },
      }),
      { input: { locale: 'fr', messages: CATALOGUES.fr } },
    ).start();
    assert.equal(actor.getSnapshot().value, 'ready');
    assert.equal(actor.getSnapshot().context.locale, 'fr');
    assert.deepEqual(actor.getSnapshot().context.messages, expectedMessages('fr'));
    assert.deepEqual(loads, []);
  });

  it('treats an invalid input locale as English', () => {
    const system = startSystem('de' as Locale, { fromModel: false });
    assert.equal(system.actor.getSnapshot().value, 'ready');
    assert.equal(system.actor.getSnapshot().context.locale, 'en');
  });
});

// Declared last, so it runs after every path above.
it('visits every state of the real machine', () => {
  assert.deepEqual(coverage.missing(), [], 'every state of the locale machine is visited');
});
