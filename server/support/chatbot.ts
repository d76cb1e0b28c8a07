/** A chatbot conversation handed to a person: escalating it opens a support ticket. */
import { collection } from '../../common/registry.ts';
import type { CollectionHooks } from '../engine/hooks.ts';
import { insertRecord } from '../engine/records.ts';
import { loadVisible } from '../engine/scope.ts';

export const chatbotHooks: CollectionHooks = {
  transitions: {
    /** Escalating opens a support ticket carrying the transcript. */
    escalate: async (ctx, record, _next, payload) => {
      const customer = record.customer_id ? await loadVisible(ctx.tx, collection('customers'), String(record.customer_id), ctx.actor) : undefined;
      const transcript = (record.transcript as { role: string; text: string }[]).map((l) => `${l.role}: ${l.text}`).join('\n');
      const ticket = await insertRecord(ctx, collection('tickets'), {
        requester_type: 'customer',
        requester_name: (customer?.name as string) ?? 'Chatbot user',
        requester_email: (customer?.email as string) ?? null,
        customer_id: record.customer_id ?? null,
        booking_id: record.booking_id ?? null,
        subject: `Chatbot: ${record.intent ?? 'escalated conversation'}`.slice(0, 200),
        body: [payload.reason, transcript].filter(Boolean).join('\n\n').slice(0, 5000),
        priority: 'normal',
        status: 'new',
        chatbot_request_id: record.id,
      });
      return { ticket_id: ticket.id };
    },
  },
};
