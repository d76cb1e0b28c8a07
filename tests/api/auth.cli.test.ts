// npm run create-user: the command runs in-process on the suite's database, plus one
// real child process to check that the exit status reaches the shell.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { createUserCommand } from '../../server/cli/createUser.ts';
import { DEMO_VENDORS, ensureDemoVendors } from '../../server/db/seed.ts';
import { startTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
before(async () => {
  t = await startTestApp();
  await ensureDemoVendors(t.db);
});
after(() => t.close());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await createUserCommand(argv, {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
    // The command closes what it opens; the suite's database stays open.
    openDatabase: async () => ({ ...t.db, close: async () => {} }),
  });
  return { code, stdout: out.join('\n'), stderr: err.join('\n') };
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/branch/api/vendors/login', payload: { email, password } });

test('the process exits with the command status', async () => {
  const script = join(import.meta.dirname, '../../server/cli/createUser.ts');
  const result = await new Promise<{ code: number; stderr: string }>((resolve) =>
    execFile(process.execPath, ['--import', 'tsx', script, '--bogus'], (error, _stdout, stderr) =>
      resolve({ code: error ? Number(error.code) : 0, stderr }),
    ),
  );
  assert.equal(result.code, 2);
  assert.match(result.stderr, /Unknown option '--bogus'/);
});

test('bad usage gets status 2 and says what is wrong', async () => {
  const cases: Array<[string[], RegExp]> = [
    [['--name', 'No Email', '--admin'], /--email is required/],
    [['--email', 'a@example.test', '--name', 'Both', '--admin', '--vendor', 'Kabylie Outdoor'], /either --admin or --vendor/],
    [['--email', 'a@example.test', '--name', 'Neither'], /Give --admin \(staff\) or --vendor/],
    [['--email', 'not-an-email', '--name', 'X', '--admin'], /not a valid email/],
    [['--email', 'a@example.test', '--name', 'X', '--admin', '--password', 'short'], /at least 8 characters/],
    [['--email', 'a@example.test', '--name', 'X', '--vendor'], /argument missing|option argument/i],
  ];
  for (const [argv, message] of cases) {
    const result = await run(...argv);
    assert.equal(result.code, 2, argv.join(' '));
    assert.match(result.stderr, message);
    assert.match(result.stderr, /Usage: npm run create-user/);
  }
  assert.equal((await run('--help')).code, 0);
});

test('creates vendor staff, found by trade name in any case or by id', async () => {
  const byName = await run('--email', 'Nadia@Example.test', '--name', 'Nadia Saidi', '--phone', '+213 550 11 22 33', '--vendor', 'sahara quad tours', '--password', 'nadia-pass-1');
  assert.equal(byName.code, 0, byName.stderr);
  assert.match(byName.stdout, /Created vendor staff of sahara quad tours Nadia Saidi <Nadia@Example.test>/);
  const res = await login('nadia@example.test', 'nadia-pass-1');
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().user.vendor_id, DEMO_VENDORS.sahara.id);
  assert.equal(res.json().user.phone, '+213 550 11 22 33');

  const byId = await run('--email', 'omar@example.test', '--name', 'Omar', '--vendor', DEMO_VENDORS.kabylie.id, '--password', 'omar-pass-1');
  assert.equal(byId.code, 0, byId.stderr);
  assert.equal((await login('omar@example.test', 'omar-pass-1')).json().user.vendor_id, DEMO_VENDORS.kabylie.id);
});

test('refuses a duplicate email (any case), an unknown vendor and an ambiguous one, with status 1', async () => {
  await run('--email', 'first@example.test', '--name', 'First', '--admin', '--password', 'first-pass-1');
  const duplicate = await run('--email', 'FIRST@example.test', '--name', 'Again', '--admin', '--password', 'whatever-1');
  assert.equal(duplicate.code, 1);
  assert.equal(duplicate.stderr, 'A user with the email FIRST@example.test already exists.');

  const unknown = await run('--email', 'x@example.test', '--name', 'X', '--vendor', 'Nowhere Tours', '--password', 'whatever-1');
  assert.equal(unknown.code, 1);
  assert.match(unknown.stderr, /No vendor "Nowhere Tours"/);
  assert.match(unknown.stderr, /Sahara Quad Tours/);

  await t.db.query(`INSERT INTO vendors (trade_name) VALUES ('Twin Tours'), ('twin tours')`);
  const ambiguous = await run('--email', 'y@example.test', '--name', 'Y', '--vendor', 'Twin Tours', '--password', 'whatever-1');
  assert.equal(ambiguous.code, 1);
  assert.match(ambiguous.stderr, /Several vendors are called "Twin Tours"/);
});

test('without --password and without a terminal, a password is generated and printed once', async () => {
  const result = await run('--email', 'karim@example.test', '--name', 'Karim Ziani', '--admin');
  assert.equal(result.code, 0, result.stderr);
  const password = /Password: (\S+)/.exec(result.stdout)?.[1];
  assert.ok(password && password.length >= 16, result.stdout);
  const res = await login('karim@example.test', password);
  assert.equal(res.statusCode, 200);
  assert.equal(res.json().user.admin, true);
});
