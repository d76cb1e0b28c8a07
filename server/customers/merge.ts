/**
 * Duplicate customers and merging them. Two records are duplicates when they share the
 * phone (stored in E.164) or the email (whatever the case). Merging `other` into `target`
 * moves everything that points at `other` to `target` in one transaction: bookings,
 * payments, the wallet and loyalty ledgers (their running balances recomputed as one
 * ledger), reviews, conversations, tickets, chatbot requests, notifications and personal
 * services. `other` is kept, blocked, emptied of balances and marked `merged_into_id`, so
 * old links and its audit trail still say where it went; lists leave it out. Both
 * customers get a `merge` audit entry naming the other and what moved.
 */
import { collection } from '../../common/registry.ts';
import { normalizePhone } from '../../common/phone.ts';
import type { Queryable } from '../db/index.ts';
import { conflict, notFound } from '../errors.ts';
import type { Actor } from '../engine/actor.ts';
import type { WriteContext } from '../engine/hooks.ts';
import { fetchUnscoped, updateRecord, type Row } from '../engine/records.ts';
import { loadOr404, Params, visibility } from '../engine/scope.ts';
import { assertNotMerged } from '../payments/index.ts';

/**
 * Every column of the schema that points at a customer, and so moves on a merge. The API
 * test compares this list with the database's foreign keys to customers: a new table
 * pointing at customers fails it until it is added here.
 */
export const CUSTOMER_REFERENCES = [
  { table: 'bookings', column: 'customer_id' },
  { table: 'payments', column: 'customer_id' },
  { table: 'reviews', column: 'customer_id' },
  { table: 'conversations', column: 'customer_id' },
  { table: 'tickets', column: 'customer_id' },
  { table: 'chatbot_requests', column: 'customer_id' },
  { table: 'notifications', column: 'audience_customer_id' },
  { table: 'services', column: 'private_customer_id' },
  // One row per topic and customer: a topic both followed keeps the target's (below).
  { table: 'topic_subscribers', column: 'customer_id' },
  // Ledgers: moved with their running balances recomputed (below).
  { table: 'wallet_transactions', column: 'customer_id' },
  { table: 'loyalty_entries', column: 'customer_id' },
] as const;

/** The ledgers whose `balance_after` is a running balance per customer. */
const LEDGERS = ['wallet_transactions', 'loyalty_entries'];

const customers = () => collection('customers');

/** Other customers with the same phone or email, that the actor may see; merged ones are gone already. */
export async function duplicatesOf(q: Queryable, actor: Actor, customer: Row): Promise<Row[]> {
  const params = new Params();
  const phone = typeof customer.phone === 'string' ? (normalizePhone(customer.phone) ?? customer.phone) : null;
  const email = typeof customer.email === 'string' && customer.email.trim() !== '' ? customer.email.trim().toLowerCase() : null;
  const same = [
    ...(phone ? [`c.phone = ${params.add(phone)}`] : []),
    ...(email ? [`lower(c.email) = ${params.add(email)}`] : []),
  ];
  if (same.length === 0) return [];
  const { rows } = await q.query(
    `SELECT c.id, c.version, c.name, c.phone, c.email, c.locale, c.wilaya_code, c.blocked, c.bookings_count, c.lifetime_spend,
            c.wallet_balance, c.loyalty_points, c.last_booking_at, c.created_at
       FROM customers c
      WHERE (${same.join(' OR ')}) AND c.id <> ${params.add(customer.id)} AND c.merged_into_id IS NULL AND ${visibility(customers(), actor, params, 'c')}
      ORDER BY c.created_at, c.id LIMIT 50`,
    params.values,
  );
  return rows;
}

const sameCustomer = (a: Row, b: Row) =>
  (normalizePhone(String(a.phone)) ?? a.phone) === (normalizePhone(String(b.phone)) ?? b.phone) ||
  (typeof a.email === 'string' && typeof b.email === 'string' && a.email.trim().toLowerCase() === b.email.trim().toLowerCase());

/**
 * Merges `otherId` into `targetId` (the record whose page staff are on, at `version`).
 * Refused (409) when the target changed since it was read, when either was merged
 * already, or when the two share neither phone nor email.
 */
