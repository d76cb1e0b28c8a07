/**
 * The header's bell: how many in-app notifications the user has not read (read again when
 * the realtime channel brings one, or one is read), and the latest of them while its menu
 * is open (read when it opens, and again when one arrives). Choosing an unread one marks
 * it read; "mark all read" does so for all. The calls are named reads and commands
 * (`inboxCount`, `inbox`, `inboxMarkRead`, `inboxMarkAllRead`), swapped with `.provide()`
 * in tests. A failed count keeps the last one; a failed list shows as empty.
 */
import { assign, fromPromise, raise, setup } from 'xstate';
import type { InboxItem } from '../../api/notifications.ts';
import { runCommand } from '../../api/commands.ts';
import { runRead } from '../../api/reads.ts';

export interface NotificationBellContext {
  unread: number;
  /** The latest notifications; null until the menu has read them once. */
  items: InboxItem[] | null;
}

export type NotificationBellEvent =
  | { type: 'open' }
  | { type: 'close' }
  /** A notification arrived (realtime). */
  | { type: 'notified' }
  | { type: 'choose'; item: InboxItem }
  | { type: 'readAll' }
  /** Internal: one was read, the count is stale. */
  | { type: 'count.stale' }
  /** Internal: all were read, the count and the list are stale. */
  | { type: 'inbox.stale' };

export const notificationBellMachine = setup({
  types: {
    context: {} as NotificationBellContext,
    events: {} as NotificationBellEvent,
  },
  actors: {
    count: fromPromise<number>(({ signal }) => runRead('inboxCount', {}, signal)),
    list: fromPromise<InboxItem[]>(({ signal }) => runRead('inbox', {}, signal)),
    markRead: fromPromise<unknown, { id: string }>(({ input }) => runCommand('inboxMarkRead', input)),
    markAllRead: fromPromise<unknown>(() => runCommand('inboxMarkAllRead', {})),
  },
  actions: {
    assignUnread: assign((_, unread: number) => ({ unread })),
    assignItems: assign((_, items: InboxItem[]) => ({ items })),
    noItems: assign({ items: [] }),
    countStale: raise({ type: 'count.stale' }),
    inboxStale: raise({ type: 'inbox.stale' }),
  },
  guards: {
    isUnread: (_, item: InboxItem) => !item.read_at,
  },
}).createMachine({
  id: 'notificationBell',
  context: { unread: 0, items: null },
  type: 'parallel',
  states: {
    count: {
      description: 'The figure on the bell; a failed read keeps the last one.',
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'count',
            src: 'count',
            onDone: { target: 'known', actions: { type: 'assignUnread', params: ({ event }) => event.output } },
            onError: 'known',
          },
          // Read again from the start: the one under way may have missed it.
          on: {
            notified: { target: 'reading', reenter: true },
            'count.stale': { target: 'reading', reenter: true },
            'inbox.stale': { target: 'reading', reenter: true },
          },
        },
        known: {
          on: { notified: 'reading', 'count.stale': 'reading', 'inbox.stale': 'reading' },
        },
      },
    },
    menu: {
      initial: 'closed',
      states: {
        closed: {
          on: { open: 'open' },
        },
        open: {
          description: 'The latest notifications, read on opening and again when one arrives; those read before stay shown meanwhile.',
          initial: 'reading',
          on: { close: 'closed' },
          states: {
            reading: {
              invoke: {
                id: 'list',
                src: 'list',
                onDone: { target: 'shown', actions: { type: 'assignItems', params: ({ event }) => event.output } },
                onError: { target: 'shown', actions: 'noItems' },
              },
              on: {
                notified: { target: 'reading', reenter: true },
                'inbox.stale': { target: 'reading', reenter: true },
              },
            },
            shown: {
              on: { notified: 'reading', 'inbox.stale': 'reading' },
            },
          },
        },
      },
    },
    marking: {
      description: 'Marking read runs beside the menu (choosing a notification closes it).',
      initial: 'idle',
      states: {
        idle: {
          on: {
            choose: { guard: { type: 'isUnread', params: ({ event }) => event.item }, target: 'one' },
            readAll: 'all',
          },
        },
        one: {
          invoke: {
            id: 'markRead',
            src: 'markRead',
            input: ({ event }) => ({ id: (event as Extract<NotificationBellEvent, { type: 'choose' }>).item.id }),
            onDone: { target: 'idle', actions: 'countStale' },
            onError: 'idle',
          },
        },
        all: {
          invoke: {
            id: 'markAllRead',
            src: 'markAllRead',
            onDone: { target: 'idle', actions: 'inboxStale' },
            onError: 'idle',
          },
        },
      },
    },
  },
});
