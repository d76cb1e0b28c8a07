/**
 * Reviews: staff moderate them (reject needs a reason; an approved text is locked; a
 * rejected one edited goes back to the queue), the vendor gives each approved review of
 * its services one reply it may change but not remove, and the ratings per service (average
 * and distribution) count approved reviews only, in the caller's scope.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { book, catalogFor, type Catalog, type Domain, type Json } from './resources.fixtures.ts';
import { startDomain } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
let k: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
  k = await catalogFor(d, d.vendor2);
});
after(() => d.close());

/** A booking of the vendor's catalogue that took place (completed). */
async function tookPlace(who = d.vendor, cat = c): Promise<Json> {
  const booking = await book(d, who, cat);
  await d.sql("UPDATE bookings SET starts_at = now() - interval '3 hours' WHERE id = $1", [booking.id]);
  return d.ok(who, 'POST', `/bookings/${booking.id}/transition/`, { event: 'complete', version: booking.version });
}

async function review(rating = 4, who = d.vendor, cat = c): Promise<Json> {
  const booking = await tookPlace(who, cat);
  return d.ok(d.admin, 'POST', '/reviews/', { booking_id: booking.id, rating, title: 'Dunes', body: 'Great day in the desert' });
}

const transition = (r: Json, event: string, extra: Json = {}, who = d.admin) =>
  d.call(who, 'POST', `/reviews/${r.id}/transition/`, { event, version: r.version, ...extra });
const patch = (r: Json, body: Json, who = d.vendor, headers: Record<string, string> = {}) =>
  d.call(who, 'PATCH', `/reviews/${r.id}/`, { ...body, version: r.version }, headers);

test('only bookings that took place are reviewed, by staff', async () => {
  const upcoming = await book(d, d.vendor, c);
  const early = await d.call(d.admin, 'POST', '/reviews/', { booking_id: upcoming.id, rating: 5 });
  assert.equal(early.status, 409);
  const done = await tookPlace();
  assert.equal((await d.call(d.vendor, 'POST', '/reviews/', { booking_id: done.id, rating: 5 })).status, 403);
  const made = await d.ok(d.admin, 'POST', '/reviews/', { booking_id: done.id, rating: 5 });
  assert.deepEqual([made.status, made.vendor_id, made.service_id, made.customer_id], ['pending', d.vendorId, c.service.id, c.customer.id]);
});

test('rejecting needs a reason; staff edit the rejected review and resubmit it to the queue', async () => {
  const r = await review(2);
  const bare = await transition(r, 'reject');
  assert.equal(bare.status, 400);
  assert.ok(bare.body.errors.reason, JSON.stringify(bare.body));
  const blank = await transition(r, 'reject', { reason: '   ' });
  assert.equal(blank.status, 400);
  assert.equal((await transition(r, 'reject', { reason: 'Insults' }, d.vendor)).status, 403, 'vendors do not moderate');
  const rejected = await transition(r, 'reject', { reason: 'Insults' });
  assert.equal(rejected.status, 200);
  assert.deepEqual([rejected.body.status, rejected.body.status_reason], ['rejected', 'Insults']);

  const edited = await patch(rejected.body, { body: 'Long wait at the meeting point' }, d.admin);
  assert.equal(edited.status, 200, JSON.stringify(edited.body));
  assert.equal((await transition(edited.body, 'edit', {}, d.vendor)).status, 403, 'resubmitting is moderation too');
  const back = await transition(edited.body, 'edit');
  assert.equal(back.status, 200);
  assert.equal(back.body.status, 'pending');
  const queue = await d.ok(d.admin, 'GET', '/reviews/?view=pending&page_size=100');
  assert.ok(queue.results.some((x: Json) => x.id === r.id));
  assert.ok(queue.results.every((x: Json) => x.status === 'pending'));
});

