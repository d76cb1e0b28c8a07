/**
 * `GET /dashboard/`: the home page's figures, checked against counts made here from the
 * bookings themselves (the endpoint reads the daily roll-up a trigger keeps), for staff
 * over the marketplace and for vendor staff over their own vendor.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { SIDEBAR_BADGES } from '../../src/app/badges.ts';
import { ACTION_LINKS, departuresLink } from '../../src/views/home/homeLinks.ts';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
let kabylie: Catalog;
/** A booking of vendor2 made yesterday, ten minutes later in the day than now. */
let laterYesterday: string;

const DAY = 86_400_000;
/** The Algerian calendar day (UTC+1) of an instant. */
const algerianDay = (at: string | Date) => new Date(new Date(at).getTime() + 3_600_000).toISOString().slice(0, 10);
const shift = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
  kabylie = await catalogFor(d, d.vendor2, sahara.category);
  const made: Json[] = [];
  for (let i = 0; i < 6; i++) made.push(await book(d, d.vendor, sahara, { channel: i % 2 ? 'web' : 'back_office' }));
  for (let i = 0; i < 3; i++) made.push(await book(d, d.vendor2, kabylie));
  // Spread over days: yesterday, last week, the week before, last month. Moving created_at
  // goes through the trigger like any write.
  const moves = [1, 3, 9, 12, 35];
  for (const [i, days] of moves.entries()) {
    await d.sql(`UPDATE bookings SET created_at = created_at - make_interval(days => $2) WHERE id = $1`, [made[i].id, days]);
  }
  // Yesterday a little after this hour: not yet made at the same time yesterday (unless that is already today).
  laterYesterday = made[6].id;
  await d.sql(`UPDATE bookings SET created_at = now() - interval '1 day' + interval '10 minutes' WHERE id = $1`, [laterYesterday]);
  // The same day of the month before, ten minutes before and after this time of day: one is in the comparison, one not.
  const month = `${algerianDay(new Date()).slice(0, 7)}-01`;
  const previousMonth = `${algerianDay(new Date(Date.parse(`${month}T00:00:00+01:00`) - DAY)).slice(0, 7)}-01`;
  const daysIntoMonth = Math.round((Date.parse(`${algerianDay(new Date())}T00:00:00Z`) - Date.parse(`${month}T00:00:00Z`)) / DAY);
  const daysBack = Math.round((Date.parse(`${algerianDay(new Date())}T00:00:00Z`) - Date.parse(`${shift(previousMonth, daysIntoMonth)}T00:00:00Z`)) / DAY);
  for (const [booking, minutes] of [[made[7], -10], [made[8], 10]] as const) {
    await d.sql(`UPDATE bookings SET created_at = now() - make_interval(days => $2) + make_interval(mins => $3) WHERE id = $1`, [booking.id, daysBack, minutes]);
  }
  // A cancelled booking counts as made, not as revenue.
  const cancelled = made[5];
  await d.ok(d.vendor, 'POST', `/bookings/${cancelled.id}/transition/`, { event: 'cancel', version: cancelled.version, reason: 'Customer asked' });
});
after(() => d.close());

