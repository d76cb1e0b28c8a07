/**
 * Prepares a database for the customers-list benchmark: migrated, with the demo accounts
 * and the demo marketplace (seeded once, when it holds no services), then at least
 * `target` customers: more are copied from the demo's own (names, languages, wilayas), each
 * with a phone of its own in E.164 and no bookings yet, as people who signed up without
 * booking. Their figures (bookings, spend, last booking) are the columns the server keeps,
 * recomputed here once from the bookings and payments so the list reads true figures.
 * Run with `node --import tsx`, DATA_DIR or DATABASE_URL naming the database.
 *
 *   node --import tsx bench/lib/customersData.ts 200000
 */
import { configFromEnv } from '../../server/config.ts';
import { seedDemoDataOnce } from '../../server/db/demoData.ts';
import { openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedDemoAccounts } from '../../server/db/seed.ts';

const target = Number(process.argv[2]);
if (!Number.isInteger(target) || target < 1) {
  console.error('usage: customersData.ts <number of customers>');
  process.exit(2);
}
const config = configFromEnv();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(db);
  await seedDemoAccounts(db);
  await seedDemoDataOnce(db);
  const count = async (table: string) => Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  let have = await count('customers');
  if (have < target) {
    // Phones +21379xxxxxxx, one per copy, numbered after the copies already made.
    await db.query(
      `INSERT INTO customers (name, phone, email, locale, wilaya_code, marketing_opt_in, created_at)
       SELECT c.name, '+21379' || lpad((n.base + g)::text, 7, '0'), NULL, c.locale, c.wilaya_code, c.marketing_opt_in, now() - (g % 800) * interval '1 day'
       FROM generate_series(1, $1::int) g
       CROSS JOIN (SELECT count(*) AS base FROM customers WHERE phone LIKE '+21379%') n
       JOIN (SELECT row_number() OVER (ORDER BY id) - 1 AS i, * FROM (SELECT * FROM customers ORDER BY id LIMIT 5000) s) c ON c.i = g % 5000`,
      [target - have],
    );
    have = await count('customers');
  }
  // The figures the server keeps on each write, as they stand after the bulk seed.
  await db.query(
    `UPDATE customers c SET bookings_count = coalesce(b.n, 0), last_booking_at = b.last, lifetime_spend = coalesce(p.spend, 0)
     FROM customers c2
     LEFT JOIN (SELECT customer_id, count(*) AS n, max(created_at) AS last FROM bookings GROUP BY customer_id) b ON b.customer_id = c2.id
     LEFT JOIN (SELECT customer_id, sum(amount - refunded_amount) AS spend FROM payments WHERE status IN ('paid', 'refunded', 'partially_refunded') GROUP BY customer_id) p ON p.customer_id = c2.id
     WHERE c.id = c2.id AND (c.bookings_count, c.last_booking_at, c.lifetime_spend) IS DISTINCT FROM (coalesce(b.n, 0), b.last, coalesce(p.spend, 0))`,
  );
  await db.exec('VACUUM ANALYZE customers');
  console.log(`${have.toLocaleString('en')} customers, ${(await count('bookings')).toLocaleString('en')} bookings (${db.kind}).`);
} finally {
  await db.close();
}
