/**
 * Seeds the demo marketplace into the configured database (DATABASE_URL, or the PGlite
 * data directory), for demos and benchmarks:
 *
 *   npm run seed                         the standard set (20,000 bookings), if the database has none
 *   npm run seed -- --scale 50           50 times the customers and bookings (1,000,000 bookings)
 *   npm run seed -- --scale 5 --reset    first remove the domain data (accounts are kept)
 *   npm run seed -- --seed 7             another deterministic variant
 */
import { parseArgs } from 'node:util';
import { configFromEnv } from '../server/config.ts';
import { seedDemoData } from '../server/db/demoData.ts';
import { openDatabase } from '../server/db/index.ts';
import { migrate } from '../server/db/migrate.ts';
import { seedDemoAccounts } from '../server/db/seed.ts';

const DOMAIN_TABLES = [
  'audit_log', 'messages', 'conversations', 'chatbot_requests', 'tickets', 'notifications', 'topics', 'help_articles', 'banners', 'reviews',
  'wallet_transactions', 'loyalty_entries', 'payment_splits', 'payment_invitations', 'refunds', 'payments', 'bookings', 'deals', 'discounts', 'coupons',
  'media', 'adventures', 'combos', 'price_rules', 'service_slots', 'services', 'customers', 'interests', 'amenities', 'categories', 'locations', 'branches', 'settings',
];

const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, seed: { type: 'string' }, reset: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log('Usage: npm run seed -- [--scale N] [--seed S] [--reset]');
  process.exit(0);
}
const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
  console.error('--scale must be a whole number from 1 to 1000');
  process.exit(2);
}

const config = configFromEnv();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  await seedDemoAccounts(db);
  const stats = await db.transaction(async (tx) => {
    const { rows } = await tx.query('SELECT 1 FROM services LIMIT 1');
    if (rows.length > 0) {
      if (!values.reset) return null;
      await tx.exec(`TRUNCATE ${DOMAIN_TABLES.join(', ')}`);
      await tx.query('DELETE FROM vendors v WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.vendor_id = v.id)');
    }
    return seedDemoData(tx, { scale, seed: values.seed ? Number(values.seed) : undefined, log: (line) => console.log(line) });
  });
  if (!stats) {
    console.log('The database already holds domain data; add --reset to replace it.');
  } else {
    console.log(`Seeded ${stats.bookings.toLocaleString('en')} bookings for ${stats.customers.toLocaleString('en')} customers in ${(stats.ms / 1000).toFixed(1)} s (${db.kind}).`);
  }
} finally {
  await db.close();
}
