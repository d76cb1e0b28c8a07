/**
 * Messages live under their conversation:
 *   GET   /conversations/<id>/messages/            list (oldest first by default)
 *   POST  /conversations/<id>/messages/            reply as the signed-in user
 *   PATCH /conversations/<id>/messages/<mid>/      {read, version}: mark one read or unread
 *   POST  /conversations/<id>/read/                mark every customer message read
 * Who may see a conversation may see and write its messages.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { MessageInput, MessagePatch } from '../../src/domain/messaging.ts';
import { collection } from '../../src/domain/registry.ts';
import { notFound } from '../errors.ts';
import { expandParam } from './expand.ts';
import { FIELDS_PARAM, listQuerySchema, listRecords, type ListQuery } from './listing.ts';
import { API_PREFIX } from './paths.ts';
import { insertRecord, updateRecord } from './records.ts';
import { context, rejectUnstorableText, staleVersion } from './resources.ts';
import { assertAccess, loadOr404 } from './scope.ts';

const conversations = collection('conversations');
const messages = collection('messages');

export function registerMessages(app: FastifyInstance): void {
  const base = `${API_PREFIX}/conversations/:id/messages/`;
  const pre = { onRequest: app.authenticate, preValidation: rejectUnstorableText };

  app.get<{ Params: { id: string }; Querystring: ListQuery }>(base, { ...pre, schema: { querystring: listQuerySchema(messages, { ...FIELDS_PARAM, ...expandParam(messages) }) } }, async (request) => {
    const { actor } = await context(app, request);
    assertAccess(conversations, 'read', actor);
    const conversation = await loadOr404(app.db, conversations, request.params.id, actor);
    return listRecords(app.db, messages, actor, request.query, request, {
      where: (params) => [`t.conversation_id = ${params.add(conversation.id)}`],
    });
  });

  app.post<{ Params: { id: string }; Body: Static<typeof MessageInput> }>(base, { ...pre, schema: { body: MessageInput } }, async (request, reply) => {
    const ctx = await context(app, request);
    assertAccess(conversations, 'read', ctx.actor);
    const message = await app.db.transaction(async (tx) => {
      const conversation = await loadOr404(tx, conversations, request.params.id, ctx.actor, { forUpdate: true });
      const created = await insertRecord({ tx, actor: ctx.actor }, messages, {
        ...request.body,
        conversation_id: conversation.id,
        vendor_id: conversation.vendor_id ?? null,
        author_type: ctx.actor.staff ? 'staff' : 'vendor',
        author_user_id: ctx.actor.user.id,
        author_name: ctx.actor.user.name,
        read_at: ctx.now,
      });
      await tx.query('UPDATE conversations SET last_message_at = $2, last_message_preview = $3 WHERE id = $1', [
        conversation.id,
        ctx.now,
        request.body.body.slice(0, 200),
      ]);
      return created;
    });
    return reply.status(201).send(message);
  });

  app.patch<{ Params: { id: string; mid: string }; Body: Static<typeof MessagePatch> }>(
    `${base}:mid/`,
    { ...pre, schema: { body: MessagePatch } },
    async (request) => {
      const ctx = await context(app, request);
      assertAccess(conversations, 'read', ctx.actor);
      return app.db.transaction(async (tx) => {
        const conversation = await loadOr404(tx, conversations, request.params.id, ctx.actor, { forUpdate: true });
        const before = await loadOr404(tx, messages, request.params.mid, ctx.actor, {
          forUpdate: true,
          extraWhere: (params) => `t.conversation_id = ${params.add(conversation.id)}`,
        });
        if (request.body.version !== before.version) throw staleVersion(before);
        if (request.body.read === undefined) return before;
        const after = await updateRecord({ tx, actor: ctx.actor }, messages, String(before.id), { read_at: request.body.read ? (before.read_at ?? ctx.now) : null }, { before });
        if (before.author_type === 'customer' && !!before.read_at !== request.body.read) {
          await tx.query('UPDATE conversations SET unread_count = greatest(unread_count + $2, 0) WHERE id = $1', [conversation.id, request.body.read ? -1 : 1]);
        }
        return after;
      });
    },
  );

  app.post<{ Params: { id: string } }>(`${API_PREFIX}/conversations/:id/read/`, pre, async (request) => {
    const ctx = await context(app, request);
    assertAccess(conversations, 'read', ctx.actor);
    return app.db.transaction(async (tx) => {
      const conversation = await loadOr404(tx, conversations, request.params.id, ctx.actor, { forUpdate: true });
      await tx.query("UPDATE messages SET read_at = $2 WHERE conversation_id = $1 AND read_at IS NULL AND author_type = 'customer'", [conversation.id, ctx.now]);
      await tx.query('UPDATE conversations SET unread_count = 0 WHERE id = $1', [conversation.id]);
      const after = await loadOr404(tx, conversations, String(conversation.id), ctx.actor);
      if (!after) throw notFound();
      return after;
    });
  });
}
