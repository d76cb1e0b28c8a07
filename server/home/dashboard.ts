/**
 * The home dashboard in one call, for staff (the marketplace) or vendor staff (their
 * vendor). Bookings and revenue come from the daily roll-ups the bookings trigger keeps
 * (migrations 142 and 145), never from the bookings: the marketplace's or the vendor's per
 * day and channel, and per day and service for the top services; the rest reads small,
 * indexed sets: today's bookings, what waits in the action queue, the reviews of 60 days.
 * A figure for a period that ends now is compared with the period before it ending at the
 * same time of day: whole days from the roll-ups, the last day's part from the bookings
 * made on it (one day of the created_at index).
 */
import {
  BOOKING_CHANNELS,
  STANDING_BOOKING_STATUSES,
  type ActionGroup,
  type ActionKind,
  type Dashboard,
  type DashboardPeriod,
  type Departure,
  type MoneyKpi,
  type SetupStep,
  type TopService,
} from '../../common/dashboard.ts';
import { sqlStatusesTagged } from '../../common/lifecycles/index.ts';
import type { Queryable } from '../db/index.ts';
import type { Actor } from '../engine/actor.ts';
import { Params } from '../engine/scope.ts';

/** Today in Algeria, in SQL (the server's day rules use UTC+1 too). */
const TODAY = `(now() AT TIME ZONE 'UTC' + interval '1 hour')::date`;
const MONTH = `date_trunc('month', ${TODAY})::date`;
const PREVIOUS_MONTH = `(date_trunc('month', ${TODAY}) - interval '1 month')::date`;
/** An Algerian day's first instant. */
const dayStart = (day: string) => `((${day})::timestamp - interval '1 hour') AT TIME ZONE 'UTC'`;
/** How far into today it is (Algeria has no summer time: a day is 24 hours). */
const SINCE_MIDNIGHT = `(now() - ${dayStart(TODAY)})`;
/** What counts as revenue: every booking made but the declined, expired and cancelled (as the roll-ups count it). */
const CLOSED = `('declined', 'expired', 'cancelled')`;
const STANDING = `(${STANDING_BOOKING_STATUSES.map((s) => `'${s}'`).join(', ')})`;

const QUEUE_SIZE = 5;

