import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { SignJWT, decodeJwt } from 'jose';
import { buildApp } from '../../server/app.ts';
import { loadJwtSecret } from '../../server/auth/secret.ts';
import { accessTokenVerifier } from '../../server/auth/accessTokens.ts';
import { requireStaff } from '../../server/auth/plugin.ts';
import { hashRefreshToken, startRefreshFamily } from '../../server/auth/refreshTokens.ts';
import { createUser } from '../../server/auth/users.ts';
import { testConfig } from '../../server/config.ts';
import { startTestApp, type TestApp } from './helpers.ts';

const secret = new TextEncoder().encode(testConfig().jwtSecret!);
let t: TestApp;
let staffId: string;
let vendorId: string;
/** A live session of the staff user, for tokens signed here. */
let staffSession: string;

before(async () => {
  t = await startTestApp();
  t.app.get('/branch/api/test-staff-only/', { preHandler: [t.app.authenticate, requireStaff] }, async () => ({ ok: true }));
  staffId = (await createUser(t.db, { email: 'staff@example.test', name: 'Staff', password: 'staff-pass-1', admin: true })).id;
  staffSession = (await startRefreshFamily(t.db, staffId, 3600)).familyId;
  vendorId = (await t.db.query<{ id: string }>(`INSERT INTO vendors (trade_name) VALUES ('Tassili Trails') RETURNING id`)).rows[0].id;
  await createUser(t.db, { email: 'vendor@example.test', name: 'Vendor', password: 'vendor-pass-1', admin: false, vendorId });
});
after(() => t.close());

interface Tokens {
  access_token: string;
  refresh_token: string;
}

async function login(email = 'staff@example.test', password = 'staff-pass-1'): Promise<Tokens> {
  const res = await t.app.inject({ method: 'POST', url: '/branch/api/vendors/login', payload: { email, password } });
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

const refresh = (refresh_token: unknown) =>
  t.app.inject({ method: 'POST', url: '/branch/api/master-admins/refresh/?format=web', payload: { refresh_token } });
const logout = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/branch/api/master-admins/logout', payload: payload as object });
const me = (authorization?: string) =>
  t.app.inject({ method: 'GET', url: '/branch/api/me/', headers: authorization ? { authorization } : {} });

const sign = (claims: Record<string, unknown>, key = secret, alg = 'HS256') =>
  new SignJWT({ sid: staffSession, ...claims }).setProtectedHeader({ alg }).setSubject(staffId).setIssuedAt().setExpirationTime('5m').sign(key);

describe('refresh', () => {
  test('gives a new pair; the access token works and the refresh token rotates', async () => {
    const first = await login();
    const res = await refresh(first.refresh_token);
    assert.equal(res.statusCode, 200);
    const second: Tokens = res.json();
    assert.deepEqual(Object.keys(second).sort(), ['access_token', 'refresh_token']);
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.equal((await me(`JWT ${second.access_token}`)).statusCode, 200);
    // The successor works once more, and is then spent in turn.
    const third = await refresh(second.refresh_token);
    assert.equal(third.statusCode, 200);
    assert.notEqual(third.json().refresh_token, second.refresh_token);
  });

  test('only a hash of the refresh token is stored', async () => {
    const { refresh_token } = await login();
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE token_hash = $1 OR token_hash LIKE $2',
      [refresh_token, `%${refresh_token.slice(0, 20)}%`],
    );
    assert.equal(rows[0].n, 0);
  });

  test('a spent token is refused, and reusing it revokes the whole family', async () => {
    const first = await login();
    const second: Tokens = (await refresh(first.refresh_token)).json();
    const reuse = await refresh(first.refresh_token);
    assert.equal(reuse.statusCode, 401);
    assert.deepEqual(reuse.json(), { detail: 'The refresh token is invalid or has expired.' });
    // The newest token of the family, never used, is revoked with it.
    assert.equal((await refresh(second.refresh_token)).statusCode, 401);
    // Other sessions of the same user live on.
    const other = await login();
    assert.equal((await refresh(other.refresh_token)).statusCode, 200);
  });

  test('unknown and malformed refresh tokens', async () => {
    assert.equal((await refresh('x'.repeat(43))).statusCode, 401);
    const cases: unknown[] = [{}, { refresh_token: '' }, { refresh_token: 12 }, { refresh_token: 'x'.repeat(257) }, { refreshToken: 'x' }];
    for (const payload of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/branch/api/master-admins/refresh/?format=web', payload: payload as object });
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.ok(res.json().errors, res.body);
    }
  });

  test('an expired refresh token is refused', async () => {
    const { refresh_token } = await login();
    await t.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [
      hashRefreshToken(refresh_token),
    ]);
    assert.equal((await refresh(refresh_token)).statusCode, 401);
  });

  test('a deactivated user cannot refresh', async () => {
    const user = await createUser(t.db, { email: 'leaver@example.test', name: 'Leaver', password: 'leaver-pass-1', admin: true });
    const { refresh_token, access_token } = await login('leaver@example.test', 'leaver-pass-1');
    await t.db.query('UPDATE users SET active = false WHERE id = $1', [user.id]);
    assert.equal((await refresh(refresh_token)).statusCode, 401);
    assert.equal((await me(`JWT ${access_token}`)).statusCode, 401);
  });

  test('two concurrent refreshes with one token: exactly one succeeds', async () => {
    const { refresh_token } = await login();
    const results = await Promise.all(Array.from({ length: 4 }, () => refresh(refresh_token)));
    const codes = results.map((r) => r.statusCode).sort();
    assert.deepEqual(codes, [200, 401, 401, 401]);
    // The losers presented a spent token: reuse, so the winner's new token is revoked too.
    const winner: Tokens = results.find((r) => r.statusCode === 200)!.json();
    assert.equal((await refresh(winner.refresh_token)).statusCode, 401);
  });
});

