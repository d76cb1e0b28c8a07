/**
 * Messages live under their conversation:
 *   GET   /conversations/<id>/messages/            list (oldest first by default)
 *   POST  /conversations/<id>/messages/            reply as the signed-in user, with images
 *                                                  uploaded to the conversation (media owner
 *                                                  `conversation`) as attachments
 *   PATCH /conversations/<id>/messages/<mid>/      {read, version}: mark one read or unread
 *   POST  /conversations/<id>/read/                mark every customer message read
 *   GET   /conversations/assignees/                whom the caller may assign a conversation to
 *   GET   /saved-replies/                          the caller's saved replies (their vendor's, or
 *                                                  the platform staff's), by title
 *   POST  /saved-replies/  {title, body}           -> 201 a new one
 *   DELETE /saved-replies/<id>/                    -> 204; another vendor's is "not found"
 * Who may see a conversation may see and write its messages. Each new message and each
 * read mark is published (after commit) to staff and the conversation's vendor, so open
 * inboxes and threads follow without reloading.
 */
import type { FastifyInstance } from 'fastify';
import { Type, type Static } from 'typebox';
import { imagePath } from '../../common/media.ts';
import { MessagePatch, MessageReplyInput } from '../../common/messaging.ts';
import { collection } from '../../common/registry.ts';
import { badRequest, notFound } from '../errors.ts';
import { expandParam } from '../engine/expand.ts';
import { FIELDS_PARAM, listQuerySchema, listRecords, type ListQuery } from '../engine/listing.ts';
import { API_PREFIX } from '../engine/paths.ts';
import type { Queryable } from '../db/index.ts';
import { publishEvent } from '../realtime/events.ts';
import { insertRecord, updateRecord, type Row } from '../engine/records.ts';
import { context, rejectUnstorableText, staleVersion } from '../engine/resources.ts';
import type { Actor } from '../engine/actor.ts';
import { assertAccess, loadOr404, Params, visibility } from '../engine/scope.ts';

const conversations = collection('conversations');
const messages = collection('messages');
const media = collection('media');

/**
 * A reply's attachments as the message keeps them: each names an image uploaded to this
 * conversation that the author may see (another conversation's, or another vendor's, is
 * "not found"); its address, type and size come from the media record, never the client.
 */
async function resolveAttachments(tx: Queryable, conversationId: unknown, actor: Actor, given: Static<typeof MessageReplyInput>['attachments']): Promise<Row[]> {
  if (!given?.length) return [];
  const params = new Params();
  const { rows } = await tx.query<{ id: string; mime_type: string | null; size_bytes: number | null }>(
    `SELECT t.id, t.mime_type, t.size_bytes FROM media t
     WHERE t.id = ANY(${params.add(given.map((a) => a.media_id))}::uuid[]) AND t.owner_type = 'conversation'
       AND t.owner_id = ${params.add(conversationId)} AND t.stored AND ${visibility(media, actor, params)}`,
    params.values,
  );
  const found = new Map(rows.map((r) => [r.id, r]));
  const errors: Record<string, string[]> = {};
  given.forEach((a, i) => {
    if (!found.has(a.media_id)) errors[`attachments.${i}.media_id`] = [`${a.media_id} was not found.`];
  });
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return given.map(({ media_id, name }) => {
    const m = found.get(media_id)!;
    return { media_id, name, url: imagePath(media_id, 1280), ...(m.mime_type ? { mime_type: m.mime_type } : {}), ...(m.size_bytes != null ? { size_bytes: Number(m.size_bytes) } : {}) };
  });
}

/**
 * Tells everyone who may see the conversation: a new message (`create`, with a preview for
 * the toast) or a read mark (`read`, a receipt). Published in the writing transaction, so
 * nothing is announced for a write that rolls back.
 */
export async function publishMessageEvent(tx: Queryable, conversation: Row, message: Row | null, action: 'create' | 'read' | 'unread'): Promise<void> {
  await publishEvent(tx, {
    type: 'message',
    collection: 'messages',
    recordId: String(message?.id ?? conversation.id),
    version: message ? Number(message.version) : undefined,
    action,
    audience: { staff: true, vendorId: (conversation.vendor_id as string | null) ?? null },
    payload: {
      conversation_id: conversation.id,
      assignee_id: conversation.assignee_id ?? null,
      author_type: message?.author_type ?? null,
      preview: message && action === 'create' ? String(message.body).slice(0, 120) : null,
    },
  });
}

/**
 * A message joins its conversation: its last message, its unread count for a customer's,
 * and out of the archive. The version stays: a message is not an edit of the conversation,
 * so assigning it meanwhile is not refused as stale.
 */
export async function touchConversation(tx: Queryable, conversationId: unknown, message: Row): Promise<void> {
  await tx.query(
    `UPDATE conversations SET last_message_at = $2, last_message_preview = $3, archived = false,
       unread_count = unread_count + $4 WHERE id = $1`,
    [conversationId, message.created_at, String(message.body).slice(0, 200), message.author_type === 'customer' && !message.read_at ? 1 : 0],
  );
}

