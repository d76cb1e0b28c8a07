/**
 * Blocking and unblocking a customer with a reason, and messaging a customer (their open
 * conversation is continued, else one is opened).
 *   POST /customers/<id>/block/    {blocked, reason, version}   staff only
 *   POST /customers/<id>/message/  {body}                       whoever may see the customer
 */
import type { FastifyInstance } from 'fastify';
import Type, { type Static } from 'typebox';
import { StrictObject, Text, Version } from '../../common/common.ts';
import { collection } from '../../common/registry.ts';
import { badRequest, forbidden } from '../errors.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { insertRecord, updateRecord, type Row } from '../engine/records.ts';
import { context, rejectUnstorableText, staleVersion } from '../engine/resources.ts';
import { assertAccess, loadOr404 } from '../engine/scope.ts';
import { publishMessageEvent, touchConversation } from '../messages/index.ts';
import { assertNotMerged } from '../payments/index.ts';
import { BLOCK_REASON_MESSAGE } from './customers.ts';

const customers = collection('customers');
const conversations = collection('conversations');
const messages = collection('messages');

export const BlockBody = StrictObject({ blocked: Type.Boolean(), reason: Text(500, 1), version: Version });
export const MessageBody = StrictObject({ body: Text(4000, 1) });

export function registerCustomerRoutes(app: FastifyInstance): void {
  const pre = { onRequest: app.authenticate, preValidation: rejectUnstorableText };

  app.post<{ Params: { id: string }; Body: Static<typeof BlockBody> }>(
    `${API_PREFIX}/customers/:id/block/`,
    { ...pre, schema: { body: BlockBody } },
    async (request) => {
      const ctx = await context(app, request);
      if (!ctx.actor.staff) throw forbidden('Only staff may block or unblock a customer.');
      const reason = request.body.reason.trim();
      if (!reason) throw badRequest({ reason: [BLOCK_REASON_MESSAGE] });
      return app.db.transaction(async (tx) => {
        const before = await loadOr404(tx, customers, request.params.id, ctx.actor, { forUpdate: true });
        assertNotMerged(before);
        if (request.body.version !== before.version) throw staleVersion(before);
        const { blocked } = request.body;
        return updateRecord({ tx, actor: ctx.actor }, customers, String(before.id), { blocked, blocked_reason: blocked ? reason : null }, {
          before, action: blocked ? 'block' : 'unblock', note: { reason },
        });
      });
    },
  );

  app.post<{ Params: { id: string }; Body: Static<typeof MessageBody> }>(
    `${API_PREFIX}/customers/:id/message/`,
    { ...pre, schema: { body: MessageBody } },
    async (request, reply) => {
      const ctx = await context(app, request);
      assertAccess(customers, 'read', ctx.actor);
      assertAccess(conversations, 'create', ctx.actor);
      const result = await app.db.transaction(async (tx) => {
        // Locked, so two first messages sent at once open one conversation, not two.
        const customer = await loadOr404(tx, customers, request.params.id, ctx.actor, { forUpdate: true });
        assertNotMerged(customer);
        const vendorId = ctx.actor.staff ? null : ctx.actor.vendorId;
        // Staff continue the platform's conversation with the customer, vendor staff their vendor's.
        const { rows } = await tx.query<{ id: string }>(
          `SELECT id FROM conversations WHERE customer_id = $1 AND kind = 'customer' AND NOT archived AND vendor_id IS NOT DISTINCT FROM $2
           ORDER BY last_message_at DESC NULLS LAST, created_at DESC LIMIT 1`,
          [customer.id, vendorId],
        );
        const opened = rows.length === 0;
        const conversation: Row = opened
          ? await insertRecord({ tx, actor: ctx.actor }, conversations, { kind: 'customer', customer_id: customer.id, vendor_id: vendorId })
          : await loadOr404(tx, conversations, rows[0]!.id, ctx.actor);
        const message = await insertRecord({ tx, actor: ctx.actor }, messages, {
          body: request.body.body,
          conversation_id: conversation.id,
          vendor_id: vendorId,
          author_type: ctx.actor.staff ? 'staff' : 'vendor',
          author_user_id: ctx.actor.user.id,
          author_name: ctx.actor.user.name,
          read_at: ctx.now,
        });
        await touchConversation(tx, conversation.id, message);
        await publishMessageEvent(tx, conversation, message, 'create');
        const after = await loadOr404(tx, conversations, String(conversation.id), ctx.actor);
        return { opened, conversation: after, message };
      });
      return reply.status(result.opened ? 201 : 200).send(result);
    },
  );
}