export async function mergeCustomers(ctx: WriteContext, targetId: string, otherId: string, version: number): Promise<Row> {
  const { tx } = ctx;
  const spec = customers();
  if (targetId === otherId) throw conflict('A customer cannot be merged into itself.');
  await loadOr404(tx, spec, targetId, ctx.actor);
  const other = await fetchVisible(tx, ctx.actor, otherId);
  // Locks in the order the money rules take them: bookings before their customer (a refund
  // to the wallet locks its booking, then the customer), then both customers in one order,
  // so a merge never deadlocks with a refund, a booking being made or another merge.
  await tx.query('SELECT id FROM bookings WHERE customer_id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [[targetId, other.id]]);
  await tx.query('SELECT id FROM customers WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [[targetId, other.id]]);
  const target = (await fetchUnscoped(tx, spec, targetId))!;
  const source = (await fetchUnscoped(tx, spec, String(other.id)))!;
  if (target.version !== version) {
    throw conflict('This record was changed by someone else since you loaded it. Review the current version and try again.', { current: target });
  }
  assertNotMerged(target);
  assertNotMerged(source);
  if (!sameCustomer(target, source)) throw conflict('Only customers with the same phone or email can be merged.');

  const moved: Record<string, number> = {};
  for (const ledger of LEDGERS) {
    const { rows } = await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${ledger} WHERE customer_id = $1`, [source.id]);
    moved[ledger] = rows[0]?.n ?? 0;
    // Each entry's balance becomes its own ledger's plus what the other ledger held at that
    // moment: the one ledger the two would have been. Subqueries read the rows as they
    // were before this statement, so both sides are computed from the old balances.
    await tx.query(
      `UPDATE ${ledger} e SET
         balance_after = e.balance_after + coalesce((
           SELECT o.balance_after FROM ${ledger} o
            WHERE o.customer_id = CASE WHEN e.customer_id = $1 THEN $2::uuid ELSE $1::uuid END
              AND (o.created_at, o.id) < (e.created_at, e.id)
            ORDER BY o.created_at DESC, o.id DESC LIMIT 1), 0),
         customer_id = $1
       WHERE e.customer_id IN ($1, $2)`,
      [targetId, source.id],
    );
  }
  // A topic both customers follow keeps one subscription, and its count one less.
  await tx.query(
    `WITH twice AS (
       DELETE FROM topic_subscribers s WHERE s.customer_id = $2
          AND EXISTS (SELECT 1 FROM topic_subscribers t WHERE t.topic_id = s.topic_id AND t.customer_id = $1)
       RETURNING s.topic_id)
     UPDATE topics SET subscribers_count = greatest(subscribers_count - 1, 0) WHERE id IN (SELECT topic_id FROM twice)`,
    [targetId, source.id],
  );
  for (const { table, column } of CUSTOMER_REFERENCES) {
    if (LEDGERS.includes(table)) continue;
    const { rows } = await tx.query<{ n: number }>(
      `WITH moved AS (UPDATE ${table} SET ${column} = $1 WHERE ${column} = $2 RETURNING 1) SELECT count(*)::int AS n FROM moved`,
      [targetId, source.id],
    );
    moved[table] = rows[0]?.n ?? 0;
  }
  return finish(ctx, target, source, moved);
}

async function fetchVisible(tx: Queryable, actor: Actor, id: string): Promise<Row> {
  try {
    return await loadOr404(tx, customers(), id, actor);
  } catch {
    throw notFound('The other customer was not found.');
  }
}

async function finish(ctx: WriteContext, target: Row, source: Row, moved: Record<string, number>): Promise<Row> {
  const spec = customers();
  const num = (v: unknown) => Number(v ?? 0);
  const later = (a: unknown, b: unknown) => (a && b ? (Date.parse(String(a)) >= Date.parse(String(b)) ? a : b) : (a ?? b ?? null));
  // What the target lacks of its profile comes from the other record; what it has stays.
  const fill: Row = {};
  for (const field of ['email', 'wilaya_code', 'date_of_birth', 'notes']) if (target[field] == null && source[field] != null) fill[field] = source[field];
  if (source.marketing_opt_in && !target.marketing_opt_in) fill.marketing_opt_in = true;
  const merged = await updateRecord(
    ctx,
    spec,
    String(target.id),
    {
      ...fill,
      bookings_count: num(target.bookings_count) + num(source.bookings_count),
      lifetime_spend: num(target.lifetime_spend) + num(source.lifetime_spend),
      wallet_balance: num(target.wallet_balance) + num(source.wallet_balance),
      loyalty_points: num(target.loyalty_points) + num(source.loyalty_points),
      last_booking_at: later(target.last_booking_at, source.last_booking_at),
    },
    { before: target, action: 'merge', note: { merged_from_id: source.id, merged_from_name: source.name, moved } },
  );
  await updateRecord(
    ctx,
    spec,
    String(source.id),
    {
      merged_into_id: target.id,
      blocked: true,
      blocked_reason: 'Merged into another customer.',
      bookings_count: 0,
      lifetime_spend: 0,
      wallet_balance: 0,
      loyalty_points: 0,
      last_booking_at: null,
    },
    { before: source, action: 'merge', note: { merged_into_name: target.name, moved } },
  );
  return merged;
}
