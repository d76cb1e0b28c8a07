/** Starts the branch API and the SPA: open the database, migrate, seed once, listen. */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { buildApp } from './app.ts';
import { assertSafeToListen, configFromEnv } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { demoAccountsText, seedDemoAccounts } from './db/seed.ts';
import { seedDemoDataOnce } from './db/demoData.ts';
import { startWorker } from './jobs/index.ts';
import { storeDemoImages } from './media/index.ts';

const config = configFromEnv();
try {
  assertSafeToListen(config);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// DEMO_SNAPSHOT=file (an in-memory demo only): the first start keeps its freshly seeded
// database in that file and later starts load it instead of seeding again, which takes
// most of a start (the browser tests start two servers from one snapshot).
const snapshot = !config.production && config.dataDir === 'memory' && !config.databaseUrl ? process.env.DEMO_SNAPSHOT : undefined;
const fromSnapshot = snapshot !== undefined && existsSync(snapshot);
const db = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  loadDataDir: fromSnapshot ? new Blob([readFileSync(snapshot)]) : undefined,
});
await migrate(db);
const demo = config.production ? undefined : await seedDemoAccounts(db);
// The demo marketplace (server/db/demoData.ts), once, on a database without services.
const demoData = config.production ? null : await seedDemoDataOnce(db);
if (demoData) console.log(`Demo data: ${demoData.bookings} bookings, ${demoData.customers} customers, ${demoData.services} services (${demoData.ms} ms)`);
if (fromSnapshot) console.log(`Demo data: loaded from ${snapshot}`);
if (snapshot && demoData && db.dump) {
  // Written aside and renamed, so a start that reads it meanwhile never gets half a file.
  const partial = `${snapshot}.${process.pid}`;
  writeFileSync(partial, Buffer.from(await (await db.dump()).arrayBuffer()));
  renameSync(partial, snapshot);
}
if (config.databaseUrl && !config.jwtSecret) {
  console.warn('JWT_SECRET is not set: this instance signs tokens with its own secret from DATA_DIR. Set the same JWT_SECRET on every instance that shares the database.');
}
const app = await buildApp(config, db);
// The demo images get pictures the image proxy serves, right after seeding (the snapshot is
// taken before: its pictures go into this start's own media folder).
if (demoData || fromSnapshot) await storeDemoImages(app);
// The job queue (server/jobs/): expiring holds and payment links, loyalty expiry, notifications.
const stopWorker = startWorker(app);
if (!process.env.SMTP_URL) console.log('Email: SMTP_URL is not set; emails are recorded in the development outbox, not sent.');

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    console.log(`\n${signal}: finishing requests in flight, then closing the database`);
    // app.close() stops accepting connections and waits for requests in flight.
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await stopWorker();
    await app.close();
    await db.close();
    clearTimeout(force);
    process.exit(0);
  });
}

const address = await app.listen({ port: config.port, host: config.host });
console.log(`Rihla back-office ${config.version} on ${address}/ (database: ${db.kind})`);
if (demo) {
  const heading = demo.seeded ? 'Demo accounts (created now):' : 'Demo accounts (if this database was seeded with them):';
  console.log(`${heading}\n${demoAccountsText()}`);
}
