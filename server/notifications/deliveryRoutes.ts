/**
 * Delivery routes (staff, like notifications):
 *   POST /notifications/audience-count/          {channel, audience_type, …} -> {count} reachable on that channel
 *   GET  /notifications/<id>/deliveries/?status=&page=   one row per recipient
 *   GET  /notifications/<id>/outbox/?page=               what the development provider recorded
 * The in-app bell (every signed-in user, only their own items):
 *   GET  /inbox/?unread=1&page=   GET /inbox/count/   POST /inbox/<id>/read/   POST /inbox/read-all/
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type, { type Static } from 'typebox';
import { Enum, Nullable, StrictObject, Uuid } from '../../common/common.ts';
import { AUDIENCE_TYPES, NOTIFICATION_CHANNELS, SegmentFilters } from '../../common/messaging.ts';
import { collection } from '../../common/registry.ts';
import { requestLocale } from '../errorLanguage.ts';
import { notFound } from '../errors.ts';
import { publishEvent } from '../realtime/events.ts';
import { actorOf, UUID } from '../engine/actor.ts';
import { pageUrl } from '../engine/listing.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { guarded } from '../engine/resources.ts';
import { loadOr404 } from '../engine/scope.ts';
import { countAudience, type AudienceSpec } from './audience.ts';
import { pick } from './send.ts';

const notifications = collection('notifications');
const PAGE_SIZE = 50;

const AudienceCountBody = StrictObject({
  channel: Enum(NOTIFICATION_CHANNELS),
  audience_type: Enum(AUDIENCE_TYPES),
  audience_customer_id: Type.Optional(Nullable(Uuid)),
  audience_user_id: Type.Optional(Nullable(Uuid)),
  segment_filters: Type.Optional(Nullable(SegmentFilters)),
  topic_id: Type.Optional(Nullable(Uuid)),
});

const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  status: Type.Optional(Enum(['queued', 'sent', 'failed'] as const)),
  unread: Type.Optional(Type.String({ enum: ['1', 'true'] })),
});
type PageQuery = Static<typeof PageQuery>;

/** `{count, next, previous, results}` like the collection lists. */
function page<T>(request: FastifyRequest, count: number, pageNumber: number, results: T[]) {
  return {
    count,
    next: pageNumber * PAGE_SIZE < count ? pageUrl(request, pageNumber + 1) : null,
    previous: pageNumber > 1 ? pageUrl(request, pageNumber - 1) : null,
    results,
  };
}

