/**
 * Each settings section changes what the product does: the hold time and automatic expiry
 * drive booking creation and the expiry job; fees reach the splits of bookings made after
 * the change only; the language section refuses to disable English and feeds the login
 * page; a brand colour unreadable on either theme is refused; tax numbers follow their
 * Algerian formats; the cancellation window limits the refund of a late cancellation; a new
 * service takes the default cutoff that booking creation enforces; prices and bookings
 * are in accepted currencies only; the logo is an image uploaded through the media pipeline
 * that the login page shows. Saves are versioned (409 with the current section) and audited; vendor
 * staff change none of them.
 */
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sharp from 'sharp';
import { BRANDING_OWNER_ID } from '../../common/catalogValues.ts';
import { book, catalogFor, i18n, inDays, startDomain, type Catalog, type Domain, type Json, type Who } from './resources.fixtures.ts';

let d: Domain;
let c: Catalog;

before(async () => {
  d = await startDomain();
  c = await catalogFor(d, d.vendor);
});
after(() => d.close());

/** Saves some fields of a section with its current version. */
async function change(section: string, fields: Json, status = 200) {
  const current = await d.ok(d.admin, 'GET', `/settings/${section}/`);
  const res = await d.call(d.admin, 'PATCH', `/settings/${section}/`, { version: current.version, ...fields });
  assert.equal(res.status, status, JSON.stringify(res.body));
  return res.body as Json;
}

test('the hold time sets when a requested booking expires, and the expiry job follows auto-expiry', async () => {
  await change('business', { hold_minutes: 30, auto_expire: false });
  const booking = await book(d, d.vendor, c, { service_id: c.manualService.id });
  assert.equal(booking.status, 'requested');
  const held = Date.parse(booking.hold_expires_at) - Date.parse(booking.created_at);
  assert.ok(Math.abs(held - 30 * 60_000) < 5_000, `held ${held} ms`);

  // Loaded with the app's modules already in place (the sweeper imports the hooks).
  const { expireOverdue } = await import('../../server/jobs/sweeper.ts');
  const later = new Date(Date.now() + 31 * 60_000);
  await expireOverdue(d.t.app, later);
  assert.equal((await d.ok(d.admin, 'GET', `/bookings/${booking.id}/`)).status, 'requested', 'auto-expiry is off');

  await change('business', { auto_expire: true });
  await expireOverdue(d.t.app, later);
  assert.equal((await d.ok(d.admin, 'GET', `/bookings/${booking.id}/`)).status, 'expired');
});

test('a change of fees reaches bookings made after it only: the booking fee, and the payment fee in their splits', async () => {
  const cashFee = (cash: number) => ({ payment_fee_percent: { cib: 1.5, edahabia: 1, cash, wallet: 0, gift_card: 0 } });
  await change('fees', { customer_booking_fee_percent: 0, ...cashFee(0) });
  const before = await book(d, d.vendor, c);
  await change('fees', { customer_booking_fee_percent: 10, ...cashFee(5) });
  const later = await book(d, d.vendor, c);
  assert.equal(before.fee_amount, 0);
  assert.equal(later.fee_amount, Math.round((later.total - later.fee_amount) * 0.1), 'the customer booking fee of the new rates');

  /** Pays the whole booking in cash: the payment's fee, and its split (commission and fee to the platform). */
  const pay = async (booking: Json) => {
    await d.ok(d.admin, 'POST', '/payments/', { booking_id: booking.id, amount: booking.total, method: 'cash' });
    const [payment] = (await d.ok(d.admin, 'GET', `/payments/?booking_id=${booking.id}`)).results;
    const [split] = (await d.ok(d.admin, 'GET', `/payment-splits/?booking_id=${booking.id}`)).results;
    assert.equal(split.platform_amount, payment.platform_commission + payment.fee);
    return payment as Json;
  };
  assert.equal((await pay(before)).fee, 0, 'paid after the change, at the rates in force when it was booked');
  assert.equal((await pay(later)).fee, Math.round(later.total * 0.05));
});

