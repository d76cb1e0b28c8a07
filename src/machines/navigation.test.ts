import assert from 'node:assert/strict';
import { afterEach, describe, it, mock } from 'node:test';
import { createActor } from 'xstate';
import {
  CHUNK_RELOAD_KEY,
  NAVIGATION_DELAYS,
  PROGRESS_CEILING,
  chunkReloadAllowed,
  navigationMachine,
  nextProgress,
} from './navigation.ts';
import { SIDEBAR_BADGES } from '../app/badges.ts';
import { ROUTES, matchRoute, visibleRoutes } from '../app/routes.ts';

describe('navigation helpers', () => {
  it('uses the seed timings', () => {
    assert.deepEqual(NAVIGATION_DELAYS, {
      progressThrottle: 200,
      progressTick: 100,
      progressDuration: 5000,
      hideAfter: 500,
      loadingDelay: 200,
      minimumLoading: 200,
    });
  });

  it('moves progress toward the ceiling without reaching it', () => {
    let progress = 0;
    for (let i = 0; i < 1000; i++) {
      const next = nextProgress(progress);
      assert.ok(next >= progress, 'never goes back');
      assert.ok(next <= PROGRESS_CEILING, 'never passes the ceiling');
      progress = next;
    }
    assert.ok(nextProgress(0) > 0);
    assert.ok(progress > PROGRESS_CEILING - 1e-9, 'gets as close as it likes');
  });

  it('allows a chunk reload without a stamp or once 60 s have passed', () => {
    assert.equal(chunkReloadAllowed(null, 1_000), true);
    assert.equal(chunkReloadAllowed('1000', 1_000), false);
    assert.equal(chunkReloadAllowed('1000', 60_999), false);
    assert.equal(chunkReloadAllowed('1000', 61_000), true);
    assert.equal(chunkReloadAllowed('garbage', 5), true, 'an unreadable stamp does not block');
    assert.equal(chunkReloadAllowed('90000', 1_000), true, 'a stamp from the future (clock changed) does not block');
  });
});

describe('navigation default chunk-reload effects', () => {
  const saved = {
    sessionStorage: Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage'),
    location: Object.getOwnPropertyDescriptor(globalThis, 'location'),
  };
  afterEach(() => {
    mock.restoreAll();
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  });

  function stubBrowser(storage: unknown) {
    const reloads: number[] = [];
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true, writable: true });
    Object.defineProperty(globalThis, 'location', { value: { reload: () => reloads.push(Date.now()) }, configurable: true, writable: true });
    return reloads;
  }

  it('stamp sessionStorage, reload, and refuse a second reload within 60 s', () => {
    const data = new Map<string, string>();
    const reloads = stubBrowser({ getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) });
    const now = mock.method(Date, 'now', () => 1_700_000_000_000);

    const first = createActor(navigationMachine).start();
    first.send({ type: 'chunk.failed' });
    assert.ok(first.getSnapshot().matches({ page: 'reloading' }));
    assert.equal(reloads.length, 1);
    assert.equal(data.get(CHUNK_RELOAD_KEY), '1700000000000');
    first.stop();

    now.mock.mockImplementation(() => 1_700_000_030_000);
    const second = createActor(navigationMachine).start();
    second.send({ type: 'chunk.failed' });
    assert.ok(second.getSnapshot().matches({ page: 'error' }));
    assert.deepEqual(second.getSnapshot().context.pageError, { message: 'chunk', status: 500 });
    assert.equal(reloads.length, 1);
    second.stop();
  });

  it('never reload when sessionStorage does not work (no loop)', () => {
    const reloads = stubBrowser({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    });
    const actor = createActor(navigationMachine).start();
    actor.send({ type: 'chunk.failed' });
    assert.ok(actor.getSnapshot().matches({ page: 'error' }));
    assert.equal(reloads.length, 0);
    actor.stop();
  });
});

describe('page errors', () => {
  it('default to status 500 and clear on the next navigation', () => {
    const actor = createActor(navigationMachine, { input: { path: '/home' } }).start();
    assert.equal(actor.getSnapshot().context.path, '/home');
    actor.send({ type: 'page.error', error: { message: 'Boom' } });
    assert.deepEqual(actor.getSnapshot().context.pageError, { message: 'Boom', status: 500 });
    actor.send({ type: 'page.error', error: { message: 'Gone', status: 404 } });
    assert.deepEqual(actor.getSnapshot().context.pageError, { message: 'Gone', status: 404 });
    actor.send({ type: 'page.error', error: { message: 'Odd', status: 200 } });
    assert.deepEqual(actor.getSnapshot().context.pageError, { message: 'Odd', status: 500 }, 'not an error status');
    actor.send({ type: 'nav.start', path: '/locations' });
    assert.equal(actor.getSnapshot().context.pageError, null);
    assert.equal(actor.getSnapshot().context.path, '/locations');
    actor.stop();
  });

  it('starts without input', () => {
    const actor = createActor(navigationMachine).start();
    assert.equal(actor.getSnapshot().context.path, '');
    actor.stop();
  });
});

describe('sidebar entries and badges', () => {
  it('payouts have their own entry under Payments, for staff and vendor staff alike', () => {
    const match = matchRoute('/payments/payouts');
    assert.equal(match?.route.key, 'payouts');
    assert.equal(match?.route.area, 'payments');
    assert.ok(visibleRoutes(false).some((route) => route.key === 'payouts' && route.inSidebar));
  });

  it('a badge sits beside a sidebar screen and its own link opens that screen, filtered to what it counts', () => {
    assert.ok(Object.keys(SIDEBAR_BADGES).length > 0);
    for (const [key, badge] of Object.entries(SIDEBAR_BADGES)) {
      assert.ok(ROUTES.find((route) => route.key === key)?.inSidebar, key);
      assert.equal(matchRoute(badge!.href.split('?')[0])?.route.key, key, `${key}: the badge opens its own screen`);
    }
  });
});