describe('logout', () => {
  test('revokes the token and its family: 204, then refresh is refused', async () => {
    const first = await login();
    const second: Tokens = (await refresh(first.refresh_token)).json();
    const res = await logout({ refreshToken: second.refresh_token });
    assert.equal(res.statusCode, 204);
    assert.equal(res.body, '');
    assert.equal((await refresh(second.refresh_token)).statusCode, 401);
  });

  test('is idempotent: an unknown or already revoked token still gets 204', async () => {
    const { refresh_token } = await login();
    assert.equal((await logout({ refreshToken: refresh_token })).statusCode, 204);
    assert.equal((await logout({ refreshToken: refresh_token })).statusCode, 204);
    assert.equal((await logout({ refreshToken: 'never-issued' })).statusCode, 204);
  });

  test('a malformed body gets 400', async () => {
    for (const payload of [{}, { refreshToken: 1 }, { refresh_token: 'x' }, { refreshToken: 'x', extra: 1 }, { refreshToken: '' }]) {
      const res = await logout(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.ok(res.json().errors);
    }
  });
});

describe('sessions', () => {
  test('an access token is refused right after logout', async () => {
    const { access_token, refresh_token } = await login();
    assert.equal((await me(`JWT ${access_token}`)).statusCode, 200);
    assert.equal((await logout({ refreshToken: refresh_token })).statusCode, 204);
    assert.equal((await me(`JWT ${access_token}`)).statusCode, 401);
  });

  test('every access token of a session is refused once refresh-token reuse revokes it', async () => {
    const first = await login();
    const second: Tokens = (await refresh(first.refresh_token)).json();
    assert.equal((await me(`JWT ${second.access_token}`)).statusCode, 200);
    assert.equal((await refresh(first.refresh_token)).statusCode, 401, 'reuse');
    for (const token of [first.access_token, second.access_token]) assert.equal((await me(`JWT ${token}`)).statusCode, 401);
  });

  test('logging out ends only that session', async () => {
    const kept = await login();
    const ended = await login();
    await logout({ refreshToken: ended.refresh_token });
    assert.equal((await me(`JWT ${kept.access_token}`)).statusCode, 200);
  });

  test('a token of another user\'s session, or with no session, is refused', async () => {
    const vendorUser = (await t.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'vendor@example.test'`)).rows[0];
    const { familyId } = await startRefreshFamily(t.db, vendorUser.id, 3600);
    assert.equal((await me(`JWT ${await sign({ sid: familyId, admin: true, vendor_id: null })}`)).statusCode, 401, 'another user\'s session');
    const noSession = await new SignJWT({ admin: true, vendor_id: null }).setProtectedHeader({ alg: 'HS256' }).setSubject(staffId).setIssuedAt().setExpirationTime('5m').sign(secret);
    assert.equal((await me(`JWT ${noSession}`)).statusCode, 401);
  });

  test('staff of a suspended vendor cannot refresh, and the session stays ended after reinstatement', async () => {
    const { refresh_token, access_token } = await login('vendor@example.test', 'vendor-pass-1');
    try {
      await t.db.query(`UPDATE vendors SET status = 'suspended' WHERE id = $1`, [vendorId]);
      const refused = await refresh(refresh_token);
      assert.equal(refused.statusCode, 401);
      assert.deepEqual(refused.json(), { detail: 'The refresh token is invalid or has expired.' });
    } finally {
      await t.db.query(`UPDATE vendors SET status = 'active' WHERE id = $1`, [vendorId]);
    }
    assert.equal((await refresh(refresh_token)).statusCode, 401);
    assert.equal((await me(`JWT ${access_token}`)).statusCode, 401);
    // Signing in again works once the vendor is back in good standing.
    await login('vendor@example.test', 'vendor-pass-1');
  });
});

describe('access tokens', () => {
  test('/me answers the user for both JWT and Bearer schemes', async () => {
    const { access_token, refresh_token } = await login('vendor@example.test', 'vendor-pass-1');
    for (const header of [`JWT ${access_token}`, `Bearer ${access_token}`, `bearer ${access_token}`]) {
      const res = await me(header);
      assert.equal(res.statusCode, 200, header.slice(0, 10));
      const user = res.json();
      assert.deepEqual(Object.keys(user).sort(), ['admin', 'email', 'id', 'name', 'phone', 'vendor_id']);
      assert.equal(user.email, 'vendor@example.test');
      assert.equal(user.vendor_id, vendorId);
    }
    assert.equal((await me(`JWT ${refresh_token}`)).statusCode, 401);
  });

  test('no token, an empty or unknown scheme: 401 with a JSON detail', async () => {
    const { access_token } = await login();
    for (const header of [undefined, 'JWT', 'JWT ', `Basic ${access_token}`, `Token ${access_token}`, access_token]) {
      const res = await me(header);
      assert.equal(res.statusCode, 401, String(header).slice(0, 10));
      assert.equal(typeof res.json().detail, 'string');
      assert.ok(res.headers['www-authenticate']);
    }
  });

  test('an expired access token is refused', async () => {
    const past = Math.floor(Date.now() / 1000) - 60;
    const token = await new SignJWT({ sid: staffSession, admin: true, vendor_id: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(staffId)
      .setIssuedAt(past - 900)
      .setExpirationTime(past)
      .sign(secret);
    assert.equal((await me(`JWT ${token}`)).statusCode, 401);
    assert.equal((await me(`JWT ${await sign({ admin: true, vendor_id: null })}`)).statusCode, 200);
  });

  // Lifetimes are read off the tokens rather than waited out: a test that sleeps past a
  // one-second token flakes when a busy machine makes the login itself take a second.
  test('tokens live accessTokenSeconds and refreshTokenSeconds, and an expired refresh token is refused', async () => {
    const short = await startTestApp({ accessTokenSeconds: 120, refreshTokenSeconds: 600 });
    try {
      await createUser(short.db, { email: 'quick@example.test', name: 'Quick', password: 'quick-pass-1', admin: true });
      const res = await short.app.inject({ method: 'POST', url: '/branch/api/vendors/login', payload: { email: 'quick@example.test', password: 'quick-pass-1' } });
      const { access_token, refresh_token } = res.json();
      const claims = decodeJwt(access_token);
      assert.equal(Number(claims.exp) - Number(claims.iat), 120);
      const { rows } = await short.db.query<{ seconds: number }>(
        `SELECT extract(epoch FROM expires_at - created_at)::int AS seconds FROM refresh_tokens WHERE token_hash = $1`,
        [hashRefreshToken(refresh_token)],
      );
      assert.ok(Math.abs(rows[0].seconds - 600) <= 2, `refresh token lives ${rows[0].seconds} s`);
      await short.db.query(`UPDATE refresh_tokens SET expires_at = now() - interval '1 second' WHERE token_hash = $1`, [hashRefreshToken(refresh_token)]);
      const late = await short.app.inject({ method: 'POST', url: '/branch/api/master-admins/refresh/?format=web', payload: { refresh_token } });
      assert.equal(late.statusCode, 401);
    } finally {
      await short.close();
    }
  });

  test('forged tokens are refused: other secret, alg none, tampered payload, other algorithm', async () => {
    const { access_token } = await login('vendor@example.test', 'vendor-pass-1');
    const [header, payload, signature] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

    const otherSecret = await sign({ admin: true, vendor_id: null }, new TextEncoder().encode('another-secret-that-is-long-enough-too'));
    const algNone = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ ...claims, admin: true })}.`;
    const tampered = `${header}.${encode({ ...claims, admin: true, vendor_id: null })}.${signature}`;
    const hs512 = await sign({ admin: true, vendor_id: null }, secret, 'HS512');
    const badSubject = await new SignJWT({ admin: true }).setProtectedHeader({ alg: 'HS256' }).setSubject('not-a-uuid').setIssuedAt().setExpirationTime('5m').sign(secret);
    const unknownUser = await new SignJWT({ sid: staffSession, admin: true }).setProtectedHeader({ alg: 'HS256' }).setSubject(crypto.randomUUID()).setIssuedAt().setExpirationTime('5m').sign(secret);
    const noExpiry = await new SignJWT({ sid: staffSession, admin: true }).setProtectedHeader({ alg: 'HS256' }).setSubject(staffId).setIssuedAt().sign(secret);

    for (const [name, token] of Object.entries({ otherSecret, algNone, tampered, hs512, badSubject, unknownUser, noExpiry, garbage: 'a.b.c' })) {
      const res = await me(`JWT ${token}`);
      assert.equal(res.statusCode, 401, name);
      assert.equal(typeof res.json().detail, 'string', name);
    }
  });

  test('the verifier remembers a valid token until it expires, never a forged one', async () => {
    let clock = Date.now();
    const verify = await accessTokenVerifier(secret, () => clock);
    const token = await sign({ admin: true, vendor_id: null });
    const exp = Number(decodeJwt(token).exp) * 1000;
    assert.deepEqual(await verify(token), { sub: staffId, sid: staffSession, admin: true, vendor_id: null });
    const [header, payload] = token.split('.');
    assert.equal(await verify(`${header}.${payload}.${'A'.repeat(43)}`), undefined, 'same claims, wrong signature');
    clock = exp - 1;
    assert.equal((await verify(token))?.sub, staffId);
    clock = exp;
    assert.equal(await verify(token), undefined, 'a remembered token is refused once its exp has passed');
  });

  test('request.user comes from the database, not from the claims', async () => {
    // Signed with the right key but claiming staff rights the user does not have.
    const vendorUser = (await t.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'vendor@example.test'`)).rows[0];
    const { familyId } = await startRefreshFamily(t.db, vendorUser.id, 3600);
    const token = await new SignJWT({ sid: familyId, admin: true, vendor_id: null })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(vendorUser.id)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secret);
    const res = await me(`JWT ${token}`);
    assert.equal(res.json().admin, false);
    assert.equal(res.json().vendor_id, vendorId);
  });

  test('requireStaff: 403 for vendor staff, 200 for staff, 401 without a token', async () => {
    const url = '/branch/api/test-staff-only/';
    const vendor = await login('vendor@example.test', 'vendor-pass-1');
    const staff = await login();
    const asVendor = await t.app.inject({ method: 'GET', url, headers: { authorization: `JWT ${vendor.access_token}` } });
    assert.equal(asVendor.statusCode, 403);
    assert.equal(typeof asVendor.json().detail, 'string');
    assert.equal((await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${staff.access_token}` } })).statusCode, 200);
    assert.equal((await t.app.inject({ method: 'GET', url })).statusCode, 401);
  });
});