/** The figures counted from the bookings table, for one vendor or all. */
async function expected(vendorId: string | null) {
  const rows = await d.sql<{ created_at: string; status: string; total: string; balance: string; currency: string; channel: string; vendor_id: string }>(
    'SELECT created_at, status, total::text, balance::text, currency, channel, vendor_id FROM bookings',
  );
  const mine = rows.filter((r) => vendorId === null || r.vendor_id === vendorId);
  const now = Date.now();
  const today = algerianDay(new Date(now));
  const day = (r: (typeof mine)[number]) => algerianDay(r.created_at);
  /** Made on `day` before the time of day it is now. */
  const madeBySameTime = (r: (typeof mine)[number], daysAgo: number) => day(r) === shift(today, -daysAgo) && Date.parse(r.created_at) < now - daysAgo * DAY;
  const counted = (r: (typeof mine)[number]) => !['declined', 'expired', 'cancelled'].includes(r.status);
  const month = `${today.slice(0, 7)}-01`;
  const sinceMonth = mine.filter((r) => day(r) >= month && counted(r));
  // The month before over as many days, its last one until the time of day it is now.
  const dayStart = (d: string) => Date.parse(`${d}T00:00:00+01:00`);
  const previousMonth = algerianDay(new Date(dayStart(month) - DAY)).slice(0, 7) + '-01';
  const sameDay = shift(previousMonth, Math.round((dayStart(today) - dayStart(month)) / DAY));
  const sinceMidnight = now - dayStart(today);
  const lastMonthSoFar = mine.filter(
    (r) => counted(r) && day(r) >= previousMonth && day(r) < month && (day(r) < sameDay || (day(r) === sameDay && Date.parse(r.created_at) < dayStart(sameDay) + sinceMidnight)),
  );
  const due = mine.filter((r) => Number(r.balance) > 0 && ['requested', 'confirmed', 'checked_in', 'completed'].includes(r.status));
  return {
    today,
    bookingsToday: mine.filter((r) => day(r) === today).length,
    bookingsYesterday: mine.filter((r) => madeBySameTime(r, 1)).length,
    bookingsWholeYesterday: mine.filter((r) => day(r) === shift(today, -1)).length,
    bookingsWeek: mine.filter((r) => day(r) > shift(today, -7)).length,
    bookingsPrevWeek: mine.filter((r) => (day(r) > shift(today, -14) && day(r) < shift(today, -7)) || madeBySameTime(r, 7)).length,
    revenueMonth: sinceMonth.reduce((n, r) => n + Number(r.total), 0),
    revenuePreviousMonth: lastMonthSoFar.reduce((n, r) => n + Number(r.total), 0),
    balanceDue: due.reduce((n, r) => n + Number(r.balance), 0),
    chart30: mine.filter((r) => day(r) > shift(today, -30)).length,
    webLast30: mine.filter((r) => day(r) > shift(today, -30) && r.channel === 'web').length,
  };
}

const sumChart = (chart: Json[], key: 'bookings' | 'revenue') => chart.reduce((n, c) => n + Object.values(c[key] as Record<string, number>).reduce((a, b) => a + b, 0), 0);

for (const who of ['admin', 'vendor', 'vendor2'] as const) {
  test(`the figures of ${who === 'admin' ? 'staff' : who} match the bookings they may see, each against the same time before`, async () => {
    const vendorId = who === 'admin' ? null : who === 'vendor' ? d.vendorId : d.vendor2Id;
    const want = await expected(vendorId);
    const got = await d.ok(d[who], 'GET', '/dashboard/?period=30');
    assert.equal(got.today, want.today);
    assert.deepEqual(got.kpis.bookings_today, { value: want.bookingsToday, previous: want.bookingsYesterday }, 'today so far against yesterday until this hour');
    assert.deepEqual(got.kpis.bookings_week, { value: want.bookingsWeek, previous: want.bookingsPrevWeek });
    assert.equal(got.kpis.revenue_month.find((r: Json) => r.currency === 'DZD')?.value ?? 0, want.revenueMonth);
    assert.equal(got.kpis.revenue_month.find((r: Json) => r.currency === 'DZD')?.previous ?? 0, want.revenuePreviousMonth, 'the same days of the month before');
    assert.equal(got.kpis.balance_due.find((r: Json) => r.currency === 'DZD')?.value ?? 0, want.balanceDue);
    assert.equal(got.chart.length, 30, 'one entry per day, empty days included');
    assert.equal(got.chart.at(-1).day, want.today);
    assert.equal(sumChart(got.chart, 'bookings'), want.chart30);
    assert.equal(got.chart.reduce((n: number, c: Json) => n + c.bookings.web, 0), want.webLast30);
    assert.ok(got.top_services.length > 0);
    assert.equal(got.top_services.reduce((n: number, s: Json) => n + s.bookings, 0), want.chart30, 'two services each: all of them in the top five');
  });
}

test('a booking made yesterday later than this hour is not in the comparison with today so far', async () => {
  const want = await expected(d.vendor2Id);
  const [moved] = await d.sql<{ created_at: string }>('SELECT created_at FROM bookings WHERE id = $1', [laterYesterday]);
  // After 23:50 the moved booking is already today's: nothing to tell apart then.
  if (algerianDay(moved.created_at) === shift(want.today, -1)) assert.equal(want.bookingsYesterday, want.bookingsWholeYesterday - 1);
  const got = await d.ok(d.vendor2, 'GET', '/dashboard/');
  assert.equal(got.kpis.bookings_today.previous, want.bookingsYesterday);
});

