/**
 * The bookings list's named filters (`?view=`): today, upcoming (what will still take place), needs action and past,
 * judged on Algeria's calendar when the request is made; an unknown view is a 400; a
 * view combines with the other filters and stays within the caller's vendor.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let sahara: Catalog;
const ids: Record<string, string> = {};

/** Start of today in Algeria (UTC+1), plus `hours`. */
const algeriaToday = (hours: number) => {
  const day = new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
  return new Date(Date.parse(`${day}T00:00:00+01:00`) + hours * 3_600_000).toISOString();
};

before(async () => {
  d = await startDomain();
  sahara = await catalogFor(d, d.vendor);
  const kabylie = await catalogFor(d, d.vendor2);
  // Bookings are made ahead, then moved where each case needs them.
  const place = async (name: string, startsAt: string, extra: Json = {}, who = d.vendor, catalog = sahara) => {
    const b = await book(d, who, catalog, extra);
    await d.sql('UPDATE bookings SET starts_at = $2 WHERE id = $1', [b.id, startsAt]);
    ids[name] = b.id;
    return b;
  };
  await place('todayEarly', algeriaToday(0.5), { payment_method: 'cash' }); // paid
  await place('todayLate', algeriaToday(23.5), { payment_method: 'cash' });
  await place('tomorrowUnpaid', algeriaToday(24 + 10)); // confirmed, nothing paid: needs action
  await place('nextMonthRequested', algeriaToday(24 * 30), { service_id: sahara.manualService.id, payment_method: 'cash' }); // requested
  await place('yesterday', algeriaToday(-14), { payment_method: 'cash' });
  await place('lastYear', algeriaToday(-24 * 365));
  await place('otherVendorToday', algeriaToday(12), {}, d.vendor2, kabylie);
  await place('nextWeekCancelled', algeriaToday(24 * 7), { payment_method: 'cash' });
  await d.sql(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [ids.nextWeekCancelled]);
});
after(() => d.close());

async function view(name: string, extra = ''): Promise<string[]> {
  const page = await d.ok(d.vendor, 'GET', `/bookings/?view=${name}&ordering=starts_at&page_size=100${extra}`);
  return page.results.map((r: Json) => Object.entries(ids).find(([, id]) => id === r.id)?.[0] ?? r.id);
}

test('today: from midnight to midnight in Algeria, only the caller\'s vendor', async () => {
  assert.deepEqual(await view('today'), ['todayEarly', 'todayLate']);
});

test('upcoming: from the start of today, soonest first, without those that will not take place (cancelled)', async () => {
  assert.deepEqual(await view('upcoming'), ['todayEarly', 'todayLate', 'tomorrowUnpaid', 'nextMonthRequested']);
});

test('past: before today', async () => {
  assert.deepEqual(await view('past'), ['lastYear', 'yesterday']);
  const page = await d.ok(d.vendor, 'GET', '/bookings/?view=past&ordering=-starts_at');
  assert.deepEqual(page.results.map((r: Json) => r.id), [ids.yesterday, ids.lastYear]);
});

test('needs action: requested, or confirmed with a balance to collect', async () => {
  const booking = await d.ok(d.vendor, 'GET', `/bookings/${ids.nextMonthRequested}/`);
  assert.equal(booking.status, 'requested');
  const unpaid = await d.ok(d.vendor, 'GET', `/bookings/${ids.tomorrowUnpaid}/`);
  assert.deepEqual([unpaid.status, unpaid.balance > 0], ['confirmed', true]);
  assert.deepEqual(await view('needs_action'), ['lastYear', 'tomorrowUnpaid', 'nextMonthRequested']);
});

test('a view combines with the other filters and the search', async () => {
  assert.deepEqual(await view('needs_action', '&status=requested'), ['nextMonthRequested']);
  assert.deepEqual(await view('upcoming', '&status=confirmed'), ['todayEarly', 'todayLate', 'tomorrowUnpaid']);
  const ref = (await d.ok(d.vendor, 'GET', `/bookings/${ids.todayLate}/`)).ref;
  assert.deepEqual(await view('today', `&search=${ref}`), ['todayLate']);
});

test('all: every booking the caller may see', async () => {
  assert.deepEqual(await view('all'), ['lastYear', 'yesterday', 'todayEarly', 'todayLate', 'tomorrowUnpaid', 'nextWeekCancelled', 'nextMonthRequested']);
});

test('staff see every vendor\'s bookings of the day', async () => {
  const page = await d.ok(d.admin, 'GET', '/bookings/?view=today&page_size=100');
  const found = page.results.map((r: Json) => r.id).sort();
  assert.deepEqual(found, [ids.todayEarly, ids.todayLate, ids.otherVendorToday].sort());
});

test('an unknown view is a 400 on the view field; the OpenAPI document lists the views', async () => {
  const res = await d.call(d.vendor, 'GET', '/bookings/?view=tomorrow');
  assert.equal(res.status, 400);
  assert.match(JSON.stringify(res.body), /view/);
  const doc = await d.ok(null, 'GET', '/openapi.json');
  const parameters = doc.paths['/branch/api/bookings/'].get.parameters as Json[];
  assert.deepEqual(parameters.find((p) => p.name === 'view')?.schema.enum, ['today', 'upcoming', 'needs_action', 'past', 'all']);
});
