/**
 * The special cases of each collection, plugged into the generic routes: money rules,
 * derived fields, side effects of transitions. Collections not listed here are plain.
 */
import { collection } from '../src/domain/registry.ts';
import { refuseEmptyAudience, type AudienceSpec } from './notifications/audience.ts';
import { queueNotificationSend } from './notifications/send.ts';
import { conflict } from './errors.ts';
import type { CollectionHooks } from './engine/hooks.ts';
import { insertRecord } from './engine/records.ts';
import { loadVisible } from './engine/scope.ts';
import { adventureHooks } from './services/adventures.ts';
import { assertCapacityFloor } from './services/availability.ts';
import { bookingHooks } from './bookings/bookings.ts';
import { comboHooks } from './services/combos.ts';
import { customerHooks } from './customers/customers.ts';
import { locationHooks } from './locations/locations.ts';
import { mediaHooks } from './media/hooks.ts';
import { loyaltyHooks, walletHooks } from './customers/loyalty.ts';
import { invitationHooks, paymentHooks, refundHooks, splitHooks } from './payments/payments.ts';
import { payoutHooks } from './payments/payouts.ts';
import { couponHooks, dealHooks, discountHooks } from './promotions/promotions.ts';
import { reviewHooks } from './customers/reviews.ts';
import { priceRuleHooks, serviceHooks } from './services/services.ts';
import { amenityHooks, categoryHooks, interestHooks } from './catalog/taxonomy.ts';
import { vendorDocumentHooks, vendorHooks } from './vendors/vendors.ts';

const num = (v: unknown) => Number(v ?? 0);

const slotHooks: CollectionHooks = {
  async beforeUpdate(_ctx, before, changes) {
    assertCapacityFloor(before, changes.capacity);
    if (changes.starts_at !== undefined && num(before.booked) > 0 && Date.parse(String(changes.starts_at)) !== Date.parse(String(before.starts_at))) {
      throw conflict('This slot has bookings; rebook them instead of moving the slot.');
    }
  },
  async beforeDelete(_ctx, record) {
    if (num(record.booked) > 0) throw conflict('This slot has bookings and cannot be deleted.');
  },
};

const notificationHooks: CollectionHooks = {
  transitions: {
    // Sent or scheduled by someone, it must reach someone. The server's own messages (a
    // booking's cancellation told to its customer) are not: a customer with no contact must
    // never stop the booking's change, and the delivery job's own send is not checked again.
    schedule: async (ctx, record, _next, payload, role) => {
      if (role !== 'system') await refuseEmptyAudience(ctx.tx, record as unknown as AudienceSpec);
      return { scheduled_at: payload.scheduled_at ?? record.scheduled_at };
    },
    send: async (ctx, record, _next, _payload, role) => {
      if (role !== 'system') await refuseEmptyAudience(ctx.tx, record as unknown as AudienceSpec);
    },
  },
  /** Sent now or scheduled: its job is enqueued in the same transaction (server/notifications/send.ts). */
  async afterTransition(ctx, _before, after) {
    if (after.status === 'sending' || after.status === 'scheduled') await queueNotificationSend(ctx.tx, String(after.id));
  },
};

const chatbotHooks: CollectionHooks = {
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

export const HOOKS: Record<string, CollectionHooks> = {
  bookings: bookingHooks,
  combos: comboHooks,
  payments: paymentHooks,
  'payment-invitations': invitationHooks,
  refunds: refundHooks,
  'payment-splits': splitHooks,
  payouts: payoutHooks,
  vendors: vendorHooks,
  'vendor-documents': vendorDocumentHooks,
  reviews: reviewHooks,
  locations: locationHooks,
  media: mediaHooks,
  services: serviceHooks,
  'price-rules': priceRuleHooks,
  adventures: adventureHooks,
  categories: categoryHooks,
  amenities: amenityHooks,
  interests: interestHooks,
  'service-slots': slotHooks,
  customers: customerHooks,
  'wallet-transactions': walletHooks,
  'loyalty-entries': loyaltyHooks,
  notifications: notificationHooks,
  'chatbot-requests': chatbotHooks,
  coupons: couponHooks,
  discounts: discountHooks,
  deals: dealHooks,
};