test('over 90 days the top services (whole weeks and the days at either end) hold every booking of the period', async () => {
  const today = algerianDay(new Date());
  const rows = await d.sql<{ created_at: string }>('SELECT created_at FROM bookings');
  const want = rows.filter((r) => algerianDay(r.created_at) > shift(today, -90)).length;
  const got = await d.ok(d.admin, 'GET', '/dashboard/?period=90');
  assert.equal(sumChart(got.chart, 'bookings'), want);
  assert.equal(got.top_services.reduce((n: number, s: Json) => n + s.bookings, 0), want, 'four services: all of them in the top five');
});

test('each roll-up equals the bookings it groups after bookings were made, moved to other days and cancelled', async () => {
  const day = `(created_at AT TIME ZONE 'UTC' + interval '1 hour')::date`;
  const week = `date_trunc('week', ${day}::timestamp)::date`;
  const revenue = `coalesce(sum(total) FILTER (WHERE status NOT IN ('declined', 'expired', 'cancelled')), 0)`;
  const cases: [string, string, string][] = [
    ['booking_daily_market', 'day, channel, currency', `${day}, channel, currency`],
    ['booking_daily_vendor', 'vendor_id, day, channel, currency', `vendor_id, ${day}, channel, currency`],
    ['booking_daily_service', 'day, service_id, currency, vendor_id', `${day}, service_id, currency, vendor_id`],
    ['booking_weekly_service', 'week, service_id, currency, vendor_id', `${week}, service_id, currency, vendor_id`],
  ];
  for (const [table, keys, grouped] of cases) {
    const n = keys.split(',').length;
    const order = ` ORDER BY ${Array.from({ length: n }, (_, i) => i + 1).join(', ')}`;
    const kept = await d.sql(`SELECT ${keys}, bookings::int, revenue::text FROM ${table} WHERE bookings <> 0${order}`);
    const counted = await d.sql(`SELECT ${grouped}, count(*)::int, ${revenue}::text FROM bookings GROUP BY ${keys.split(',').map((_, i) => i + 1).join(', ')}${order}`);
    assert.ok(counted.length > 0);
    assert.deepEqual(kept.map(Object.values), counted.map(Object.values), table);
  }
});

test('vendor staff never see another vendor in their figures, nor vendor applications', async () => {
  const mine = await d.ok(d.vendor, 'GET', '/dashboard/');
  const theirs = await d.ok(d.vendor2, 'GET', '/dashboard/');
  const ids = (x: Json) => new Set(x.top_services.map((s: Json) => s.service_id));
  assert.ok(ids(mine).has(sahara.service.id));
  assert.ok(!ids(mine).has(kabylie.service.id));
  assert.ok(!ids(theirs).has(sahara.service.id));
  assert.equal(mine.actions.find((a: Json) => a.kind === 'vendor_applications'), undefined);
  const staff = await d.ok(d.admin, 'GET', '/dashboard/');
  assert.ok(staff.actions.find((a: Json) => a.kind === 'vendor_applications'));
  assert.equal(staff.setup, null, 'the setup checklist is a vendor’s');
});

/** The API list behind a screen's link: `/booking/manage?...` is `/bookings/?...`. */
const API_OF: Record<string, string> = { '/booking/manage': '/bookings/', '/booking/refund': '/refunds/' };
async function listCount(who: Parameters<Domain['ok']>[0], href: string): Promise<number> {
  const [path, query] = href.split('?');
  assert.ok(API_OF[path], `a list the test knows: ${path}`);
  return (await d.ok(who, 'GET', `${API_OF[path]}?${query}&page_size=1`)).count;
}

test('the action queue: requests soonest due first, their count the list its link opens', async () => {
  const first = await book(d, d.vendor, { ...sahara, service: sahara.manualService });
  const second = await book(d, d.vendor, { ...sahara, service: sahara.manualService });
  // Made two hours earlier, so its hold ends two hours earlier too: it is due first.
  await d.sql(`UPDATE bookings SET created_at = created_at - interval '2 hours', hold_expires_at = hold_expires_at - interval '2 hours' WHERE id = $1`, [second.id]);
  const requested = await d.sql<{ n: number }>(`SELECT count(*)::int AS n FROM bookings WHERE status = 'requested' AND vendor_id = $1`, [d.vendorId]);
  const got = await d.ok(d.vendor, 'GET', '/dashboard/');
  const group = got.actions.find((a: Json) => a.kind === 'bookings_requested');
  assert.equal(group.count, requested[0].n);
  assert.equal(group.count, await listCount(d.vendor, ACTION_LINKS.bookings_requested));
  assert.deepEqual(group.items.slice(0, 2).map((i: Json) => i.ref), [second.ref, first.ref]);
  assert.ok(group.items[0].deadline < group.items[1].deadline, 'the soonest hold first');
  const other = await d.ok(d.vendor2, 'GET', '/dashboard/');
  assert.equal(other.actions.find((a: Json) => a.kind === 'bookings_requested').count, 0);
});

