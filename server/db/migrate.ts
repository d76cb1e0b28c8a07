/**
 * Applies the versioned SQL files in migrations/ in name order, each in its own
 * transaction, recording them in schema_migrations. A transaction-scoped advisory lock
 * makes two instances starting at once on one PostgreSQL apply each file exactly once.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './index.ts';

const migrationsDir = join(import.meta.dirname, 'migrations');
const LOCK_KEY = 72_000_001; // any constant shared by every instance of this API

/**
 * A hash of every migration and of this migrator: a migrated database kept aside (the API
 * tests' template, the browser tests' demo snapshot) is named by it, so that any change to
 * the schema makes a new one.
 */
export function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).sort()) hash.update(name).update(readFileSync(join(migrationsDir, name)));
  hash.update(readFileSync(new URL(import.meta.url)));
  return hash.digest('hex');
}

export async function migrate(db: Database): Promise<string[]> {
  await db.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`).catch(async (error) => {
    // Two instances racing on CREATE TABLE IF NOT EXISTS can collide on the catalog.
    if (!/already exists|duplicate key/.test(String(error))) throw error;
  });
  const files = readdirSync(migrationsDir).filter((f) => f.endsWith('.sql')).sort();
  // Nothing to apply (every start after the first, and each test's copy of a migrated
  // database): one read instead of a locked transaction per file.
  const present = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((row) => row.name));
  const applied: string[] = [];
  for (const name of files.filter((file) => !present.has(file))) {
    const sql = readFileSync(join(migrationsDir, name), 'utf8');
    const done = await db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [LOCK_KEY]);
      const seen = await tx.query('SELECT 1 FROM schema_migrations WHERE name = $1', [name]);
      if (seen.rows.length > 0) return false;
      await tx.exec(sql);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
