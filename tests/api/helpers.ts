/**
 * A fresh app per test file: in-memory PGlite by default, or, when DATABASE_URL is set,
 * a private schema on that PostgreSQL server (dropped afterwards), so suites never see
 * each other's rows.
 */
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { testConfig, type Config } from '../../server/config.ts';
import { openDatabase, type Database } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';

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
  const db = await openDatabase({ databaseUrl, dataDir: 'memory' });
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
