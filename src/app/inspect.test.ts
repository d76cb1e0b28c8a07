import assert from 'node:assert/strict';
import { afterEach, describe, it } from 'node:test';
import { createActor, createMachine, type InspectionEvent } from 'xstate';
import { REDACTED, createDeferredInspector, createInspector, redactInspectionEvent, redactSecrets } from './inspect.ts';

describe('redaction', () => {
  it('replaces tokens, passwords and secrets at any depth', () => {
    const input = {
      type: 'login',
      email: 'a@b.dz',
      password: 'hunter2',
      tokens: { access: 'x', refresh: 'y' },
      nested: [{ access_token: 'jwt', refreshToken: 'r', clientSecret: 's', headers: { Authorization: 'JWT x' } }],
      count: 3,
    };
    assert.deepEqual(redactSecrets(input), {
      type: 'login',
      email: 'a@b.dz',
      password: REDACTED,
      tokens: REDACTED,
      nested: [{ access_token: REDACTED, refreshToken: REDACTED, clientSecret: REDACTED, headers: { Authorization: REDACTED } }],
      count: 3,
    });
    assert.equal(input.password, 'hunter2', 'the original is untouched');
  });

  it('copies cycles, functions, dates and errors safely', () => {
    const cyclic: Record<string, unknown> = { name: 'c' };
    cyclic.self = cyclic;
    const shared = { a: 1 };
    assert.deepEqual(redactSecrets({ cyclic, fn: () => 1, at: new Date(0), err: new Error('bad'), twice: [shared, shared] }), {
      cyclic: { name: 'c', self: '[circular]' },
      at: '1970-01-01T00:00:00.000Z',
      err: { name: 'Error', message: 'bad' },
      twice: [{ a: 1 }, { a: 1 }],
    });
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 40; i++) deep = (deep.next = {}) as Record<string, unknown>;
    assert.doesNotThrow(() => JSON.stringify(redactSecrets(root)));
  });

  it('keeps state values and the definition of an inspection event, redacts the rest', () => {
    const event = {
      type: '@xstate.snapshot',
      event: { type: 'login.done', output: { access_token: 'a', refresh_token: 'b', user: { name: 'N' } } },
      snapshot: { value: { signedIn: 'refreshingToken' }, context: { tokens: { access: 'a' }, user: { name: 'N' } }, output: { token: 't' } },
      definition: '{"id":"session"}',
    };
    assert.deepEqual(redactInspectionEvent(event), {
      type: '@xstate.snapshot',
      event: { type: 'login.done', output: { access_token: REDACTED, refresh_token: REDACTED, user: { name: 'N' } } },
      snapshot: { value: { signedIn: 'refreshingToken' }, context: { tokens: REDACTED, user: { name: 'N' } }, output: { token: REDACTED } },
      definition: '{"id":"session"}',
    });
  });
});

describe('deferred inspector', () => {
  it('buffers until connected, then replays in order and forwards', () => {
    const deferred = createDeferredInspector();
    const machine = createMachine({ id: 'toggle', initial: 'off', states: { off: { on: { flip: 'on' } }, on: {} } });
    const actor = createActor(machine, { inspect: deferred.inspect }).start();
    actor.send({ type: 'flip' });
    const received: InspectionEvent[] = [];
    deferred.connect({ next: (event) => received.push(event) });
    const before = received.length;
    assert.ok(before >= 3, 'actor, events and snapshots were buffered');
    assert.equal(received[0]!.type, '@xstate.actor');
    assert.ok(received.some((e) => e.type === '@xstate.event' && e.event.type === 'flip'));
    actor.send({ type: 'flip' });
    assert.ok(received.length > before, 'forwarded after connecting');
    actor.stop();
  });
});

describe('createInspector', () => {
  const saved = {
    __DEV__: Object.getOwnPropertyDescriptor(globalThis, '__DEV__'),
    window: Object.getOwnPropertyDescriptor(globalThis, 'window'),
  };
  afterEach(() => {
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete (globalThis as Record<string, unknown>)[name];
    }
  });
  const set = (name: string, value: unknown) => Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });

  /** A window whose inspector popup records what it is sent. */
  function fakeWindow(search: string) {
    const posted: unknown[] = [];
    const listeners: Array<(event: { data: unknown }) => void> = [];
    const win = {
      location: { search },
      open: () => ({ postMessage: (message: unknown) => posted.push(message) }),
      addEventListener: (_type: string, listener: (event: { data: unknown }) => void) => listeners.push(listener),
      requestIdleCallback: (callback: () => void) => setTimeout(callback, 0),
    };
    const connect = () => listeners.forEach((listener) => listener({ data: { type: '@statelyai.connected' } }));
    return { win, posted, connect, listening: () => listeners.length > 0 };
  }

  it('is off in production builds, even with ?inspect', () => {
    set('__DEV__', false);
    set('window', fakeWindow('?inspect').win);
    assert.equal(createInspector(), undefined);
  });

  it('is off in dev builds without ?inspect', () => {
    set('__DEV__', true);
    set('window', fakeWindow('?tab=2').win);
    assert.equal(createInspector(), undefined);
  });

  it('inspects from the start in dev builds with ?inspect, and never sends a token', async () => {
    set('__DEV__', true);
    const { win, posted, connect, listening } = fakeWindow('?inspect');
    set('window', win);
    const inspector = createInspector();
    assert.ok(inspector, 'available synchronously');
    // Waits on conditions, not fixed times: loading the package is slow on a busy machine.
    const until = async (done: () => boolean) => {
      for (let waited = 0; !done() && waited < 15_000; waited += 20) await new Promise((resolve) => setTimeout(resolve, 20));
    };
    const machine = createMachine({
      id: 'session',
      context: { tokens: { access: 'SECRET-ACCESS' }, user: 'Amina' },
      initial: 'signedIn',
      states: { signedIn: { on: { refreshed: {} } } },
    });
    const actor = createActor(machine, { inspect: inspector.inspect }).start();
    actor.send({ type: 'refreshed', access_token: 'SECRET-NEW' });
    await until(listening); // the package has loaded and listens for the inspector window
    connect();
    await until(() => posted.length >= 3);
    const text = JSON.stringify(posted);
    assert.ok(posted.length >= 3, `events reached the inspector window (${posted.length})`);
    assert.match(text, /Amina/);
    assert.match(text, /refreshed/);
    assert.doesNotMatch(text, /SECRET/);
    actor.stop();
  });
});
