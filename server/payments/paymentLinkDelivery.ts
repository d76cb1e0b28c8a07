/**
 * A payment link goes to its payer: by SMS to the invitee's phone and by email to their
 * email, or, when the request names neither, to the booking's customer's. Where nobody can
 * be reached the link is only created (the operator shares it), and says so: `sent_count`
 * stays 0. Either way the booking's history records it (action `payment_link`: the amount
 * and to whom it went). The messages go out after the transaction commits, through the
 * delivery providers (server/notifications/providers.ts), once per link, sending and channel:
 * the idempotency key makes a retried job a no-op.
 */
import type { FastifyInstance } from 'fastify';
import type { Locale } from '../../common/common.ts';
import { BUSINESS_TIME_ZONE } from '../../common/time.ts';
import { providersFor } from '../notifications/index.ts';
import { enqueue, registerJob } from '../jobs/queue.ts';
import { writeAudit } from '../engine/audit.ts';
import type { WriteContext } from '../engine/hooks.ts';
import type { Row } from '../engine/records.ts';
import { getSettings } from '../settings/index.ts';

export type LinkChannel = 'sms' | 'email';

/** One message of a link: the channel and the address it goes to. */
export interface LinkRecipient {
  channel: LinkChannel;
  address: string;
}

const blank = (v: unknown) => (typeof v === 'string' ? v.trim() : '') === '';

/**
 * Where a new link goes: the phone and email the request names, or when it names neither,
 * the booking's customer's. Returns the invitee's contacts as the link keeps them.
 */
export async function linkContacts(ctx: WriteContext, booking: Row, body: Record<string, unknown>): Promise<{ invitee_phone: string | null; invitee_email: string | null }> {
  if (!blank(body.invitee_phone) || !blank(body.invitee_email)) {
    return { invitee_phone: blank(body.invitee_phone) ? null : String(body.invitee_phone), invitee_email: blank(body.invitee_email) ? null : String(body.invitee_email) };
  }
  const { rows } = await ctx.tx.query<{ phone: string | null; email: string | null }>('SELECT phone, email FROM customers WHERE id = $1', [booking.customer_id]);
  return { invitee_phone: rows[0]?.phone || (booking.customer_phone as string | null) || null, invitee_email: rows[0]?.email || null };
}

/** Whom a link reaches: SMS to its phone, email to its email. */
export function recipientsOf(link: Row): LinkRecipient[] {
  return [
    ...(blank(link.invitee_phone) ? [] : [{ channel: 'sms' as const, address: String(link.invitee_phone) }]),
    ...(blank(link.invitee_email) ? [] : [{ channel: 'email' as const, address: String(link.invitee_email) }]),
  ];
}

/**
 * In the caller's transaction: the link's messages queued (its `sent_count`-th sending),
 * and the booking's history told what was sent to whom, or that the link was only made.
 */
export async function deliverLink(ctx: WriteContext, link: Row, booking: Row, kind: 'created' | 'resent'): Promise<LinkRecipient[]> {
  const to = recipientsOf(link);
  if (to.length > 0) await enqueue(ctx.tx, 'paymentLink.send', { id: link.id, sending: Number(link.sent_count ?? 1), to });
  await writeAudit(ctx.tx, ctx.actor, {
    action: 'payment_link',
    entity: 'bookings',
    entityId: String(booking.id),
    vendorId: String(booking.vendor_id),
    after: { invitation_id: link.id, kind, amount: Number(link.amount), currency: link.currency, expires_at: link.expires_at, sent_to: to },
  });
  return to;
}

const INTL_TAGS: Record<Locale, string> = { en: 'en-GB', fr: 'fr-FR', ar: 'ar-DZ' };