test('every queue item about a booking is named by its reference, the one waiting longest first', async () => {
  const older = await book(d, d.vendor, sahara);
  const newer = await book(d, d.vendor, sahara);
  for (const [b, age] of [[older, '3 hours'], [newer, '1 hour']] as const) {
    await d.sql(
      `INSERT INTO refunds (vendor_id, booking_id, amount, kind, reason, created_at) VALUES ($1, $2, 100, 'partial', 'Asked by the customer', now() - $3::interval)`,
      [d.vendorId, b.id, age],
    );
    await d.sql(
      `INSERT INTO reviews (vendor_id, booking_id, service_id, customer_id, rating, title, created_at) VALUES ($1, $2, $3, $4, 4, 'Très bien', now() - $5::interval)`,
      [d.vendorId, b.id, sahara.service.id, sahara.customer.id, age],
    );
  }
  const got = await d.ok(d.vendor, 'GET', '/dashboard/');
  for (const kind of ['refunds_requested', 'reviews_pending']) {
    const group = got.actions.find((a: Json) => a.kind === kind);
    assert.deepEqual(group.items.map((i: Json) => i.ref), [older.ref, newer.ref], kind);
  }
  const refunds = got.actions.find((a: Json) => a.kind === 'refunds_requested');
  assert.equal(refunds.count, await listCount(d.vendor, ACTION_LINKS.refunds_requested));
});

test('each sidebar badge counts exactly the list its own link opens', async () => {
  for (const who of [d.admin, d.vendor, d.vendor2]) {
    const counters = await d.ok(who, 'GET', '/events/counters/');
    for (const key of ['bookingManage', 'bookingRefund']) {
      const badge = SIDEBAR_BADGES[key]!;
      assert.equal(counters[badge.counter], await listCount(who, badge.href), key);
    }
    assert.equal(counters.pending_actions, counters.requested_bookings + counters.requested_refunds, 'a closed group adds its badges up');
  }
  assert.ok((await d.ok(d.vendor, 'GET', '/events/counters/')).requested_bookings > 0, 'something to count');
});

