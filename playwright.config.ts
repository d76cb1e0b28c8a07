import { defineConfig, devices } from '@playwright/test';
import { availableParallelism } from 'node:os';
import { CHROMIUM_FLAGS, chromiumPath } from './scripts/chromium.mjs';
import { e2eServerEnv } from './tests/e2e/demoSnapshot.ts';

const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;

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

function server(serverPort: number, env: Record<string, string> = {}) {
  return {
    command: 'node --import tsx server/main.ts',
    reuseExistingServer: false,
    timeout: 180_000,
    env: e2eServerEnv(serverPort, env),
  };
}
