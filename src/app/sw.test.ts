/**
 * The service worker (public/sw.js as the build writes it) run in a VM context with fake
 * caches, fetch and clients.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import vm from 'node:vm';

const ORIGIN = 'https://rihla.example';
const SOURCE = readFileSync(new URL('../../public/sw.js', import.meta.url), 'utf8');

class FakeCache {
  entries = new Map<string, Response>();
  async addAll(requests: Array<Request | string>) {
    for (const request of requests) {
      const url = new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
      this.entries.set(url, new Response(`cached ${new URL(url).pathname}`));
    }
  }
  async match(request: Request | string) {
    const url = new URL(typeof request === 'string' ? request : request.url, ORIGIN).href;
    return this.entries.get(url)?.clone();
  }
  async put(request: Request | string, response: Response) {
    this.entries.set(new URL(typeof request === 'string' ? request : request.url, ORIGIN).href, response);
  }
}

class FakeCaches {
  stores = new Map<string, FakeCache>();
  async open(name: string) {
    if (!this.stores.has(name)) this.stores.set(name, new FakeCache());
    return this.stores.get(name)!;
  }
  async keys() {
    return [...this.stores.keys()];
  }
  async delete(name: string) {
    return this.stores.delete(name);
  }
  async match(request: Request | string, options?: { cacheName?: string }) {
    const names = options?.cacheName ? [options.cacheName] : [...this.stores.keys()];
    for (const name of names) {
      const hit = await this.stores.get(name)?.match(request);
      if (hit) return hit;
    }
    return undefined;
  }
}

type Handler = (event: unknown) => void;

function loadWorker(buildId: string, precache: string[], caches = new FakeCaches()) {
  const handlers = new Map<string, Handler>();
  const fetched: string[] = [];
  let online = true;
  const calls = { skipWaiting: 0, claim: 0 };
  const self = {
    location: { origin: ORIGIN },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: async () => void calls.skipWaiting++,
    clients: { claim: async () => void calls.claim++ },
  };
  const fakeFetch = async (request: Request) => {
    fetched.push(new URL(request.url).pathname);
    if (!online) throw new TypeError('Failed to fetch');
    const response = new Response(`network ${new URL(request.url).pathname}`, { status: 200 });
    // A same-origin response, as a browser's fetch gives it.
    Object.defineProperty(response, 'type', { value: 'basic' });
    return response;
  };
  const code = SOURCE.replace('__BUILD_ID__', buildId).replace('__PRECACHE__', JSON.stringify(precache));
  // In a worker, relative URLs resolve against the worker's location.
  class WorkerRequest extends Request {
    constructor(input: string, init?: RequestInit) {
      super(new URL(input, ORIGIN).href, init);
    }
  }
  vm.runInNewContext(code, { self, caches, fetch: fakeFetch, Request: WorkerRequest, Response, URL, Promise, console });

  async function lifecycle(type: 'install' | 'activate') {
    const waits: Promise<unknown>[] = [];
    handlers.get(type)!({ waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }

  /** What the worker answers, or null when it leaves the request to the browser. */
  async function request(path: string, init: { mode?: 'navigate' | 'cors'; method?: string; origin?: string } = {}) {
    let responded: Promise<Response> | null = null;
    const request = { url: new URL(path, init.origin ?? ORIGIN).href, method: init.method ?? 'GET', mode: init.mode ?? 'cors' };
    handlers.get('fetch')!({ request, respondWith: (p: Promise<Response>) => (responded = p) });
    if (!responded) return null;
    return (await (responded as Promise<Response>)).text();
  }

  return {
    caches,
    fetched,
    calls,
    lifecycle,
    request,
    setOnline: (value: boolean) => (online = value),
  };
}

const PRECACHE = ['/', '/assets/main-ABC.js', '/assets/boot-DEF.js', '/assets/chunks/bookings-123.js'];

describe('service worker', () => {
  it('has its placeholders once each, so the build replaces them', () => {
    assert.equal(SOURCE.split('__BUILD_ID__').length, 2);
    assert.equal(SOURCE.split('__PRECACHE__').length, 2);
  });

  it('precaches the shell and the assets under a cache named after the build, then takes over', async () => {
    const sw = loadWorker('b1', PRECACHE);
    await sw.lifecycle('install');
    assert.deepEqual([...sw.caches.stores.keys()], ['rihla-b1']);
    assert.deepEqual([...sw.caches.stores.get('rihla-b1')!.entries.keys()], PRECACHE.map((p) => ORIGIN + p));
    assert.equal(sw.calls.skipWaiting, 1);
    await sw.lifecycle('activate');
    assert.equal(sw.calls.claim, 1);
  });

  it('deletes older builds\' caches on activate and leaves other caches alone', async () => {
    const caches = new FakeCaches();
    await caches.open('rihla-old');
    await caches.open('someone-else');
    const sw = loadWorker('b2', PRECACHE, caches);
    await sw.lifecycle('install');
    await sw.lifecycle('activate');
    assert.deepEqual((await caches.keys()).sort(), ['rihla-b2', 'someone-else']);
  });

  it('serves assets cache-first and caches assets it did not precache', async () => {
    const sw = loadWorker('b1', PRECACHE);
    await sw.lifecycle('install');
    assert.equal(await sw.request('/assets/main-ABC.js'), 'cached /assets/main-ABC.js');
    assert.deepEqual(sw.fetched, []);
    assert.equal(await sw.request('/assets/media/logo-9.svg'), 'network /assets/media/logo-9.svg');
    sw.setOnline(false);
    assert.equal(await sw.request('/assets/media/logo-9.svg'), 'network /assets/media/logo-9.svg', 'now from the cache');
  });

  it('sends navigations to the network first and falls back to the cached shell offline', async () => {
    const sw = loadWorker('b1', PRECACHE);
    await sw.lifecycle('install');
    assert.equal(await sw.request('/fr/booking/manage', { mode: 'navigate' }), 'network /fr/booking/manage');
    sw.setOnline(false);
    assert.equal(await sw.request('/fr/booking/manage', { mode: 'navigate' }), 'cached /');
  });

  it('never touches the API, other methods or other origins', async () => {
    const sw = loadWorker('b1', PRECACHE);
    await sw.lifecycle('install');
    assert.equal(await sw.request('/branch/api/bookings/'), null);
    assert.equal(await sw.request('/branch/api/master-admins/refresh/?format=web', { method: 'POST' }), null);
    assert.equal(await sw.request('/branch/api/openapi.json', { mode: 'navigate' }), null, 'not even a navigation to the API');
    assert.equal(await sw.request('/assets/main-ABC.js', { method: 'POST' }), null);
    assert.equal(await sw.request('/assets/x.js', { origin: 'https://cdn.example' }), null);
    for (const cache of sw.caches.stores.values()) {
      for (const url of cache.entries.keys()) assert.ok(!url.includes('/branch/api'), url);
    }
  });
});
