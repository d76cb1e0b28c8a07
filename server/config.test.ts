/**
 * A server listening beyond this machine without its production variables would accept
 * the development secrets published in this repository (the demo accounts, the customer
 * channel's secret, the gateway's webhook key): it refuses to start and names each
 * variable to set, unless told ALLOW_DEMO_ON_NETWORK=true.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { assertSafeToListen, developmentDoors } from './config.ts';

const production = { NODE_ENV: 'production', CHANNEL_SECRET: 'c'.repeat(32), GATEWAY_WEBHOOK_SECRET: 'g'.repeat(32) };

test('each development door is named with the variable that closes it', () => {
  assert.deepEqual(developmentDoors({}).map((door) => door.split(' ')[0]), ['NODE_ENV=production', 'CHANNEL_SECRET', 'GATEWAY_WEBHOOK_SECRET']);
  assert.deepEqual(developmentDoors(production), []);
  assert.deepEqual(developmentDoors({ ...production, GATEWAY_WEBHOOK_SECRET: undefined, SATIM_USERNAME: 'u', SATIM_PASSWORD: 'p', SATIM_TERMINAL_ID: 't' }), [], 'SATIM needs no webhook key');
  assert.deepEqual(developmentDoors({ ...production, CHANNEL_SECRET: undefined }).map((door) => door.split(' ')[0]), ['CHANNEL_SECRET']);
});

test('loopback is always allowed; another address only with every door closed or an explicit opt-in', () => {
  for (const host of ['127.0.0.1', '127.0.0.53', 'localhost', '::1']) assert.doesNotThrow(() => assertSafeToListen({ host }, {}));
  for (const host of ['0.0.0.0', '::', '192.0.2.10', 'rihla.example']) {
    assert.throws(() => assertSafeToListen({ host }, {}), /Refusing to listen on .*NODE_ENV=production.*CHANNEL_SECRET.*GATEWAY_WEBHOOK_SECRET/s);
    assert.doesNotThrow(() => assertSafeToListen({ host }, production));
    assert.doesNotThrow(() => assertSafeToListen({ host }, { ALLOW_DEMO_ON_NETWORK: 'true' }));
  }
});

test('the server process itself refuses, before opening any database, and says which variables to set', () => {
  const env = { ...process.env, HOST: '0.0.0.0', PORT: '0', DATA_DIR: 'memory', NODE_ENV: '', CHANNEL_SECRET: '', GATEWAY_WEBHOOK_SECRET: '', ALLOW_DEMO_ON_NETWORK: '' };
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], { env, encoding: 'utf8', timeout: 60_000 });
  assert.equal(run.status, 1, run.stdout + run.stderr);
  assert.match(run.stderr, /Refusing to listen on 0\.0\.0\.0/);
  for (const variable of ['NODE_ENV=production', 'CHANNEL_SECRET', 'GATEWAY_WEBHOOK_SECRET', 'ALLOW_DEMO_ON_NETWORK=true']) assert.ok(run.stderr.includes(variable), variable);
  assert.doesNotMatch(run.stdout, /Demo accounts/);
});
