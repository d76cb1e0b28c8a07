/**
 * The seeded demo database the browser tests' servers start from (DEMO_SNAPSHOT,
 * server/main.ts): the first server to start seeds it, later ones load it. Named by what
 * the seed depends on, and by the day in Algeria, as the demo's bookings are dated from today.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { algeriaToday } from '../../common/time.ts';
import { migrationsHash } from '../../server/db/migrate.ts';

const root = new URL('../../', import.meta.url);

let path: string | undefined;

/** Worked out once per process (it reads every migration): the config asks for it per server. */
export function demoSnapshotPath(): string {
  if (path) return path;
  const hash = createHash('sha256').update(migrationsHash());
  for (const file of ['server/db/demoData.ts', 'server/db/seed.ts', 'node_modules/@electric-sql/pglite/package.json']) hash.update(readFileSync(new URL(file, root)));
  hash.update(algeriaToday());
  const name = `rihla-e2e-demo-${hash.digest('hex').slice(0, 16)}.tar`;
  // Older snapshots are of no use any more.
  for (const old of readdirSync(tmpdir())) if (old.startsWith('rihla-e2e-demo-') && old !== name) rmSync(join(tmpdir(), old), { force: true });
  return (path = join(tmpdir(), name));
}

/** The environment of a browser-test server (playwright.config.ts starts two). */
export function e2eServerEnv(port: number, env: Record<string, string> = {}): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory',
    JWT_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e',
    LOG_LEVEL: 'error',
    TRUST_PROXY: 'true',
    DEMO_SNAPSHOT: demoSnapshotPath(),
    ...env,
  };
}
