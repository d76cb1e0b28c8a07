// Starts the branch API and the built SPA on a free port with an in-memory database
// (seeded with the demo accounts), for the benchmarks of one `npm run bench` run.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(baseURL, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${baseURL}/branch/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer on ${baseURL} within ${timeoutMs} ms`);
}

/**
 * @param {{ env?: Record<string, string>, timeoutMs?: number }} [options] extra environment
 *   (e.g. ACCESS_TOKEN_SECONDS, DATABASE_URL) and how long to wait for it to answer
 * @returns {Promise<{ baseURL: string, pid: number, login(email: string, password: string): Promise<any>, stop(): Promise<void> }>}
 */
export async function startServer(options = {}) {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: 'memory',
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'error',
      NODE_ENV: 'development',
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(baseURL, child, options.timeoutMs ?? 60_000);
  return {
    baseURL,
    pid: child.pid,
    /** Signs in through the API; returns `{ access_token, refresh_token, user }`. */
    async login(email, password) {
      const response = await fetch(`${baseURL}/branch/api/vendors/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      if (!response.ok) throw new Error(`login as ${email}: HTTP ${response.status} ${await response.text()}`);
      return response.json();
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}