test('English cannot be disabled; the default must be enabled; the login page reads what is enabled', async () => {
  const refused = await change('language', { enabled: ['fr', 'ar'], default: 'fr' }, 400);
  assert.deepEqual(refused.errors.enabled, ['English cannot be disabled.']);
  const french = await d.call(d.admin, 'PATCH', '/settings/language/', { version: (await d.ok(d.admin, 'GET', '/settings/language/')).version, enabled: ['en', 'fr'], default: 'ar' }, { 'accept-language': 'fr' });
  assert.equal(french.status, 400);
  assert.deepEqual(french.body.errors.default, ['La langue par défaut doit faire partie des langues activées.']);

  await change('language', { enabled: ['en', 'fr'], default: 'fr' });
  const open = await d.ok(null, 'GET', '/settings/public/');
  assert.deepEqual(open.language, { enabled: ['en', 'fr'], default: 'fr' });
  assert.ok(!('fees' in open) && !('email' in open.company), 'nothing private before sign-in');
  await change('language', { enabled: ['en', 'fr', 'ar'], default: 'fr' });
});

test('a brand colour unreadable on either theme is refused; a readable one reaches the login page', async () => {
  const yellow = await change('theme', { brand_color: '#ffff00' }, 400);
  assert.deepEqual(yellow.errors.brand_color, ['White text on this colour is not readable (contrast below 4.5:1).']);
  // Readable under white text, but too dark to stand out on the dark theme.
  const navy = await change('theme', { brand_color: '#1d4ed8' }, 400);
  assert.deepEqual(navy.errors.brand_color, ['This colour does not stand out on the dark theme (contrast below 3:1).']);
  await change('theme', { brand_color: '#c2410c', mode: 'dark' });
  assert.deepEqual((await d.ok(null, 'GET', '/settings/public/')).theme, { mode: 'dark', brand_color: '#c2410c', logo_url: null });
});

test('tax numbers follow their Algerian formats; a stale save is a 409 with the current section; each change is audited', async () => {
  const bad = await change('company', { rc_number: '16/00-123 B 18', nif_number: '12345', nis_number: '1234', ai_number: '12' }, 400);
  assert.deepEqual(Object.keys(bad.errors).sort(), ['ai_number', 'nif_number', 'nis_number', 'rc_number']);
  const saved = await change('company', { rc_number: '16/00-0123456 B 18', nif_number: '000016001234567', nis_number: '098716010012345', ai_number: '16012345678' });
  assert.equal(saved.value.rc_number, '16/00-0123456 B 18');

  const stale = await d.call(d.admin, 'PATCH', '/settings/company/', { version: saved.version - 1, trade_name: 'Other' });
  assert.equal(stale.status, 409);
  assert.equal(stale.body.current.version, saved.version);
  assert.equal(stale.body.current.value.trade_name, saved.value.trade_name);

  const trail = await d.ok(d.admin, 'GET', '/audit-log/?entity=settings&entity_id=company');
  assert.equal(trail.results[0].after.rc_number, '16/00-0123456 B 18');
});

