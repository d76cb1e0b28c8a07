/**
 * The home dashboard in one call, for staff (the marketplace) or vendor staff (their
 * vendor). Bookings and revenue come from the daily roll-ups the bookings trigger keeps
 * (migrations 142 and 145), never from the bookings: the marketplace's or the vendor's per
 * day and channel, and per day and service for the top services; the rest reads small,
 * indexed sets: today's slots, what waits in the action queue, the reviews of 60 days.
 */
import {
  BOOKING_CHANNELS,
  type ActionGroup,
  type ActionKind,
  type Dashboard,
  type DashboardPeriod,
  type Departure,
  type MoneyKpi,
  type SetupStep,
  type TopService,
} from '../../src/domain/dashboard.ts';
import type { Queryable } from '../db/index.ts';
import type { Actor } from '../routes/actor.ts';
import { Params } from '../routes/scope.ts';

/** Today in Algeria, in SQL (the server's day rules use UTC+1 too). */
const TODAY = `(now() AT TIME ZONE 'UTC' + interval '1 hour')::date`;
const MONTH = `date_trunc('month', ${TODAY})::date`;
const PREVIOUS_MONTH = `(date_trunc('month', ${TODAY}) - interval '1 month')::date`;
/** An Algerian day's first instant. */
const dayStart = (day: string) => `((${day})::timestamp - interval '1 hour') AT TIME ZONE 'UTC'`;

const QUEUE_SIZE = 5;

export async function dashboard(db: Queryable, actor: Actor, period: DashboardPeriod): Promise<Dashboard> {
  const vendorId = actor.staff ? null : actor.vendorId;
  /** The condition on `alias.vendor_id` for this caller, with its parameter. */
  const scoped = (params: Params, alias: string) => (vendorId ? `${alias}.vendor_id = ${params.add(vendorId)}` : 'TRUE');
  /** The roll-up per day, channel and currency of this caller's bookings. */
  const daily = vendorId ? 'booking_daily_vendor' : 'booking_daily_market';
  const [today, counts, revenue, balance, occupancy, rating, departures, actions, chart, setup] = await Promise.all([
    db.query<{ today: string }>(`SELECT ${TODAY}::text AS today`).then((r) => r.rows[0].today),
    bookingCounts(db, scoped, daily),
    revenueMonth(db, scoped, daily),
    balanceDue(db, scoped),
    occupancyWeek(db, scoped),
    ratings(db, scoped),
    todaysDepartures(db, scoped),
    actionQueue(db, actor, scoped),
    chartDays(db, scoped, daily, period),
    vendorId ? setupSteps(db, vendorId) : Promise.resolve(null),
  ]);
  return {
    today,
    period,
    kpis: {
      bookings_today: { value: counts.today, previous: counts.yesterday },
      bookings_week: { value: counts.week, previous: counts.prev_week },
      revenue_month: revenue,
      balance_due: balance,
      occupancy_week: occupancy,
      rating,
    },
    departures,
    actions,
    ...chart,
    setup,
  };
}

type Scoped = (params: Params, alias: string) => string;

async function bookingCounts(db: Queryable, scoped: Scoped, daily: string) {
  const params = new Params();
  const { rows } = await db.query<Record<string, string>>(
    // Dates as expressions in the WHERE clause (not a join with a CTE), so the day index bounds the scan.
    `SELECT coalesce(sum(r.bookings) FILTER (WHERE r.day = ${TODAY}), 0)::int AS today,
            coalesce(sum(r.bookings) FILTER (WHERE r.day = ${TODAY} - 1), 0)::int AS yesterday,
            coalesce(sum(r.bookings) FILTER (WHERE r.day > ${TODAY} - 7), 0)::int AS week,
            coalesce(sum(r.bookings) FILTER (WHERE r.day <= ${TODAY} - 7), 0)::int AS prev_week
     FROM ${daily} r
     WHERE r.day > ${TODAY} - 14 AND r.day <= ${TODAY} AND ${scoped(params, 'r')}`,
    params.values,
  );
  const row = rows[0] ?? {};
  return { today: Number(row.today ?? 0), yesterday: Number(row.yesterday ?? 0), week: Number(row.week ?? 0), prev_week: Number(row.prev_week ?? 0) };
}

