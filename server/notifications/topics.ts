/**
 * The customers subscribed to a topic (staff only, like topics):
 *   GET    /topics/<id>/subscribers/?page=&search=   newest first
 *   POST   /topics/<id>/subscribers/ {customer_id}   201; 409 when already subscribed
 *   DELETE /topics/<id>/subscribers/<customer_id>/   204; 404 when not subscribed
 * The topic's subscribers_count moves in the same transaction, through updateRecord, so
 * the change is audited on the topic and open lists see it.
 */
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { Uuid } from '../../common/common.ts';
import { collection } from '../../common/registry.ts';
import { badRequest, conflict, notFound } from '../errors.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { updateRecord } from '../engine/records.ts';
import { context, guarded } from '../engine/resources.ts';
import { loadOr404, loadVisible, Params } from '../engine/scope.ts';
import { wordsMatch } from '../engine/listing.ts';
import { normalizePhone, phoneSearchDigits } from '../../common/phone.ts';
import { searchTerms } from '../../common/searchText.ts';

const topics = collection('topics');
const customers = collection('customers');
const PAGE_SIZE = 25;

const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  search: Type.Optional(Type.String({ maxLength: 100 })),
});
const SubscribeBody = Type.Object({ customer_id: Uuid }, { additionalProperties: false });

export function registerTopicSubscribers(app: FastifyInstance): void {
  const base = `${API_PREFIX}/topics/:id/subscribers/`;

  app.get<{ Params: { id: string }; Querystring: Static<typeof ListQuery> }>(
    base,
    { ...guarded(app, topics, 'read'), schema: { querystring: ListQuery } },
    async (request) => {
      const { actor } = await context(app, request);
      const topic = await loadOr404(app.db, topics, request.params.id, actor);
      const page = request.query.page ?? 1;
      const search = request.query.search?.trim() ?? '';
      // A customer as the customers list finds one: every word in the name, phone or email, or the phone however typed.
      const params = new Params();
      params.add(topic.id);
      const phone = normalizePhone(search);
      const digits = phoneSearchDigits(search);
      const alternatives = [wordsMatch(['c.name', 'c.phone', 'c.email'], searchTerms(search), params)];
      if (digits) alternatives.push(`c.phone LIKE ${params.add(`%${digits}%`)}`);
      const where = `s.topic_id = $1 AND ${phone ? `c.phone = ${params.add(phone)}` : `(${alternatives.join(' OR ')})`}`;
      const matching = [...params.values];
      const [{ rows: counted }, { rows }] = await Promise.all([
        app.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM topic_subscribers s JOIN customers c ON c.id = s.customer_id WHERE ${where}`, matching),
        app.db.query(
          `SELECT c.id AS customer_id, c.name, c.phone, c.email, c.locale, s.created_at AS subscribed_at
             FROM topic_subscribers s JOIN customers c ON c.id = s.customer_id
            WHERE ${where} ORDER BY s.created_at DESC, c.id LIMIT ${params.add(PAGE_SIZE)} OFFSET ${params.add((page - 1) * PAGE_SIZE)}`,
          params.values,
        ),
      ]);
      const count = counted[0]?.n ?? 0;
      return { count, page, page_size: PAGE_SIZE, next: page * PAGE_SIZE < count, results: rows.map((r) => ({ ...r, subscribed_at: new Date(String(r.subscribed_at)).toISOString() })) };
    },
  );

  app.post<{ Params: { id: string }; Body: Static<typeof SubscribeBody> }>(
    base,
    { ...guarded(app, topics, 'update'), schema: { body: SubscribeBody } },
    async (request, reply) => {
      const ctx = await context(app, request);
      const topic = await app.db.transaction(async (tx) => {
        const before = await loadOr404(tx, topics, request.params.id, ctx.actor, { forUpdate: true });
        const customer = await loadVisible(tx, customers, request.body.customer_id, ctx.actor);
        if (!customer) throw badRequest({ customer_id: ['Not found.'] });
        const { rows } = await tx.query(
          'INSERT INTO topic_subscribers (topic_id, customer_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING customer_id',
          [before.id, customer.id],
        );
        if (rows.length === 0) throw conflict('This customer is already subscribed to this topic.');
        return updateRecord({ tx, actor: ctx.actor }, topics, String(before.id), {}, { before, raw: { subscribers_count: 't.subscribers_count + 1' }, action: 'subscribe', note: { customer_id: customer.id } });
      });
      return reply.status(201).send(topic);
    },
  );

  app.delete<{ Params: { id: string; customerId: string } }>(
    `${base}:customerId/`,
    guarded(app, topics, 'update'),
    async (request, reply) => {
      const ctx = await context(app, request);
      await app.db.transaction(async (tx) => {
        const before = await loadOr404(tx, topics, request.params.id, ctx.actor, { forUpdate: true });
        const { rows } = await tx.query('DELETE FROM topic_subscribers WHERE topic_id = $1 AND customer_id::text = $2 RETURNING customer_id', [before.id, request.params.customerId]);
        if (rows.length === 0) throw notFound();
        await updateRecord({ tx, actor: ctx.actor }, topics, String(before.id), {}, {
          before, raw: { subscribers_count: 'greatest(t.subscribers_count - 1, 0)' }, action: 'unsubscribe', note: { customer_id: request.params.customerId },
        });
      });
      return reply.status(204).send();
    },
  );
}