test('a history reads what changed, field by field: a setting and a booking, each with its old and new value only', async () => {
  const current = await d.ok(d.admin, 'GET', '/settings/business/');
  const window = current.value.check_in_window_minutes;
  await change('business', { check_in_window_minutes: window + 480 });
  // Read as the settings page reads its history.
  const [setting] = (await d.ok(d.admin, 'GET', '/audit-log/?entity=settings&entity_id=business&ordering=-at&page_size=1')).results;
  assert.equal(setting.action, 'settings');
  assert.deepEqual([setting.before, setting.after], [{ check_in_window_minutes: window }, { check_in_window_minutes: window + 480 }]);
  await change('business', { check_in_window_minutes: window });

  // A booking: a payment's side effect on its money, then a transition with its status and the reason beside it.
  const booking = await book(d, d.vendor, c);
  await d.ok(d.admin, 'POST', '/payments/', { booking_id: booking.id, amount: booking.total, method: 'cash' });
  const paidNow = await d.ok(d.admin, 'GET', `/bookings/${booking.id}/`);
  await d.ok(d.vendor, 'POST', `/bookings/${booking.id}/transition/`, { event: 'cancel', reason: 'Storm warning', version: paidNow.version });
  const trail = (await d.ok(d.vendor, 'GET', `/audit-log/?entity=bookings&entity_id=${booking.id}&ordering=at`)).results as Json[];
  const paid = trail.find((e) => e.action === 'update' && 'paid' in (e.after ?? {}));
  assert.ok(paid, trail.map((e) => e.action).join(', '));
  assert.deepEqual([paid.before.paid, paid.after.paid], [0, booking.total]);
  assert.deepEqual([paid.before.payment_status, paid.after.payment_status], ['unpaid', 'paid']);
  const cancelled = trail.find((e) => e.action === 'transition:cancel');
  assert.ok(cancelled);
  assert.deepEqual([cancelled.before.status, cancelled.after.status, cancelled.after.reason], ['confirmed', 'cancelled', 'Storm warning']);
  assert.ok(!('customer_name' in cancelled.before), 'only the fields that changed');
});

test('vendor staff read the business rules but change no section, and never see fees', async () => {
  assert.equal((await d.call(d.vendor, 'GET', '/settings/business/')).status, 200);
  assert.equal((await d.call(d.vendor, 'GET', '/settings/fees/')).status, 403);
  const current = await d.ok(d.vendor, 'GET', '/settings/business/');
  assert.equal((await d.call(d.vendor, 'PATCH', '/settings/business/', { version: current.version, hold_minutes: 10 })).status, 403);
});

test('the cancellation window: a refund asked long enough before the start returns everything paid, a later one only its share', async () => {
  await change('business', { free_cancellation_hours: 48, late_cancellation_refund_percent: 25 });
  /** A booking starting `hours` from now, paid in full in cash. */
  const paidBooking = async (hours: number) => {
    const booking = await book(d, d.vendor, c, { starts_at: new Date(Date.now() + hours * 3_600_000).toISOString() });
    await d.ok(d.admin, 'POST', '/payments/', { booking_id: booking.id, amount: booking.total, method: 'cash' });
    return d.ok(d.admin, 'GET', `/bookings/${booking.id}/`);
  };
  const early = await paidBooking(72);
  assert.equal((await d.ok(d.admin, 'GET', `/bookings/${early.id}/refundable/`)).amount, early.total, 'outside the window: all of it');
  await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: early.id, amount: early.total, destination: 'original_method', reason: 'Changed plans' });

  const late = await paidBooking(24);
  const quarter = Math.round(late.total * 0.25);
  const room = await d.ok(d.admin, 'GET', `/bookings/${late.id}/refundable/`);
  assert.deepEqual([room.amount, room.late_percent], [quarter, 25], 'inside the window: a quarter');
  const refused = await d.call(d.vendor, 'POST', '/refunds/', { booking_id: late.id, amount: late.total, destination: 'original_method', reason: 'Changed plans' });
  assert.equal(refused.status, 400);
  assert.match(refused.body.errors.amount[0], /^This close to the start, at most .+ can be refunded\.$/);
  await d.ok(d.vendor, 'POST', '/refunds/', { booking_id: late.id, amount: quarter, destination: 'original_method', reason: 'Changed plans' });
  const none = await d.call(d.vendor, 'POST', '/refunds/', { booking_id: late.id, amount: 100, destination: 'original_method', reason: 'Again' }, { 'accept-language': 'fr' });
  assert.deepEqual(none.body.errors.amount, ['Si près du début, plus rien ne peut être remboursé.']);

  // A narrower window puts the same start outside it again.
  await change('business', { free_cancellation_hours: 12 });
  assert.equal((await d.ok(d.admin, 'GET', `/bookings/${late.id}/refundable/`)).amount, late.total - quarter);
  await change('business', { free_cancellation_hours: 0, late_cancellation_refund_percent: 100 });
});

