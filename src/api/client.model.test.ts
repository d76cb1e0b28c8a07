/**
 * The authenticated API client (src/api/client.ts) and how it leans on the session.
 *
 * 1. The client alone, with a fake session bridge and a fake `fetch`: when it refreshes,
 *    how many times it retries, and how it fails.
 * 2. The client as the app wires it (src/app/actors.ts: the real session actor, the real
 *    refresh call and storage), in node with small browser stand-ins, against a fake
 *    server behind `fetch`: however many requests find the token expired or rejected,
 *    the server sees ONE refresh.
 */
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, it } from 'node:test';
import type { SessionBridge } from './client.ts';
import type { SessionTokens, SessionUser } from '../machines/session.ts';

// Build-time constants the app modules read when they load.
Object.assign(globalThis, { __API_BASE_URL__: '', __DEV__: false, __APP_VERSION__: '0.0.0-test' });
const { ApiRequestError, createApiClient } = await import('./client.ts');

// ---------------------------------------------------------------------------------------
// A fake fetch
// ---------------------------------------------------------------------------------------

interface SeenRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

type Handler = (request: SeenRequest) => Response | Promise<Response>;

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Replaces globalThis.fetch; every request is recorded, then answered by `handler`. */
function fakeFetch(handler: Handler) {
  const seen: SeenRequest[] = [];
  const fetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => (headers[key] = value));
    const request: SeenRequest = {
      method: init.method ?? 'GET',
      url: String(input),
      headers,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    if (init.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return handler(request);
  };
  return { fetch, seen };
}

const originalFetch = globalThis.fetch;

function install(handler: Handler) {
  const fake = fakeFetch(handler);
  globalThis.fetch = fake.fetch as typeof globalThis.fetch;
  return fake.seen;
}

