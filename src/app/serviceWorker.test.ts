import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { registerServiceWorker } from './serviceWorker.ts';

const NAMES = ['__DEV__', 'navigator', 'document', 'window'] as const;
const saved = new Map(NAMES.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));
const set = (name: (typeof NAMES)[number], value: unknown) =>
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });

afterEach(() => {
  for (const [name, descriptor] of saved) {
    if (descriptor) Object.defineProperty(globalThis, name, descriptor);
    else delete (globalThis as Record<string, unknown>)[name];
  }
});

function fakeBrowser(readyState: string) {
  const registered: Array<{ url: string; scope?: string }> = [];
  const unregistered: string[] = [];
  const loadListeners: Array<() => void> = [];
  set('navigator', {
    serviceWorker: {
      register: async (url: string, options?: { scope?: string }) => void registered.push({ url, scope: options?.scope }),
      getRegistrations: async () => [{ unregister: async () => void unregistered.push('old') }],
    },
  });
  set('document', { readyState });
  set('window', { addEventListener: (type: string, listener: () => void) => type === 'load' && loadListeners.push(listener) });
  return { registered, unregistered, load: () => loadListeners.forEach((listener) => listener()) };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('registerServiceWorker', () => {
  it('registers /sw.js in production builds once the page has loaded', async () => {
    set('__DEV__', false);
    const browser = fakeBrowser('loading');
    registerServiceWorker();
    assert.deepEqual(browser.registered, []);
    browser.load();
    await tick();
    assert.deepEqual(browser.registered, [{ url: '/sw.js', scope: '/' }]);
  });

  it('registers at once when the page has already loaded', async () => {
    set('__DEV__', false);
    const browser = fakeBrowser('complete');
    registerServiceWorker();
    await tick();
    assert.equal(browser.registered.length, 1);
  });

  it('never registers in dev builds, and removes a worker left by a production build', async () => {
    set('__DEV__', true);
    const browser = fakeBrowser('complete');
    registerServiceWorker();
    browser.load();
    await tick();
    assert.deepEqual(browser.registered, []);
    assert.deepEqual(browser.unregistered, ['old']);
  });

  it('does nothing without service worker support', () => {
    set('__DEV__', false);
    set('navigator', {});
    assert.doesNotThrow(() => registerServiceWorker());
  });
});