test('a service created without its own cutoff takes the default one, and booking creation enforces it', async () => {
  await change('business', { default_cutoff_minutes: 600 });
  const service = await d.ok(d.vendor, 'POST', '/services/', {
    title_i18n: i18n('Kayak at dawn'), category_id: c.category.id, location_id: c.location.id, duration_minutes: 60, capacity: 10,
  });
  assert.equal(service.booking_cutoff_minutes, 600);
  const own = await d.ok(d.vendor, 'POST', '/services/', {
    title_i18n: i18n('Kayak at noon'), category_id: c.category.id, location_id: c.location.id, duration_minutes: 60, capacity: 10, booking_cutoff_minutes: 30,
  });
  assert.equal(own.booking_cutoff_minutes, 30, 'its own cutoff is kept');
  await d.ok(d.vendor, 'POST', '/price-rules/', { service_id: service.id, customer_type: 'adult', amount: 300000 });
  await d.sql(`INSERT INTO media (vendor_id, url, owner_type, owner_id, is_cover) VALUES ($1, 'https://cdn.example.test/k.jpg', 'service', $2, true)`, [service.vendor_id, service.id]);
  await d.ok(d.vendor, 'POST', `/services/${service.id}/transition/`, { event: 'publish', version: service.version });

  const inFiveHours = new Date(Date.now() + 5 * 3_600_000).toISOString();
  const web = { customer_id: c.customer.id, service_id: service.id, participants: { adult: 1 }, channel: 'web' };
  const closed = await d.call(d.vendor, 'POST', '/bookings/', { ...web, starts_at: inFiveHours });
  assert.equal(closed.status, 400);
  assert.deepEqual(closed.body.errors.starts_at, ['Bookings close 600 minutes before the start.']);
  await d.ok(d.vendor, 'POST', '/bookings/', { ...web, starts_at: inDays(2) });
  await change('business', { default_cutoff_minutes: 120 });
});

test('prices and bookings are in accepted currencies only; a new service takes the default currency', async () => {
  const refusedDefault = await change('currency', { default: 'EUR', accepted: ['DZD'] }, 400);
  assert.ok(refusedDefault.errors.default, 'the default is one of the accepted');

  const euro = await d.call(d.vendor, 'POST', '/price-rules/', { service_id: c.service.id, customer_type: 'adult', amount: 4000, currency: 'EUR' });
  assert.equal(euro.status, 400);
  assert.deepEqual(euro.body.errors.currency, ['EUR is not an accepted currency (accepted: DZD).']);
  const euroService = await d.call(d.vendor, 'POST', '/services/', {
    title_i18n: i18n('Paris walk'), category_id: c.category.id, duration_minutes: 60, capacity: 10, currency: 'EUR',
  });
  assert.equal(euroService.status, 400);
  assert.ok(euroService.body.errors.currency);

  await change('currency', { default: 'EUR', accepted: ['DZD', 'EUR'] });
  const made = await d.ok(d.vendor, 'POST', '/services/', { title_i18n: i18n('Paris walk'), category_id: c.category.id, duration_minutes: 60, capacity: 10 });
  assert.equal(made.currency, 'EUR', 'the default currency');

  // Dinars no longer accepted: the dinar service is refused at booking, at its field.
  await change('currency', { default: 'EUR', accepted: ['EUR'] });
  const refused = await d.call(d.vendor, 'POST', '/bookings/', { customer_id: c.customer.id, service_id: c.service.id, participants: { adult: 1 }, starts_at: inDays(4) }, { 'accept-language': 'fr' });
  assert.equal(refused.status, 400);
  assert.deepEqual(refused.body.errors.service_id, ['DZD n’est pas une devise acceptée (acceptées : EUR).']);
  await change('currency', { default: 'DZD', accepted: ['DZD'] });
});