/** A JWT-shaped token (unsigned: the client only reads `exp`). */
function jwt(name: string, expiresInSeconds: number): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode({ sub: name, exp: Math.floor(Date.now() / 1000) + expiresInSeconds })}.sig-${name}`;
}

function tokens(access: string, accessExpiresInMs: number): SessionTokens {
  return { access, accessExpiresAt: Date.now() + accessExpiresInMs, refresh: `refresh-for-${access}`, refreshExpiresAt: Date.now() + 3_600_000 };
}

// ---------------------------------------------------------------------------------------
// 1. The client with a fake session
// ---------------------------------------------------------------------------------------

/** A session bridge that hands out `next` when asked to refresh, and records each ask. */
function fakeSession(current: SessionTokens | null, next: () => SessionTokens | null) {
  const asks: { reason: 'expired' | 'rejected'; used: string }[] = [];
  let held = current;
  const bridge: SessionBridge = {
    tokens: () => held,
    async refresh(reason, used) {
      asks.push({ reason, used });
      await new Promise((resolve) => setTimeout(resolve, 5));
      held = next();
      return held;
    },
  };
  return { bridge, asks };
}

function authorization(request: SeenRequest) {
  return request.headers.authorization;
}

describe('api client with a fake session', () => {
  afterEach(() => {
    globalThis.fetch = originalFetch;
  });

  it('refreshes an access token that expires within 5 s before sending, and sends the new one', async () => {
    const seen = install(() => json(200, { ok: true }));
    const session = fakeSession(tokens('old', 4_000), () => tokens('new', 900_000));
    const errors: unknown[] = [];
    const client = createApiClient({ session: session.bridge, baseURL: '', onError: (e) => errors.push(e) });
    assert.deepEqual(await client.get('/branch/api/me/'), { ok: true });
    assert.deepEqual(session.asks, [{ reason: 'expired', used: 'old' }]);
    assert.equal(seen.length, 1, 'one request, with the fresh token only');
    assert.equal(authorization(seen[0]!), 'JWT new');
    assert.equal(seen[0]!.headers.accept, 'application/json, text/plain');
    assert.deepEqual(errors, []);
  });

  it('sends a token that is still good without asking the session', async () => {
    const seen = install(() => json(200, []));
    const session = fakeSession(tokens('good', 60_000), () => assert.fail('no refresh expected'));
    const client = createApiClient({ session: session.bridge, baseURL: '' });
    await client.get('/branch/api/bookings/', { params: { page: 2, q: '', status: undefined } });
    assert.equal(session.asks.length, 0);
    assert.equal(seen[0]!.url, '/branch/api/bookings/?page=2', 'empty and missing params are left out');
    assert.equal(authorization(seen[0]!), 'JWT good');
  });

  it('uses the clock it is given to decide that a token expired', async () => {
    install(() => json(200, {}));
    const session = fakeSession(tokens('good', 60_000), () => tokens('new', 900_000));
    const client = createApiClient({ session: session.bridge, baseURL: '', now: () => Date.now() + 58_000 });
    await client.get('/x');
    assert.equal(session.asks.length, 1, 'a token with 2 s left on the client’s clock is refreshed');
  });

  it('on a 401 refreshes once and retries once with the new token', async () => {
    const seen = install((request) => (authorization(request) === 'JWT new' ? json(200, { id: 7 }) : json(401, { detail: 'Token revoked' })));
    const session = fakeSession(tokens('old', 600_000), () => tokens('new', 900_000));
    const errors: unknown[] = [];
    const client = createApiClient({ session: session.bridge, baseURL: '', onError: (e) => errors.push(e) });
    assert.deepEqual(await client.post('/branch/api/coupons/', { code: 'SUMMER' }), { id: 7 });
    assert.deepEqual(session.asks, [{ reason: 'rejected', used: 'old' }]);
    assert.deepEqual(seen.map(authorization), ['JWT old', 'JWT new']);
    assert.deepEqual(seen.map((r) => r.body), [{ code: 'SUMMER' }, { code: 'SUMMER' }], 'the retry sends the same body');
    assert.deepEqual(seen.map((r) => r.method), ['POST', 'POST']);
    assert.deepEqual(errors, [], 'a request that succeeds on retry reports no error');
  });

  it('fails cleanly when the retry gets a 401 too: one refresh, two requests, one reported error', async () => {
    const seen = install(() => json(401, { detail: 'Not allowed' }));
    const session = fakeSession(tokens('old', 600_000), () => tokens('new', 900_000));
    const errors: InstanceType<typeof ApiRequestError>[] = [];
    const client = createApiClient({ session: session.bridge, baseURL: '', onError: (e) => errors.push(e) });
    await assert.rejects(client.get('/branch/api/me/'), (error: unknown) => {
      assert.ok(error instanceof ApiRequestError, 'an ApiRequestError');
      assert.equal(error.status, 401);
      assert.equal(error.detail, 'Not allowed');
      return true;
    });
    assert.equal(session.asks.length, 1, 'exactly one refresh');
    assert.equal(seen.length, 2, 'exactly one retry');
    assert.equal(errors.length, 1);
    assert.equal(errors[0]!.status, 401);
  });

  it('does not retry when the session ended instead of refreshing', async () => {
    const seen = install(() => json(401, { detail: 'Token revoked' }));
    const session = fakeSession(tokens('old', 600_000), () => null);
    const client = createApiClient({ session: session.bridge, baseURL: '' });
    await assert.rejects(client.get('/x'), (error: InstanceType<typeof ApiRequestError>) => error.status === 401 && error.detail === 'Session expired');
    assert.equal(seen.length, 1);
    assert.equal(session.asks.length, 1);
  });

  it('sends nothing when the token expired and the session ended', async () => {
    const seen = install(() => json(200, {}));
    const session = fakeSession(tokens('old', -1), () => null);
    const client = createApiClient({ session: session.bridge, baseURL: '' });
    await assert.rejects(client.get('/x'), (error: InstanceType<typeof ApiRequestError>) => error.status === 401);
    assert.equal(seen.length, 0);
  });

  it('sends nothing when logged out', async () => {
    const seen = install(() => json(200, {}));
    const client = createApiClient({ session: fakeSession(null, () => null).bridge, baseURL: '' });
    await assert.rejects(client.get('/x'), (error: InstanceType<typeof ApiRequestError>) => error.status === 401);
    assert.equal(seen.length, 0);
  });

  it('does not refresh on other errors, and keeps the server’s message and field errors', async () => {
    const seen = install(() => json(400, { detail: 'Invalid input', errors: { code: ['Too short'] } }));
    const session = fakeSession(tokens('good', 600_000), () => assert.fail('no refresh expected'));
    const client = createApiClient({ session: session.bridge, baseURL: '' });
    await assert.rejects(client.post('/x', { code: 'A' }), (error: InstanceType<typeof ApiRequestError>) => {
      assert.equal(error.status, 400);
      assert.equal(error.detail, 'Invalid input');
      assert.deepEqual(error.fieldErrors, { code: ['Too short'] });
      return true;
    });
    assert.equal(seen.length, 1);
  });

  it('reports a network failure as status 0, and a quiet or aborted request not at all', async () => {
    install(() => Promise.reject(new TypeError('Failed to fetch')));
    const errors: InstanceType<typeof ApiRequestError>[] = [];
    const client = createApiClient({ session: fakeSession(tokens('good', 600_000), () => null).bridge, baseURL: '', onError: (e) => errors.push(e) });
    await assert.rejects(client.get('/x'), (error: InstanceType<typeof ApiRequestError>) => error.isNetworkError);
    await assert.rejects(client.get('/x', { quiet: true }));
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(client.get('/x', { signal: controller.signal }));
    assert.equal(errors.length, 1);
    assert.equal(errors[0]!.status, 0);
  });
});

// ---------------------------------------------------------------------------------------
// 2. The client as the app wires it, against a fake server
// ---------------------------------------------------------------------------------------

/** Just enough of a browser for src/app/actors.ts to load and run in node. */
function browserStandIns() {
  const storageOf = (store: Map<string, string>) => ({
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, String(value)),
    removeItem: (key: string) => void store.delete(key),
    clear: () => store.clear(),
    key: (index: number) => [...store.keys()][index] ?? null,
    get length() {
      return store.size;
    },
  });
  const store = new Map<string, string>();
  const localStorage = storageOf(store);
  // The tab's own storage: acting as a vendor is kept there.
  const sessionStorage = storageOf(new Map<string, string>());
  const cookies = new Map<string, string>();
  const document = {
    documentElement: { dataset: {}, style: {}, lang: 'en', dir: 'ltr' },
    get cookie() {
      return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    },
    set cookie(line: string) {
      const [pair, ...attributes] = line.split(';');
      const [name, value] = pair!.split('=');
      if (attributes.some((a) => a.trim() === 'max-age=0')) cookies.delete(name!.trim());
      else cookies.set(name!.trim(), value ?? '');
    },
  };
  const listeners = new Set<(event: unknown) => void>();
  const window = {
    addEventListener: (_type: string, listener: (event: unknown) => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: (event: unknown) => void) => listeners.delete(listener),
  };
  Object.assign(globalThis, {
    localStorage,
    sessionStorage,
    document,
    window,
    location: { pathname: '/home', search: '', href: 'http://localhost/home', reload() {} },
  });
  Object.defineProperty(globalThis, 'navigator', { value: { languages: ['en-US'], language: 'en-US' }, configurable: true });
  return { store, cookies };
}

const USER: SessionUser = { id: 'u-1', name: 'Amina Haddad', phone: null, email: 'admin@rihla.test', admin: true, vendor_id: null };

/** Storage as a previous page load left it (DESIGN section 4 keys). */
function seedStorage(store: Map<string, string>, access: string, accessExpiresAt: number, refresh: string) {
  store.set('auth.strategy', 'local');
  store.set('auth._token.local', `JWT ${access}`);
  store.set('auth._token_expiration.local', String(accessExpiresAt));
  store.set('auth._refresh_token.local', refresh);
  store.set('auth._refresh_token_expiration.local', String(Date.now() + 3_600_000));
  store.set('data', JSON.stringify(USER));
  store.set('user', JSON.stringify(USER));
  store.set('access_token', access);
  store.set('loggedIn', 'true');
}

/**
 * A fake branch API: the refresh endpoint rotates `refresh-N` into `refresh-N+1` after a
 * short delay (long enough for every waiting request to pile up), and a resource answers
 * 200 only to the current access token.
 */
function fakeServer(options: { refuseRefresh?: boolean } = {}) {
  let generation = 1;
  let access = jwt('access-1', 900);
  const refreshes: unknown[] = [];
  const seen = install(async (request) => {
    if (request.url === '/branch/api/master-admins/refresh/?format=web') {
      refreshes.push(request.body);
      await new Promise((resolve) => setTimeout(resolve, 30));
      if (options.refuseRefresh) return json(401, { detail: 'The refresh token is invalid or has expired.' });
      assert.deepEqual(request.body, { refresh_token: `refresh-${generation}` }, 'the current refresh token is sent');
      generation += 1;
      access = jwt(`access-${generation}`, 900);
      return json(200, { access_token: access, refresh_token: `refresh-${generation}` });
    }
    // `?ms=N` makes the server take N ms to answer.
    const ms = Number(new URL(request.url, 'http://api.test').searchParams.get('ms') ?? 0);
    const accepted = authorization(request) === `JWT ${access}`;
    if (ms) await new Promise((resolve) => setTimeout(resolve, ms));
    return accepted ? json(200, { url: request.url }) : json(401, { detail: 'Given token not valid' });
  });
  return {
    seen,
    refreshes,
    /** The server revokes the access token the client holds (it must refresh to go on). */
    revokeAccess: () => void (access = jwt('access-revoked', 900)),
    current: () => ({ access, refresh: `refresh-${generation}` }),
  };
}

describe('api client wired to the session actor', () => {
  let app: typeof import('../app/actors.ts');
  let server: ReturnType<typeof fakeServer>;
  let store: Map<string, string>;

  before(async () => {
    ({ store } = browserStandIns());
    server = fakeServer();
    // The session starts from storage: an access token that expires in 3 s (the client
    // refreshes tokens with less than 5 s left) and refresh token generation 1.
    seedStorage(store, server.current().access, Date.now() + 3_000, 'refresh-1');
    app = await import('../app/actors.ts');
    app.sessionActor.start();
  });

  after(() => {
    app.sessionActor.stop();
    globalThis.fetch = originalFetch;
  });

  it('starts signed in from storage', () => {
    assert.ok(app.sessionActor.getSnapshot().matches({ loggedIn: { tokens: 'valid' } }), 'signed in');
  });

  it('sends ONE refresh for ten concurrent requests with an expired token', async () => {
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => app.api.get<{ url: string }>(`/branch/api/items/${i}`)));
    assert.deepEqual(results.map((r) => r.url), Array.from({ length: 10 }, (_, i) => `/branch/api/items/${i}`));
    assert.deepEqual(server.refreshes, [{ refresh_token: 'refresh-1' }], 'one refresh');
    const resources = server.seen.filter((r) => !r.url.includes('/refresh/'));
    assert.equal(resources.length, 10, 'no request was sent with the expired token, none twice');
    assert.ok(resources.every((r) => authorization(r) === `JWT ${server.current().access}`), 'all with the new token');
    assert.equal(store.get('auth._refresh_token.local'), 'refresh-2', 'the rotated refresh token is stored');
    assert.equal(store.get('auth._token.local'), `JWT ${server.current().access}`);
    assert.equal(store.get('access_token'), server.current().access);
  });

  it('sends ONE refresh when the server rejects the token of ten requests in flight, even for 401s that arrive after it', async () => {
    server.revokeAccess();
    const before = server.seen.length;
    // The refresh takes 30 ms; the 401s arrive over 0 to 135 ms, most after it completed.
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => app.api.get<{ url: string }>(`/branch/api/other/${i}`, { params: { ms: i * 15 } })),
    );
    assert.equal(results.length, 10);
    assert.deepEqual(server.refreshes.slice(1), [{ refresh_token: 'refresh-2' }], 'one more refresh');
    const sent = server.seen.slice(before).filter((r) => !r.url.includes('/refresh/'));
    assert.equal(sent.length, 20, 'each request was sent once and retried once');
    assert.equal(store.get('auth._refresh_token.local'), 'refresh-3');
  });

  it('ends the session with "session expired" when the refresh is refused, failing every waiting request', async () => {
    const refused = fakeServer({ refuseRefresh: true });
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => app.api.get(`/branch/api/late/${i}`, { quiet: true })));
    assert.ok(results.every((r) => r.status === 'rejected' && (r.reason as InstanceType<typeof ApiRequestError>).status === 401), 'all fail with 401');
    assert.equal(refused.refreshes.length, 1, 'one refused refresh');
    const snapshot = app.sessionActor.getSnapshot();
    assert.deepEqual(snapshot.value, { loggedOut: 'idle' });
    assert.equal(snapshot.context.error?.reason, 'session_expired');
    for (const key of ['auth._token.local', 'auth._refresh_token.local', 'auth.strategy', 'data', 'user', 'access_token', 'loggedIn']) {
      assert.equal(store.has(key), false, `${key} is removed`);
    }
  });
});
