/** Notifications and topics, conversations and messages, support tickets, chatbot requests, help articles. */
import Type, { type Static } from 'typebox';
import {
  Count, DateTime, Email, Enum, I18n, LifecycleFields, Name, Nullable, NullableVendorOwned, RecordBase, StrictObject, Text, Url, Uuid,
  VendorOwned, patchOf,
} from './common.ts';
import { WilayaCode } from './wilayas.ts';
import { CHATBOT_REQUEST_STATUSES, NOTIFICATION_STATUSES, TICKET_STATUSES } from './statuses.ts';

// Notifications and topics -------------------------------------------------------------

export const NOTIFICATION_CHANNELS = ['push', 'sms', 'email', 'in_app'] as const;
export const AUDIENCE_TYPES = ['customer', 'user', 'segment', 'topic', 'all_customers', 'all_vendors'] as const;
/** A segment of customers: every filter given must hold (booked_within_days, vendor_id and service_id describe one booking). */
export const SegmentFilters = StrictObject({
  wilaya_code: Type.Optional(WilayaCode),
  booked_within_days: Type.Optional(Type.Integer({ minimum: 1, maximum: 3650 })),
  vendor_id: Type.Optional(Uuid),
  service_id: Type.Optional(Uuid),
  language: Type.Optional(Enum(['en', 'fr', 'ar'] as const)),
});
export type SegmentFilters = Static<typeof SegmentFilters>;
/** Templates for booking events; the body may use {ref}, {service}, {starts_at}, {amount}. */
export const NOTIFICATION_TEMPLATES = [
  'booking_confirmed', 'booking_declined', 'booking_cancelled', 'booking_reminder', 'payment_received', 'payment_link', 'refund_processed', 'review_request',
  'payout_account_changed',
] as const;

export const NotificationInput = StrictObject({
  title_i18n: I18n(150),
  body_i18n: I18n(2000),
  channel: Enum(NOTIFICATION_CHANNELS),
  audience_type: Enum(AUDIENCE_TYPES),
  audience_customer_id: Type.Optional(Nullable(Uuid)),
  audience_user_id: Type.Optional(Nullable(Uuid)),
  segment: Type.Optional(Nullable(Type.String({ pattern: '^[a-z0-9_]{1,60}$', maxLength: 60 }))),
  segment_filters: Type.Optional(Nullable(SegmentFilters)),
  topic_id: Type.Optional(Nullable(Uuid)),
  scheduled_at: Type.Optional(Nullable(DateTime)),
  template_key: Type.Optional(Nullable(Enum(NOTIFICATION_TEMPLATES))),
});
export const NotificationPatch = patchOf(NotificationInput);
export const Notification = StrictObject({
  ...RecordBase,
  ...Type.Required(NotificationInput).properties,
  ...LifecycleFields(Enum(NOTIFICATION_STATUSES)),
  sent_at: Nullable(DateTime),
  recipients_count: Count(100_000_000),
  delivered_count: Count(100_000_000),
  failed_count: Count(100_000_000),
  created_by: Nullable(Uuid),
});
export type Notification = Static<typeof Notification>;

export const TopicInput = StrictObject({
  key: Type.String({ pattern: '^[a-z0-9_.-]{2,60}$', maxLength: 60 }),
  name_i18n: I18n(120),
  description: Type.Optional(Nullable(Text(500))),
});
export const TopicPatch = patchOf(TopicInput);
export const Topic = StrictObject({ ...RecordBase, ...Type.Required(TopicInput).properties, subscribers_count: Count(100_000_000) });
export type Topic = Static<typeof Topic>;

// Conversations and messages -----------------------------------------------------------

export const CONVERSATION_KINDS = ['customer', 'vendor'] as const;
export const AUTHOR_TYPES = ['staff', 'vendor', 'customer', 'system'] as const;

export const ConversationInput = StrictObject({
  vendor_id: Type.Optional(NullableVendorOwned.vendor_id),
  kind: Enum(CONVERSATION_KINDS),
  customer_id: Type.Optional(Nullable(Uuid)),
  subject: Type.Optional(Nullable(Text(200))),
  booking_id: Type.Optional(Nullable(Uuid)),
  assignee_id: Type.Optional(Nullable(Uuid)),
  archived: Type.Optional(Type.Boolean()),
});
export const ConversationPatch = patchOf(Type.Omit(ConversationInput, ['vendor_id', 'kind']));
export const Conversation = StrictObject({
  ...RecordBase,
  ...Type.Required(ConversationInput).properties,
  unread_count: Count(1_000_000),
  last_message_at: Nullable(DateTime),
  last_message_preview: Nullable(Text(200)),
});
export type Conversation = Static<typeof Conversation>;

/** A file kept elsewhere (the customer app's), linked from the message. */
const LinkedFile = {
  url: Url,
  name: Text(200, 1),
  mime_type: Type.Optional(Text(100)),
  size_bytes: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
};
export const Attachment = StrictObject({
  ...LinkedFile,
  /** An image uploaded through the media pipeline (owner: the conversation), shown through the image proxy; set by the server only. */
  media_id: Type.Optional(Uuid),
});
export const MessageInput = StrictObject({
  body: Text(4000, 1),
  attachments: Type.Optional(Type.Array(Attachment, { maxItems: 10 })),
});
/**
 * A reply from the inbox: its attachments name media uploaded to the conversation; the
 * server fills in their address, type and size (a client never gives a file's address).
 */
