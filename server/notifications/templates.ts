/**
 * Notifications sent by booking events: when the booking chart moves to confirmed or
 * cancelled, and the day before it starts, a notification is made from that event's
 * template for the booking's customer, in the same transaction, and goes out through the
 * delivery queue. Texts are filled in each language (the recipient gets theirs); a
 * booking gets at most one notification per template (booking_notifications).
 */
import { LOCALES, type Locale } from '../../common/common.ts';
import type { TemplateKey } from '../../common/notificationTemplates.ts';
import { collection } from '../../common/registry.ts';
import { BUSINESS_TIME_ZONE } from '../../common/time.ts';
import { hooksOf, type WriteContext } from '../engine/hooks.ts';
import { insertRecord, type Row } from '../engine/records.ts';
import { applyTransition } from '../engine/transitions.ts';

const notifications = collection('notifications');
const INTL_TAGS: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-DZ' };

type I18nText = Record<Locale, string>;

/** `{name}` replaced by its value; an unknown name stays as written. */
export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{([a-z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

interface BookingFacts {
  customer_id: string | null;
  customer_name: string;
  ref: string;
  starts_at: string;
  service_title: I18nText;
  vendor_name: string;
}

async function bookingFacts(ctx: WriteContext, bookingId: string): Promise<BookingFacts | undefined> {
  const { rows } = await ctx.tx.query<BookingFacts>(
    `SELECT b.customer_id, coalesce(c.name, b.customer_name) AS customer_name, b.ref, b.starts_at,
            s.title_i18n AS service_title, v.trade_name AS vendor_name
       FROM bookings b
       JOIN services s ON s.id = b.service_id
       JOIN vendors v ON v.id = b.vendor_id
       LEFT JOIN customers c ON c.id = b.customer_id
      WHERE b.id = $1`,
    [bookingId],
  );
  return rows[0];
}

/**
 * Makes and sends the notification of `key` for one booking, unless its template is off,
 * the booking has no customer record, or it already got one. Returns the notification.
 */
export async function notifyBooking(ctx: WriteContext, key: TemplateKey, bookingId: string): Promise<Row | null> {
  const { rows: templates } = await ctx.tx.query<{ channel: string; title_i18n: I18nText; body_i18n: I18nText }>(
    'SELECT channel, title_i18n, body_i18n FROM notification_templates WHERE key = $1 AND active',
    [key],
  );
  const template = templates[0];
  if (!template) return null;
  const facts = await bookingFacts(ctx, bookingId);
  if (!facts?.customer_id) return null;
  // The claim: a second run (another instance, a retried job) finds the row and stops here.
  const { rows: claimed } = await ctx.tx.query(
    'INSERT INTO booking_notifications (booking_id, template_key) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING booking_id',
    [bookingId, key],
  );
  if (claimed.length === 0) return null;
  const title = {} as I18nText;
  const body = {} as I18nText;
  for (const locale of LOCALES) {
    const values = {
      customer_name: facts.customer_name,
      ref: facts.ref,
      vendor: facts.vendor_name,
      service: facts.service_title[locale] || facts.service_title.en,
      starts_at: new Intl.DateTimeFormat(INTL_TAGS[locale], { dateStyle: 'long', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(new Date(facts.starts_at)),
    };
    // A language the template leaves empty falls back to English, filled in that language's values.
    title[locale] = fill(template.title_i18n[locale] || template.title_i18n.en, values).slice(0, 150);
    body[locale] = fill(template.body_i18n[locale] || template.body_i18n.en, values).slice(0, 2000);
  }
  const draft = await insertRecord(ctx, notifications, {
    title_i18n: title,
    body_i18n: body,
    channel: template.channel,
    audience_type: 'customer',
    audience_customer_id: facts.customer_id,
    template_key: key,
    status: 'draft',
    created_by: null,
  });
  await ctx.tx.query('UPDATE booking_notifications SET notification_id = $3 WHERE booking_id = $1 AND template_key = $2', [bookingId, key, draft.id]);
  // Sending is the notification chart's `send`, so a template notification goes out exactly like a composed one.
  return applyTransition(ctx, notifications, hooksOf(ctx, 'notifications'), draft, { event: 'send' }, 'system');
}

const SENT_ON: Record<string, TemplateKey> = { confirm: 'booking_confirmed', cancel: 'booking_cancelled' };

/** After a booking transition: a confirmation or a cancellation notifies the customer, in the same transaction. */
export async function notifyBookingTransition(ctx: WriteContext, after: Row, event: string): Promise<void> {
  const key = SENT_ON[event];
  if (key) await notifyBooking(ctx, key, String(after.id));
}
