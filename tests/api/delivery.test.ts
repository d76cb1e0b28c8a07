/**
 * Notifications really delivered: email over SMTP to a real local SMTP server (what
 * arrives is read back: subject and body in each recipient's language, the delivery's
 * key as Message-ID), retries then a failed state, SMS/push in the development outbox,
 * in-app items in the bell, scheduled sends and cancelling them, and sending a
 * notification twice reaching nobody twice.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import '../../server/jobs/index.ts';
import { providersFromEnv } from '../../server/notifications/providers.ts';
import { useProviders } from '../../server/notifications/send.ts';
import { enqueue, runDueJobs } from '../../server/jobs/queue.ts';
import { startDomain, type Domain, type Json } from './resources.fixtures.ts';
import { startSmtpSink, type SmtpSink } from './smtpSink.ts';

let d: Domain;
let smtp: SmtpSink;
const WILAYA = '58';
const texts = {
  title_i18n: { en: 'Dunes festival', fr: 'Festival des dunes', ar: 'مهرجان الكثبان' },
  body_i18n: { en: 'See you in El Meniaa.', fr: 'Rendez-vous à El Meniaa.', ar: 'نلقاكم في المنيعة.' },
};

before(async () => {
  process.env.DELIVERY_RETRY_SECONDS = '0';
  d = await startDomain();
  smtp = await startSmtpSink();
  useProviders(d.t.app, providersFromEnv({ SMTP_URL: smtp.url }));
});
after(async () => {
  delete process.env.DELIVERY_RETRY_SECONDS;
  await d.close();
  await smtp.close();
});

const customer = (name: string, locale: string, email: string | null, extra: Json = {}) =>
  d.ok(d.admin, 'POST', '/customers/', { name, phone: `+213 661 ${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`, email, locale, ...extra });

async function sendNow(body: Json): Promise<Json> {
  const created = await d.ok(d.admin, 'POST', '/notifications/', { ...texts, ...body });
  const sending = await d.ok(d.admin, 'POST', `/notifications/${created.id}/transition/`, { event: 'send', version: created.version });
  assert.equal(sending.status, 'sending');
  await runDueJobs(d.t.app);
  return d.ok(d.admin, 'GET', `/notifications/${created.id}/`);
}

test('email to a segment goes out over SMTP once per recipient, each in their language; the count before matches', async () => {
  const people = [
    await customer('Lina Ait', 'en', 'lina@example.test', { wilaya_code: WILAYA }),
    await customer('Omar Benali', 'fr', 'omar@example.test', { wilaya_code: WILAYA }),
    await customer('Samira Haddad', 'ar', 'samira@example.test', { wilaya_code: WILAYA }),
  ];
  await customer('No Email', 'fr', null, { wilaya_code: WILAYA });
  await customer('Elsewhere', 'fr', 'elsewhere@example.test', { wilaya_code: '16' });
  const [{ n: expected }] = await d.sql<Json>(
    "SELECT count(*)::int AS n FROM customers WHERE wilaya_code = $1 AND NOT blocked AND coalesce(email, '') <> ''", [WILAYA]);
  const audience = { channel: 'email', audience_type: 'segment', segment_filters: { wilaya_code: WILAYA } };
  const { count } = await d.ok(d.admin, 'POST', '/notifications/audience-count/', audience, 200);
  assert.equal(count, expected);

  const sent = await sendNow(audience);
  assert.equal(sent.status, 'sent');
  assert.equal(sent.recipients_count, expected);
  assert.equal(sent.delivered_count, expected);
  assert.equal(sent.failed_count, 0);
  assert.ok(sent.sent_at);

  const mails = smtp.received.filter((m) => m.messageId.includes(sent.id));
  assert.equal(mails.length, expected, 'one message per recipient');
  assert.equal(new Set(mails.map((m) => m.to)).size, expected);
  const byAddress = new Map(mails.map((m) => [m.to, m]));
  for (const [person, locale] of [[people[0], 'en'], [people[1], 'fr'], [people[2], 'ar']] as const) {
    const mail = byAddress.get(person.email)!;
    assert.ok(mail, `${person.email} got the message`);
    assert.equal(mail.subject, texts.title_i18n[locale]);
    assert.equal(mail.text, texts.body_i18n[locale]);
    assert.equal(mail.language, locale);
    assert.equal(mail.messageId, `<${sent.id}:customer:${person.id}@rihla.notifications>`);
  }
  assert.ok(!byAddress.has('elsewhere@example.test'));

  const deliveries = await d.ok(d.admin, 'GET', `/notifications/${sent.id}/deliveries/?status=sent`);
  assert.equal(deliveries.count, expected);
  const lina = deliveries.results.find((r: Json) => r.address === 'lina@example.test');
  assert.deepEqual({ ...lina, sent_at: Boolean(lina.sent_at) }, {
    recipient_name: 'Lina Ait', recipient_key: `customer:${people[0].id}`, address: 'lina@example.test', channel: 'email',
    status: 'sent', attempts: 1, last_error: null, provider_ref: `<${sent.id}:customer:${people[0].id}@rihla.notifications>`, sent_at: true,
  });
  assert.equal((await d.ok(d.admin, 'GET', `/notifications/${sent.id}/deliveries/?status=failed`)).count, 0);

  // Running its job again (an instance re-running it after a crash) reaches nobody twice.
  await enqueue(d.t.db, 'notification.send', { id: sent.id });
  await runDueJobs(d.t.app);
  assert.equal(smtp.received.filter((m) => m.messageId.includes(sent.id)).length, expected);
});

test('a refused address is retried with back-off, then failed; the notification shows it', async () => {
  const ok = await customer('Karim Ok', 'fr', 'karim@example.test');
  const refused = await customer('Nadia Refused', 'fr', 'nadia@example.test');
  smtp.refuse.add('nadia@example.test');
  const [topic] = await d.sql<Json>("INSERT INTO topics (key, name_i18n) VALUES ('dunes', '{\"en\":\"Dunes\"}') RETURNING id");
  await d.sql('INSERT INTO topic_subscribers (topic_id, customer_id) VALUES ($1, $2), ($1, $3)', [topic.id, ok.id, refused.id]);

  const partly = await sendNow({ channel: 'email', audience_type: 'topic', topic_id: topic.id });
  assert.equal(partly.status, 'sent', 'every delivery attempted: sent, with a failure');
  assert.equal(partly.delivered_count, 1);
  assert.equal(partly.failed_count, 1);
  const failed = await d.ok(d.admin, 'GET', `/notifications/${partly.id}/deliveries/?status=failed`);
  assert.equal(failed.count, 1);
  assert.equal(failed.results[0].address, 'nadia@example.test');
  assert.equal(failed.results[0].attempts, 3);
  assert.match(failed.results[0].last_error, /Mailbox unavailable/);

  const none = await sendNow({ channel: 'email', audience_type: 'customer', audience_customer_id: refused.id });
  assert.equal(none.status, 'failed', 'nobody reached: failed');
  assert.equal(none.failed_count, 1);
  assert.equal(none.status_reason, 'Every delivery failed.');
  smtp.refuse.clear();
});

test('SMS and push go to the development outbox, once per recipient even when sent again', async () => {
  const person = await customer('Yacine Sms', 'ar', null);
  const sms = await sendNow({ channel: 'sms', audience_type: 'customer', audience_customer_id: person.id });
  assert.equal(sms.status, 'sent');
  const outbox = await d.ok(d.admin, 'GET', `/notifications/${sms.id}/outbox/`);
  assert.equal(outbox.count, 1);
  assert.equal(outbox.results[0].channel, 'sms');
  assert.equal(outbox.results[0].address, person.phone);
  assert.equal(outbox.results[0].body, texts.body_i18n.ar);

  // A crash after the provider took the message but before it was marked: the row is
  // left `sending`; after its lease it goes again with the same key, and the outbox keeps one.
  await d.sql("UPDATE notification_deliveries SET status = 'sending', claimed_at = now() - interval '1 hour' WHERE notification_id = $1", [sms.id]);
  await d.sql("UPDATE notifications SET status = 'sending' WHERE id = $1", [sms.id]);
  await enqueue(d.t.db, 'notification.send', { id: sms.id });
  await runDueJobs(d.t.app);
  assert.equal((await d.ok(d.admin, 'GET', `/notifications/${sms.id}/outbox/`)).count, 1);
  assert.equal((await d.ok(d.admin, 'GET', `/notifications/${sms.id}/`)).status, 'sent');
});

test('in-app to a user lands in their bell, in the reader\'s language; only they see and read it', async () => {
  const [me] = await d.sql<Json>("SELECT id FROM users WHERE email = 'staff@rihla.test'");
  const sent = await sendNow({ channel: 'in_app', audience_type: 'user', audience_user_id: me.id });
  assert.equal(sent.delivered_count, 1);
  assert.deepEqual(await d.ok(d.admin, 'GET', '/inbox/count/'), { unread: 1 });
  assert.deepEqual(await d.ok(d.vendor, 'GET', '/inbox/count/'), { unread: 0 });
  const res = await d.call(d.admin, 'GET', '/inbox/?unread=1', undefined, { 'accept-language': 'fr' });
  const items = (res.body as Json).results;
  assert.equal(items.length, 1);
  assert.equal(items[0].title, texts.title_i18n.fr);
  assert.equal(items[0].body, texts.body_i18n.fr);
  assert.equal(items[0].read_at, null);
  assert.equal((await d.call(d.vendor, 'POST', `/inbox/${items[0].id}/read/`)).status, 404, "someone else's item is unknown");
  const read = await d.ok(d.admin, 'POST', `/inbox/${items[0].id}/read/`, undefined, 200);
  assert.ok(read.read_at);
  assert.deepEqual(await d.ok(d.admin, 'GET', '/inbox/count/'), { unread: 0 });
  const [event] = await d.sql<Json>("SELECT * FROM realtime_events WHERE type = 'notification' AND action = 'create' ORDER BY id DESC LIMIT 1");
  assert.equal(event.record_id, items[0].id);
  assert.equal(event.audience_user_id, me.id, 'announced to that user only');
  assert.equal(event.audience_staff, false);

  await sendNow({ channel: 'in_app', audience_type: 'user', audience_user_id: me.id });
  assert.deepEqual(await d.ok(d.admin, 'GET', '/inbox/count/'), { unread: 1 });
  assert.deepEqual(await d.ok(d.admin, 'POST', '/inbox/read-all/', undefined, 200), { read: 1 });
  assert.deepEqual(await d.ok(d.admin, 'GET', '/inbox/count/'), { unread: 0 });
});

test('a scheduled notification waits for its time; cancelled, it never goes', async () => {
  const person = await customer('Meriem Later', 'en', 'meriem@example.test');
  const draft = await d.ok(d.admin, 'POST', '/notifications/', { ...texts, channel: 'email', audience_type: 'customer', audience_customer_id: person.id });
  const soon = new Date(Date.now() + 1500).toISOString();
  const scheduled = await d.ok(d.admin, 'POST', `/notifications/${draft.id}/transition/`, { event: 'schedule', version: draft.version, scheduled_at: soon });
  assert.equal(scheduled.status, 'scheduled');
  await runDueJobs(d.t.app);
  assert.equal((await d.ok(d.admin, 'GET', `/notifications/${draft.id}/`)).status, 'scheduled', 'not before its time');
  const cancelled = await d.ok(d.admin, 'POST', `/notifications/${draft.id}/transition/`, { event: 'cancel', version: scheduled.version });
  assert.equal(cancelled.status, 'draft');
  await new Promise((resolve) => setTimeout(resolve, 1600));
  await runDueJobs(d.t.app);
  assert.equal((await d.ok(d.admin, 'GET', `/notifications/${draft.id}/`)).status, 'draft', 'the cancelled schedule sent nothing');
  assert.equal(smtp.received.filter((m) => m.to === 'meriem@example.test').length, 0);

  const again = await d.ok(d.admin, 'POST', `/notifications/${draft.id}/transition/`,
    { event: 'schedule', version: cancelled.version, scheduled_at: new Date(Date.now() + 1000).toISOString() });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await runDueJobs(d.t.app);
  const done = await d.ok(d.admin, 'GET', `/notifications/${draft.id}/`);
  assert.equal(done.status, 'sent');
  assert.ok(done.version > again.version);
  assert.equal(smtp.received.filter((m) => m.to === 'meriem@example.test').length, 1);
});

test('staff only: vendors get no audience counts, deliveries or outbox; completing by hand is refused', async () => {
  const created = await d.ok(d.admin, 'POST', '/notifications/', { ...texts, channel: 'push', audience_type: 'all_customers' });
  assert.equal((await d.call(d.vendor, 'POST', '/notifications/audience-count/', { channel: 'push', audience_type: 'all_customers' })).status, 403);
  assert.equal((await d.call(d.vendor, 'GET', `/notifications/${created.id}/deliveries/`)).status, 403);
  assert.equal((await d.call(d.vendor, 'GET', `/notifications/${created.id}/outbox/`)).status, 403);
  const bad = await d.call(d.admin, 'POST', '/notifications/audience-count/', { channel: 'fax', audience_type: 'all_customers' });
  assert.equal(bad.status, 400);
  const sending = await d.ok(d.admin, 'POST', `/notifications/${created.id}/transition/`, { event: 'send', version: created.version });
  const byHand = await d.call(d.admin, 'POST', `/notifications/${created.id}/transition/`, { event: 'complete', version: sending.version });
  assert.equal(byHand.status, 403);
  await runDueJobs(d.t.app);
  const doc = await d.ok(d.admin, 'GET', '/openapi.json');
  for (const path of ['/notifications/audience-count/', '/notifications/{id}/deliveries/', '/notifications/{id}/outbox/', '/inbox/', '/inbox/count/', '/inbox/{id}/read/', '/inbox/read-all/']) {
    assert.ok(doc.paths[`/branch/api${path}`], `${path} is documented`);
  }
});

test('a notification that reaches nobody is refused, sent now or scheduled, and its count says 0 first', async () => {
  const topic = await d.ok(d.admin, 'POST', '/topics/', { key: 'nobody-yet', name_i18n: { en: 'Nobody yet', fr: 'Personne encore', ar: 'لا أحد بعد' } });
  const audience = { channel: 'email', audience_type: 'topic', topic_id: topic.id };
  assert.equal((await d.ok(d.admin, 'POST', '/notifications/audience-count/', audience, 200)).count, 0);
  const draft = await d.ok(d.admin, 'POST', '/notifications/', { ...texts, ...audience });
  const now = await d.call(d.admin, 'POST', `/notifications/${draft.id}/transition/`, { event: 'send', version: draft.version });
  assert.equal(now.status, 409);
  assert.match(now.body.detail, /reaches nobody/);
  const later = await d.call(d.admin, 'POST', `/notifications/${draft.id}/transition/`, { event: 'schedule', version: draft.version, scheduled_at: new Date(Date.now() + 3_600_000).toISOString() });
  assert.equal(later.status, 409);
  const still = await d.ok(d.admin, 'GET', `/notifications/${draft.id}/`);
  assert.deepEqual([still.status, still.version], ['draft', draft.version], 'nothing changed');
  // Said in the reader's language.
  const french = await d.call(d.admin, 'POST', `/notifications/${draft.id}/transition/`, { event: 'send', version: draft.version }, { 'accept-language': 'fr' });
  assert.match(french.body.detail, /n’atteint personne/);
});