test("today's departures: every booking of today, with a slot or without, by time; its link opens exactly them", async () => {
  const today = algerianDay(new Date());
  /** A time of today in Algeria. */
  const at = (time: string) => new Date(`${today}T${time}:00+01:00`).toISOString();
  const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: sahara.service.id, starts_at: at('23:00'), capacity: 12 });
  const empty = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: sahara.service.id, starts_at: at('23:30'), capacity: 12 });
  const made = [];
  for (let i = 0; i < 6; i++) made.push(await book(d, d.vendor, sahara));
  const [inSlot, inSlotToo, pair, pairToo, alone, cancelled] = made;
  await d.ok(d.vendor, 'POST', `/bookings/${cancelled.id}/transition/`, { event: 'cancel', version: cancelled.version, reason: 'Customer asked' });
  const move = (ids: string[], startsAt: string, slotId: string | null = null) =>
    d.sql(`UPDATE bookings SET starts_at = $2, slot_id = $3 WHERE id = ANY($1)`, [ids, startsAt, slotId]);
  await move([inSlot.id, inSlotToo.id], slot.starts_at, slot.id);
  await move([pair.id, pairToo.id], at('21:00'));
  await move([alone.id, cancelled.id], at('20:00'));
  await d.sql(`UPDATE bookings SET status = 'checked_in' WHERE id = $1`, [inSlot.id]);

  const got = await d.ok(d.vendor, 'GET', '/dashboard/');
  const [{ n }] = await d.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings WHERE vendor_id = $1 AND starts_at >= $2 AND starts_at < $3 AND status NOT IN ('declined', 'expired', 'cancelled')`,
    [d.vendorId, at('00:00'), new Date(Date.parse(at('00:00')) + DAY).toISOString()],
  );
  assert.equal(n, 5);
  assert.equal(got.departures_bookings, n, 'every booking of today that still stands');
  assert.equal(got.departures.reduce((sum: number, x: Json) => sum + x.bookings, 0), n, 'each on the board once');
  assert.deepEqual(got.departures.map((x: Json) => x.starts_at), [...got.departures.map((x: Json) => x.starts_at)].sort(), 'by time');
  assert.equal(got.departures.find((x: Json) => x.slot_id === empty.id), undefined, 'an empty slot is no departure');

  const people = (b: Json) => Number(b.participants_count);
  const inTheSlot = got.departures.find((x: Json) => x.slot_id === slot.id);
  assert.deepEqual(
    { bookings: inTheSlot.bookings, booked: inTheSlot.booked, checked_in: inTheSlot.checked_in, capacity: inTheSlot.capacity, booking_id: inTheSlot.booking_id },
    { bookings: 2, booked: people(inSlot) + people(inSlotToo), checked_in: people(inSlot), capacity: 12, booking_id: null },
  );
  const withoutSlot = got.departures.filter((x: Json) => x.slot_id === null);
  assert.deepEqual(withoutSlot.map((x: Json) => [x.starts_at, x.bookings, x.booking_id, x.capacity]), [
    [at('20:00'), 1, alone.id, null],
    [at('21:00'), 2, null, null],
  ]);
  const balanceDue = made.filter((b) => b !== cancelled && Number(b.balance) > 0).length;
  assert.equal(got.departures.reduce((sum: number, x: Json) => sum + x.unpaid, 0), balanceDue, 'what is missing: balances due');

  // The board's link opens exactly its bookings, for vendor staff and for staff.
  assert.equal(await listCount(d.vendor, departuresLink), n);
  const staff = await d.ok(d.admin, 'GET', '/dashboard/');
  assert.equal(await listCount(d.admin, departuresLink), staff.departures_bookings);
  const theirs = await d.ok(d.vendor2, 'GET', '/dashboard/');
  assert.equal(theirs.departures.find((x: Json) => x.slot_id === slot.id), undefined);
  assert.equal(theirs.departures_bookings, 0);
});

test('a vendor with an empty catalogue gets every setup step undone; one with a catalogue has them ticked', async () => {
  const [fresh] = await d.sql<{ id: string }>(
    `INSERT INTO vendors (trade_name) VALUES ('Fresh Trips') RETURNING id`,
  );
  const [user] = await d.sql<Json>(
    `INSERT INTO users (email, name, password_hash, admin, vendor_id) VALUES ('fresh@rihla.test', 'Fresh', 'x', false, $1) RETURNING id, email, name, phone, admin, vendor_id`,
    [fresh.id],
  );
  const { startRefreshFamily } = await import('../../server/auth/refreshTokens.ts');
  const session = await startRefreshFamily(d.t.db, user.id, 600);
  const who = { user: user as never, token: await d.t.app.signAccessToken(user as never, session.familyId) };
  const empty = await d.ok(who, 'GET', '/dashboard/');
  assert.deepEqual(
    empty.setup.map((s: Json) => [s.key, s.done]),
    ['location', 'service', 'prices', 'availability', 'photos', 'publish'].map((k) => [k, false]),
  );
  const busy = await d.ok(d.vendor, 'GET', '/dashboard/');
  const done = Object.fromEntries(busy.setup.map((s: Json) => [s.key, s.done]));
  assert.deepEqual({ ...done, availability: true }, { location: true, service: true, prices: true, availability: true, photos: true, publish: true });
});

test('the period is 30 or 90 days; the chart has one entry per day of it; guests get 401', async () => {
  const long = await d.ok(d.admin, 'GET', '/dashboard/?period=90');
  assert.equal(long.chart.length, 90);
  const wrong = await d.call(d.admin, 'GET', '/dashboard/?period=7');
  assert.equal(wrong.status, 400);
  assert.deepEqual(wrong.body.errors, { period: ['Choose 30 or 90 days.'] });
  const french = await d.call(d.admin, 'GET', '/dashboard/?period=7', undefined, { 'accept-language': 'fr' });
  assert.deepEqual(french.body.errors, { period: ['Choisissez 30 ou 90 jours.'] });
  assert.equal((await d.call(null, 'GET', '/dashboard/')).status, 401);
});
