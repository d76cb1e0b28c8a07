/** Starts the branch API and the SPA: open the database, migrate, seed once, listen. */
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';

const config = configFromEnv();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db);
const app = await buildApp(config, db);

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: finishing requests in flight, then closing the database`);
    // app.close() stops accepting connections and waits for requests in flight.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  });
}

const address = await app.listen({ port: config.port, host: config.host });
console.log(`Rihla back-office ${config.version} on ${address}/ (database: ${db.kind})`);
