/** The notifications and templates lists as data: views, filters, the table's fields and panels. */
import { notificationTemplates, notifications, type NotificationsRecord, type NotificationTemplatesRecord } from '../../../common/collections.ts';
import { defineListScreen } from '../ui/listScreen.ts';

export const notificationsScreen = defineListScreen({
  collection: notifications,
  searchLabel: 'notifications.searchLabel',
  // What waits to go out, soonest first; what went, newest first.
  views: [
    { key: 'all', label: 'notificationView.all', ordering: '-created_at' },
    { key: 'scheduled', label: 'notificationView.scheduled', ordering: 'scheduled_at' },
    { key: 'sent', label: 'notificationView.sent', ordering: '-sent_at' },
    { key: 'failed', label: 'notificationView.failed', ordering: '-created_at' },
    { key: 'drafts', label: 'notificationView.drafts', ordering: '-created_at' },
  ],
  filters: [
    { kind: 'enum', field: 'channel', label: 'notifications.channel', labelPrefix: 'notificationChannel' },
    { kind: 'enum', field: 'audience_type', label: 'notifications.audience', labelPrefix: 'notificationAudience' },
    { kind: 'dateRange', field: 'created_at', label: 'notifications.createdAt' },
  ],
  defaultOrdering: '-created_at',
  fields: [
    'title_i18n', 'channel', 'audience_type', 'audience_customer_id', 'audience_user_id', 'topic_id', 'template_key', 'scheduled_at', 'sent_at', 'status',
    'recipients_count', 'delivered_count', 'failed_count', 'created_at',
  ],
  expand: ['audience_customer_id', 'topic_id'],
});

export type NotificationRow = Pick<
  NotificationsRecord,
  | 'id' | 'version' | 'title_i18n' | 'channel' | 'audience_type' | 'audience_customer_id' | 'audience_user_id' | 'topic_id' | 'template_key' | 'scheduled_at'
  | 'sent_at' | 'status' | 'recipients_count' | 'delivered_count' | 'failed_count' | 'created_at'
> & {
  _expanded?: { audience_customer_id?: { id: string; name: string } | null; topic_id?: { id: string; key: string; name_i18n: Record<string, string> } | null };
};

/** The order of a notification's actions; which show comes from the notification chart. */
export const NOTIFICATION_EVENTS = ['send', 'cancel'] as const;

export const templatesScreen = defineListScreen({
  collection: notificationTemplates,
  searchLabel: 'notificationTemplates.searchLabel',
  filters: [{ kind: 'boolean', field: 'active', label: 'notificationTemplates.active', labelPrefix: 'notificationTemplateActive' }],
  defaultOrdering: 'key',
  fields: ['key', 'channel', 'title_i18n', 'active', 'updated_at'],
  panels: ['edit'],
});

export type TemplateRow = Pick<NotificationTemplatesRecord, 'id' | 'version' | 'key' | 'channel' | 'title_i18n' | 'active' | 'updated_at'>;
