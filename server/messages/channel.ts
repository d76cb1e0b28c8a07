/**
 * The customer app's backend hands over what customers write:
 *   POST /channel/messages/ {customer_id, body, booking_id?, attachments?}
 *   header `Authorization: Bearer <CHANNEL_SECRET>` (compared in constant time)
 * The message continues the customer's open conversation with the booking's vendor (or
 * with the platform, without a booking), else opens one; it counts as unread and is
 * announced at once to staff and that vendor's users.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Static } from 'typebox';
import { ChannelMessageInput } from '../../common/messaging.ts';
import { collection } from '../../common/registry.ts';
import { assertNotMerged } from '../payments/index.ts';
import { badRequest, unauthorized } from '../errors.ts';
import { publishMessageEvent, touchConversation } from './messages.ts';
import { API_PREFIX } from '../engine/paths.ts';
import { fetchUnscoped, insertRecord, type Row } from '../engine/records.ts';
import { rejectUnstorableText } from '../engine/resources.ts';

/** Outside production only: lets a developer post without configuring anything. */
export const DEV_CHANNEL_SECRET = 'dev-channel-secret';

/** The secret from the environment; a production server refuses to start without one. */
export function channelSecret(env: NodeJS.ProcessEnv, production: boolean): string {
  const secret = env.CHANNEL_SECRET;
  if (secret) return secret;
  if (production) throw new Error('CHANNEL_SECRET must be set in production (the customer app posts messages with it).');
  return DEV_CHANNEL_SECRET;
}

/** Hashing both sides first gives equal lengths, so the comparison leaks neither the secret nor its length. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

const conversations = collection('conversations');
const messages = collection('messages');

export function registerChannel(app: FastifyInstance, secret: string): void {
  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!given || !sameSecret(given, secret)) throw unauthorized();
  };

  app.post<{ Body: Static<typeof ChannelMessageInput> }>(
    `${API_PREFIX}/channel/messages/`,
    { onRequest: authenticate, preValidation: rejectUnstorableText, schema: { body: ChannelMessageInput } },
    async (request, reply) => {
      const body = request.body;
      const now = new Date().toISOString();
      const result = await app.db.transaction(async (tx) => {
        // Locked, so two first messages at once open one conversation, not two.
        const customer = await fetchUnscoped(tx, collection('customers'), body.customer_id, true);
        if (!customer) throw badRequest({ customer_id: [`${body.customer_id} was not found.`] });
        // A merged customer's messages belong to the customer they became: the app must post for that one.
        assertNotMerged(customer);
        let booking: Row | undefined;
        if (body.booking_id) {
          booking = await fetchUnscoped(tx, collection('bookings'), body.booking_id);
          if (!booking || booking.customer_id !== customer.id) throw badRequest({ booking_id: [`${body.booking_id} was not found.`] });
        }
        const vendorId = (booking?.vendor_id as string | undefined) ?? null;
        const { rows } = await tx.query<{ id: string }>(
          `SELECT id FROM conversations WHERE customer_id = $1 AND kind = 'customer' AND NOT archived AND vendor_id IS NOT DISTINCT FROM $2
           ORDER BY (booking_id IS NOT DISTINCT FROM $3) DESC, last_message_at DESC NULLS LAST, created_at DESC LIMIT 1`,
          [customer.id, vendorId, booking?.id ?? null],
        );
        const opened = rows.length === 0;
        const conversation = opened
          ? await insertRecord({ tx, actor: null }, conversations, {
              kind: 'customer', customer_id: customer.id, vendor_id: vendorId, booking_id: booking?.id ?? null,
              subject: booking ? `Booking ${booking.ref}` : null,
            })
          : (await fetchUnscoped(tx, conversations, rows[0]!.id, true))!;
        const message = await insertRecord({ tx, actor: null }, messages, {
          conversation_id: conversation.id,
          vendor_id: vendorId,
          body: body.body,
          attachments: body.attachments ?? [],
          author_type: 'customer',
          author_user_id: null,
          author_name: String(customer.name),
          read_at: null,
          created_at: now,
        });
        await touchConversation(tx, conversation.id, message);
        await publishMessageEvent(tx, conversation, message, 'create');
        return { opened, conversation_id: conversation.id, message };
      });
      return reply.status(result.opened ? 201 : 200).send(result);
    },
  );
}
