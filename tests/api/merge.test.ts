/**
 * Duplicate customers (same E.164 phone or same email, whatever the case) and merging one
 * into another: everything that points at the merged record moves in one transaction and
 * nothing is lost. The database itself says what points at customers (its foreign keys),
 * so a table added later that the merge forgets fails here.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CUSTOMER_REFERENCES } from '../../server/customers/merge.ts';
import { book, catalogFor, inDays, type Catalog, type Domain, type Json } from './resources.fixtures.ts';
import { startDomain } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

/** Every column of the schema with a foreign key to customers, but the merge link itself. */
async function referencesToCustomers(): Promise<{ table: string; column: string }[]> {
  const rows = await d.sql<{ table: string; column: string }>(
    `SELECT kcu.table_name AS table, kcu.column_name AS column
       FROM information_schema.table_constraints tc
       JOIN information_schema.key_column_usage kcu ON kcu.constraint_schema = tc.constraint_schema AND kcu.constraint_name = tc.constraint_name
       JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_schema = tc.constraint_schema AND ccu.constraint_name = tc.constraint_name
      WHERE tc.constraint_type = 'FOREIGN KEY' AND ccu.table_name = 'customers' AND ccu.column_name = 'id' AND tc.table_schema = current_schema()
      ORDER BY 1, 2`,
  );
  return rows.filter((r) => !(r.table === 'customers' && r.column === 'merged_into_id'));
}

async function countsFor(refs: { table: string; column: string }[], customerId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const { table, column } of refs) {
    const [row] = await d.sql<{ n: number }>(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [customerId]);
    out[`${table}.${column}`] = row.n;
  }
  return out;
}

/** A booking of `customer` that took place (completed), paid in cash. */
async function completedBooking(customer: Json): Promise<Json> {
  const booking = await book(d, d.vendor, c, { customer_id: customer.id, payment_method: 'cash' });
  await d.sql("UPDATE bookings SET starts_at = now() - interval '3 hours' WHERE id = $1", [booking.id]);
  return d.ok(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, { event: 'complete', version: booking.version });
}

const credit = (customer: Json, amount: number) =>
  d.ok(d.admin, 'POST', '/wallet-transactions/', { customer_id: customer.id, kind: 'credit', source: 'top_up', amount, reason: 'Goodwill' });
const points = (customer: Json, n: number) => d.ok(d.admin, 'POST', '/loyalty-entries/', { customer_id: customer.id, points: n, reason: 'Welcome' });

test('the merge knows every column that points at a customer', async () => {
  const inDatabase = (await referencesToCustomers()).map((r) => `${r.table}.${r.column}`);
  const merged = CUSTOMER_REFERENCES.map((r) => `${r.table}.${r.column}`).sort();
  assert.deepEqual(merged, inDatabase, 'a table pointing at customers that merging does not move (or a stale entry)');
});

test('duplicates: same phone however typed, or same email in another case; scoped; merged ones gone', async () => {
  const a = await d.ok(d.admin, 'POST', '/customers/', { name: 'Samir Haddad', phone: '0661 23 45 67', email: 'samir@example.test' });
  const byPhone = await d.ok(d.admin, 'POST', '/customers/', { name: 'S. Haddad', phone: '+213661234567' });
  const byEmail = await d.ok(d.admin, 'POST', '/customers/', { name: 'Samir H', phone: '0770 00 00 01', email: 'SAMIR@Example.test' });
  await d.ok(d.admin, 'POST', '/customers/', { name: 'Someone else', phone: '0770 00 00 02', email: 'other@example.test' });
  const found = await d.ok(d.admin, 'GET', `/customers/${a.id}/duplicates/`);
  assert.deepEqual(found.results.map((r: Json) => r.id).sort(), [byPhone.id, byEmail.id].sort());
  // A vendor sees only its own customers: none of these booked with it.
  assert.equal((await d.call(d.vendor2, 'GET', `/customers/${a.id}/duplicates/`)).status, 404);
  await d.ok(d.admin, 'POST', `/customers/${a.id}/merge/`, { other_id: byPhone.id, version: a.version }, 200);
  const after = await d.ok(d.admin, 'GET', `/customers/${a.id}/duplicates/`);
  assert.deepEqual(after.results.map((r: Json) => r.id), [byEmail.id]);
});

