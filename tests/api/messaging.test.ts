/**
 * Messaging: customer messages posted by the customer app (shared secret) open or continue
 * the customer's conversation with the booking's vendor, count as unread and are published
 * to staff and that vendor only; replies and read marks are published too; a ticket's first
 * answer is due by its priority and met by the first staff reply; escalating a chatbot
 * request opens a ticket linked both ways.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { DEV_CHANNEL_SECRET } from '../../server/messages/channel.ts';
import { book, catalogFor, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';
import { startDomain } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const inbound = (body: Json, secret = DEV_CHANNEL_SECRET) => d.call(null, 'POST', '/channel/messages/', body, { authorization: `Bearer ${secret}` });

/** The events published since `after` (the realtime table), oldest first. */
const eventsSince = (after: number) =>
  d.sql<Json>('SELECT id::int AS id, type, action, collection, audience_staff, audience_vendor_id, payload FROM realtime_events WHERE id > $1 AND type = $2 ORDER BY id', [
    after,
    'message',
  ]);
const lastEventId = async () => Number((await d.sql<Json>('SELECT coalesce(max(id), 0)::int AS id FROM realtime_events'))[0]!.id);

test('the channel refuses a missing or wrong secret, and checks what it is given', async () => {
  assert.equal((await d.call(null, 'POST', '/channel/messages/', { customer_id: c.customer.id, body: 'Hi' })).status, 401);
  assert.equal((await inbound({ customer_id: c.customer.id, body: 'Hi' }, 'not-the-secret')).status, 401);
  assert.equal((await inbound({ customer_id: '00000000-0000-4000-8000-000000000000', body: 'Hi' })).status, 400);
  const empty = await inbound({ customer_id: c.customer.id, body: '' });
  assert.equal(empty.status, 400);
  assert.ok(empty.body.errors.body, JSON.stringify(empty.body));
  // A booking of another customer is not this customer's to write about.
  const k = await catalogFor(d, d.vendor2);
  const other = await book(d, d.vendor2, k);
  assert.equal((await inbound({ customer_id: c.customer.id, booking_id: other.id, body: 'Hi' })).status, 400);
});

test('a customer message opens the booking vendor’s conversation, then continues it, unread, published to staff and that vendor', async () => {
  const booking = await book(d, d.vendor, c);
  const since = await lastEventId();
  const first = await inbound({ customer_id: c.customer.id, booking_id: booking.id, body: 'What time do we leave?' });
  assert.equal(first.status, 201, JSON.stringify(first.body));
  const again = await inbound({ customer_id: c.customer.id, booking_id: booking.id, body: 'And can I bring my dog?' });
  assert.equal(again.status, 200);
  assert.equal(again.body.conversation_id, first.body.conversation_id);

  const conversation = await d.ok(d.vendor, 'GET', `/conversations/${first.body.conversation_id}/`);
  assert.deepEqual([conversation.vendor_id, conversation.booking_id, conversation.unread_count, conversation.last_message_preview], [
    d.vendorId, booking.id, 2, 'And can I bring my dog?',
  ]);
  assert.equal((await d.call(d.vendor2, 'GET', `/conversations/${first.body.conversation_id}/`)).status, 404, 'another vendor never sees it');

  const events = await eventsSince(since);
  assert.equal(events.length, 2);
  for (const e of events) {
    assert.deepEqual([e.action, e.collection, e.audience_staff, e.audience_vendor_id], ['create', 'messages', true, d.vendorId]);
    assert.equal(e.payload.conversation_id, first.body.conversation_id);
    assert.equal(e.payload.author_type, 'customer');
  }
  assert.equal(events[1]!.payload.preview, 'And can I bring my dog?');
});

