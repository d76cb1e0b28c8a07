/**
 * Reviews: created by staff for a booking that took place, moderated by staff through the
 * review chart (approve; reject with a reason; a rejected review edited goes back to the
 * queue), answered by the vendor. The vendor's reply is one text per review, written and
 * changed by the review's vendor only, once the review is approved. A service's rating
 * (average and count) is kept from its approved reviews; the distribution per service is
 * read on demand from the index on (service_id, status, rating).
 */
import { collection } from '../../common/registry.ts';
import type { Queryable } from '../db/index.ts';
import { badRequest, conflict, forbidden } from '../errors.ts';
import type { Actor } from '../engine/actor.ts';
import type { CollectionHooks } from '../engine/hooks.ts';
import { insertRecord } from '../engine/records.ts';
import { loadOr404, Params, visibility } from '../engine/scope.ts';
import { statusesTagged } from '../../common/lifecycles/index.ts';

const CONTENT = ['rating', 'title', 'body'] as const;

export const reviewHooks: CollectionHooks = {
  async create(ctx, body) {
    const booking = await loadOr404(ctx.tx, collection('bookings'), String(body.booking_id), ctx.actor);
    if (!statusesTagged('booking', 'tookPlace').includes(String(booking.status))) throw conflict('Only bookings that took place can be reviewed.');
    return insertRecord(ctx, collection('reviews'), {
      ...body, vendor_id: booking.vendor_id, service_id: booking.service_id, customer_id: booking.customer_id, status: 'pending',
    });
  },
  async beforeUpdate(ctx, before, changes) {
    // What the customer wrote is edited while it waits for moderation or after a rejection,
    // never once published: an approved review stays as readers and the vendor saw it.
    if (CONTENT.some((f) => changes[f] !== undefined && changes[f] !== before[f]) && before.status === 'approved') {
      throw conflict('An approved review cannot be edited.');
    }
    if (changes.vendor_reply === undefined) return;
    // The reply speaks for the vendor: staff write it only while acting as that vendor.
    if (ctx.actor.staff) throw forbidden('Only the vendor replies to a review.');
    if (before.status !== 'approved') throw conflict('Only an approved review can be replied to.');
    const reply = typeof changes.vendor_reply === 'string' ? changes.vendor_reply.trim() : '';
    // One reply, changed as often as needed but not taken back.
    if (reply === '') throw badRequest({ vendor_reply: ['Write a reply.'] });
    changes.vendor_reply = reply;
    if (reply !== before.vendor_reply) changes.replied_at = ctx.now;
  },
  async afterTransition(ctx, _before, after) {
    await ctx.tx.query(
      `UPDATE services SET
         rating_avg = (SELECT round(avg(rating)::numeric, 2)::float8 FROM reviews WHERE service_id = $1 AND status = 'approved'),
         reviews_count = (SELECT count(*) FROM reviews WHERE service_id = $1 AND status = 'approved')
       WHERE id = $1`,
      [after.service_id],
    );
  },
};

export interface ServiceRating {
  service_id: string;
  title_i18n: Record<string, string>;
  count: number;
  average: number;
  /** Approved reviews per star, index 0 is one star. */
  distribution: [number, number, number, number, number];
}

/** Enough for every reviewed service of a marketplace this size (one grouped query); the filters narrow it. */
export const RATINGS_LIMIT = 500;

/**
 * Average and distribution of approved reviews per service the actor may see (a vendor's
 * own), the most reviewed first; one service with `serviceId`.
 */
export async function serviceRatings(q: Queryable, actor: Actor, filter: { service_id?: string; vendor_id?: string }): Promise<ServiceRating[]> {
  const params = new Params();
  const where = [`r.status = 'approved'`, visibility(collection('reviews'), actor, params, 'r')];
  if (filter.service_id) where.push(`r.service_id = ${params.add(filter.service_id)}`);
  if (filter.vendor_id) where.push(`r.vendor_id = ${params.add(filter.vendor_id)}`);
  const { rows } = await q.query<{ service_id: string; title_i18n: Record<string, string>; count: number; average: number; stars: number[] }>(
    `SELECT r.service_id, s.title_i18n, count(*)::int AS count, round(avg(r.rating)::numeric, 2)::float8 AS average,
            ARRAY[${[1, 2, 3, 4, 5].map((n) => `count(*) FILTER (WHERE r.rating = ${n})::int`).join(', ')}] AS stars
       FROM reviews r JOIN services s ON s.id = r.service_id
      WHERE ${where.join(' AND ')}
      GROUP BY r.service_id, s.title_i18n
      ORDER BY count(*) DESC, r.service_id LIMIT ${RATINGS_LIMIT}`,
    params.values,
  );
  return rows.map((r) => ({
    service_id: r.service_id,
    title_i18n: r.title_i18n,
    count: r.count,
    average: r.average,
    distribution: r.stars.map(Number) as ServiceRating['distribution'],
  }));
}
