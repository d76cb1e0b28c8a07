/**
 * Who a notification reaches on its channel: one SQL query per audience, used both to
 * count recipients before sending and to expand the deliveries (so the count shown in
 * the composer is the number of deliveries that will be made). Each row: a recipient key
 * (`customer:<id>` or `user:<id>`), a name, the address on the channel and a language.
 * Blocked customers and inactive users are never reached; a recipient without an address
 * on the channel (no email for an email) is not counted.
 */
import type { SegmentFilters } from '../../common/messaging.ts';
import type { Queryable } from '../db/index.ts';
import { getSettings } from '../settings/index.ts';
import { conflict } from '../errors.ts';

export interface AudienceSpec {
  channel: 'email' | 'sms' | 'push' | 'in_app';
  audience_type: 'customer' | 'user' | 'segment' | 'topic' | 'all_customers' | 'all_vendors';
  audience_customer_id?: string | null;
  audience_user_id?: string | null;
  segment_filters?: SegmentFilters | null;
  topic_id?: string | null;
}

export interface AudienceQuery {
  /** SELECT recipient_key, recipient_name, address, locale … */
  sql: string;
  params: unknown[];
}

/** `defaultLocale`: the language of back-office users, who have none of their own. */
export function audienceQuery(spec: AudienceSpec, defaultLocale: string): AudienceQuery {
  const params: unknown[] = [];
  const p = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const toUsers = spec.audience_type === 'user' || spec.audience_type === 'all_vendors';
  if (toUsers) {
    const address = spec.channel === 'email' ? 'u.email' : spec.channel === 'sms' ? 'u.phone' : 'NULL::text';
    const where = ['u.active'];
    if (spec.channel === 'sms') where.push("coalesce(u.phone, '') <> ''");
    if (spec.audience_type === 'user') where.push(`u.id = ${p(spec.audience_user_id ?? null)}::uuid`);
    else where.push("u.vendor_id IS NOT NULL AND EXISTS (SELECT 1 FROM vendors v WHERE v.id = u.vendor_id AND v.status = 'active')");
    return {
      sql: `SELECT 'user:' || u.id AS recipient_key, u.name AS recipient_name, ${address} AS address, ${p(defaultLocale)}::text AS locale
            FROM users u WHERE ${where.join(' AND ')}`,
      params,
    };
  }
  const address = spec.channel === 'email' ? 'c.email' : spec.channel === 'sms' ? 'c.phone' : 'NULL::text';
  const where = ['NOT c.blocked'];
  if (spec.channel === 'email') where.push("coalesce(c.email, '') <> ''");
  if (spec.channel === 'sms') where.push("c.phone <> ''");
  if (spec.audience_type === 'customer') where.push(`c.id = ${p(spec.audience_customer_id ?? null)}::uuid`);
  if (spec.audience_type === 'topic') {
    where.push(`EXISTS (SELECT 1 FROM topic_subscribers s WHERE s.topic_id = ${p(spec.topic_id ?? null)}::uuid AND s.customer_id = c.id)`);
  }
  if (spec.audience_type === 'segment') {
    const f = spec.segment_filters ?? {};
    if (f.wilaya_code) where.push(`c.wilaya_code = ${p(f.wilaya_code)}`);
    if (f.language) where.push(`c.locale = ${p(f.language)}`);
    const booking: string[] = [];
    if (f.booked_within_days) booking.push(`b.created_at >= now() - make_interval(days => ${p(f.booked_within_days)}::int)`);
    if (f.vendor_id) booking.push(`b.vendor_id = ${p(f.vendor_id)}::uuid`);
    if (f.service_id) booking.push(`b.service_id = ${p(f.service_id)}::uuid`);
    if (booking.length > 0) where.push(`EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = c.id AND ${booking.join(' AND ')})`);
  }
  return {
    sql: `SELECT 'customer:' || c.id AS recipient_key, c.name AS recipient_name, ${address} AS address, c.locale AS locale
          FROM customers c WHERE ${where.join(' AND ')}`,
    params,
  };
}

/**
 * How many recipients an audience reaches on its channel now: the number of deliveries a
 * send would make. An audience still being chosen (no customer, user or topic yet) reaches nobody.
 */
export async function countAudience(q: Queryable, spec: AudienceSpec): Promise<number> {
  const missing =
    (spec.audience_type === 'customer' && !spec.audience_customer_id) ||
    (spec.audience_type === 'user' && !spec.audience_user_id) ||
    (spec.audience_type === 'topic' && !spec.topic_id);
  if (missing) return 0;
  const language = await getSettings(q, 'language');
  const query = audienceQuery(spec, String(language.default ?? 'fr'));
  const { rows } = await q.query<{ count: number }>(`SELECT count(*)::int AS count FROM (${query.sql}) a`, query.params);
  return rows[0].count;
}

/** A notification sent or scheduled by someone must reach someone: to nobody it is refused, not sent to no one. */
export async function refuseEmptyAudience(q: Queryable, notification: AudienceSpec): Promise<void> {
  if ((await countAudience(q, notification)) === 0) throw conflict('This notification reaches nobody on its channel: choose another audience or channel.');
}