test('merging moves everything, recomputes the ledgers as one, keeps the merged record out of lists, audits both', async () => {
  const target = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Yacine Merabet', phone: '0555 41 22 33', email: 'yacine@example.test' });
  const other = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Yacine M.', phone: '+213 555 412 233', email: null, wilaya_code: '16' });

  // Ledgers interleaved in time, so the recomputed running balances are tested.
  await credit(target, 100_000);
  await credit(other, 50_000);
  await points(other, 30);
  await d.ok(d.admin, 'POST', '/wallet-transactions/', { customer_id: target.id, kind: 'debit', source: 'adjustment', amount: 40_000, reason: 'Correction' });
  await points(target, 5);
  await credit(other, 20_000);

  // Everything else that can point at a customer, for the other record.
  const [b1, b2] = [await completedBooking(other), await book(d, d.vendor, c, { customer_id: other.id })];
  await completedBooking(target);
  await d.ok(d.admin, 'POST', '/reviews/', { booking_id: b1.id, rating: 5, body: 'Superb' });
  await d.ok(d.vendor, 'POST', '/conversations/', { kind: 'customer', customer_id: other.id, subject: 'Pick-up point' });
  await d.ok(d.vendor, 'POST', '/tickets/', { requester_type: 'customer', requester_name: 'Yacine', customer_id: other.id, subject: 'Receipt' });
  await d.ok(d.admin, 'POST', '/chatbot-requests/', { customer_id: other.id, transcript: [] });
  await d.ok(d.admin, 'POST', '/notifications/', {
    title_i18n: { en: 'Hi', fr: 'Salut', ar: 'مرحبا' }, body_i18n: { en: 'Hi', fr: 'Salut', ar: 'مرحبا' }, channel: 'sms', audience_type: 'customer', audience_customer_id: other.id,
  });
  await d.ok(d.vendor, 'POST', `/services/${c.service.id}/personal/`, {
    customer_id: other.id, starts_at: inDays(20, 8), capacity: 4, prices: [{ customer_type: 'adult', amount: 300000 }],
  });

  const topic = await d.ok(d.admin, 'POST', '/topics/', { key: 'merge.news', name_i18n: { en: 'News', fr: 'Nouvelles', ar: 'أخبار' } });
  await d.ok(d.admin, 'POST', `/topics/${topic.id}/subscribers/`, { customer_id: other.id }, 201);

  const refs = await referencesToCustomers();
  const otherBefore = await countsFor(refs, other.id);
  const targetBefore = await countsFor(refs, target.id);
  const empty = Object.entries(otherBefore).filter(([, n]) => n === 0).map(([k]) => k);
  assert.deepEqual(empty, [], 'the other customer has rows in every table that points at customers (add them above for a new table)');
  const [t0, o0] = [await d.ok(d.admin, 'GET', `/customers/${target.id}/`), await d.ok(d.admin, 'GET', `/customers/${other.id}/`)];

  // Refusals first: they change nothing.
  assert.equal((await d.call(d.vendor, 'POST', `/customers/${target.id}/merge/`, { other_id: other.id, version: t0.version })).status, 403);
  const stale = await d.call(d.admin, 'POST', `/customers/${target.id}/merge/`, { other_id: other.id, version: t0.version + 1 });
  assert.equal(stale.status, 409);
  assert.equal(stale.body.current.id, target.id);
  assert.equal((await d.call(d.admin, 'POST', `/customers/${target.id}/merge/`, { other_id: target.id, version: t0.version })).status, 409);
  const stranger = await d.ok(d.admin, 'POST', '/customers/', { name: 'Not him', phone: '0699 99 99 99' });
  const notDuplicate = await d.call(d.admin, 'POST', `/customers/${target.id}/merge/`, { other_id: stranger.id, version: t0.version });
  assert.equal(notDuplicate.status, 409);
  assert.match(notDuplicate.body.detail, /same phone or email/);
  const unknown = await d.call(d.admin, 'POST', `/customers/${target.id}/merge/`, { other_id: '00000000-0000-4000-8000-000000000000', version: t0.version });
  assert.equal(unknown.status, 404);
  assert.deepEqual(await countsFor(refs, other.id), otherBefore);

  const merged = await d.ok(d.admin, 'POST', `/customers/${target.id}/merge/`, { other_id: other.id, version: t0.version }, 200);
  assert.equal(merged.version, t0.version + 1);

  // Nothing points at the other record any more; the target has both sets.
  const otherAfter = await countsFor(refs, other.id);
  const targetAfter = await countsFor(refs, target.id);
  for (const key of Object.keys(otherBefore)) {
    assert.equal(otherAfter[key], 0, `${key} still points at the merged customer`);
    assert.equal(targetAfter[key], targetBefore[key] + otherBefore[key], `${key} rows were lost or duplicated`);
  }
  // Bookings keep their own snapshot of the customer's name; only the link moved.
  const moved = await d.ok(d.admin, 'GET', `/bookings/${b2.id}/`);
  assert.equal(moved.customer_id, target.id);

  // The figures kept on the customer add up, and the ledgers read as one.
  const t1 = await d.ok(d.admin, 'GET', `/customers/${target.id}/`);
  assert.equal(t1.wallet_balance, t0.wallet_balance + o0.wallet_balance);
  assert.equal(t1.wallet_balance, 100_000 - 40_000 + 50_000 + 20_000);
  assert.equal(t1.loyalty_points, t0.loyalty_points + o0.loyalty_points);
  assert.equal(t1.bookings_count, t0.bookings_count + o0.bookings_count);
  assert.equal(t1.lifetime_spend, t0.lifetime_spend + o0.lifetime_spend);
  assert.equal(t1.email, 'yacine@example.test', 'what the target has stays');
  assert.equal(t1.wilaya_code, '16', 'what the target lacked comes from the other record');
  const wallet = await d.sql<{ signed: number; balance_after: number }>(
    `SELECT CASE kind WHEN 'credit' THEN amount ELSE -amount END::int AS signed, balance_after::int AS balance_after
       FROM wallet_transactions WHERE customer_id = $1 ORDER BY created_at, id`,
    [target.id],
  );
  let running = 0;
  for (const entry of wallet) {
    running += entry.signed;
    assert.equal(entry.balance_after, running, 'each wallet entry shows the balance of the one wallet');
  }
  assert.equal(running, t1.wallet_balance);
  const loyalty = await d.sql<{ points: number; balance_after: number }>('SELECT points, balance_after FROM loyalty_entries WHERE customer_id = $1 ORDER BY created_at, id', [target.id]);
  running = 0;
  for (const entry of loyalty) {
    running += entry.points;
    assert.equal(entry.balance_after, running);
  }
  assert.equal(running, t1.loyalty_points);

  // The merged record: where it went, blocked, empty, readable by id, never listed or found.
  const o1 = await d.ok(d.admin, 'GET', `/customers/${other.id}/`);
  assert.deepEqual([o1.merged_into_id, o1.blocked, o1.wallet_balance, o1.loyalty_points, o1.bookings_count], [target.id, true, 0, 0, 0]);
  const listed = await d.ok(d.admin, 'GET', '/customers/?search=Yacine&page_size=100');
  assert.deepEqual(listed.results.map((r: Json) => r.id), [target.id]);
  const csv = await d.call(d.admin, 'GET', '/customers/export.csv?search=Yacine');
  assert.equal(csv.status, 200);
  assert.ok(!String(csv.body).includes(other.id) && String(csv.body).includes(target.id));
  // It cannot be used again: not merged twice, not changed, not booked.
  const again = await d.call(d.admin, 'POST', `/customers/${target.id}/merge/`, { other_id: other.id, version: t1.version });
  assert.equal(again.status, 409);
  const booking = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: other.id, service_id: c.service.id, starts_at: inDays(9), participants: { adult: 1 } });
  assert.ok(booking.status >= 400 && booking.status < 500, `booking a merged customer: ${booking.status}`);
  const refusedUse = [
    await d.call(d.admin, 'PATCH', `/customers/${other.id}/`, { name: 'Renamed', version: o1.version }),
    await d.call(d.admin, 'POST', `/customers/${other.id}/block/`, { blocked: false, reason: 'Back in use', version: o1.version }),
    await d.call(d.admin, 'POST', `/customers/${other.id}/message/`, { body: 'Hello' }),
    await d.call(d.admin, 'POST', '/wallet-transactions/', { customer_id: other.id, kind: 'credit', source: 'top_up', amount: 100, reason: 'Goodwill' }),
    await d.call(d.admin, 'POST', '/loyalty-entries/', { customer_id: other.id, points: 5, reason: 'Welcome' }),
  ];
  assert.deepEqual(refusedUse.map((r) => r.status), [409, 409, 409, 409, 409], JSON.stringify(refusedUse.map((r) => r.body)));
  assert.match(refusedUse[0].body.detail, /merged into another record/);

  // Both audited, each naming the other.
  const audit = await d.sql<Json>("SELECT entity_id, after FROM audit_log WHERE action = 'merge' AND entity = 'customers' ORDER BY at, entity_id");
  const mine = audit.filter((a) => [target.id, other.id].includes(a.entity_id));
  assert.equal(mine.length, 2);
  const onTarget = mine.find((a) => a.entity_id === target.id)!;
  const onOther = mine.find((a) => a.entity_id === other.id)!;
  assert.equal(onTarget.after.merged_from_id, other.id);
  assert.equal(onOther.after.merged_into_id, target.id);
  assert.equal(onTarget.after.moved.bookings, otherBefore['bookings.customer_id']);
});