test('a reply and a read mark are published; reading clears the unread count once', async () => {
  const opened = await inbound({ customer_id: c.customer.id, body: 'Hello platform' });
  const id = opened.body.conversation_id;
  const platform = await d.ok(d.admin, 'GET', `/conversations/${id}/`);
  assert.equal(platform.vendor_id, null, 'without a booking the conversation is the platform’s');
  assert.equal((await d.call(d.vendor, 'GET', `/conversations/${id}/`)).status, 404);

  const since = await lastEventId();
  const reply = await d.ok(d.admin, 'POST', `/conversations/${id}/messages/`, { body: 'Hello, how can we help?' });
  assert.equal(reply.author_type, 'staff');
  const read = await d.ok(d.admin, 'POST', `/conversations/${id}/read/`, undefined, 200);
  assert.equal(read.unread_count, 0);
  // Nothing left to read: no second receipt.
  await d.ok(d.admin, 'POST', `/conversations/${id}/read/`, undefined, 200);
  const events = await eventsSince(since);
  assert.deepEqual(events.map((e) => e.action), ['create', 'read']);
  assert.deepEqual([events[0]!.audience_staff, events[0]!.audience_vendor_id], [true, null]);
  assert.equal(events[1]!.payload.conversation_id, id);

  // Marking one customer message unread counts it again, and says so.
  const page = await d.ok(d.admin, 'GET', `/conversations/${id}/messages/?author_type=customer`);
  const message = page.results[0];
  const unread = await d.ok(d.admin, 'PATCH', `/conversations/${id}/messages/${message.id}/`, { read: false, version: message.version });
  assert.equal(unread.read_at, null);
  assert.equal((await d.ok(d.admin, 'GET', `/conversations/${id}/`)).unread_count, 1);
  assert.equal((await eventsSince(since)).at(-1)!.action, 'unread');
});

test('a write that fails publishes nothing', async () => {
  const since = await lastEventId();
  const id = (await inbound({ customer_id: c.customer.id, body: 'Anyone?' })).body.conversation_id;
  const after = await lastEventId();
  assert.ok(after > since);
  const refused = await d.call(d.admin, 'POST', `/conversations/${id}/messages/`, { body: 'x'.repeat(4001) });
  assert.equal(refused.status, 400);
  assert.equal(await lastEventId(), after);
});

test('a ticket’s first answer is due by its priority, moves with it until answered, and is met by the first staff reply', async () => {
  const urgent = await d.ok(d.admin, 'POST', '/tickets/', { requester_type: 'customer', requester_name: 'Amel', subject: 'Charged twice', priority: 'urgent' });
  const hours = (t: Json) => (Date.parse(t.first_response_due_at) - Date.parse(t.created_at)) / 3_600_000;
  assert.equal(hours(urgent), 1);
  assert.equal(urgent.first_responded_at, null);
  const normal = await d.ok(d.vendor, 'POST', '/tickets/', { requester_type: 'vendor', requester_name: 'Sahara', subject: 'Payout question' });
  assert.equal(hours(normal), 24);
  const low = await d.ok(d.admin, 'PATCH', `/tickets/${normal.id}/`, { priority: 'low', version: normal.version });
  assert.equal(hours(low), 72);

  // Overdue: unanswered and past due, in the named view.
  await d.sql("UPDATE tickets SET created_at = now() - interval '2 hours', first_response_due_at = now() - interval '1 hour' WHERE id = $1", [urgent.id]);
  const overdue = await d.ok(d.admin, 'GET', '/tickets/?view=overdue');
  assert.deepEqual(overdue.results.map((t: Json) => t.id), [urgent.id]);

  // The vendor's reply does not answer for staff; the first staff reply does, once.
  await d.ok(d.vendor, 'POST', `/tickets/${normal.id}/messages/`, { body: 'Any news?' });
  assert.equal((await d.ok(d.admin, 'GET', `/tickets/${normal.id}/`)).first_responded_at, null);
  await d.ok(d.admin, 'POST', `/tickets/${urgent.id}/messages/`, { body: 'We are on it.' });
  const answered = await d.ok(d.admin, 'GET', `/tickets/${urgent.id}/`);
  assert.ok(answered.first_responded_at);
  await d.ok(d.admin, 'POST', `/tickets/${urgent.id}/messages/`, { body: 'Refund sent.' });
  assert.equal((await d.ok(d.admin, 'GET', `/tickets/${urgent.id}/`)).first_responded_at, answered.first_responded_at);
  assert.equal((await d.ok(d.admin, 'GET', '/tickets/?view=overdue')).count, 0);

  const thread = await d.ok(d.admin, 'GET', `/tickets/${urgent.id}/messages/`, undefined, 200);
  assert.deepEqual(thread.results.map((m: Json) => [m.author_type, m.body]), [['staff', 'We are on it.'], ['staff', 'Refund sent.']]);
  // The platform's ticket is not the vendor's to read or answer.
  assert.equal((await d.call(d.vendor, 'GET', `/tickets/${urgent.id}/messages/`)).status, 404);
  assert.equal((await d.call(d.vendor, 'POST', `/tickets/${urgent.id}/messages/`, { body: 'Hi' })).status, 404);
  assert.equal((await d.call(d.admin, 'POST', `/tickets/${urgent.id}/messages/`, { body: '' })).status, 400);
});