/** This month to date against the same number of days at the start of the month before. */
async function revenueMonth(db: Queryable, scoped: Scoped, daily: string): Promise<MoneyKpi[]> {
  const params = new Params();
  const { rows } = await db.query<{ currency: string; value: string; previous: string }>(
    `SELECT r.currency,
            coalesce(sum(r.revenue) FILTER (WHERE r.day >= ${MONTH}), 0)::text AS value,
            coalesce(sum(r.revenue) FILTER (WHERE r.day < ${MONTH} AND r.day < ${PREVIOUS_MONTH} + (${TODAY} - ${MONTH} + 1)), 0)::text AS previous
     FROM ${daily} r
     WHERE r.day >= ${PREVIOUS_MONTH} AND r.day <= ${TODAY} AND ${scoped(params, 'r')}
     GROUP BY r.currency ORDER BY sum(r.revenue) DESC, r.currency`,
    params.values,
  );
  return rows.map((r) => ({ currency: r.currency, value: Number(r.value), previous: Number(r.previous) }));
}

async function balanceDue(db: Queryable, scoped: Scoped): Promise<MoneyKpi[]> {
  const params = new Params();
  const { rows } = await db.query<{ currency: string; value: string }>(
    `SELECT b.currency, sum(b.amount)::text AS value FROM vendor_balance_due b WHERE ${scoped(params, 'b')}
     GROUP BY b.currency HAVING sum(b.amount) > 0 ORDER BY sum(b.amount) DESC, b.currency`,
    params.values,
  );
  return rows.map((r) => ({ currency: r.currency, value: Number(r.value), previous: null }));
}

/** Seats booked over seats offered, on the open slots of the next 7 days and of the last 7. */
async function occupancyWeek(db: Queryable, scoped: Scoped) {
  const params = new Params();
  const { rows } = await db.query<{ next_booked: string; next_capacity: string; last_booked: string; last_capacity: string }>(
    `WITH d AS (SELECT ${dayStart(TODAY)} AS start)
     SELECT coalesce(sum(s.booked) FILTER (WHERE s.starts_at >= d.start), 0) AS next_booked,
            coalesce(sum(s.capacity) FILTER (WHERE s.starts_at >= d.start), 0) AS next_capacity,
            coalesce(sum(s.booked) FILTER (WHERE s.starts_at < d.start), 0) AS last_booked,
            coalesce(sum(s.capacity) FILTER (WHERE s.starts_at < d.start), 0) AS last_capacity
     FROM d JOIN service_slots s ON s.starts_at >= d.start - interval '7 days' AND s.starts_at < d.start + interval '7 days'
     WHERE NOT s.closed AND ${scoped(params, 's')}`,
    params.values,
  );
  const row = rows[0];
  const percent = (booked: string, capacity: string) => (Number(capacity) > 0 ? Math.round((1000 * Number(booked)) / Number(capacity)) / 10 : null);
  return { value: percent(row.next_booked, row.next_capacity), previous: percent(row.last_booked, row.last_capacity) };
}

async function ratings(db: Queryable, scoped: Scoped) {
  const params = new Params();
  const { rows } = await db.query<{ value: number | null; previous: number | null; count: number }>(
    // Each period its own range of the index (a FILTER per row costs three times as much at 26,000 reviews).
    `SELECT c.value, p.previous, c.count
     FROM (SELECT round(avg(r.rating), 2)::float8 AS value, count(*)::int AS count FROM reviews r
           WHERE r.status = 'approved' AND r.created_at >= now() - interval '30 days' AND ${scoped(params, 'r')}) c,
          (SELECT round(avg(r.rating), 2)::float8 AS previous FROM reviews r
           WHERE r.status = 'approved' AND r.created_at >= now() - interval '60 days' AND r.created_at < now() - interval '30 days'
             AND ${scoped(params, 'r')}) p`,
    params.values,
  );
  const row = rows[0];
  return { value: row.value === null ? null : Number(row.value), previous: row.previous === null ? null : Number(row.previous), count: Number(row.count) };
}

/** Today's slots, earliest first, with the seats checked in so far. */
async function todaysDepartures(db: Queryable, scoped: Scoped): Promise<Departure[]> {
  const params = new Params();
  const { rows } = await db.query<Departure>(
    `SELECT s.id AS slot_id, s.service_id, v.title_i18n AS service_title_i18n, s.starts_at, s.capacity, s.booked, s.closed,
            coalesce((SELECT sum(b.participants_count) FROM bookings b WHERE b.slot_id = s.id AND b.status = 'checked_in'), 0)::int AS checked_in
     FROM service_slots s JOIN services v ON v.id = s.service_id
     WHERE s.starts_at >= ${dayStart(TODAY)} AND s.starts_at < ${dayStart(`${TODAY} + 1`)} AND ${scoped(params, 's')}
     ORDER BY s.starts_at, s.id LIMIT 50`,
    params.values,
  );
  return rows.map((r) => ({ ...r, starts_at: new Date(r.starts_at).toISOString() }));
}

