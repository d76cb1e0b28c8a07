/**
 * A fresh app per test file: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a private schema on that PostgreSQL server (dropped afterwards), so suites never see
 * each other's rows.
 *
 * Creating and migrating a PGlite database costs seconds of CPU (initdb runs inside it),
 * so it happens once: the migrated data directory is kept as a tarball in the temp
 * directory, named by a hash of the migrations and the PGlite version, and each file's
 * database starts from a copy of it. A changed migration makes a new tarball.
 */
import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { testConfig, type Config } from '../../server/config.ts';
import { openDatabase, PGLITE_EXTENSIONS, pgliteDatabase, type Database } from '../../server/db/index.ts';
import { migrate, migrationsHash } from '../../server/db/migrate.ts';

const PGLITE_PACKAGE = new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url);

/** Where the migrated template lives: its name changes with any migration, the migrator or PGlite. */
function templatePath(): string {
  const hash = createHash('sha256').update(migrationsHash()).update(readFileSync(PGLITE_PACKAGE));
  return join(tmpdir(), `rihla-test-db-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** The migrated data directory as a tarball, made on first use. */
async function migratedTemplate(): Promise<Blob> {
  const path = templatePath();
  if (!existsSync(path)) {
    const raw = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    await migrate(pgliteDatabase(raw));
    const dump = await raw.dumpDataDir('none');
    await raw.close();
    // Written aside and renamed, so a file started meanwhile never reads half a tarball.
    const partial = `${path}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, path);
  }
  return new Blob([readFileSync(path)]);
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  close(): Promise<void>;
}

export async function startTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const url = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  if (url) {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const withSchema = new URL(url);
    withSchema.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = withSchema.toString();
    dropSchema = async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    };
  }
  const config = testConfig({ databaseUrl, ...overrides });
  const db = await openDatabase({ databaseUrl, dataDir: 'memory', loadDataDir: url ? undefined : await migratedTemplate() });
  // Applies nothing on a copy of the template; migrates the new schema on PostgreSQL.
  await migrate(db);
  const app = await buildApp(config, db);
  return {
    app,
    db,
    async close() {
      await app.close();
      await db.close();
      await dropSchema();
    },
  };
}