test('escalating a chatbot request opens a ticket linked both ways, in one transaction', async () => {
  const at = new Date().toISOString();
  const request = await d.ok(d.admin, 'POST', '/chatbot-requests/', {
    customer_id: c.customer.id, intent: 'refund.status', confidence: 0.4, transcript: [{ role: 'customer', text: 'Where is my refund?', at }],
  });
  const reviewed = await d.ok(d.admin, 'POST', `/chatbot-requests/${request.id}/transition/`, { event: 'review', version: request.version });
  const escalated = await d.ok(d.admin, 'POST', `/chatbot-requests/${request.id}/transition/`, { event: 'escalate', version: reviewed.version });
  assert.equal(escalated.status, 'escalated');
  const ticket = await d.ok(d.admin, 'GET', `/tickets/${escalated.ticket_id}/`);
  assert.deepEqual([ticket.chatbot_request_id, ticket.customer_id, ticket.status], [request.id, c.customer.id, 'new']);
  assert.match(ticket.body, /Where is my refund\?/);
  assert.equal((await d.call(d.vendor, 'GET', `/chatbot-requests/${request.id}/`)).status, 403);
});

/** Uploads one file to a conversation through the media pipeline, as the inbox does. */
async function attach(who: Who, conversationId: string, name: string, data: Buffer, type = 'image/png') {
  const boundary = `----rihla${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="owner_type"\r\n\r\nconversation\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="owner_id"\r\n\r\n${conversationId}\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await d.t.app.inject({
    method: 'POST', url: '/branch/api/media/upload/', payload,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'accept-language': 'fr' },
  });
  return { status: res.statusCode, body: res.json() };
}

test('a reply carries images uploaded to its conversation, only ones its author may see', async () => {
  const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#2d7dc8' } }).png().toBuffer();
  const booking = await book(d, d.vendor, c);
  const id = (await inbound({ customer_id: c.customer.id, booking_id: booking.id, body: 'Here is my ticket' })).body.conversation_id;

  const uploaded = await attach(d.vendor, id, 'map.png', png);
  assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
  const image = uploaded.body.results[0];
  assert.deepEqual([image.owner_type, image.owner_id, image.vendor_id], ['conversation', id, d.vendorId]);
  // What the pipeline refuses is said in the uploader's language.
  const refused = await attach(d.vendor, id, 'notes.txt', Buffer.from('not an image'), 'text/plain');
  assert.equal(refused.status, 400);
  assert.match(refused.body.errors.file[0], /^notes\.txt/);
  assert.doesNotMatch(refused.body.errors.file[0], /This file is not/, 'translated');

  const reply = await d.ok(d.vendor, 'POST', `/conversations/${id}/messages/`, { body: 'The meeting point', attachments: [{ media_id: image.id, name: 'map.png', url: 'https://evil.example/x' }] }, 400);
  assert.ok(reply.errors, 'a client never gives an attachment’s address');
  const sent = await d.ok(d.vendor, 'POST', `/conversations/${id}/messages/`, { body: 'The meeting point', attachments: [{ media_id: image.id, name: 'map.png' }] });
  assert.deepEqual(sent.attachments, [{ media_id: image.id, name: 'map.png', url: `/branch/api/media/${image.id}/1280`, mime_type: 'image/png', size_bytes: image.size_bytes }]);
  // Staff read it in the thread, and the proxy serves it.
  const thread = await d.ok(d.admin, 'GET', `/conversations/${id}/messages/?ordering=-created_at`);
  assert.deepEqual(thread.results[0].attachments, sent.attachments);
  const served = await d.t.app.inject({ method: 'GET', url: `/branch/api/media/${image.id}/320.webp` });
  assert.equal(served.statusCode, 200);

  // Another vendor: cannot upload to, nor write in, this conversation; nor attach its image to their own.
  assert.equal((await attach(d.vendor2, id, 'x.png', png)).status, 400);
  assert.equal((await d.call(d.vendor2, 'POST', `/conversations/${id}/messages/`, { body: 'Hi', attachments: [{ media_id: image.id, name: 'map.png' }] })).status, 404);
  const k = await catalogFor(d, d.vendor2);
  const theirs = (await inbound({ customer_id: k.customer.id, booking_id: (await book(d, d.vendor2, k)).id, body: 'Hello' })).body.conversation_id;
  const stolen = await d.call(d.vendor2, 'POST', `/conversations/${theirs}/messages/`, { body: 'Look', attachments: [{ media_id: image.id, name: 'map.png' }] }, { 'accept-language': 'en' });
  assert.equal(stolen.status, 400);
  assert.deepEqual(stolen.body.errors, { 'attachments.0.media_id': [`${image.id} was not found.`] });
  // The customer app links its own files; it cannot name an uploaded image.
  assert.equal((await inbound({ customer_id: c.customer.id, body: 'Mine', attachments: [{ url: 'https://app.example/a.png', name: 'a.png', media_id: image.id }] })).status, 400);
  // Staff neither attach one conversation's image to another.
  const platform = (await inbound({ customer_id: c.customer.id, body: 'General question' })).body.conversation_id;
  assert.equal((await d.call(d.admin, 'POST', `/conversations/${platform}/messages/`, { body: 'See', attachments: [{ media_id: image.id, name: 'map.png' }] })).status, 400);
  assert.equal((await d.sql<Json>("SELECT count(*)::int AS n FROM messages WHERE body IN ('Look', 'See')"))[0]!.n, 0);
});

test('saved replies: each vendor keeps its own and the platform staff theirs; nobody reads or deletes another’s', async () => {
  const mine = await d.ok(d.vendor, 'POST', '/saved-replies/', { title: ' Meeting point ', body: 'We meet at the north gate at 07:45.' }, 201);
  assert.deepEqual(mine, { id: mine.id, title: 'Meeting point', body: 'We meet at the north gate at 07:45.' });
  const staffs = await d.ok(d.admin, 'POST', '/saved-replies/', { title: 'Refund delay', body: 'Refunds reach your card within 10 days.' }, 201);
  const titles = async (who: Who) => (await d.ok(who, 'GET', '/saved-replies/')).results.map((r: Json) => r.title);
  assert.deepEqual(await titles(d.vendor), ['Meeting point']);
  assert.deepEqual(await titles(d.vendor2), [], 'another vendor sees none of them');
  assert.deepEqual(await titles(d.admin), ['Refund delay'], 'staff keep the platform’s own');
  assert.equal((await d.call(d.vendor2, 'DELETE', `/saved-replies/${mine.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor, 'DELETE', `/saved-replies/${staffs.id}/`)).status, 404);
  assert.equal((await d.call(d.vendor, 'POST', '/saved-replies/', { title: '   ', body: 'x' })).status, 400);
  assert.equal((await d.call(d.vendor, 'POST', '/saved-replies/', { title: 'Extra', body: 'x', vendor_id: d.vendor2Id })).status, 400);
  assert.equal((await d.call(null, 'GET', '/saved-replies/')).status, 401);
  assert.equal((await d.call(d.vendor, 'DELETE', `/saved-replies/${mine.id}/`)).status, 204);
  assert.deepEqual(await titles(d.vendor), []);
});
