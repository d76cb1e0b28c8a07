import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { InboxItem } from '../../api/notifications.ts';
import { localeActor } from '../../app/actors.ts';
import { useRealtimeEvents } from '../../app/realtime.ts';
import { DIRECTION } from '../../machines/locale.ts';
import { notificationBellMachine } from '../../machines/shell/notificationBell.ts';
import { formatDateTime } from '../ui/format.ts';
import { Icon } from '../ui/Icon.tsx';

/**
 * The header's bell: how many in-app notifications the user has not read (asked again when
 * the realtime channel brings one), and the latest of them in a menu; choosing one marks it
 * read and opens its link. The notification bell machine reads and marks them.
 */
export function NotificationBell() {
  const intl = useIntl();
  const locale = useSelector(localeActor, (s) => s.context.locale);
  const [, navigate] = useLocation();
  const bell = useActorRef(notificationBellMachine);
  const unread = useSelector(bell, (s) => s.context.unread);
  const items = useSelector(bell, (s) => s.context.items);
  const open = useSelector(bell, (s) => s.matches({ menu: 'open' }));
  useRealtimeEvents(() => bell.send({ type: 'notified' }), { type: 'notification' });

  const choose = (item: InboxItem) => {
    bell.send({ type: 'choose', item });
    if (item.link) navigate(item.link);
  };
  const readAll = () => bell.send({ type: 'readAll' });

  return (
    <DropdownMenu.Root
      dir={DIRECTION[locale]}
      open={open}
      onOpenChange={(next) => bell.send({ type: next ? 'open' : 'close' })}
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