export const ReplyAttachment = StrictObject({ media_id: Uuid, name: Text(200, 1) });
export const MessageReplyInput = StrictObject({
  body: Text(4000, 1),
  attachments: Type.Optional(Type.Array(ReplyAttachment, { maxItems: 10 })),
});
export const MessagePatch = patchOf(StrictObject({ read: Type.Boolean() }));
export const Message = StrictObject({
  ...RecordBase,
  conversation_id: Uuid,
  vendor_id: Nullable(VendorOwned.vendor_id),
  ...Type.Required(MessageInput).properties,
  author_type: Enum(AUTHOR_TYPES),
  author_user_id: Nullable(Uuid),
  author_name: Text(200),
  read_at: Nullable(DateTime),
});
export type Message = Static<typeof Message>;

// Support tickets ----------------------------------------------------------------------

export const TICKET_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const REQUESTER_TYPES = ['customer', 'vendor', 'staff'] as const;
export const TicketInput = StrictObject({
  vendor_id: Type.Optional(NullableVendorOwned.vendor_id),
  requester_type: Enum(REQUESTER_TYPES),
  requester_name: Name(),
  requester_email: Type.Optional(Nullable(Email)),
  customer_id: Type.Optional(Nullable(Uuid)),
  booking_id: Type.Optional(Nullable(Uuid)),
  subject: Name(200),
  body: Type.Optional(Nullable(Text(5000))),
  priority: Type.Optional(Enum(TICKET_PRIORITIES)),
  assignee_id: Type.Optional(Nullable(Uuid)),
});
export const TicketPatch = patchOf(Type.Omit(TicketInput, ['vendor_id', 'requester_type']));
export const Ticket = StrictObject({
  ...RecordBase,
  ...Type.Required(TicketInput).properties,
  ...LifecycleFields(Enum(TICKET_STATUSES)),
  chatbot_request_id: Nullable(Uuid),
  /** When the first answer is due: from the priority at creation (the database computes it). */
  first_response_due_at: Nullable(DateTime),
  /** The first staff reply, which meets it. */
  first_responded_at: Nullable(DateTime),
});
export type Ticket = Static<typeof Ticket>;

/** A reply in a ticket's thread (`/tickets/<id>/messages/`). */
export const TicketMessageInput = StrictObject({ body: Text(5000, 1) });
export const TICKET_AUTHOR_TYPES = ['staff', 'vendor', 'requester'] as const;

/** What the customer app's backend posts for a customer's message (`/channel/messages/`). */
export const ChannelMessageInput = StrictObject({
  customer_id: Uuid,
  body: Text(4000, 1),
  /** The booking it is about: the conversation is then the booking's vendor's. */
  booking_id: Type.Optional(Nullable(Uuid)),
  attachments: Type.Optional(Type.Array(StrictObject(LinkedFile), { maxItems: 10 })),
});

// Chatbot requests ---------------------------------------------------------------------

export const TranscriptLine = StrictObject({
  role: Enum(['customer', 'bot']),
  text: Text(2000),
  at: DateTime,
});
export const ChatbotRequestInput = StrictObject({
  customer_id: Type.Optional(Nullable(Uuid)),
  transcript: Type.Array(TranscriptLine, { maxItems: 200 }),
  intent: Type.Optional(Nullable(Type.String({ pattern: '^[a-z0-9_.]{1,60}$', maxLength: 60 }))),
  confidence: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1 }))),
  booking_id: Type.Optional(Nullable(Uuid)),
  channel: Type.Optional(Enum(['web', 'app', 'whatsapp'])),
  resolution_note: Type.Optional(Nullable(Text(1000))),
});
export const ChatbotRequestPatch = patchOf(ChatbotRequestInput);
export const ChatbotRequest = StrictObject({
  ...RecordBase,
  ...Type.Required(ChatbotRequestInput).properties,
  ...LifecycleFields(Enum(CHATBOT_REQUEST_STATUSES)),
  ticket_id: Nullable(Uuid),
});
export type ChatbotRequest = Static<typeof ChatbotRequest>;

// Help ---------------------------------------------------------------------------------

export const HELP_AUDIENCES = ['staff', 'vendor', 'all'] as const;
export const HelpArticleInput = StrictObject({
  slug: Type.String({ pattern: '^[a-z0-9-]{2,120}$', maxLength: 120 }),
  title_i18n: I18n(200),
  body_i18n: I18n(20000),
  audience: Enum(HELP_AUDIENCES),
  tags: Type.Optional(Type.Array(Text(40, 1), { maxItems: 20, uniqueItems: true })),
  published: Type.Optional(Type.Boolean()),
  sort_order: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
});
export const HelpArticlePatch = patchOf(HelpArticleInput);
export const HelpArticle = StrictObject({ ...RecordBase, ...Type.Required(HelpArticleInput).properties });
export type HelpArticle = Static<typeof HelpArticle>;
