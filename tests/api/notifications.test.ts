/**
 * Notifications made by booking events (templates on confirm and cancel, in the
 * customer's language; the day-before reminder, once), template editing, and topic
 * subscribers.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { runDueJobs } from '../../server/jobs/index.ts';
import { sendDueReminders } from '../../server/notifications/reminders.ts';
import { book, catalogFor, startDomain, type Catalog, type Domain, type Json } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;
before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

const templateNotifications = (key: string, customerId: string) =>
  d.sql<Json>('SELECT * FROM notifications WHERE template_key = $1 AND audience_customer_id = $2 ORDER BY created_at', [key, customerId]);

const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

test('confirming a booking sends the confirmation template to its customer, in their language', async () => {
  const customer = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Amina Saidi', phone: '+213 661 22 33 44', email: 'amina@example.test', locale: 'ar' });
  const booking = await book(d, d.vendor, c, { service_id: c.manualService.id, customer_id: customer.id });
  assert.equal(booking.status, 'requested');
  assert.equal((await templateNotifications('booking_confirmed', customer.id)).length, 0, 'nothing before the confirmation');
  await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, { event: 'confirm', version: booking.version });
  const [sent, ...more] = await templateNotifications('booking_confirmed', customer.id);
  assert.ok(sent, 'a notification was made');
  assert.equal(more.length, 0);
  assert.equal(sent.audience_type, 'customer');
  assert.notEqual(sent.status, 'draft', 'it was sent, not left as a draft');
  // Arabic text with the booking's facts filled in; every language is filled for the delivery to pick from.
  assert.match(sent.title_i18n.ar, /تم تأكيد حجزك/);
  assert.ok(sent.title_i18n.ar.includes(booking.ref));
  assert.ok(sent.body_i18n.ar.includes('Amina Saidi'));
  assert.ok(sent.body_i18n.ar.includes(c.manualService.title_i18n.ar), 'the service title in Arabic');
  assert.ok(sent.body_i18n.fr.includes(c.manualService.title_i18n.fr));
  assert.doesNotMatch(sent.body_i18n.en, /\{[a-z_]+\}/, 'no placeholder left');

  // Delivered by the queue (the development outbox without SMTP_URL): once, in Arabic, to her address.
  await runDueJobs(d.t.app);
  const out = await d.sql<Json>('SELECT channel, address, locale, title, body FROM notification_outbox WHERE notification_id = $1', [sent.id]);
  assert.equal(out.length, 1);
  assert.deepEqual([out[0].address, out[0].locale, out[0].title], ['amina@example.test', 'ar', sent.title_i18n.ar]);
  assert.equal(out[0].body, sent.body_i18n.ar);
});

test('cancelling sends the cancellation template; a switched-off template sends nothing', async () => {
  const booking = await book(d, d.vendor, c);
  await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, { event: 'cancel', version: booking.version, reason: 'Weather' });
  const cancelled = await templateNotifications('booking_cancelled', c.customer.id);
  assert.equal(cancelled.length, 1);
  assert.ok(cancelled[0].title_i18n.fr.includes('annulée'));

  const [template] = (await d.ok(d.admin, 'GET', '/notification-templates/?key=booking_cancelled')).results;
  await d.ok(d.admin, 'PATCH', `/notification-templates/${template.id}/`, { active: false, version: template.version });
  const other = await book(d, d.vendor, c);
  await d.ok(d.vendor, 'POST', `/bookings/${other.id}/transition/`, { event: 'cancel', version: other.version, reason: 'Weather' });
  assert.equal((await templateNotifications('booking_cancelled', c.customer.id)).length, 1, 'no second one while the template is off');
  const restored = await d.ok(d.admin, 'GET', `/notification-templates/${template.id}/`);
  await d.ok(d.admin, 'PATCH', `/notification-templates/${template.id}/`, { active: true, version: restored.version });
});

test('templates: staff edit them, placeholders are checked, vendors cannot read them', async () => {
  const list = await d.ok(d.admin, 'GET', '/notification-templates/');
  assert.deepEqual(list.results.map((t: Json) => t.key).sort(), ['booking_cancelled', 'booking_confirmed', 'booking_reminder']);
  const reminder = list.results.find((t: Json) => t.key === 'booking_reminder');
  const bad = await d.call(d.admin, 'PATCH', `/notification-templates/${reminder.id}/`, {
    version: reminder.version, body_i18n: { en: 'Pay {price} for {service}', fr: '', ar: '' },
  });
  assert.equal(bad.status, 400);
  assert.deepEqual(bad.body.errors.body_i18n, ['Unknown placeholder: price.']);
  const edited = await d.ok(d.admin, 'PATCH', `/notification-templates/${reminder.id}/`, {
    version: reminder.version, body_i18n: { en: 'See you tomorrow for {service}, {customer_name}.', fr: 'À demain pour {service}, {customer_name}.', ar: '' },
  });
  assert.equal(edited.version, reminder.version + 1);
  assert.equal((await d.call(d.vendor, 'GET', '/notification-templates/')).status, 403);
  assert.equal((await d.call(d.admin, 'POST', '/notification-templates/', { key: 'booking_confirmed' })).status, 405);
});

test('the day-before reminder goes out once per booking, however often the job runs', async () => {
  const customer = await d.ok(d.vendor, 'POST', '/customers/', { name: 'Yacine Brahimi', phone: '+213 770 10 20 30', email: 'yacine@example.test', locale: 'fr' });
  const soon = await book(d, d.vendor, c, { customer_id: customer.id, starts_at: hoursAhead(20) });
  const later = await book(d, d.vendor, c, { customer_id: customer.id, starts_at: hoursAhead(72) });
  assert.equal(soon.status, 'confirmed');
  const first = await sendDueReminders(d.t.app);
  assert.ok(first >= 1);
  const second = await Promise.all([sendDueReminders(d.t.app), sendDueReminders(d.t.app)]);
  assert.deepEqual(second, [0, 0], 'nothing more on later runs');
  const reminders = await templateNotifications('booking_reminder', customer.id);
  assert.equal(reminders.length, 1);
  assert.ok(reminders[0].body_i18n.fr.includes(soon.ref) || reminders[0].body_i18n.fr.includes('Yacine'));
  const linked = await d.sql<Json>("SELECT booking_id FROM booking_notifications WHERE template_key = 'booking_reminder' AND booking_id = ANY($1)", [[soon.id, later.id]]);
  assert.deepEqual(linked.map((r) => r.booking_id), [soon.id], 'the booking three days ahead waits');
});

test('topic subscribers: add, list, refuse a duplicate, remove; the count follows; staff only', async () => {
  const topic = await d.ok(d.admin, 'POST', '/topics/', { key: `desert.trips.${Date.now()}`, name_i18n: { en: 'Desert trips', fr: 'Sorties désert', ar: 'رحلات الصحراء' } });
  const base = `/topics/${topic.id}/subscribers/`;
  const added = await d.ok(d.admin, 'POST', base, { customer_id: c.customer.id });
  assert.equal(added.subscribers_count, 1);
  const dup = await d.call(d.admin, 'POST', base, { customer_id: c.customer.id });
  assert.equal(dup.status, 409);
  const unknown = await d.call(d.admin, 'POST', base, { customer_id: '00000000-0000-4000-8000-000000000000' });
  assert.equal(unknown.status, 400);
  assert.ok(unknown.body.errors.customer_id);
  const list = await d.ok(d.admin, 'GET', base);
  assert.equal(list.count, 1);
  assert.equal(list.results[0].customer_id, c.customer.id);
  assert.equal(list.results[0].name, c.customer.name);
  assert.equal((await d.ok(d.admin, 'GET', `${base}?search=nobody-by-that-name`)).count, 0);
  assert.equal((await d.call(d.vendor, 'GET', base)).status, 403);
  assert.equal((await d.call(d.vendor, 'POST', base, { customer_id: c.customer.id })).status, 403);
  await d.ok(d.admin, 'DELETE', `${base}${c.customer.id}/`);
  assert.equal((await d.call(d.admin, 'DELETE', `${base}${c.customer.id}/`)).status, 404);
  assert.equal((await d.ok(d.admin, 'GET', `/topics/${topic.id}/`)).subscribers_count, 0);
  const audit = await d.sql<Json>("SELECT action FROM audit_log WHERE entity = 'topics' AND entity_id = $1 ORDER BY at", [topic.id]);
  assert.deepEqual(audit.map((a) => a.action), ['create', 'subscribe', 'unsubscribe']);
});

test('audience counts: a topic reaches its subscribers who have an address on the channel', async () => {
  const topic = await d.ok(d.admin, 'POST', '/topics/', { key: `count.${Date.now()}`, name_i18n: { en: 'Counted', fr: 'Compté', ar: 'معدود' } });
  const withEmail = await d.ok(d.admin, 'POST', '/customers/', { name: 'Samir Email', phone: '+213 550 11 22 33', email: 'samir@example.test' });
  const withoutEmail = await d.ok(d.admin, 'POST', '/customers/', { name: 'Rania Phone', phone: '+213 551 44 55 66' });
  for (const c of [withEmail, withoutEmail]) await d.ok(d.admin, 'POST', `/topics/${topic.id}/subscribers/`, { customer_id: c.id });
  const count = async (channel: string) =>
    (await d.ok(d.admin, 'POST', '/notifications/audience-count/', { channel, audience_type: 'topic', topic_id: topic.id }, 200)).count;
  assert.equal(await count('email'), 1, 'only the subscriber with an email address');
  assert.equal(await count('sms'), 2, 'both have a phone');
  await d.ok(d.admin, 'DELETE', `/topics/${topic.id}/subscribers/${withoutEmail.id}/`);
  assert.equal(await count('sms'), 1);
});