const TEXTS: Record<Locale, { title: string; body: string }> = {
  en: { title: 'Payment for booking {ref}', body: '{vendor}: pay {amount} for booking {ref} ({service}) at {url} before {expires}.' },
  fr: { title: 'Paiement de la réservation {ref}', body: '{vendor} : réglez {amount} pour la réservation {ref} ({service}) sur {url} avant le {expires}.' },
  ar: { title: 'دفع الحجز {ref}', body: '{vendor}: ادفع {amount} للحجز {ref} ({service}) عبر {url} قبل {expires}.' },
};

const fill = (text: string, values: Record<string, string>) => text.replace(/\{([a-z]+)\}/g, (whole, name: string) => values[name] ?? whole);

/** The link's message in one language. */
export function linkMessage(locale: Locale, facts: { ref: string; vendor: string; service: string; amount: number; currency: string; url: string; expires_at: string }) {
  const tag = INTL_TAGS[locale];
  const values = {
    ref: facts.ref,
    vendor: facts.vendor,
    service: facts.service,
    url: facts.url,
    amount: new Intl.NumberFormat(tag, { style: 'currency', currency: facts.currency }).format(facts.amount / 100),
    expires: new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeStyle: 'short', timeZone: BUSINESS_TIME_ZONE }).format(new Date(facts.expires_at)),
  };
  return { title: fill(TEXTS[locale].title, values), body: fill(TEXTS[locale].body, values) };
}

/** The job: each message of one sending of a link, in its customer's language. */
async function sendLink(app: FastifyInstance, data: { id: string; sending: number; to: LinkRecipient[] }, baseUrl: (app: FastifyInstance) => string): Promise<void> {
  const { rows } = await app.db.query<{ token: string; amount: string; currency: string; expires_at: string; status: string; ref: string; vendor: string; service: Record<string, string>; locale: string | null }>(
    `SELECT i.token, i.amount, i.currency, i.expires_at, i.status, b.ref, v.trade_name AS vendor, s.title_i18n AS service, c.locale
       FROM payment_invitations i JOIN bookings b ON b.id = i.booking_id JOIN vendors v ON v.id = i.vendor_id
       JOIN services s ON s.id = b.service_id LEFT JOIN customers c ON c.id = b.customer_id
      WHERE i.id = $1`,
    [data.id],
  );
  const link = rows[0];
  // Paid or cancelled before the job ran: nothing to ask for any more.
  if (!link || !['sent', 'opened'].includes(link.status)) return;
  const language = await getSettings(app.db, 'language');
  const locale = (['en', 'fr', 'ar'].includes(String(link.locale)) ? link.locale : language.default ?? 'fr') as Locale;
  const providers = providersFor(app);
  const messages = Object.fromEntries(
    (['en', 'fr', 'ar'] as const).map((l) => [
      l,
      linkMessage(l, {
        ref: link.ref, vendor: link.vendor, service: link.service?.[l] || link.service?.en || '', amount: Number(link.amount), currency: link.currency,
        url: `${baseUrl(app)}/pay/${link.token}?lang=${l}`, expires_at: new Date(link.expires_at).toISOString(),
      }),
    ]),
  ) as Record<Locale, { title: string; body: string }>;
  for (const recipient of data.to) {
    await providers[recipient.channel].send(app.db, {
      idempotencyKey: `payment-link:${data.id}:${data.sending}:${recipient.channel}`,
      notificationId: null,
      channel: recipient.channel,
      recipientKey: `payment-link:${data.id}`,
      address: recipient.address,
      locale,
      title: messages[locale].title,
      body: messages[locale].body,
      titleI18n: { en: messages.en.title, fr: messages.fr.title, ar: messages.ar.title },
      bodyI18n: { en: messages.en.body, fr: messages.fr.body, ar: messages.ar.body },
    });
  }
}

/** Registers the job; `baseUrl` says where the public pay page is (PUBLIC_URL, else this server). */
export function registerLinkDelivery(baseUrl: (app: FastifyInstance) => string): void {
  registerJob('paymentLink.send', (data: { id: string; sending: number; to: LinkRecipient[] }, app) => sendLink(app, data, baseUrl));
}
