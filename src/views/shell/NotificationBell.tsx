import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { localeActor } from '../../app/actors.ts';
import { useRealtimeEvents } from '../../app/realtime.ts';
import { fetchInbox, fetchInboxCount, markInboxAllRead, markInboxRead, type InboxItem } from '../../api/notifications.ts';
import { DIRECTION } from '../../machines/locale.ts';
import { formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/Icon.tsx';

/**
 * The header's bell: how many in-app notifications the user has not read (asked again when
 * the realtime channel brings one), and the latest of them in a menu; choosing one marks it
 * read and opens its link.
 */
export function NotificationBell() {
  const intl = useIntl();
  const locale = useSelector(localeActor, (s) => s.context.locale);
  const [, navigate] = useLocation();
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<InboxItem[] | null>(null);
  const [open, setOpen] = useState(false);

  const refresh = useCallback(() => {
    fetchInboxCount().then((r) => setUnread(r.unread), () => undefined);
  }, []);
  const load = useCallback(() => {
    fetchInbox().then((r) => setItems(Array.isArray(r) ? r : r.results), () => setItems([]));
  }, []);
  useEffect(refresh, [refresh]);
  useRealtimeEvents(
    () => {
      refresh();
      if (open) load();
    },
    { type: 'notification' },
  );

  const choose = (item: InboxItem) => {
    if (!item.read_at) void markInboxRead(item.id).then(refresh, () => undefined);
    if (item.link) navigate(item.link);
  };
  const readAll = () => {
    void markInboxAllRead().then(() => {
      refresh();
      load();
    }, () => undefined);
  };

  return (
    <DropdownMenu.Root
      dir={DIRECTION[locale]}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) load();
      }}
    >
      <DropdownMenu.Trigger className="button button-ghost bell-trigger" aria-label={intl.formatMessage({ id: 'notifBell.label' }, { count: unread })}>
        <Icon name="notifications" />
        {unread > 0 && (
          <span className="bell-badge" aria-hidden="true" data-testid="bell-count">
            {intl.formatNumber(Math.min(unread, 99))}
            {unread > 99 ? '+' : ''}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu bell-menu" align="end" sideOffset={6}>
          <DropdownMenu.Label className="menu-label">
            <FormattedMessage id="notifBell.heading" />
          </DropdownMenu.Label>
          {items === null ? (
            <p className="bell-empty">
              <FormattedMessage id="notifBell.loading" />
            </p>
          ) : items.length === 0 ? (
            <p className="bell-empty">
              <FormattedMessage id="notifBell.none" />
            </p>
          ) : (
            items.map((item) => (
              <DropdownMenu.Item key={item.id} className="menu-item bell-item" data-unread={item.read_at ? undefined : ''} onSelect={() => choose(item)}>
                <span className="cell-stack">
                  <strong>{item.title}</strong>
                  <span className="bell-body">{item.body}</span>
                  <span className="muted">{formatDateTime(intl, item.created_at)}</span>
                </span>
                {!item.read_at && (
                  <span className="visually-hidden">
                    <FormattedMessage id="notifBell.unread" />
                  </span>
                )}
              </DropdownMenu.Item>
            ))
          )}
          {unread > 0 && (
            <>
              <DropdownMenu.Separator className="menu-separator" />
              <DropdownMenu.Item className="menu-item" onSelect={readAll}>
                <FormattedMessage id="notifBell.readAll" />
              </DropdownMenu.Item>
            </>
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
