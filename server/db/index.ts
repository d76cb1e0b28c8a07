/**
 * One small interface over the two databases the branch API runs on: an embedded
 * PostgreSQL (PGlite, the default) and a real PostgreSQL server (when DATABASE_URL is
 * set). Everything above this file speaks plain PostgreSQL SQL with $1 parameters.
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY payload once its transaction
   * committed (on every instance sharing the database); `onReconnect` after a lost
   * listening connection came back (notifications sent meanwhile were missed).
   * Resolves with a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the whole data directory, for `DatabaseOptions.loadDataDir` (server/main.ts's DEMO_SNAPSHOT). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… to use a PostgreSQL server; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; `memory` (or undefined) keeps the database in memory. */
  dataDir?: string;
  /** PGlite only: start from this dump of a data directory (`PGlite.dumpDataDir`) instead of an empty database. */
  loadDataDir?: Blob;
}

/** The PostgreSQL extensions PGlite loads: trigram indexes for finding records by part of a name. */
export const PGLITE_EXTENSIONS = { pg_trgm };

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const { dataDir, loadDataDir } = options;
  return pgliteDatabase(await PGlite.create({ dataDir: dataDir && dataDir !== 'memory' ? dataDir : undefined, loadDataDir, extensions: PGLITE_EXTENSIONS }));
}

/** The interface over an open PGlite instance. */
export function pgliteDatabase(db: PGlite): Database {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params?: unknown[]) {
      const result = await q.query<T>(sql, params as never[]);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    ...wrap(db),
    transaction: (work) => db.transaction((tx) => work(wrap(tx))),
    // One process, one connection: nothing is ever lost, so there is nothing to reconnect.
    listen: (channel, onPayload) => db.listen(channel, onPayload),
    dump: async () => (await db.dumpDataDir('none')) as Blob,
    close: () => db.close(),
  };
}

// int8 (counts, sums of money in minor units) as numbers, like PGlite does; every
// amount the product handles fits in 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // Fail at start, not on the first request, when the server cannot be reached.
  (await pool.connect()).release();
  const query = async <T>(client: pg.Pool | pg.PoolClient, sql: string, params?: unknown[]) => {
    const result = await client.query(sql, params);
    return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
  };
  return {
    kind: 'postgres',
    query: (sql, params) => query(pool, sql, params),
    exec: async (sql) => void (await pool.query(sql)),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: (sql, params) => query(client, sql, params),
          exec: async (sql) => void (await client.query(sql)),
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    listen: (channel, onPayload, onReconnect) => listenPostgres(connectionString, channel, onPayload, onReconnect),
    close: () => pool.end(),
  };
}

/**
 * A connection of its own (not one of the pool's) that stays in LISTEN; when it drops it
 * comes back after a growing pause, and `onReconnect` lets the listener catch up.
 */
async function listenPostgres(connectionString: string, channel: string, onPayload: (payload: string) => void, onReconnect?: () => void) {
  let client: pg.Client | null = null;
  let stopped = false;
  let pause = 500;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    next.on('error', () => undefined);
    next.on('end', () => {
      if (stopped || client !== next) return;
      client = null;
      const retry = () =>
        void connect().then(
          () => {
            pause = 500;
            onReconnect?.();
          },
          () => {
            pause = Math.min(pause * 2, 30_000);
            setTimeout(retry, pause).unref();
          },
        );
      setTimeout(retry, pause).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
  };
  await connect();
  return async () => {
    stopped = true;
    await client?.end();
  };
}
