import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import type { Column } from '../ui/DataTable.tsx';
import { formatDateTime, localized } from '../ui/format.ts';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { AudienceText } from './audience.tsx';
import { notificationsScreen, type NotificationRow } from './notificationsScreen.ts';
import { TemplatesTab } from './TemplatesTab.tsx';
import { useStaff } from '../../app/permissions.ts';

type Tab = 'notifications' | 'templates';

/** Notifications and, in a second tab kept in the URL, the templates booking events send. */
export function NotificationListPage(props: PageProps) {
  const tab: Tab = new URLSearchParams(useSearch()).get('tab') === 'templates' ? 'templates' : 'notifications';
  return tab === 'templates' ? <TemplatesTab {...props} tabs={<ListTabs route={props.route} tab={tab} />} /> : <NotificationsTab {...props} />;
}

/** The two lists of the page, as links beside its heading (the open one kept in the URL). */
export function ListTabs({ route, tab }: { route: PageProps['route']; tab: Tab }) {
  const intl = useIntl();
  const base = pathOf(route);
  return (
    <nav className="notif-tabs" aria-label={intl.formatMessage({ id: 'notifications.tabs' })}>
      <Link href={base} aria-current={tab === 'notifications' ? 'page' : undefined}>
        <FormattedMessage id="notifications.tab.notifications" />
      </Link>
      <Link href={`${base}?tab=templates`} aria-current={tab === 'templates' ? 'page' : undefined}>
        <FormattedMessage id="notifications.tab.templates" />
      </Link>
    </nav>
  );
}

/** Every notification: what, to whom, on which channel, when, and how many got it; counts move live while sending (the list follows record events). */
function NotificationsTab({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(notificationsScreen);
  const detail = routeByKey('notificationDetail');

  const columns: Column<NotificationRow>[] = [
    {
      key: 'title',
      header: 'notifications.title',
      priority: 1,
      render: (r) => (
        <span className="cell-stack">
          <span>{localized(r.title_i18n, intl.locale)}</span>
          {r.template_key && (
            <span className="muted">
              <FormattedMessage id={`notificationTemplate.${r.template_key}`} />
            </span>
          )}
        </span>
      ),
    },
    { key: 'channel', header: 'notifications.channel', priority: 1, render: (r) => <FormattedMessage id={`notificationChannel.${r.channel}`} /> },
    { key: 'audience', header: 'notifications.audience', priority: 2, render: (r) => <AudienceText record={r} /> },
    { key: 'scheduled_at', header: 'notifications.scheduledAt', priority: 2, sortField: 'scheduled_at', render: (r) => formatDateTime(intl, r.scheduled_at ?? r.sent_at) },
    { key: 'status', header: 'notifications.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="notificationStatus" /> },
    {
      key: 'counts',
      header: 'notifications.deliveredFailed',
      priority: 1,
      align: 'end',
      render: (r) => (
        <span className="notif-counts" data-testid="notification-counts">
          <span data-tone="ok">{intl.formatNumber(r.delivered_count)}</span>
          {' / '}
          <span data-tone={r.failed_count > 0 ? 'bad' : undefined}>{intl.formatNumber(r.failed_count)}</span>
        </span>
      ),
    },
  ];

  return (
    <ListScreen
      route={route}
      screen={notificationsScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="notifications.none" />}
      tableName="notifications"
      rowHref={(row) => pathOf(detail, row.id)}
      actions={
        <>
          <ListTabs route={route} tab="notifications" />
          <Link href={pathOf(routeByKey('notificationsSend'))} className="button button-primary">
            <FormattedMessage id="notifications.compose" />
          </Link>
        </>
      }
    />
  );
}
