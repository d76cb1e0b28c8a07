/**
 * Prepares a database for the payments-list benchmark: migrated, with the demo accounts
 * and the demo marketplace (seeded once, when it holds no services), then exactly
 * `target` payments: more are copied from the demo's own (same bookings, vendors and
 * amounts, spread over the last two years), so the list, its filters and its totals read
 * data shaped like the real thing. Run with `node --import tsx`, DATA_DIR or DATABASE_URL
 * naming the database.
 *
 *   node --import tsx bench/lib/paymentsData.ts 20000
 */
import { configFromEnv } from '../../server/config.ts';
import { seedDemoDataOnce } from '../../server/db/demoData.ts';
import { openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemoAccounts } from '../../server/db/seed.ts';

const target = Number(process.argv[2]);
if (!Number.isInteger(target) || target < 1) {
  console.error('usage: paymentsData.ts <number of payments>');
  process.exit(2);
}
const config = configFromEnv();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  await seedDemoAccounts(db);
  await seedDemoDataOnce(db);
  const count = async () => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM payments')).rows[0].n);
  let have = await count();
  if (have === 0) throw new Error('no payment to copy: the demo data did not seed');
  while (have < target) {
    // Copies of existing payments, in batches, each a new payment of the same booking.
    const batch = Math.min(target - have, 100_000);
    await db.query(
      `INSERT INTO payments (vendor_id, booking_id, booking_ref, customer_id, amount, currency, method, payer_name, status, status_changed_at, fee,
         platform_commission, vendor_share, refunded_amount, paid_at, created_at, payout_status, reconciled)
       SELECT p.vendor_id, p.booking_id, p.booking_ref, p.customer_id, p.amount, p.currency, p.method, p.payer_name,
         CASE WHEN g % 10 = 0 THEN 'pending' ELSE p.status END, at, p.fee, p.platform_commission, p.vendor_share, p.refunded_amount,
         CASE WHEN g % 10 = 0 THEN NULL ELSE at END, at, p.payout_status, p.reconciled
       FROM generate_series(1, $1::int) g
       JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS i, * FROM (SELECT * FROM payments ORDER BY id LIMIT $2::int) s) p ON p.i = g % $2::int
       CROSS JOIN LATERAL (SELECT now() - (g % 730) * interval '1 day' - (g % 1440) * interval '1 minute' AS at) t`,
      [batch, Math.max(1, Math.min(have, 5_000))],
    );
    have = await count();
  }
  if (have > target) console.warn(`The database already holds ${have.toLocaleString('en')} payments (more than ${target.toLocaleString('en')}).`);
  // As autovacuum would: statistics, and the visibility map that lets the totals read the index alone.
  await db.exec('VACUUM ANALYZE payments');
  console.log(`${have.toLocaleString('en')} payments (${db.kind}).`);
} finally {
  await db.close();
}
