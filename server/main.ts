/** Starts the branch API and the SPA: open the database, migrate, seed once, listen. */
import { buildApp } from './app.ts';
import { configFromEnv } from './config.ts';
import { openDatabase } from './db/index.ts';
import { migrate } from './db/migrate.ts';
import { demoAccountsText, seedDemoAccounts } from './db/seed.ts';
import { seedDemoDataOnce } from './db/demoData.ts';
import { expirePoints } from './domain/loyalty.ts';
import { expireOverdue } from './domain/sweeper.ts';
import { storeDemoImages } from './media/demoImages.ts';

const config = configFromEnv();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(db);
const demo = config.production ? undefined : await seedDemoAccounts(db);
// The demo marketplace (server/db/demoData.ts), once, on a database without services.
const demoData = config.production ? null : await seedDemoDataOnce(db);
if (demoData) console.log(`Demo data: ${demoData.bookings} bookings, ${demoData.customers} customers, ${demoData.services} services (${demoData.ms} ms)`);
if (config.databaseUrl && !config.jwtSecret) {
  console.warn('JWT_SECRET is not set: this instance signs tokens with its own secret from DATA_DIR. Set the same JWT_SECRET on every instance that shares the database.');
}
const app = await buildApp(config, db);
// The demo images get pictures the image proxy serves, once, right after seeding.
if (demoData) await storeDemoImages(app);
// Expire overdue booking holds and payment links every minute (server/domain/sweeper.ts).
setInterval(() => void expireOverdue(app).catch((error) => console.error('expiry sweep failed', error)), 60_000).unref();
// Loyalty points whose day has come expire; hourly is soon enough for a date (server/domain/loyalty.ts).
setInterval(() => void expirePoints(app).catch((error) => console.error('points expiry failed', error)), 3_600_000).unref();

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
if (demo) {
  const heading = demo.seeded ? 'Demo accounts (created now):' : 'Demo accounts (if this database was seeded with them):';
  console.log(`${heading}\n${demoAccountsText()}`);
}
