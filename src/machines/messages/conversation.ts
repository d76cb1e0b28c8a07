/**
 * One conversation beside the inbox: read with the names of who and what it is about,
 * then, when the customer wrote messages not read yet, those are read (a read receipt the
 * other side sees live) and the conversation read again. Once the user flagged it unread,
 * it stays unread while open, until the customer writes again. Staff give it to someone, mark it
 * read or flag the customer's last message unread; each change reads it again and tells the
 * screen (`announceChanged`: the list and the thread). A refusal is said above the thread.
 * A live change reads it again. The calls are actors, swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiRequestError } from '../../api/client.ts';
import { refusalDetail } from '../resources/bulk.ts';
import { markConversationRead, markMessageUnread } from '../../api/messages.ts';
import { fetchRecord, updateRecord, type ApiRecord } from '../../api/resources.ts';

/** The labels a conversation is read with. */
export const CONVERSATION_EXPAND = ['customer_id', 'vendor_id', 'booking_id', 'assignee_id'] as const;

export type ConversationChange =
  | { type: 'assign'; assigneeId: string | null }
  | { type: 'markRead' }
  /** `message`: the customer's last message, flagged unread again. */
  | { type: 'markUnread'; message: { id: string; version?: number } };

export type ConversationEvent = ConversationChange | { type: 'reload' };

export interface ConversationContext {
  id: string;
  record: ApiRecord | null;
  notFound: boolean;
  loadFailed: boolean;
  /** A refusal, as the server said it. */
  notice: string | null;
  change: ConversationChange | null;
  /** Unread messages the user chose to leave unread (flagged unread here): not read again on their own. */
  acceptedUnread: number;
  /** The next read of the conversation takes its unread count as the user's choice. */
  leaveUnread: boolean;
}

const isGone = (error: unknown) => [403, 404].includes((error as Partial<ApiRequestError>).status ?? 0);

export const conversationMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as ConversationContext,
    events: {} as ConversationEvent,
  },
  actors: {
    load: fromPromise<ApiRecord, { id: string }>(({ input, signal }) => fetchRecord('conversations', input.id, signal, CONVERSATION_EXPAND)),
    markRead: fromPromise<unknown, { id: string }>(({ input }) => markConversationRead(input.id)),
    change: fromPromise<unknown, { record: ApiRecord; change: ConversationChange }>(({ input: { record, change } }) =>
      change.type === 'assign'
        ? updateRecord('conversations', record.id, { assignee_id: change.assigneeId, version: record.version })
        : change.type === 'markRead'
          ? markConversationRead(record.id)
          : markMessageUnread(record.id, change.message),
    ),
  },
  actions: {
    assignRecord: assign((_, record: ApiRecord) => ({ record, notFound: false, loadFailed: false })),
    assignLoadFailure: assign((_, error: unknown) => ({ notFound: isGone(error), loadFailed: true })),
    assignChange: assign((_, change: ConversationChange) => ({ change, notice: null })),
    acceptUnread: assign((_, record: ApiRecord) => ({ acceptedUnread: Number(record.unread_count ?? 0), leaveUnread: false })),
    forgetUnread: assign({ acceptedUnread: 0 }),
    rememberChange: assign(({ context }) => (context.change?.type === 'markUnread' ? { leaveUnread: true } : context.change?.type === 'markRead' ? { acceptedUnread: 0 } : {})),
    assignNotice: assign((_, error: unknown) => ({ notice: refusalDetail(error) })),
    /** Tells the screen the conversation changed here (the inbox list, the thread). */
    announceChanged: () => {},
  },
  guards: {
    hasUnread: ({ context }, record: ApiRecord) => Number(record.unread_count ?? 0) > context.acceptedUnread,
    leavesUnread: ({ context }) => context.leaveUnread,
    hasRecord: ({ context }) => context.record !== null,
  },
}).createMachine({
  id: 'conversation',
  context: ({ input }) => ({ id: input.id, record: null, notFound: false, loadFailed: false, notice: null, change: null, acceptedUnread: 0, leaveUnread: false }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      on: {
        reload: { target: 'loading', reenter: true },
        // A change asked while it is read again (a live change) goes ahead on the record shown.
        assign: { guard: 'hasRecord', target: 'changing', actions: { type: 'assignChange', params: ({ event }) => event } },
        markRead: { guard: 'hasRecord', target: 'changing', actions: { type: 'assignChange', params: ({ event }) => event } },
        markUnread: { guard: 'hasRecord', target: 'changing', actions: { type: 'assignChange', params: ({ event }) => event } },
      },
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: [
          {
            guard: 'leavesUnread',
            target: 'shown',
            actions: [{ type: 'assignRecord', params: ({ event }: { event: { output: ApiRecord } }) => event.output }, { type: 'acceptUnread', params: ({ event }: { event: { output: ApiRecord } }) => event.output }],
          },
          // Opening it (or a new customer message while open) reads the customer's messages.
          {
            guard: { type: 'hasUnread', params: ({ event }: { event: { output: ApiRecord } }) => event.output },
            target: 'readingUnread',
            actions: { type: 'assignRecord', params: ({ event }: { event: { output: ApiRecord } }) => event.output },
          },
          { target: 'shown', actions: { type: 'assignRecord', params: ({ event }: { event: { output: ApiRecord } }) => event.output } },
        ],
        onError: { target: 'shown', actions: { type: 'assignLoadFailure', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    readingUnread: {
      invoke: {
        id: 'markRead',
        src: 'markRead',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'loading', actions: ['forgetUnread', 'announceChanged'] },
        onError: 'shown',
      },
    },
    shown: {
      on: {
        reload: 'loading',
        assign: { target: 'changing', actions: { type: 'assignChange', params: ({ event }) => event } },
        markRead: { target: 'changing', actions: { type: 'assignChange', params: ({ event }) => event } },
        markUnread: { target: 'changing', actions: { type: 'assignChange', params: ({ event }) => event } },
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        id: 'change',
        src: 'change',
        input: ({ context }) => ({ record: context.record!, change: context.change! }),
        onDone: { target: 'loading', actions: ['rememberChange', 'announceChanged'] },
        onError: { target: 'loading', actions: { type: 'assignNotice', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
