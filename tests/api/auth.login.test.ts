import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { verifyPassword } from '../../server/auth/passwords.ts';
import { ACCOUNT_FREE_FAILURES, ACCOUNT_MAX_DELAY_SECONDS, ADDRESS_LIMIT, PAIR_LIMIT, WINDOW_SECONDS } from '../../server/auth/rateLimit.ts';
import { createUser } from '../../server/auth/users.ts';
import { DEMO_ACCOUNTS, DEMO_VENDORS, seedDemoAccounts } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let vendorId: string;
let seedResults: Array<{ seeded: boolean }>;
let addressCounter = 0;
/** A fresh client address per test keeps the per-address limit out of unrelated tests. */
const nextAddress = () => `10.0.0.${++addressCounter}`;

before(async () => {
  t = await startTestApp();
  // Two instances starting at once on an empty database.
  seedResults = await Promise.all([seedDemoAccounts(t.db), seedDemoAccounts(t.db)]);
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO vendors (trade_name) VALUES ('Hoggar Treks') RETURNING id`,
  );
  vendorId = rows[0].id;
  await createUser(t.db, { email: 'staff@example.test', name: 'Staff Member', phone: '+213 555 00 00 01', password: 'staff-pass-1', admin: true });
  await createUser(t.db, { email: 'Vendor.Staff@Example.test', name: 'Vendor Staff', password: 'vendor-pass-1', admin: false, vendorId });
  const inactive = await createUser(t.db, { email: 'gone@example.test', name: 'Gone', password: 'gone-pass-1', admin: true });
  await t.db.query('UPDATE users SET active = false WHERE id = $1', [inactive.id]);
});
after(() => t.close());

function login(payload: unknown, remoteAddress = nextAddress()) {
  return t.app.inject({ method: 'POST', url: '/branch/api/vendors/login', payload: payload as object, remoteAddress });
}

describe('login', () => {
  test('staff get tokens and their user record', async () => {
    const res = await login({ email: 'staff@example.test', password: 'staff-pass-1' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['access_token', 'refresh_token', 'user']);
    assert.match(body.access_token, /^[\w-]+\.[\w-]+\.[\w-]+$/);
    assert.match(body.refresh_token, /^[\w-]{43}$/);
    assert.deepEqual(
      { ...body.user, id: typeof body.user.id },
      { id: 'string', name: 'Staff Member', phone: '+213 555 00 00 01', email: 'staff@example.test', admin: true, vendor_id: null },
    );
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    assert.equal(claims.sub, body.user.id);
    assert.equal(claims.admin, true);
    assert.equal(claims.vendor_id, null);
    assert.equal(claims.exp - claims.iat, 900);
    assert.equal(typeof claims.jti, 'string');
  });

  test('vendor staff get their vendor id; the email matches in any case', async () => {
    const res = await login({ email: 'VENDOR.staff@example.TEST', password: 'vendor-pass-1' });
    assert.equal(res.statusCode, 200);
    const { user } = res.json();
    assert.equal(user.admin, false);
    assert.equal(user.vendor_id, vendorId);
    assert.equal(user.email, 'Vendor.Staff@Example.test');
    assert.equal(user.phone, null);
  });

  test('wrong password, unknown email and inactive user get the same 401', async () => {
    const wrong = await login({ email: 'staff@example.test', password: 'not-the-password' });
    const unknown = await login({ email: 'nobody@example.test', password: 'staff-pass-1' });
    const inactive = await login({ email: 'gone@example.test', password: 'gone-pass-1' });
    for (const res of [wrong, unknown, inactive]) {
      assert.equal(res.statusCode, 401);
      assert.match(String(res.headers['content-type']), /application\/json/);
    }
    assert.deepEqual(wrong.json(), { detail: 'Unable to log in with the provided credentials.' });
    assert.equal(unknown.body, wrong.body);
    assert.equal(inactive.body, wrong.body);
  });

  test('staff of a suspended or rejected vendor cannot log in, and their tokens stop working', async () => {
    const ok = await login({ email: 'vendor.staff@example.test', password: 'vendor-pass-1' });
    assert.equal(ok.statusCode, 200);
    const token = ok.json().access_token;
    const me = () => t.app.inject({ method: 'GET', url: '/branch/api/me/', headers: { authorization: `JWT ${token}` } });
    assert.equal((await me()).statusCode, 200);
    for (const status of ['suspended', 'rejected']) {
      await t.db.query('UPDATE vendors SET status = $1 WHERE id = $2', [status, vendorId]);
      const refused = await login({ email: 'vendor.staff@example.test', password: 'vendor-pass-1' });
      assert.equal(refused.statusCode, 401, status);
      assert.deepEqual(refused.json(), { detail: 'Unable to log in with the provided credentials.' });
      assert.equal((await me()).statusCode, 401, status);
    }
    await t.db.query(`UPDATE vendors SET status = 'active' WHERE id = $1`, [vendorId]);
    assert.equal((await me()).statusCode, 200, 'reinstated vendors get their access back');
  });

  test('missing, malformed and unknown fields get 400 with field errors', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{}, ['email', 'password']],
      [{ email: 'staff@example.test' }, ['password']],
      [{ email: 'not-an-email', password: 'x' }, ['email']],
      [{ email: 42, password: 'staff-pass-1' }, ['email']],
      [{ email: 'staff@example.test', password: '' }, ['password']],
      [{ email: 'staff@example.test', password: 'x'.repeat(1025) }, ['password']],
      [{ email: `${'a'.repeat(250)}@example.test`, password: 'x' }, ['email']],
      [{ email: 'staff@example.test', password: 'staff-pass-1', remember: true }, ['remember']],
    ];
    for (const [payload, fields] of cases) {
      const res = await login(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload).slice(0, 80));
      const body = res.json();
      assert.equal(typeof body.detail, 'string');
      assert.deepEqual(Object.keys(body.errors).sort(), fields, JSON.stringify(body));
    }
  });

  test('a body that is not JSON gets 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/branch/api/vendors/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    assert.equal(res.statusCode, 400);
    assert.equal(typeof res.json().detail, 'string');
  });
});

describe('passwords', () => {
  test('are stored as scrypt$N$r$p$salt$hash with a random salt', async () => {
    const { rows } = await t.db.query<{ password_hash: string }>(
      `SELECT password_hash FROM users WHERE email IN ('staff@example.test', 'admin@rihla.test')`,
    );
    assert.equal(rows.length, 2);
    for (const { password_hash } of rows) assert.match(password_hash, /^scrypt\$16384\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    assert.notEqual(rows[0].password_hash.split('$')[4], rows[1].password_hash.split('$')[4]);
  });

  test('unreadable or too costly stored hashes never match', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x', 'scrypt$16384$8$1$$', 'scrypt$1048576$32$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA', 'scrypt$1000$8$1$c2FsdA$aGFzaGhhc2hoYXNoaGFzaA']) {
      assert.equal(await verifyPassword('anything', stored), false, stored);
    }
  });
});

describe('demo accounts', () => {
  test('are seeded once, even when two instances start at once', async () => {
    assert.deepEqual(seedResults.map((r) => r.seeded).sort(), [false, true]);
    assert.deepEqual(await seedDemoAccounts(t.db), { seeded: false });
    const { rows } = await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE email LIKE '%@rihla.test'`);
    assert.equal(rows[0].n, 3);
  });

  test('each demo account can log in with the documented credentials', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const res = await login({ email: account.email, password: account.password });
      assert.equal(res.statusCode, 200, account.email);
      const { user } = res.json();
      assert.equal(user.admin, account.admin);
      assert.equal(user.vendor_id, account.vendor?.id ?? null);
      assert.equal(user.name, account.name);
    }
    assert.equal(DEMO_ACCOUNTS[0].name, 'Amina Haddad');
    assert.equal(DEMO_ACCOUNTS[0].phone, '+213 555 12 34 56');
    const vendors = await t.db.query<{ trade_name: string }>('SELECT trade_name FROM vendors WHERE id = ANY($1) ORDER BY trade_name', [
      Object.values(DEMO_VENDORS).map((v) => v.id),
    ]);
    assert.deepEqual(vendors.rows.map((v) => v.trade_name), ['Kabylie Outdoor', 'Sahara Quad Tours']);
  });
});