/** Uploads one image as the marketplace's own (owner `branding`) through the media pipeline. */
async function uploadLogo(who: Who, data: Buffer) {
  const boundary = `----logo${Date.now()}`;
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const payload = Buffer.concat([
    Buffer.from(field('owner_type', 'branding') + field('owner_id', BRANDING_OWNER_ID)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await d.t.app.inject({
    method: 'POST', url: '/branch/api/media/upload/', payload,
    headers: { authorization: `Bearer ${who.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() };
}

test('the logo is an image uploaded through the media pipeline by staff; the login page shows it through the image proxy', async () => {
  const png = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#0f766e' } }).png().toBuffer();
  assert.equal((await uploadLogo(d.vendor, png)).status, 400, 'vendor staff add no image of the marketplace');
  const uploaded = await uploadLogo(d.admin, png);
  assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
  const [media] = uploaded.body.results;
  assert.equal(media.vendor_id, null);

  // Only an uploaded image of the marketplace may be named: a service's image is not a logo.
  const refused = await change('theme', { logo_media_id: c.service.id }, 400);
  assert.deepEqual(refused.errors.logo_media_id, ['Upload the logo first: this is not an image of the marketplace.']);

  await change('theme', { logo_media_id: media.id, logo_url: 'https://cdn.example.test/old-logo.png' });
  const { theme } = await d.ok(null, 'GET', '/settings/public/');
  assert.equal(theme.logo_url, `/branch/api/media/${media.id}/320`, 'the uploaded image wins over the address');
  const image = await d.t.app.inject({ method: 'GET', url: `${theme.logo_url}.webp` });
  assert.equal(image.statusCode, 200);
  assert.equal(image.headers['content-type'], 'image/webp');

  await change('theme', { logo_media_id: null });
  assert.equal((await d.ok(null, 'GET', '/settings/public/')).theme.logo_url, 'https://cdn.example.test/old-logo.png');
  await change('theme', { logo_url: null });
});

test('a stored address is https, a path on this server, or http on localhost in development: never javascript:, data: or //host', async () => {
  const refusedUrls = ['javascript:alert(document.domain)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/logo.png', 'ftp://files.example/logo.png', 'http://cdn.example.test/logo.png', 'https:logo.png'];
  for (const url of refusedUrls) {
    const res = await change('theme', { logo_url: url }, 400);
    assert.deepEqual(res.errors.logo_url, ['Use an address that starts with https:// or a path on this site.'], url);
  }
  const french = await d.call(d.admin, 'PATCH', '/settings/theme/', { version: (await d.ok(d.admin, 'GET', '/settings/theme/')).version, logo_url: 'javascript:alert(1)' }, { 'accept-language': 'fr' });
  assert.deepEqual(french.body.errors.logo_url, ['Indiquez une adresse qui commence par https:// ou un chemin de ce site.']);
  assert.equal((await d.ok(null, 'GET', '/settings/public/')).theme.logo_url, null, 'nothing refused reached the public settings');
  for (const url of ['https://cdn.example.test/logo.png', '/branch/api/media/logo.png', 'http://localhost:3000/logo.png']) {
    await change('theme', { logo_url: url });
    assert.equal((await d.ok(null, 'GET', '/settings/public/')).theme.logo_url, url);
  }
  await change('theme', { logo_url: null });
  // The same rule on records: a vendor's website, a media address, a banner's link.
  const vendor = await d.ok(d.vendor, 'GET', `/vendors/${d.vendorId}/`);
  const website = await d.call(d.vendor, 'PATCH', `/vendors/${d.vendorId}/`, { version: vendor.version, website: 'javascript:alert(1)' });
  assert.deepEqual([website.status, website.body.errors?.website], [400, ['Use an address that starts with https:// or a path on this site.']]);
  const media = await d.call(d.vendor, 'POST', '/media/', { url: 'data:image/png;base64,AAAA', owner_type: 'service', owner_id: c.service.id });
  assert.equal(media.status, 400);
  const banner = await d.call(d.admin, 'POST', '/banners/', { image_url: 'https://cdn.example.test/b.jpg', link_url: 'javascript:alert(1)' });
  assert.deepEqual([banner.status, Object.keys(banner.body.errors ?? {})], [400, ['link_url']]);
});