const SavedReplyInput = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    body: Type.String({ minLength: 1, maxLength: 4000, pattern: '\\S' }),
  },
  { additionalProperties: false },
);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose saved replies the actor works with: their vendor's (acting as one too), or the platform staff's (null). */
const savedRepliesOwner = (actor: Actor) => (actor.staff ? null : actor.vendorId);

export function registerMessages(app: FastifyInstance): void {
  const base = `${API_PREFIX}/conversations/:id/messages/`;
  const pre = { onRequest: app.authenticate, preValidation: rejectUnstorableText };

  // Whom a conversation may be assigned to: staff to a staff member, vendor staff to one of their vendor's users.
  app.get(`${API_PREFIX}/conversations/assignees/`, pre, async (request) => {
    const { actor } = await context(app, request);
    assertAccess(conversations, 'list', actor);
    const { rows } = actor.staff
      ? await app.db.query('SELECT id, name FROM users WHERE active AND admin ORDER BY name, id LIMIT 500')
      : await app.db.query('SELECT id, name FROM users WHERE active AND vendor_id = $1 ORDER BY name, id LIMIT 500', [actor.vendorId]);
    return { results: rows };
  });

  app.get(`${API_PREFIX}/saved-replies/`, pre, async (request) => {
    const { actor } = await context(app, request);
    assertAccess(conversations, 'list', actor);
    const { rows } = await app.db.query(
      'SELECT id, title, body FROM saved_replies WHERE vendor_id IS NOT DISTINCT FROM $1 ORDER BY lower(title), id LIMIT 200',
      [savedRepliesOwner(actor)],
    );
    return { results: rows };
  });

  app.post<{ Body: Static<typeof SavedReplyInput> }>(`${API_PREFIX}/saved-replies/`, { ...pre, schema: { body: SavedReplyInput } }, async (request, reply) => {
    const { actor } = await context(app, request);
    assertAccess(conversations, 'list', actor);
    const { rows } = await app.db.query(
      'INSERT INTO saved_replies (vendor_id, title, body, created_by) VALUES ($1, $2, $3, $4) RETURNING id, title, body',
      [savedRepliesOwner(actor), request.body.title.trim(), request.body.body.trim(), actor.user.id],
    );
    return reply.status(201).send(rows[0]);
  });

  app.delete<{ Params: { id: string } }>(`${API_PREFIX}/saved-replies/:id/`, pre, async (request, reply) => {
    const { actor } = await context(app, request);
    assertAccess(conversations, 'list', actor);
    if (!UUID.test(request.params.id)) throw notFound();
    const { rows } = await app.db.query('DELETE FROM saved_replies WHERE id = $1 AND vendor_id IS NOT DISTINCT FROM $2 RETURNING id', [
      request.params.id,
      savedRepliesOwner(actor),
    ]);
    if (!rows[0]) throw notFound();
    return reply.status(204).send();
  });

  app.get<{ Params: { id: string }; Querystring: ListQuery }>(base, { ...pre, schema: { querystring: listQuerySchema(messages, { ...FIELDS_PARAM, ...expandParam(messages) }) } }, async (request) => {
    const { actor } = await context(app, request);
    assertAccess(conversations, 'read', actor);
    const conversation = await loadOr404(app.db, conversations, request.params.id, actor);
    return listRecords(app.db, messages, actor, request.query, request, {
      where: (params) => [`t.conversation_id = ${params.add(conversation.id)}`],
    });
  });

  app.post<{ Params: { id: string }; Body: Static<typeof MessageReplyInput> }>(base, { ...pre, schema: { body: MessageReplyInput } }, async (request, reply) => {
    const ctx = await context(app, request);
    assertAccess(conversations, 'read', ctx.actor);
    const message = await app.db.transaction(async (tx) => {
      const conversation = await loadOr404(tx, conversations, request.params.id, ctx.actor, { forUpdate: true });
      const attachments = await resolveAttachments(tx, conversation.id, ctx.actor, request.body.attachments);
      const created = await insertRecord({ tx, actor: ctx.actor }, messages, {
        body: request.body.body,
        attachments,
        conversation_id: conversation.id,
        vendor_id: conversation.vendor_id ?? null,
        author_type: ctx.actor.staff ? 'staff' : 'vendor',
        author_user_id: ctx.actor.user.id,
        author_name: ctx.actor.user.name,
        read_at: ctx.now,
      });
      await touchConversation(tx, conversation.id, created);
      await publishMessageEvent(tx, conversation, created, 'create');
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
          await tx.query('UPDATE conversations SET unread_count = greatest(unread_count + $2, 0) WHERE id = $1', [
            conversation.id,
            request.body.read ? -1 : 1,
          ]);
          await publishMessageEvent(tx, conversation, after, request.body.read ? 'read' : 'unread');
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
      const { rows } = await tx.query("UPDATE messages SET read_at = $2, version = version + 1 WHERE conversation_id = $1 AND read_at IS NULL AND author_type = 'customer' RETURNING id", [
        conversation.id,
        ctx.now,
      ]);
      if (rows.length === 0) return conversation;
      await tx.query('UPDATE conversations SET unread_count = 0 WHERE id = $1', [conversation.id]);
      await publishMessageEvent(tx, conversation, null, 'read');
      const after = await loadOr404(tx, conversations, String(conversation.id), ctx.actor);
      if (!after) throw notFound();
      return after;
    });
  });
}