/**
 * Each kind of waiting work: how many, and the oldest few; in one query (a round trip per
 * kind and per count cost more than the counts themselves, on PGlite most of all).
 */
async function actionQueue(db: Queryable, actor: Actor, scoped: Scoped): Promise<ActionGroup[]> {
  const params = new Params();
  const kinds: ActionKind[] = [];
  /** `from` names the records (and what their label needs); the count reads the first table alone. */
  const queue = (kind: ActionKind, from: string, where: string, label: string, at: string, deadline = 'NULL', alias = 't', ref = 'NULL') => {
    const condition = `${where} AND ${scoped(params, alias)}`;
    kinds.push(kind);
    return `SELECT ${kinds.length - 1} AS kind, (SELECT count(*) FROM ${from.split(' JOIN ')[0]} WHERE ${condition})::int AS n, i.*
      FROM (SELECT 1) one LEFT JOIN LATERAL (
        SELECT ${alias}.id::text AS id, ${label}::text AS label, ${ref}::text AS ref, ${at}::timestamptz AS at, ${deadline}::timestamptz AS deadline,
               row_number() OVER (ORDER BY ${at}, ${alias}.id) AS position
        FROM ${from} WHERE ${condition} ORDER BY ${at}, ${alias}.id LIMIT ${QUEUE_SIZE}) i ON TRUE`;
  };
  const groups = [
    queue('bookings_requested', 'bookings t', `t.status = 'requested'`, 't.ref', 't.created_at', 't.hold_expires_at'),
    queue('refunds_requested', 'refunds t JOIN bookings b ON b.id = t.booking_id', `t.status = 'requested'`, 'b.ref', 't.created_at'),
    queue(
      'payment_links_expiring',
      'payment_invitations t',
      `t.status IN ('sent', 'opened') AND t.expires_at > now() AND t.expires_at < now() + interval '24 hours'`,
      'coalesce(t.invitee_name, t.invitee_phone, t.invitee_email)',
      't.expires_at',
      't.expires_at',
    ),
    // A booking's conversation is named by its ref, worded in the reader's language (its stored subject is English).
    queue(
      'messages_unanswered',
      'conversations t',
      't.unread_count > 0 AND NOT t.archived',
      `coalesce(t.subject, t.last_message_preview, '')`,
      't.last_message_at',
      'NULL',
      't',
      '(SELECT b.ref FROM bookings b WHERE b.id = t.booking_id)',
    ),
    queue('reviews_pending', 'reviews t JOIN services s ON s.id = t.service_id', `t.status = 'pending'`, `coalesce(t.title, s.title_i18n->>'en', '')`, 't.created_at'),
  ];
  // Vendor applications are staff's alone.
  if (actor.staff) groups.push(queue('vendor_applications', 'vendors t', `t.status IN ('applied', 'under_review')`, 't.trade_name', 't.created_at'));
  const { rows } = await db.query<{ kind: number; n: number; id: string | null; label: string | null; ref: string | null; at: string | null; deadline: string | null }>(
    `${groups.join('\n UNION ALL ')}\n ORDER BY kind, position`,
    params.values,
  );
  const iso = (v: string | null) => (v === null ? null : new Date(v).toISOString());
  return kinds.map((kind, index) => {
    const mine = rows.filter((r) => Number(r.kind) === index);
    return {
      kind,
      count: Number(mine[0]?.n ?? 0),
      items: mine.filter((r) => r.id !== null).map((r) => ({ id: r.id as string, label: r.label ?? '', ref: r.ref, at: iso(r.at) ?? '', deadline: iso(r.deadline) })),
    };
  });
}

/**
 * Bookings and revenue per day and channel over the period (every day present, zeros
 * included) and the five services most booked, in the currency with most revenue.
 */