test('merging is one transaction: a failure part-way leaves both customers as they were', async () => {
  const target = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Lina Bouzid', phone: '0550 10 20 30' });
  const other = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Lina B', phone: '+213550102030' });
  await credit(other, 10_000);
  await book(d, d.vendor, c, { customer_id: other.id });
  // A trigger refusing the last step (the merged record's update) makes the merge fail after the moves.
  await d.sql(`CREATE FUNCTION refuse_merge() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.merged_into_id IS NOT NULL THEN RAISE EXCEPTION 'refused for the test'; END IF; RETURN NEW; END $$`);
  await d.sql('CREATE TRIGGER refuse_merge BEFORE UPDATE ON customers FOR EACH ROW EXECUTE FUNCTION refuse_merge()');
  try {
    const res = await d.call(d.admin, 'POST', `/customers/${target.id}/merge/`, { other_id: other.id, version: target.version });
    assert.equal(res.status, 500);
  } finally {
    await d.sql('DROP TRIGGER refuse_merge ON customers');
    await d.sql('DROP FUNCTION refuse_merge()');
  }
  const [bookings] = await d.sql<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE customer_id = $1', [other.id]);
  const [wallet] = await d.sql<{ n: number }>('SELECT count(*)::int AS n FROM wallet_transactions WHERE customer_id = $1', [other.id]);
  assert.deepEqual([bookings.n, wallet.n], [1, 1]);
  assert.equal((await d.ok(d.admin, 'GET', `/customers/${target.id}/`)).version, target.version);
});

