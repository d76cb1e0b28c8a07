/**
 * Gets the browser suite ready before Playwright starts: a Chromium, the production build,
 * and the seeded demo database its servers load (tests/e2e/demoSnapshot.ts). Seeding takes
 * about a minute of one core, which `npm test` spends beside the type check
 * (scripts/test.mjs). Each step is skipped when already done; without this script the
 * first browser-test server seeds the snapshot itself.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { demoSnapshotPath, e2eServerEnv } from '../tests/e2e/demoSnapshot.ts';

for (const args of [['scripts/find-chromium.mjs'], ['build.mjs', '--if-stale']]) {
  if (spawnSync(process.execPath, args, { stdio: 'inherit' }).status !== 0) process.exit(1);
}

const snapshot = demoSnapshotPath();
if (!existsSync(snapshot)) {
  // The same server the browser tests start, on a port of its own; stopped once it has written the snapshot.
  const port = Number(process.env.E2E_PORT ?? 3199) + 2;
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, ...e2eServerEnv(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited = false;
  const exit = new Promise((resolve) => server.once('exit', () => resolve((exited = true))));
  while (!existsSync(snapshot) && !exited) await sleep(250);
  if (!exited) {
    server.kill('SIGTERM');
    await exit;
  }
  if (!existsSync(snapshot)) {
    console.error('The demo server stopped before writing its snapshot (its errors are above).');
    process.exit(1);
  }
}