export async function dashboard(db: Queryable, actor: Actor, period: DashboardPeriod): Promise<Dashboard> {
  const vendorId = actor.staff ? null : actor.vendorId;
  /** The condition on `alias.vendor_id` for this caller, with its parameter. */
  const scoped = (params: Params, alias: string) => (vendorId ? `${alias}.vendor_id = ${params.add(vendorId)}` : 'TRUE');
  /** The roll-up per day, channel and currency of this caller's bookings. */
  const daily = vendorId ? 'booking_daily_vendor' : 'booking_daily_market';
  const [today, counts, revenue, balance, occupancy, rating, board, actions, chart, setup] = await Promise.all([
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
    departures: board.departures,
    departures_bookings: board.bookings,
    actions,
    ...chart,
    setup,
  };
}

type Scoped = (params: Params, alias: string) => string;

async function bookingCounts(db: Queryable, scoped: Scoped, daily: string) {
  const params = new Params();
  /** Bookings made on `day` before the time of day it is now. */
  const madeUntilNow = (day: string) =>
    `(SELECT count(*) FROM bookings b WHERE b.created_at >= ${dayStart(day)} AND b.created_at < ${dayStart(day)} + ${SINCE_MIDNIGHT} AND ${scoped(params, 'b')})`;
  const { rows } = await db.query<Record<string, string>>(
    // Dates as expressions in the WHERE clause (not a join with a CTE), so the day index bounds the scan.
    // Today's whole roll-up is today so far; the day it is compared with is cut at the same hour.
    `SELECT coalesce(sum(r.bookings) FILTER (WHERE r.day = ${TODAY}), 0)::int AS today,
            ${madeUntilNow(`${TODAY} - 1`)}::int AS yesterday,
            coalesce(sum(r.bookings) FILTER (WHERE r.day > ${TODAY} - 7), 0)::int AS week,
            (coalesce(sum(r.bookings) FILTER (WHERE r.day < ${TODAY} - 7), 0) + ${madeUntilNow(`${TODAY} - 7`)})::int AS prev_week
     FROM ${daily} r
     WHERE r.day > ${TODAY} - 14 AND r.day <= ${TODAY} AND ${scoped(params, 'r')}`,
    params.values,
  );
  const row = rows[0] ?? {};
  return { today: Number(row.today ?? 0), yesterday: Number(row.yesterday ?? 0), week: Number(row.week ?? 0), prev_week: Number(row.prev_week ?? 0) };
}

/**
 * This month so far against the month before over as many days, until the same time of
 * day (the whole month before when it is shorter).
 */
async function revenueMonth(db: Queryable, scoped: Scoped, daily: string): Promise<MoneyKpi[]> {
  const params = new Params();
  /** The day of the month before that matches today. */
  const sameDay = `(${PREVIOUS_MONTH} + (${TODAY} - ${MONTH}))`;
  const { rows } = await db.query<{ currency: string; value: string; previous: string }>(
    `SELECT m.currency, sum(m.value)::text AS value, sum(m.previous)::text AS previous
     FROM (SELECT r.currency,
                  coalesce(sum(r.revenue) FILTER (WHERE r.day >= ${MONTH}), 0) AS value,
                  coalesce(sum(r.revenue) FILTER (WHERE r.day < ${MONTH} AND r.day < ${sameDay}), 0) AS previous
           FROM ${daily} r
           WHERE r.day >= ${PREVIOUS_MONTH} AND r.day <= ${TODAY} AND ${scoped(params, 'r')}
           GROUP BY r.currency
           UNION ALL
           SELECT b.currency, 0, sum(b.total)
           FROM bookings b
           WHERE ${sameDay} < ${MONTH} AND b.created_at >= ${dayStart(sameDay)} AND b.created_at < ${dayStart(sameDay)} + ${SINCE_MIDNIGHT}
             AND b.status NOT IN ${CLOSED} AND ${scoped(params, 'b')}
           GROUP BY b.currency) m
     GROUP BY m.currency ORDER BY sum(m.value) DESC, m.currency`,
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

/** How many departures the board lists; the bookings of all of them are counted. */
const BOARD_SIZE = 50;

/**
 * Today's departures, earliest first: the bookings that still stand and start today,
 * a departure per slot, and per service and time for those booked without a slot; with
 * the people booked and checked in, and what is missing (requests, balances due).
 */
async function todaysDepartures(db: Queryable, scoped: Scoped): Promise<{ departures: Departure[]; bookings: number }> {
  const params = new Params();
  const { rows } = await db.query<Departure & { all_bookings: number }>(
    `SELECT b.slot_id, b.service_id, v.title_i18n AS service_title_i18n, coalesce(s.starts_at, min(b.starts_at)) AS starts_at,
            s.capacity, coalesce(s.closed, false) AS closed,
            count(*)::int AS bookings,
            sum(b.participants_count)::int AS booked,
            coalesce(sum(b.participants_count) FILTER (WHERE b.status IN ${sqlStatusesTagged('booking', 'tookPlace')}), 0)::int AS checked_in,
            count(*) FILTER (WHERE b.status = 'requested')::int AS to_confirm,
            count(*) FILTER (WHERE b.balance > 0)::int AS unpaid,
            CASE WHEN b.slot_id IS NULL AND count(*) = 1 THEN min(b.id::text) END AS booking_id,
            (sum(count(*)) OVER ())::int AS all_bookings
     FROM bookings b
     JOIN services v ON v.id = b.service_id
     LEFT JOIN service_slots s ON s.id = b.slot_id
     WHERE b.starts_at >= ${dayStart(TODAY)} AND b.starts_at < ${dayStart(`${TODAY} + 1`)} AND b.status IN ${STANDING} AND ${scoped(params, 'b')}
     GROUP BY b.slot_id, b.service_id, CASE WHEN b.slot_id IS NULL THEN b.starts_at END, v.title_i18n, s.starts_at, s.capacity, s.closed
     ORDER BY 4, b.service_id, b.slot_id
     LIMIT ${BOARD_SIZE}`,
    params.values,
  );
  return {
    departures: rows.map(({ all_bookings: _, ...r }) => ({ ...r, starts_at: new Date(r.starts_at).toISOString() })),
    bookings: Number(rows[0]?.all_bookings ?? 0),
  };
}

/**
 * Each kind of waiting work: how many, and the first few in the order they are worked; in
 * one query (a round trip per kind and per count cost more than the counts themselves, on
 * PGlite most of all). Work that lapses on its own (a held request, a payment link) comes
 * soonest deadline first, since missing it loses it; the rest oldest first, since whoever
 * waits longest is the next to answer. Every item about a booking is named by its reference.
 */
async function actionQueue(db: Queryable, actor: Actor, scoped: Scoped): Promise<ActionGroup[]> {
  const params = new Params();
  const kinds: ActionKind[] = [];
  /** `from` names the records (and what their label needs); the count reads the first table alone. */
  const queue = (
    kind: ActionKind,
    from: string,
    where: string,
    names: { label?: string; ref?: string },
    at: string,
    deadline = 'NULL',
    order = deadline === 'NULL' ? at : deadline,
    alias = 't',
  ) => {
    const condition = `${where} AND ${scoped(params, alias)}`;
    kinds.push(kind);
    return `SELECT ${kinds.length - 1} AS kind, (SELECT count(*) FROM ${from.split(' JOIN ')[0]} WHERE ${condition})::int AS n, i.*
      FROM (SELECT 1) one LEFT JOIN LATERAL (
        SELECT ${alias}.id::text AS id, ${names.label ?? "''"}::text AS label, ${names.ref ?? 'NULL'}::text AS ref, ${at}::timestamptz AS at, ${deadline}::timestamptz AS deadline,
               row_number() OVER (ORDER BY ${order}, ${alias}.id) AS position
        FROM ${from} WHERE ${condition} ORDER BY ${order}, ${alias}.id LIMIT ${QUEUE_SIZE}) i ON TRUE`;
  };
  /** The reference of the booking a record is about. */
  const bookingRef = (alias: string) => `(SELECT b.ref FROM bookings b WHERE b.id = ${alias}.booking_id)`;
  const groups = [
    // A request lapses when its hold ends, a fixed time after it was made: the oldest first is the soonest due
    // (and the partial index on created_at gives them without sorting every request).
    queue('bookings_requested', 'bookings t', `t.status = 'requested'`, { ref: 't.ref' }, 't.created_at', 't.hold_expires_at', 't.created_at'),
    queue('refunds_requested', 'refunds t', `t.status = 'requested'`, { ref: bookingRef('t') }, 't.created_at'),
    queue(
      'payment_links_expiring',
      'payment_invitations t',
      `t.status IN ('sent', 'opened') AND t.expires_at > now() AND t.expires_at < now() + interval '24 hours'`,
      { ref: bookingRef('t') },
      't.created_at',
      't.expires_at',
    ),
    // A conversation about a booking is named by its ref; another by its subject (a booking's stored subject is English).
    queue(
      'messages_unanswered',
      'conversations t',
      't.unread_count > 0 AND NOT t.archived',
      { label: `coalesce(t.subject, t.last_message_preview, '')`, ref: bookingRef('t') },
      't.last_message_at',
    ),
    queue('reviews_pending', 'reviews t', `t.status = 'pending'`, { ref: bookingRef('t') }, 't.created_at'),
  ];
  // Vendor applications are staff's alone.
  if (actor.staff) groups.push(queue('vendor_applications', 'vendors t', `t.status IN ('applied', 'under_review')`, { label: 't.trade_name' }, 't.created_at'));
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
