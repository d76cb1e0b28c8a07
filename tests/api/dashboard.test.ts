/**
 * `GET /dashboard/`: the home page's figures, checked against counts made here from the
 * bookings themselves (the endpoint reads the daily roll-up a trigger keeps), for staff
 * over the marketplace and for vendor staff over their own vendor.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
let kabylie: Catalog;

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
  const today = algerianDay(new Date());
  const day = (r: (typeof mine)[number]) => algerianDay(r.created_at);
  const counted = (r: (typeof mine)[number]) => !['declined', 'expired', 'cancelled'].includes(r.status);
  const month = `${today.slice(0, 7)}-01`;
  const sinceMonth = mine.filter((r) => day(r) >= month && counted(r));
  const due = mine.filter((r) => Number(r.balance) > 0 && ['requested', 'confirmed', 'checked_in', 'completed'].includes(r.status));
  return {
    today,
    bookingsToday: mine.filter((r) => day(r) === today).length,
    bookingsYesterday: mine.filter((r) => day(r) === shift(today, -1)).length,
    bookingsWeek: mine.filter((r) => day(r) > shift(today, -7)).length,
    bookingsPrevWeek: mine.filter((r) => day(r) > shift(today, -14) && day(r) <= shift(today, -7)).length,
    revenueMonth: sinceMonth.reduce((n, r) => n + Number(r.total), 0),
    balanceDue: due.reduce((n, r) => n + Number(r.balance), 0),
    chart30: mine.filter((r) => day(r) > shift(today, -30)).length,
    webLast30: mine.filter((r) => day(r) > shift(today, -30) && r.channel === 'web').length,
  };
}

const sumChart = (chart: Json[], key: 'bookings' | 'revenue') => chart.reduce((n, c) => n + Object.values(c[key] as Record<string, number>).reduce((a, b) => a + b, 0), 0);

for (const who of ['admin', 'vendor', 'vendor2'] as const) {
  test(`the figures of ${who === 'admin' ? 'staff' : who} match the bookings they may see`, async () => {
    const vendorId = who === 'admin' ? null : who === 'vendor' ? d.vendorId : d.vendor2Id;
    const want = await expected(vendorId);
    const got = await d.ok(d[who], 'GET', '/dashboard/?period=30');
    assert.equal(got.today, want.today);
    assert.deepEqual(got.kpis.bookings_today, { value: want.bookingsToday, previous: want.bookingsYesterday });
    assert.deepEqual(got.kpis.bookings_week, { value: want.bookingsWeek, previous: want.bookingsPrevWeek });
    assert.equal(got.kpis.revenue_month.find((r: Json) => r.currency === 'DZD')?.value ?? 0, want.revenueMonth);
    assert.equal(got.kpis.balance_due.find((r: Json) => r.currency === 'DZD')?.value ?? 0, want.balanceDue);
    assert.equal(got.chart.length, 30, 'one entry per day, empty days included');
    assert.equal(got.chart.at(-1).day, want.today);
    assert.equal(sumChart(got.chart, 'bookings'), want.chart30);
    assert.equal(got.chart.reduce((n: number, c: Json) => n + c.bookings.web, 0), want.webLast30);
    assert.ok(got.top_services.length > 0);
    assert.equal(got.top_services.reduce((n: number, s: Json) => n + s.bookings, 0), want.chart30, 'two services each: all of them in the top five');
  });
}

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

test('the action queue counts bookings awaiting confirmation, the oldest first with their hold', async () => {
  const first = await book(d, d.vendor, { ...sahara, service: sahara.manualService });
  const second = await book(d, d.vendor, { ...sahara, service: sahara.manualService });
  await d.sql(`UPDATE bookings SET created_at = created_at - interval '2 hours' WHERE id = $1`, [second.id]);
  const requested = await d.sql<{ n: number }>(`SELECT count(*)::int AS n FROM bookings WHERE status = 'requested' AND vendor_id = $1`, [d.vendorId]);
  const got = await d.ok(d.vendor, 'GET', '/dashboard/');
  const group = got.actions.find((a: Json) => a.kind === 'bookings_requested');
  assert.equal(group.count, requested[0].n);
  assert.deepEqual(group.items.slice(0, 2).map((i: Json) => i.label), [second.ref, first.ref]);
  assert.ok(group.items[0].deadline, 'the hold time left');
  const other = await d.ok(d.vendor2, 'GET', '/dashboard/');
  assert.equal(other.actions.find((a: Json) => a.kind === 'bookings_requested').count, 0);
});

test("today's departures: the caller's slots of today with booked and checked-in seats", async () => {
  const today = algerianDay(new Date());
  // 23:00 Algerian time today: always later than now's day start, still today.
  const startsAt = new Date(Date.parse(`${today}T22:00:00Z`)).toISOString();
  const slot = await d.ok(d.vendor, 'POST', '/service-slots/', { service_id: sahara.service.id, starts_at: startsAt, capacity: 12 });
  const mine = await d.ok(d.vendor, 'GET', '/dashboard/');
  const departure = mine.departures.find((x: Json) => x.slot_id === slot.id);
  assert.ok(departure, 'the slot of today is listed');
  assert.equal(departure.capacity, 12);
  assert.equal(departure.checked_in, 0);
  assert.equal(departure.service_title_i18n.en, sahara.service.title_i18n.en);
  const theirs = await d.ok(d.vendor2, 'GET', '/dashboard/');
  assert.equal(theirs.departures.find((x: Json) => x.slot_id === slot.id), undefined);
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