export function registerDeliveryRoutes(app: FastifyInstance): void {
  const base = `${API_PREFIX}/notifications`;

  app.post<{ Body: Static<typeof AudienceCountBody> }>(
    `${base}/audience-count/`,
    { ...guarded(app, notifications, 'create'), schema: { body: AudienceCountBody } },
    async (request) => {
      return { count: await countAudience(app.db, request.body as AudienceSpec) };
    },
  );

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    `${base}/:id/deliveries/`,
    { ...guarded(app, notifications, 'read'), schema: { querystring: PageQuery } },
    async (request) => {
      const actor = await actorOf(request, app.db);
      await loadOr404(app.db, notifications, request.params.id, actor);
      const pageNumber = request.query.page ?? 1;
      const status = request.query.status;
      // `sending` (claimed, the provider not yet answered) is still queued for a reader.
      const filter = status === 'queued' ? "AND status IN ('queued', 'sending')" : status ? 'AND status = $4' : '';
      const params: unknown[] = [request.params.id, PAGE_SIZE, (pageNumber - 1) * PAGE_SIZE, ...(status && status !== 'queued' ? [status] : [])];
      const [{ rows }, total] = await Promise.all([
        app.db.query(
          `SELECT recipient_name, recipient_key, address, channel, CASE WHEN status = 'sending' THEN 'queued' ELSE status END AS status,
                  attempts, last_error, provider_ref, sent_at
           FROM notification_deliveries WHERE notification_id = $1 ${filter} ORDER BY id LIMIT $2 OFFSET $3`,
          params,
        ),
        app.db.query<{ count: number }>(
          `SELECT count(*)::int AS count FROM notification_deliveries WHERE notification_id = $1 ${filter.replace('$4', '$2')}`,
          [request.params.id, ...params.slice(3)],
        ),
      ]);
      return page(request, total.rows[0].count, pageNumber, rows);
    },
  );

  app.get<{ Params: { id: string }; Querystring: PageQuery }>(
    `${base}/:id/outbox/`,
    { ...guarded(app, notifications, 'read'), schema: { querystring: PageQuery } },
    async (request) => {
      const actor = await actorOf(request, app.db);
      await loadOr404(app.db, notifications, request.params.id, actor);
      const pageNumber = request.query.page ?? 1;
      const [{ rows }, total] = await Promise.all([
        app.db.query(
          `SELECT id, channel, address, locale, title, body, created_at FROM notification_outbox
           WHERE notification_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
          [request.params.id, PAGE_SIZE, (pageNumber - 1) * PAGE_SIZE],
        ),
        app.db.query<{ count: number }>('SELECT count(*)::int AS count FROM notification_outbox WHERE notification_id = $1', [request.params.id]),
      ]);
      return page(request, total.rows[0].count, pageNumber, rows);
    },
  );

  const inbox = `${API_PREFIX}/inbox`;
  const signedIn = { onRequest: [app.authenticate] };

  app.get<{ Querystring: PageQuery }>(`${inbox}/`, { ...signedIn, schema: { querystring: PageQuery } }, async (request) => {
    const actor = await actorOf(request, app.db);
    const locale = requestLocale(request.headers['accept-language']);
    const pageNumber = request.query.page ?? 1;
    const unread = request.query.unread ? 'AND read_at IS NULL' : '';
    const [{ rows }, total] = await Promise.all([
      app.db.query<{ id: string; title_i18n: unknown; body_i18n: unknown; link: string | null; created_at: string; read_at: string | null }>(
        `SELECT id, title_i18n, body_i18n, link, created_at, read_at FROM inbox_items
         WHERE user_id = $1 ${unread} ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [actor.user.id, PAGE_SIZE, (pageNumber - 1) * PAGE_SIZE],
      ),
      app.db.query<{ count: number }>(`SELECT count(*)::int AS count FROM inbox_items WHERE user_id = $1 ${unread}`, [actor.user.id]),
    ]);
    const results = rows.map((r) => ({
      id: r.id, title: pick(r.title_i18n, locale), body: pick(r.body_i18n, locale), link: r.link, created_at: r.created_at, read_at: r.read_at,
    }));
    return page(request, total.rows[0].count, pageNumber, results);
  });

  app.get(`${inbox}/count/`, signedIn, async (request) => {
    const actor = await actorOf(request, app.db);
    const { rows } = await app.db.query<{ unread: number }>('SELECT count(*)::int AS unread FROM inbox_items WHERE user_id = $1 AND read_at IS NULL', [actor.user.id]);
    return { unread: rows[0].unread };
  });

  app.post<{ Params: { id: string } }>(`${inbox}/:id/read/`, signedIn, async (request) => {
    const actor = await actorOf(request, app.db);
    // Someone else's item answers like an unknown one.
    if (!UUID.test(request.params.id)) throw notFound();
    return app.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string; read_at: string }>(
        'UPDATE inbox_items SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id, read_at',
        [request.params.id, actor.user.id],
      );
      if (!rows[0]) throw notFound();
      await publishEvent(tx, { type: 'notification', collection: 'inbox', recordId: rows[0].id, action: 'read', audience: { userId: actor.user.id } });
      return rows[0];
    });
  });

  app.post(`${inbox}/read-all/`, signedIn, async (request) => {
    const actor = await actorOf(request, app.db);
    return app.db.transaction(async (tx) => {
      const { rowCount } = await tx.query('UPDATE inbox_items SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [actor.user.id]);
      if (rowCount > 0) await publishEvent(tx, { type: 'notification', collection: 'inbox', action: 'read', audience: { userId: actor.user.id } });
      return { read: rowCount };
    });
  });
}