describe('login rate limit', () => {
  const failures = (account: string, address: string) =>
    t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM login_failures WHERE account = $1 AND address = $2', [account, address]).then((r) => r.rows[0].n);

  test('30 parallel correct logins of one account from one address all succeed', async () => {
    await createUser(t.db, { email: 'tabs@example.test', name: 'Tabs', password: 'tabs-pass-1', admin: true });
    const address = '192.0.2.1';
    const results = await Promise.all(Array.from({ length: 30 }, () => login({ email: 'tabs@example.test', password: 'tabs-pass-1' }, address)));
    assert.deepEqual(results.map((r) => r.statusCode), Array(30).fill(200));
    assert.equal(await failures('tabs@example.test', address), 0, 'a correct password is never recorded');
  });

  test(`${PAIR_LIMIT} failures lock the account from that address, with Retry-After, and not the owner elsewhere`, async () => {
    await createUser(t.db, { email: 'target@example.test', name: 'Target', password: 'target-pass-1', admin: true });
    const attacker = '192.0.2.2';
    for (let i = 0; i < PAIR_LIMIT; i++) {
      assert.equal((await login({ email: 'target@example.test', password: `guess-${i}` }, attacker)).statusCode, 401);
    }
    // Even the right password, in another case, from the attacker's address.
    const res = await login({ email: 'TARGET@example.test', password: 'target-pass-1' }, attacker);
    assert.equal(res.statusCode, 429);
    const retryAfter = Number(res.headers['retry-after']);
    assert.ok(retryAfter > 0 && retryAfter <= WINDOW_SECONDS, `Retry-After ${res.headers['retry-after']}`);
    assert.deepEqual(res.json(), { detail: 'Too many failed login attempts. Try again later.', retry_after: retryAfter });
    // The owner, from their own address, is not locked out.
    assert.equal((await login({ email: 'target@example.test', password: 'target-pass-1' }, '198.51.100.7')).statusCode, 200);
    // Other accounts from the attacker's address are not affected either.
    assert.equal((await login({ email: 'staff@example.test', password: 'staff-pass-1' }, attacker)).statusCode, 200);
  });

  test('the lock lifts when the failures age out of the window', async () => {
    await createUser(t.db, { email: 'patient@example.test', name: 'Patient', password: 'patient-pass-1', admin: true });
    const address = '192.0.2.3';
    for (let i = 0; i < PAIR_LIMIT; i++) await login({ email: 'patient@example.test', password: `guess-${i}` }, address);
    assert.equal((await login({ email: 'patient@example.test', password: 'patient-pass-1' }, address)).statusCode, 429);
    // Age the oldest failure just past the 15-minute window: one slot frees up.
    await t.db.query(
      `UPDATE login_failures SET created_at = now() - interval '16 minutes'
        WHERE id = (SELECT min(id) FROM login_failures WHERE account = 'patient@example.test')`,
    );
    assert.equal((await login({ email: 'patient@example.test', password: 'patient-pass-1' }, address)).statusCode, 200);
  });

  test('many failures on one account from many addresses slow it down with a growing delay, never a fixed lock', async () => {
    await createUser(t.db, { email: 'popular@example.test', name: 'Popular', password: 'popular-pass-1', admin: true });
    const seed = (n: number, age: string) =>
      t.db.query(
        `INSERT INTO login_failures (account, address, created_at)
         SELECT 'popular@example.test', '203.0.113.' || i, now() - $2::interval FROM generate_series(1, $1) i`,
        [n, age],
      );
    await seed(ACCOUNT_FREE_FAILURES - 1, '0 seconds');
    assert.equal((await login({ email: 'popular@example.test', password: 'popular-pass-1' })).statusCode, 200, 'under the threshold');
    await seed(6, '0 seconds');
    const slowed = await login({ email: 'popular@example.test', password: 'popular-pass-1' });
    assert.equal(slowed.statusCode, 429);
    const wait = Number(slowed.headers['retry-after']);
    assert.ok(wait > 1 && wait <= 32, `${ACCOUNT_FREE_FAILURES + 5} failures wait 2^5 s after the latest: ${wait}`);
    await t.db.query(`UPDATE login_failures SET created_at = created_at - interval '40 seconds' WHERE account = 'popular@example.test'`);
    assert.equal((await login({ email: 'popular@example.test', password: 'popular-pass-1' })).statusCode, 200, 'the delay passed');
    await seed(40, '0 seconds');
    const capped = Number((await login({ email: 'popular@example.test', password: 'popular-pass-1' })).headers['retry-after']);
    assert.ok(capped > 60 && capped <= ACCOUNT_MAX_DELAY_SECONDS, `the delay grows to at most ${ACCOUNT_MAX_DELAY_SECONDS} s: ${capped}`);
  });

  test(`${ADDRESS_LIMIT} failures from one address on many accounts lock that address`, async () => {
    const address = '192.0.2.10';
    await t.db.query(
      `INSERT INTO login_failures (account, address) SELECT 'spray-' || i || '@example.test', $1 FROM generate_series(1, $2) i`,
      [address, ADDRESS_LIMIT - 1],
    );
    assert.equal((await login({ email: 'spray-last@example.test', password: 'Password1' }, address)).statusCode, 401);
    const locked = await login({ email: 'staff@example.test', password: 'staff-pass-1' }, address);
    assert.equal(locked.statusCode, 429);
    assert.ok(Number(locked.headers['retry-after']) > 0);
    assert.equal((await login({ email: 'staff@example.test', password: 'staff-pass-1' }, '192.0.2.11')).statusCode, 200);
  });

  test('refused attempts do not count, so hammering does not extend the lock', async () => {
    const address = '192.0.2.20';
    for (let i = 0; i < PAIR_LIMIT; i++) await login({ email: 'hammer@example.test', password: `x${i}` }, address);
    for (let i = 0; i < 5; i++) assert.equal((await login({ email: 'hammer@example.test', password: 'x' }, address)).statusCode, 429);
    assert.equal(await failures('hammer@example.test', address), PAIR_LIMIT);
  });

  test('a success clears the typos of that account from that address, not the address\'s failures on other accounts', async () => {
    await createUser(t.db, { email: 'typo@example.test', name: 'Typo', password: 'typo-pass-1', admin: true });
    const address = '192.0.2.30';
    await login({ email: 'someone-else@example.test', password: 'x' }, address);
    for (let i = 0; i < PAIR_LIMIT - 1; i++) {
      assert.equal((await login({ email: 'typo@example.test', password: `typo-${i}` }, address)).statusCode, 401);
    }
    assert.equal((await login({ email: 'typo@example.test', password: 'typo-pass-1' }, address)).statusCode, 200);
    assert.equal(await failures('typo@example.test', address), 0);
    assert.equal(await failures('someone-else@example.test', address), 1);
  });

  test('parallel guesses cannot get past the limit together', async () => {
    await createUser(t.db, { email: 'burst@example.test', name: 'Burst', password: 'burst-pass-1', admin: true });
    const address = '192.0.2.40';
    const results = await Promise.all(
      Array.from({ length: PAIR_LIMIT * 2 }, (_, i) => login({ email: 'burst@example.test', password: `burst-${i}` }, address)),
    );
    const codes = results.map((r) => r.statusCode);
    assert.ok(codes.filter((c) => c === 401).length <= PAIR_LIMIT, codes.join(','));
    assert.ok(codes.every((c) => c === 401 || c === 429), codes.join(','));
    assert.equal(await failures('burst@example.test', address), codes.filter((c) => c === 401).length, 'only the failures answered 401 count');
    assert.equal((await login({ email: 'burst@example.test', password: 'burst-pass-1' }, address)).statusCode, 429);
  });
});