async function chartDays(db: Queryable, scoped: Scoped, daily: string, period: DashboardPeriod) {
  const params = new Params();
  const since = `${TODAY} - ${params.add(period - 1, '::int')}`;
  const where = `r.day >= ${since} AND ${scoped(params, 'r')}`;
  const { rows: currencies } = await db.query<{ currency: string }>(
    `SELECT r.currency FROM ${daily} r WHERE ${where} GROUP BY r.currency ORDER BY sum(r.revenue) DESC, r.currency LIMIT 1`,
    params.values,
  );
  const currency = currencies[0]?.currency ?? 'DZD';
  const withCurrency = [...params.values, currency];
  const c = `$${withCurrency.length}`;
  // The top services: the whole weeks of the period from the weekly roll-up, its days before
  // the first Monday and from the Monday after the last whole week from the daily one.
  const top = new Params();
  const topSince = `${TODAY} - ${top.add(period - 1, '::int')}`;
  const firstWeek = `date_trunc('week', (${topSince} + 6)::timestamp)::date`;
  const afterWeeks = `date_trunc('week', (${TODAY} + 1)::timestamp)::date`;
  const topFrom = `(SELECT r.service_id, r.currency, r.bookings, r.revenue FROM booking_weekly_service r
                     WHERE r.week >= ${firstWeek} AND r.week < ${afterWeeks} AND ${scoped(top, 'r')}
                    UNION ALL
                    SELECT r.service_id, r.currency, r.bookings, r.revenue FROM booking_daily_service r
                     WHERE ((r.day >= ${topSince} AND r.day < ${firstWeek}) OR (r.day >= ${afterWeeks} AND r.day <= ${TODAY})) AND ${scoped(top, 'r')}) r`;
  const topCurrency = top.add(currency);
  const [days, services] = await Promise.all([
    db.query<{ day: string; channel: string | null; bookings: number; revenue: string }>(
      `SELECT g.day::date::text AS day, r.channel, coalesce(sum(r.bookings), 0)::int AS bookings,
              coalesce(sum(r.revenue) FILTER (WHERE r.currency = ${c}), 0)::text AS revenue
       FROM generate_series(${since}, ${TODAY}, interval '1 day') g(day)
       LEFT JOIN ${daily} r ON r.day = g.day::date AND ${where}
       GROUP BY 1, 2 ORDER BY 1`,
      withCurrency,
    ),
    db.query<TopService & { revenue: string }>(
      `SELECT t.service_id, s.title_i18n, t.bookings, t.revenue::text AS revenue
       FROM (SELECT r.service_id, sum(r.bookings)::int AS bookings, coalesce(sum(r.revenue) FILTER (WHERE r.currency = ${topCurrency}), 0) AS revenue
             FROM ${topFrom} GROUP BY r.service_id ORDER BY 2 DESC, 3 DESC, 1 LIMIT 5) t
       JOIN services s ON s.id = t.service_id ORDER BY t.bookings DESC, t.revenue DESC, t.service_id`,
      top.values,
    ),
  ]);
  const byDay = new Map<string, Dashboard['chart'][number]>();
  for (const row of days.rows) {
    const day = byDay.get(row.day) ?? { day: row.day, bookings: zeros(), revenue: zeros() };
    byDay.set(row.day, day);
    if (row.channel) {
      day.bookings[row.channel] = Number(row.bookings);
      day.revenue[row.channel] = Number(row.revenue);
    }
  }
  return {
    currency,
    chart: [...byDay.values()],
    top_services: services.rows.map((r) => ({ ...r, revenue: Number(r.revenue) })),
  };
}

const zeros = () => Object.fromEntries(BOOKING_CHANNELS.map((c) => [c, 0]));

/** A new vendor's first steps, each from its own records. */
async function setupSteps(db: Queryable, vendorId: string): Promise<SetupStep[]> {
  const { rows } = await db.query<Record<SetupStep['key'], boolean>>(
    `SELECT EXISTS (SELECT 1 FROM locations WHERE vendor_id = $1) AS location,
            EXISTS (SELECT 1 FROM services WHERE vendor_id = $1) AS service,
            EXISTS (SELECT 1 FROM price_rules WHERE vendor_id = $1) AS prices,
            EXISTS (SELECT 1 FROM service_slots WHERE vendor_id = $1) AS availability,
            EXISTS (SELECT 1 FROM media WHERE vendor_id = $1 AND owner_type = 'service') AS photos,
            EXISTS (SELECT 1 FROM services WHERE vendor_id = $1 AND status = 'published') AS publish`,
    [vendorId],
  );
  const row = rows[0];
  return (['location', 'service', 'prices', 'availability', 'photos', 'publish'] as const).map((key) => ({ key, done: row[key] === true }));
}
