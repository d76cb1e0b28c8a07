/**
 * Building a payout batch over many vendor share entries, in process: a database with the
 * demo marketplace (a small scale), then one vendor brought to `target` unpaid entries
 * whose activities have taken place (copies of its payments, each with its entry), then
 * the preview and the build of its payout, each timed, in a transaction (the build is
 * rolled back between runs, so every run claims the same entries). Prints one JSON line.
 * Run with `node --import tsx`, DATABASE_URL naming a PostgreSQL database or none (PGlite in memory).
 *
 *   node --import tsx bench/lib/payoutBatch.ts 100000 5
 */
import type { AuthUser } from '../../server/auth/plugin.ts';
import { configFromEnv } from '../../server/config.ts';
import { seedDemoDataOnce } from '../../server/db/demoData.ts';
import { openDatabase } from '../../server/db/index.ts';
import { migrate } from '../../server/db/migrate.ts';
import { DEMO_VENDORS, seedDemoAccounts } from '../../server/db/seed.ts';
import { buildPayout, previewPayout } from '../../server/payments/payouts.ts';
import type { WriteContext } from '../../server/engine/hooks.ts';

const target = Number(process.argv[2]);
const runs = Number(process.argv[3] ?? 5);
if (!Number.isInteger(target) || target < 1) {
  console.error('usage: payoutBatch.ts <entries> [runs]');
  process.exit(2);
}
const config = configFromEnv();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : 'memory' });
const rollback = new Error('rolled back on purpose');
try {
  await migrate(db);
  await seedDemoAccounts(db);
  await seedDemoDataOnce(db, { scale: 0.05 });
  const vendorId = DEMO_VENDORS.sahara.id;
  const unpaid = async () =>
    Number((await db.query<{ n: string }>("SELECT count(*) AS n FROM vendor_share_entries WHERE vendor_id = $1 AND payout_id IS NULL AND payable_from <= now()", [vendorId])).rows[0].n);
  const setupStarted = performance.now();
  let have = await unpaid();
  while (have < target) {
    const batch = Math.min(target - have, 50_000);
    // New payments of the vendor's paid bookings, each with the entry its landing writes, activity over.
    // The copies skip the payments' triggers (the payments list's rollup): only the entries are measured here.
    await db.transaction(async (tx) => {
      await tx.query("SET LOCAL session_replication_role = 'replica'");
      await tx.query(
        `WITH source AS (SELECT row_number() OVER (ORDER BY id) - 1 AS i, p.* FROM payments p WHERE p.vendor_id = $1 AND p.status = 'paid'),
              made AS (
                INSERT INTO payments (vendor_id, booking_id, booking_ref, customer_id, amount, currency, method, status, fee, platform_commission, vendor_share, paid_at)
                SELECT s.vendor_id, s.booking_id, s.booking_ref, s.customer_id, s.amount, s.currency, s.method, 'paid', s.fee, s.platform_commission, s.vendor_share, now()
                  FROM generate_series(1, $2::int) g JOIN source s ON s.i = g % (SELECT count(*) FROM source)
                RETURNING id, vendor_id, booking_id, amount, fee, platform_commission, vendor_share, currency)
         INSERT INTO vendor_share_entries (vendor_id, booking_id, payment_id, kind, amount, commission, fee, currency, commission_percent, payable_from)
         SELECT vendor_id, booking_id, id, 'payment', vendor_share, platform_commission, fee, currency, 12, now() - interval '1 day' FROM made`,
        [vendorId, batch],
      );
    });
    have = await unpaid();
  }
  await db.exec('ANALYZE vendor_share_entries');
  const setupMs = performance.now() - setupStarted;
  const { rows: [admin] } = await db.query<AuthUser>("SELECT id, email, name, phone, admin, vendor_id FROM users WHERE admin LIMIT 1");
  const actor = { user: admin, staff: true, vendorId: null, actingAsVendorId: null, role: 'staff' as const };
  const input = { vendor_id: vendorId, period_end: new Date(Date.now() + 3_600_000).toISOString().slice(0, 10), currency: 'DZD' };
  const preview: number[] = [];
  const build: number[] = [];
  let claimed = 0;
  for (let run = 0; run < runs; run++) {
    await db
      .transaction(async (tx) => {
        const ctx = { tx, actor, app: undefined as never, now: new Date().toISOString() } satisfies WriteContext;
        let t0 = performance.now();
        await previewPayout(tx, input, ctx.now);
        preview.push(performance.now() - t0);
        t0 = performance.now();
        const payout = await buildPayout(ctx, input);
        build.push(performance.now() - t0);
        claimed = Number(payout.entries_count);
        throw rollback;
      })
      .catch((error) => {
        if (error !== rollback) throw error;
      });
  }
  console.log(JSON.stringify({ kind: db.kind, entries: have, claimed, setupMs, preview, build }));
} finally {
  await db.close();
}
