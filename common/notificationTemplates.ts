/** Templates of the notifications booking events send, with the placeholders their texts may use. */
import Type, { type Static } from 'typebox';
import { Enum, I18n, RecordBase, StrictObject, patchOf } from './common.ts';
import { NOTIFICATION_CHANNELS } from './messaging.ts';

export const TEMPLATE_KEYS = ['booking_confirmed', 'booking_cancelled', 'booking_reminder'] as const;
export type TemplateKey = (typeof TEMPLATE_KEYS)[number];
/** What a template's title and body may name, each filled in the recipient's language. */
export const TEMPLATE_PLACEHOLDERS = ['customer_name', 'service', 'ref', 'starts_at', 'vendor'] as const;

export const NotificationTemplateInput = StrictObject({
  channel: Enum(NOTIFICATION_CHANNELS),
  title_i18n: I18n(150),
  body_i18n: I18n(2000),
  active: Type.Optional(Type.Boolean()),
});
export const NotificationTemplatePatch = patchOf(NotificationTemplateInput);
export const NotificationTemplate = StrictObject({
  ...RecordBase,
  key: Enum(TEMPLATE_KEYS),
  ...Type.Required(NotificationTemplateInput).properties,
});
export type NotificationTemplate = Static<typeof NotificationTemplate>;

/** Placeholders a text names that the templates do not know (`{price}`), for a field error. */
export function unknownPlaceholders(text: string): string[] {
  const known = new Set<string>(TEMPLATE_PLACEHOLDERS);
  return [...text.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!).filter((name) => !known.has(name));
}
