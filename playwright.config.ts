import { defineConfig, devices } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs';
import { migrationsHash } from './server/db/migrate.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;

const DEMO_SNAPSHOT = demoSnapshot();

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // At least two: Playwright's default (half the cores) is one worker on a 2-core machine,
  // while the tests mostly wait on the browser and the servers. (Three were slower there.)
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  // In CI a test that fails is run once more and, if it passes then, reported as flaky in the
  // list: on a loaded 2-core runner a rare timing miss (one in ~200 tests per run, a different
  // one each time) should be seen and fixed, not block a change that broke nothing. A test
  // that really fails fails twice.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL,
    // A trace is recorded only when a failed test runs again (CI retries once): recording
    // one for every test (its screencast and a DOM snapshot per action) took a third of the
    // suite's CPU. Locally, `npx playwright test --trace on <spec>` records one.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    // The production build's service worker precaches every asset in each new context;
    // only tests/e2e/offline.spec.ts needs it.
    serviceWorkers: 'block',
    launchOptions: { executablePath: chromiumPath(), args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  // Fresh in-memory databases per run, seeded with the demo accounts and marketplace (from one snapshot). The servers trust
  // X-Forwarded-For so each test can count as its own client for the login rate limit
  // (tests/e2e/fixtures.ts). The second server's access tokens last 5 s, for the refresh tests.
  webServer: [
    { ...server(port), url: `${baseURL}/branch/api/health` },
    { ...server(port + 1, { ACCESS_TOKEN_SECONDS: '5' }), url: `http://127.0.0.1:${port + 1}/branch/api/health` },
  ],
});

/**
 * The seeded demo database both servers start from (DEMO_SNAPSHOT, server/main.ts): the
 * first server seeds it, the second loads it. Named by what the seed depends on, and by
 * the day in Algeria, as the demo's bookings are dated from today.
 */
function demoSnapshot(): string {
  const hash = createHash('sha256').update(migrationsHash());
  for (const file of ['server/db/demoData.ts', 'server/db/seed.ts', 'node_modules/@electric-sql/pglite/package.json']) hash.update(readFileSync(file));
  hash.update(new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Algiers' }).format(new Date()));
  const name = `rihla-e2e-demo-${hash.digest('hex').slice(0, 16)}.tar`;
  // Older snapshots are of no use any more.
  for (const old of readdirSync(tmpdir())) if (old.startsWith('rihla-e2e-demo-') && old !== name) rmSync(join(tmpdir(), old), { force: true });
  return join(tmpdir(), name);
}
function server(serverPort: number, env: Record<string, string> = {}) {
  return {
    command: 'node --import tsx server/main.ts',
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
      LOG_LEVEL: 'error',
      TRUST_PROXY: 'true',
      DEMO_SNAPSHOT,
      ...env,
    },
  };
}
