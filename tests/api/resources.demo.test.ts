/**
 * The demo data: the sizes DOMAIN.md promises, every foreign key intact (the bulk load
 * skips the per-row checks), money consistent with payments and refunds, seeded once,
 * and list queries on it that stay quick.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CHATBOT_INTENTS, seedDemoDataOnce, type DemoStats } from '../../server/db/demoData.ts';
import { DEFAULT_SETTINGS } from '../../common/settings.ts';
import { guardImplementations } from '../../common/lifecycles/context.ts';
import { DEMO_VENDORS } from '../../server/db/seed.ts';
import { startDomain, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let stats: DemoStats | null;
before(async () => {
  d = await startDomain();
  stats = await seedDemoDataOnce(d.t.db);
});
after(() => d.close());

test('seeds about 20 vendors, 150 services over the 58 wilayas, 2,000 customers and 20,000 bookings', async () => {
  assert.ok(stats);
  assert.equal(stats.bookings, 20_000);
  const [row] = await d.sql<Json>(`SELECT
    (SELECT count(*)::int FROM vendors) AS vendors, (SELECT count(*)::int FROM services WHERE private_customer_id IS NULL) AS services,
    (SELECT count(DISTINCT l.wilaya_code)::int FROM locations l JOIN services s ON s.location_id = l.id) AS wilayas,
    (SELECT count(*)::int FROM customers) AS customers, (SELECT count(*)::int FROM bookings) AS bookings,
    (SELECT count(*)::int FROM bookings WHERE starts_at < now() - interval '300 days') AS last_year,
    (SELECT count(*)::int FROM bookings WHERE starts_at > now() + interval '60 days') AS next_months,
    (SELECT count(*)::int FROM bookings WHERE vendor_id = $1) AS sahara,
    (SELECT count(*)::int FROM reviews) AS reviews, (SELECT count(*)::int FROM messages) AS messages,
    (SELECT count(*)::int FROM notifications) AS notifications, (SELECT count(*)::int FROM refunds) AS refunds`, [DEMO_VENDORS.sahara.id]);
  assert.ok(row.vendors >= 20 && row.vendors <= 25, `vendors ${row.vendors}`);
  assert.equal(row.services, 150);
  assert.equal(row.wilayas, 58);
  assert.equal(row.customers, 2000);
  assert.equal(row.bookings, 20_000);
  assert.ok(row.last_year > 500 && row.next_months > 500, JSON.stringify(row));
  assert.ok(row.sahara > 1000, 'the demo vendor has plenty to show');
  for (const k of ['reviews', 'messages', 'notifications', 'refunds']) assert.ok(row[k] > 0, k);
  assert.equal(await seedDemoDataOnce(d.t.db), null, 'seeded once');
});

test('personal services, a roster on the sample service, every coming demo booking on a slot, branches in their own wilaya', async () => {
  const [row] = await d.sql<Json>(`SELECT
    (SELECT count(*)::int FROM services s WHERE s.private_customer_id IS NOT NULL AND s.status = 'published' AND s.price_from > 0
       AND EXISTS (SELECT 1 FROM service_slots sl WHERE sl.service_id = s.id AND sl.starts_at > now())) AS personal,
    (SELECT count(*)::int FROM bookings WHERE vendor_id = $1 AND starts_at >= date_trunc('day', now()) + interval '1 day' AND slot_id IS NULL) AS unslotted,
    (SELECT count(*)::int FROM bookings b JOIN services s ON s.id = b.service_id
       WHERE s.vendor_id = $1 AND jsonb_array_length(b.roster) = b.participants_count AND b.starts_at > now()
       AND EXISTS (SELECT 1 FROM jsonb_array_elements(b.roster) p WHERE (p->>'age')::int < (s.adrenaline->>'min_age')::int)) AS flagged,
    (SELECT count(*)::int FROM locations l JOIN branches br ON br.id = l.branch_id WHERE br.wilaya_code <> l.wilaya_code) AS foreign_branch`, [DEMO_VENDORS.sahara.id]);
  assert.equal(row.personal, 3);
  assert.equal(row.unslotted, 0);
  assert.ok(row.flagged > 0, 'a roster with someone under the minimum age');
  assert.equal(row.foreign_branch, 0);
});

test('every foreign key points at an existing row', async () => {
  const fks = await d.sql<{ child: string; col: string; parent: string; pcol: string }>(`
    SELECT c.conrelid::regclass::text AS child, a.attname AS col, c.confrelid::regclass::text AS parent, pa.attname AS pcol
    FROM pg_constraint c
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    JOIN pg_attribute pa ON pa.attrelid = c.confrelid AND pa.attnum = c.confkey[1]
    WHERE c.contype = 'f' AND array_length(c.conkey, 1) = 1 AND c.connamespace = current_schema()::regnamespace`);
  assert.ok(fks.length > 40);
  const sql = fks.map((f) => `SELECT '${f.child}.${f.col}' AS fk, count(*)::int AS n FROM ${f.child} x WHERE x.${f.col} IS NOT NULL AND NOT EXISTS (SELECT 1 FROM ${f.parent} p WHERE p.${f.pcol} = x.${f.col})`).join(' UNION ALL ');
  const broken = (await d.sql<{ fk: string; n: number }>(sql)).filter((r) => r.n > 0);
  assert.deepEqual(broken, []);
});

test('some categories have subcategories, named in three languages, and services sit in them under their own category', async () => {
  const [row] = await d.sql<Json>(`SELECT
    (SELECT count(*)::int FROM categories WHERE parent_id IS NOT NULL AND name_i18n->>'fr' <> '' AND name_i18n->>'ar' <> '') AS subcategories,
    (SELECT count(*)::int FROM services WHERE subcategory_id IS NOT NULL) AS placed,
    (SELECT count(*)::int FROM services s JOIN categories sub ON sub.id = s.subcategory_id WHERE sub.parent_id IS DISTINCT FROM s.category_id) AS misplaced`);
  assert.ok(row.subcategories >= 4, JSON.stringify(row));
  assert.ok(row.placed > 10, JSON.stringify(row));
  assert.equal(row.misplaced, 0);
});

test('the demo obeys the rules it demonstrates: check-in window, hold time, who booked, branches, titles in three languages, chatbot intents', async () => {
  // Each checked-in or missing customer passed the booking chart's own guards at the moment it happened (a balance due needs a coded reason).
  const settings = { check_in_window_minutes: DEFAULT_SETTINGS.business.check_in_window_minutes };
  const marked = await d.sql<Json>(`SELECT ref, status, starts_at, status_changed_at, balance, status_reason_code FROM bookings WHERE status IN ('checked_in', 'no_show')`);
  assert.ok(marked.some((b) => b.status === 'checked_in') || new Date().getUTCHours() < 6, 'some of today\'s customers are checked in');
  for (const b of marked) {
    const args = { context: { now: new Date(b.status_changed_at).toISOString(), role: 'staff' as const, record: { starts_at: new Date(b.starts_at).toISOString() }, settings }, event: { type: b.status } };
    const guard = b.status === 'checked_in' ? guardImplementations.checkInOpen : guardImplementations.activityStarted;
    assert.ok(guard(args), `${b.ref} ${b.status} at ${args.context.now}, starting ${args.context.record.starts_at}`);
    const owed = { context: { ...args.context, record: { balance: b.balance } }, event: { type: 'check_in', reason_code: b.status_reason_code ?? undefined } };
    if (b.status === 'checked_in') assert.ok(guardImplementations.paidOrCodedReason(owed), `${b.ref} checked in owing ${b.balance} without a reason`);
    assert.ok(new Date(b.status_changed_at).getTime() <= Date.now(), `${b.ref} ${b.status} in the future`);
  }
  const [row] = await d.sql<Json>(`SELECT
    (SELECT count(*)::int FROM bookings WHERE (channel = 'back_office') <> (created_by IS NOT NULL)) AS booked_by,
    (SELECT count(*)::int FROM bookings WHERE channel = 'back_office') AS back_office,
    (SELECT count(*)::int FROM services s JOIN branches br ON br.id = s.branch_id JOIN locations l ON l.id = s.location_id WHERE br.wilaya_code <> l.wilaya_code) AS service_branch,
    (SELECT count(*)::int FROM bookings b JOIN branches br ON br.id = b.branch_id JOIN locations l ON l.id = b.location_id WHERE br.wilaya_code <> l.wilaya_code) AS booking_branch,
    (SELECT count(*)::int FROM bookings WHERE status IN ('cancelled', 'declined', 'expired') AND status_changed_at > starts_at) AS decided_after_start,
    (SELECT count(*)::int FROM refunds r JOIN bookings b ON b.id = r.booking_id WHERE b.status = 'cancelled' AND r.created_at < b.status_changed_at) AS refund_before_cancel,
    (SELECT count(*)::int FROM bookings WHERE status = 'requested' AND (hold_expires_at <= now() OR hold_expires_at - created_at <> make_interval(mins => $1))) AS hold_not_kept`,
    [DEFAULT_SETTINGS.business.hold_minutes]);
  assert.deepEqual(row, { booked_by: 0, back_office: row.back_office, service_branch: 0, booking_branch: 0, decided_after_start: 0, refund_before_cancel: 0, hold_not_kept: 0 });
  assert.ok(row.back_office > 0, 'some bookings made in the back office, by staff');

  // Every title the demo shows is written in French and Arabic, not left in English.
  const titles = await d.sql<Json>(`
    SELECT 'services' AS t, title_i18n AS v FROM services UNION ALL SELECT 'services', description_i18n FROM services
    UNION ALL SELECT 'notifications', title_i18n FROM notifications UNION ALL SELECT 'help_articles', title_i18n FROM help_articles
    UNION ALL SELECT 'banners', title_i18n FROM banners UNION ALL SELECT 'deals', title_i18n FROM deals
    UNION ALL SELECT 'adventures', title_i18n FROM adventures UNION ALL SELECT 'combos', title_i18n FROM combos
    UNION ALL SELECT 'categories', name_i18n FROM categories UNION ALL SELECT 'topics', name_i18n FROM topics
    UNION ALL (SELECT 'bookings', service_title_i18n FROM bookings LIMIT 2000)`);
  const untranslated = titles.filter(({ v }) => !v?.en || !v.fr || !v.ar || v.fr === v.en || v.ar === v.en || /[a-z]{3}/i.test(v.ar));
  assert.deepEqual(untranslated, []);

  // A chatbot request's intent is what its customer asked for.
  const asks: Record<(typeof CHATBOT_INTENTS)[number], RegExp> = {
    'booking.change': /date|موعد/i,
    'refund.status': /rembours|refund|استرداد/i,
    'payment.failed': /refus|failed|فشل/i,
    'general.question': /enfants|parking|موقف|bring/i,
  };
  const requests = await d.sql<Json>(`SELECT intent, transcript->0->>'text' AS asked FROM chatbot_requests`);
  assert.ok(requests.length > 0);
  for (const r of requests) {
    const matching = Object.entries(asks).filter(([, words]) => words.test(r.asked)).map(([intent]) => intent);
    assert.deepEqual(matching, [r.intent], `"${r.asked}" asks for ${r.intent}`);
  }
});

test('paid, refunded, balance and payment status follow the payments and refunds', async () => {
  const [row] = await d.sql<Json>(`SELECT
    (SELECT count(*)::int FROM bookings b WHERE paid <> coalesce((SELECT sum(amount) FROM payments p WHERE p.booking_id = b.id AND p.status <> 'pending'), 0)) AS paid,
    (SELECT count(*)::int FROM bookings b WHERE refunded <> coalesce((SELECT sum(amount) FROM refunds r WHERE r.booking_id = b.id AND r.status = 'succeeded'), 0)) AS refunded,
    (SELECT count(*)::int FROM bookings WHERE balance <> CASE WHEN status IN ('declined', 'expired', 'cancelled') THEN 0 ELSE GREATEST(total - paid, LEAST(0, total - paid + refunded)) END) AS balance,
    (SELECT count(*)::int FROM bookings WHERE refunded > paid) AS over_refunded,
    (SELECT count(*)::int FROM payments WHERE refunded_amount > amount) AS over_refunded_payments,
    (SELECT count(*)::int FROM payments p WHERE status IN ('paid', 'partially_refunded', 'refunded') AND NOT EXISTS (SELECT 1 FROM payment_splits s WHERE s.payment_id = p.id)) AS unsplit,
    (SELECT count(*)::int FROM customers c WHERE wallet_balance <> coalesce((SELECT sum(CASE kind WHEN 'credit' THEN amount ELSE -amount END) FROM wallet_transactions w WHERE w.customer_id = c.id), 0)) AS wallet,
    (SELECT count(*)::int FROM service_slots WHERE booked > capacity) AS overbooked`);
  assert.deepEqual(row, { paid: 0, refunded: 0, balance: 0, over_refunded: 0, over_refunded_payments: 0, unsplit: 0, wallet: 0, overbooked: 0 });
});

test('the first demo vendor has a paid payout with its bank reference and a draft releasing its reserve, each exactly its entries', async () => {
  const payouts = await d.sql<Json>(
    `SELECT o.status, o.bank_reference, o.entries_count, o.gross, o.refunds, o.reserve_held, o.reserve_released, o.released_from, o.amount,
            count(e.id)::int AS entries, coalesce(sum(e.amount) FILTER (WHERE e.kind = 'payment'), 0)::bigint AS entry_gross,
            coalesce(-sum(e.amount) FILTER (WHERE e.kind = 'refund'), 0)::bigint AS entry_refunds
       FROM payouts o LEFT JOIN vendor_share_entries e ON e.payout_id = o.id WHERE o.vendor_id = $1 GROUP BY o.id ORDER BY o.period_end`,
    [DEMO_VENDORS.sahara.id],
  );
  assert.deepEqual(payouts.map((p) => p.status), ['paid', 'draft']);
  const [paid, draft] = payouts;
  assert.match(paid.bank_reference, /^VIR-/);
  for (const p of payouts) {
    assert.ok(p.entries > 0);
    assert.deepEqual([p.entries_count, Number(p.gross), Number(p.refunds)], [p.entries, Number(p.entry_gross), Number(p.entry_refunds)]);
  }
  assert.ok(Number(paid.reserve_held) > 0);
  assert.equal(Number(draft.reserve_released), Number(paid.reserve_held), 'the paid payout was paid more than 30 days ago');
  // Nothing is paid out beyond the vendor's shares in it.
  assert.ok(Number(paid.amount) <= Number(paid.entry_gross) - Number(paid.entry_refunds));
});

// Speed is measured by `npm run bench`, not asserted here: timings flake on a busy machine.
test('lists over the demo data stay scoped to the vendor', async () => {
  for (const url of ['/bookings/', '/bookings/?ordering=-total&status=confirmed', '/bookings/?search=benali', `/bookings/?starts_at__gte=${new Date().toISOString()}`, '/customers/?search=amina', '/payments/?ordering=-paid_at']) {
    const res = await d.ok(d.vendor, 'GET', url);
    assert.ok(res.results.length > 0, url);
    assert.ok(res.results.every((r: Json) => !('vendor_id' in r) || r.vendor_id === d.vendorId), url);
  }
  const all = await d.ok(d.admin, 'GET', '/bookings/?page_size=100&page=50');
  // Past EXACT_COUNT_LIMIT matches, the count is the planner's estimate.
  assert.equal(all.count_exact, false);
  assert.ok(Math.abs(all.count - 20_000) < 2_000, `estimated ${all.count} of 20,000`);
  const narrow = await d.ok(d.admin, 'GET', '/bookings/?status=expired');
  assert.equal(narrow.count_exact, true);
  assert.equal(narrow.count, (await d.sql<Json>(`SELECT count(*)::int AS n FROM bookings WHERE status = 'expired'`))[0].n);
  assert.equal(all.results.length, 100);
});

test('an estimated count never hides pages: next follows the rows, and the count covers what the pages show', async () => {
  const today = new Date().toISOString().slice(0, 10);
  const url = `/bookings/?status=confirmed&starts_at__gte=${today}&page_size=100`;
  const [{ n }] = await d.sql<{ n: number }>(`SELECT count(*)::int AS n FROM bookings WHERE status = 'confirmed' AND starts_at >= $1`, [today]);
  assert.ok(n > 1_000, `enough confirmed bookings ahead for an estimate (${n})`);
  const lastPage = Math.ceil(n / 100);
  const beforeLast = await d.ok(d.admin, 'GET', `${url}&page=${lastPage - 1}`);
  assert.equal(beforeLast.count_exact, false);
  assert.notEqual(beforeLast.next, null, 'the page before the last links to the last');
  assert.ok(beforeLast.count > (lastPage - 1) * 100, `count ${beforeLast.count} covers page ${lastPage - 1} and one more row`);
  const last = await d.ok(d.admin, 'GET', `${url}&page=${lastPage}`);
  assert.equal(last.results.length, n - (lastPage - 1) * 100);
  assert.equal(last.next, null);
  assert.ok(last.count >= n, `count ${last.count} of ${n}`);
});
