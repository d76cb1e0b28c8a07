import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createActor } from 'xstate';
import {
  COLOR_MODE_KEY,
  applyResolvedTheme,
  isColorMode,
  readStoredColorMode,
  resolveColorMode,
  storeColorMode,
  systemPrefersDark,
} from './colorMode.ts';
import { themeMachine } from '../machines/theme.ts';

const GLOBALS = ['localStorage', 'document', 'matchMedia'] as const;
const saved = new Map(GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));

function stub(name: (typeof GLOBALS)[number], value: unknown) {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

afterEach(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});

function fakeStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

function fakeDocument() {
  const documentElement = { dataset: {} as Record<string, string>, style: {} as Record<string, string> };
  return { documentElement };
}

describe('colour mode helpers', () => {
  it('knows the three modes', () => {
    assert.equal(COLOR_MODE_KEY, 'color-mode');
    for (const mode of ['light', 'dark', 'system']) assert.equal(isColorMode(mode), true);
    for (const bad of ['Dark', 'auto', '', null]) assert.equal(isColorMode(bad), false);
  });

  it('reads the stored preference, anything else being system', () => {
    assert.equal(readStoredColorMode(), 'system', 'no storage at all');
    stub('localStorage', fakeStorage({ 'color-mode': 'dark' }));
    assert.equal(readStoredColorMode(), 'dark');
    stub('localStorage', fakeStorage({ 'color-mode': 'purple' }));
    assert.equal(readStoredColorMode(), 'system');
    stub('localStorage', { getItem: () => { throw new Error('denied'); } });
    assert.equal(readStoredColorMode(), 'system');
  });

  it('stores the preference and survives a storage that refuses', () => {
    const storage = fakeStorage();
    stub('localStorage', storage);
    storeColorMode('light');
    assert.equal(storage.data.get('color-mode'), 'light');
    stub('localStorage', { setItem: () => { throw new Error('quota'); } });
    assert.doesNotThrow(() => storeColorMode('dark'));
  });

  it('asks prefers-color-scheme', () => {
    assert.equal(systemPrefersDark(), false, 'no matchMedia');
    const queries: string[] = [];
    stub('matchMedia', (query: string) => (queries.push(query), { matches: true }));
    assert.equal(systemPrefersDark(), true);
    assert.deepEqual(queries, ['(prefers-color-scheme: dark)']);
  });

  it('resolves system with the system preference', () => {
    assert.equal(resolveColorMode('system', true), 'dark');
    assert.equal(resolveColorMode('system', false), 'light');
    assert.equal(resolveColorMode('light', true), 'light');
    assert.equal(resolveColorMode('dark', false), 'dark');
  });

  it('applies data-theme and color-scheme to <html>', () => {
    assert.doesNotThrow(() => applyResolvedTheme('dark'), 'no document');
    const doc = fakeDocument();
    stub('document', doc);
    applyResolvedTheme('dark');
    assert.equal(doc.documentElement.dataset.theme, 'dark');
    assert.equal(doc.documentElement.style.colorScheme, 'dark');
  });
});

describe('theme machine with its default side effects', () => {
  it('follows matchMedia in system and stores choices in localStorage', () => {
    const storage = fakeStorage();
    const doc = fakeDocument();
    const listeners = new Set<(event: { matches: boolean }) => void>();
    const query = {
      matches: false,
      addEventListener: (_: string, listener: (event: { matches: boolean }) => void) => void listeners.add(listener),
      removeEventListener: (_: string, listener: (event: { matches: boolean }) => void) => void listeners.delete(listener),
    };
    stub('localStorage', storage);
    stub('document', doc);
    stub('matchMedia', () => query);

    const actor = createActor(themeMachine, { input: { preference: 'system', systemDark: false } }).start();
    assert.equal(doc.documentElement.dataset.theme, 'light');
    assert.equal(listeners.size, 1);
    query.matches = true;
    for (const listener of listeners) listener({ matches: true });
    assert.equal(doc.documentElement.dataset.theme, 'dark');
    assert.equal(doc.documentElement.style.colorScheme, 'dark');

    actor.send({ type: 'theme.set', preference: 'light' });
    assert.equal(doc.documentElement.dataset.theme, 'light');
    assert.equal(storage.data.get('color-mode'), 'light');
    assert.equal(listeners.size, 0, 'light does not listen');
    actor.stop();
  });
});