test('the API document describes duplicates and merging', async () => {
  const doc = await d.ok(d.admin, 'GET', '/openapi.json');
  assert.ok(doc.paths['/branch/api/customers/{id}/duplicates/'].get);
  assert.deepEqual(doc.paths['/branch/api/customers/{id}/merge/'].post.requestBody.content['application/json'].schema.required.sort(), ['other_id', 'version']);
  assert.ok(doc.paths['/branch/api/reviews/ratings/'].get);
});

test('a topic both customers follow keeps one subscription after a merge, and its count drops by one', async () => {
  const target = await d.ok(d.admin, 'POST', '/customers/', { name: 'Lina Bouzid', phone: '0661 77 88 99' });
  const other = await d.ok(d.admin, 'POST', '/customers/', { name: 'L. Bouzid', phone: '+213661778899' });
  const topic = await d.ok(d.admin, 'POST', '/topics/', { key: 'merge.both', name_i18n: { en: 'Both', fr: 'Les deux', ar: 'كلاهما' } });
  for (const customer of [target, other]) await d.ok(d.admin, 'POST', `/topics/${topic.id}/subscribers/`, { customer_id: customer.id }, 201);
  assert.equal((await d.ok(d.admin, 'GET', `/topics/${topic.id}/`)).subscribers_count, 2);
  await d.ok(d.admin, 'POST', `/customers/${target.id}/merge/`, { other_id: other.id, version: target.version }, 200);
  const rows: Json[] = await d.sql('SELECT customer_id FROM topic_subscribers WHERE topic_id = $1', [topic.id]);
  assert.deepEqual(rows.map((r: Json) => r.customer_id), [target.id]);
  assert.equal((await d.ok(d.admin, 'GET', `/topics/${topic.id}/`)).subscribers_count, 1);
});