describe('signing secret', () => {
  test('without JWT_SECRET, a secret is generated in the data directory and survives a restart', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'rihla-secret-'));
    const otherDir = await mkdtemp(join(tmpdir(), 'rihla-secret-'));
    // Two app instances over the same database stand for one server before and after a restart.
    const config = testConfig({ databaseUrl: t.app.config.databaseUrl, dataDir, jwtSecret: undefined });
    try {
      const before = await buildApp(config, t.db);
      const res = await before.inject({ method: 'POST', url: '/branch/api/vendors/login', payload: { email: 'staff@example.test', password: 'staff-pass-1' } });
      const tokens: Tokens = res.json();
      await before.close();

      const file = join(dataDir, 'jwt-secret');
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      assert.ok((await readFile(file, 'utf8')).trim().length >= 64);

      const restarted = await buildApp(config, t.db);
      const meAgain = await restarted.inject({ method: 'GET', url: '/branch/api/me/', headers: { authorization: `JWT ${tokens.access_token}` } });
      assert.equal(meAgain.statusCode, 200);
      const refreshed = await restarted.inject({ method: 'POST', url: '/branch/api/master-admins/refresh/?format=web', payload: { refresh_token: tokens.refresh_token } });
      assert.equal(refreshed.statusCode, 200);
      await restarted.close();

      // Another data directory means another secret: the token is not accepted there.
      const elsewhere = await buildApp({ ...config, dataDir: otherDir }, t.db);
      const foreign = await elsewhere.inject({ method: 'GET', url: '/branch/api/me/', headers: { authorization: `JWT ${tokens.access_token}` } });
      assert.equal(foreign.statusCode, 401);
      await elsewhere.close();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
      await rm(otherDir, { recursive: true, force: true });
    }
  });

  test('JWT_SECRET wins over the file; too short a secret is refused; memory gets a fresh one', async () => {
    const fromEnv = await loadJwtSecret({ jwtSecret: 'x'.repeat(32), dataDir: '/nonexistent' });
    assert.equal(fromEnv.source, 'environment');
    await assert.rejects(loadJwtSecret({ jwtSecret: 'short', dataDir: 'memory' }), /too short/);
    const a = await loadJwtSecret({ dataDir: 'memory' });
    const b = await loadJwtSecret({ dataDir: 'memory' });
    assert.equal(a.source, 'ephemeral');
    assert.notDeepEqual(a.key, b.key);
  });
});
