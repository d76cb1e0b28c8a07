/**
 * A support ticket's reply thread:
 *   GET  /tickets/<id>/messages/   every reply, oldest first (a thread is short: at most 500)
 *   POST /tickets/<id>/messages/   {body}: reply as the signed-in user
 * Who may see the ticket may read and write its thread. The first staff reply meets the
 * ticket's first-response promise (`first_responded_at`), in the reply's transaction.
 */
import type { FastifyInstance } from 'fastify';
import type { Static } from 'typebox';
import { TicketMessageInput } from '../../common/messaging.ts';
import { collection } from '../../common/registry.ts';
import { publishEvent } from '../realtime/events.ts';
import { writeAudit } from '../engine/audit.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { updateRecord, type Row } from '../engine/records.ts';
import { context, rejectUnstorableText } from '../engine/resources.ts';
import { assertAccess, loadOr404 } from '../engine/scope.ts';

const tickets = collection('tickets');
const THREAD_LIMIT = 500;

export function registerTicketMessages(app: FastifyInstance): void {
  const base = `${API_PREFIX}/tickets/:id/messages/`;
  const pre = { onRequest: app.authenticate, preValidation: rejectUnstorableText };

  app.get<{ Params: { id: string } }>(base, pre, async (request) => {
    const { actor } = await context(app, request);
    assertAccess(tickets, 'read', actor);
    const ticket = await loadOr404(app.db, tickets, request.params.id, actor);
    const { rows } = await app.db.query<Row>(
      `SELECT id, created_at, author_type, author_user_id, author_name, body FROM ticket_messages
       WHERE ticket_id = $1 ORDER BY created_at, id LIMIT ${THREAD_LIMIT}`,
      [ticket.id],
    );
    return { results: rows.map((r) => ({ ...r, created_at: new Date(r.created_at as string).toISOString() })) };
  });

  app.post<{ Params: { id: string }; Body: Static<typeof TicketMessageInput> }>(base, { ...pre, schema: { body: TicketMessageInput } }, async (request, reply) => {
    const ctx = await context(app, request);
    assertAccess(tickets, 'read', ctx.actor);
    const message = await app.db.transaction(async (tx) => {
      const ticket = await loadOr404(tx, tickets, request.params.id, ctx.actor, { forUpdate: true });
      const author = { author_type: ctx.actor.staff ? 'staff' : 'vendor', author_user_id: ctx.actor.user.id, author_name: ctx.actor.user.name };
      const { rows } = await tx.query<Row>(
        `INSERT INTO ticket_messages (ticket_id, author_type, author_user_id, author_name, body, created_at) VALUES ($1, $2, $3, $4, $5, $6)
         RETURNING id, created_at, author_type, author_user_id, author_name, body`,
        [ticket.id, author.author_type, author.author_user_id, author.author_name, request.body.body, ctx.now],
      );
      const created: Row = { ...rows[0]!, created_at: new Date(rows[0]!.created_at as string).toISOString() };
      await writeAudit(tx, ctx.actor, {
        action: 'reply', entity: tickets.name, entityId: String(ticket.id), vendorId: (ticket.vendor_id as string) ?? null, after: { message_id: created.id, body: created.body },
      });
      if (ctx.actor.staff && ticket.first_responded_at == null) {
        // Its own record event tells open lists the ticket is no longer due.
        await updateRecord({ tx, actor: ctx.actor }, tickets, String(ticket.id), { first_responded_at: ctx.now }, { before: ticket });
      } else {
        await publishEvent(tx, {
          type: 'record', collection: tickets.name, recordId: String(ticket.id), version: Number(ticket.version), action: 'reply',
          audience: { staff: true, vendorId: (ticket.vendor_id as string) ?? null },
        });
      }
      return created;
    });
    return reply.status(201).send(message);
  });
}