test("an approved review's text is locked; the vendor gives it one reply, changed but never removed", async () => {
  const r = await review(5);
  const early = await patch(r, { vendor_reply: 'Thank you!' });
  assert.equal(early.status, 409, 'no reply before approval');
  assert.match(early.body.detail, /approved review/);
  const approved = (await transition(r, 'approve')).body;
  assert.equal(approved.status, 'approved');
  assert.equal((await patch(approved, { body: 'Changed afterwards' }, d.admin)).status, 409);
  assert.equal((await patch(approved, { rating: 1 })).status, 403, 'the vendor never changes what the customer wrote');

  // Staff do not write the vendor's words; another vendor does not see the review at all.
  assert.equal((await patch(approved, { vendor_reply: 'From staff' }, d.admin)).status, 403);
  assert.equal((await patch(approved, { vendor_reply: 'Not mine' }, d.vendor2)).status, 404);
  const empty = await patch(approved, { vendor_reply: '   ' });
  assert.equal(empty.status, 400);
  assert.ok(empty.body.errors.vendor_reply);

  const first = await patch(approved, { vendor_reply: '  Thank you, see you soon!  ' });
  assert.equal(first.status, 200, JSON.stringify(first.body));
  assert.equal(first.body.vendor_reply, 'Thank you, see you soon!');
  assert.ok(first.body.replied_at);
  const unanswered = await d.ok(d.vendor, 'GET', '/reviews/?view=unanswered&page_size=100');
  assert.ok(!unanswered.results.some((x: Json) => x.id === r.id), 'answered reviews leave the vendor\'s queue');

  const changed = await patch(first.body, { vendor_reply: 'Thank you! The oasis tour is new this season.' });
  assert.equal(changed.status, 200);
  assert.equal(changed.body.vendor_reply, 'Thank you! The oasis tour is new this season.');
  assert.ok(Date.parse(changed.body.replied_at) >= Date.parse(first.body.replied_at));
  assert.equal((await patch(changed.body, { vendor_reply: null })).status, 400, 'a reply is changed, not taken back');
  const audited = await d.sql<Json>("SELECT action FROM audit_log WHERE entity = 'reviews' AND entity_id = $1 ORDER BY at", [r.id]);
  assert.deepEqual(audited.map((a) => a.action), ['create', 'transition:approve', 'update', 'update']);

  // In the vendor's language.
  const other = await review(3);
  const french = await patch(other, { vendor_reply: 'Merci' }, d.vendor, { 'accept-language': 'fr' });
  assert.equal(french.status, 409);
  assert.equal(french.body.detail, 'Seul un avis approuvé peut recevoir une réponse.');
});

test('ratings per service: average and distribution of approved reviews, in scope', async () => {
  const service = c.service.id;
  const before = (await d.ok(d.admin, 'GET', `/reviews/ratings/?service_id=${service}`)).results[0] ?? { count: 0, distribution: [0, 0, 0, 0, 0] };
  for (const rating of [5, 5, 4, 1]) await transition(await review(rating), 'approve');
  await review(2); // pending: not counted
  const r = await review(3);
  await transition(r, 'reject', { reason: 'Spam' }); // rejected: not counted

  const [rating] = (await d.ok(d.admin, 'GET', `/reviews/ratings/?service_id=${service}`)).results;
  assert.equal(rating.service_id, service);
  assert.equal(rating.count, before.count + 4);
  assert.deepEqual(rating.distribution, [before.distribution[0] + 1, before.distribution[1], before.distribution[2], before.distribution[3] + 1, before.distribution[4] + 2]);
  const all = await d.sql<{ avg: number }>("SELECT round(avg(rating)::numeric, 2)::float8 AS avg FROM reviews WHERE service_id = $1 AND status = 'approved'", [service]);
  assert.equal(rating.average, all[0].avg);
  const stored = await d.ok(d.admin, 'GET', `/services/${service}/`);
  assert.deepEqual([stored.rating_avg, stored.reviews_count], [rating.average, rating.count], 'the service keeps the same figures');

  // Each vendor sees its own services' ratings only.
  await transition(await review(4, d.vendor2, k), 'approve');
  const mine = (await d.ok(d.vendor, 'GET', '/reviews/ratings/')).results.map((x: Json) => x.service_id);
  const theirs = (await d.ok(d.vendor2, 'GET', '/reviews/ratings/')).results.map((x: Json) => x.service_id);
  assert.ok(mine.includes(service) && !mine.includes(k.service.id));
  assert.deepEqual(theirs, [k.service.id]);
  assert.deepEqual((await d.ok(d.vendor2, 'GET', `/reviews/ratings/?service_id=${service}`)).results, []);
  assert.equal((await d.call(d.admin, 'GET', '/reviews/ratings/?service_id=nope')).status, 400);
});

test('the reviews CSV in French: every header, the status and the language in words, references by name', async () => {
  const made = await review(3);
  const res = await d.t.app.inject({ method: 'GET', url: `/branch/api/reviews/export.csv?lang=fr&booking_id=${made.booking_id}`, headers: { authorization: `Bearer ${d.admin.token}` } });
  assert.equal(res.statusCode, 200, res.body);
  const [header, row] = res.body.replace(/^\ufeff/, '').trim().split('\r\n');
  assert.deepEqual(header.split(',').filter((h) => /^[a-z_]+$/.test(h)), [], header);
  assert.match(header, /Note,Titre,Texte,Langue/);
  assert.match(row, /,En attente,/);
  assert.ok(row.includes(`,${c.service.title_i18n.fr ?? c.service.title_i18n.en},`), row);
});
