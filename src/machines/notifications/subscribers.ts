/**
 * A topic's subscribers beside the topics list: a page of them, searched; a customer
 * picked and added; one removed after the user confirms. Each change reads the page again
 * and tells the screen (`announceChanged`: the list's counts moved). A refusal is said at
 * the customer picker (adding) or above the list (removing). The calls are actors,
 * swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiRequestError } from '../../api/client.ts';
import { addSubscriber, fetchSubscribers, removeSubscriber, type Paged, type Subscriber } from '../../api/notifications.ts';
import type { ApiRecord } from '../../api/resources.ts';

export interface SubscribersContext {
  topicId: string;
  search: string;
  page: number;
  data: Paged<Subscriber> | null;
  /** The customer picked to add. */
  adding: ApiRecord | null;
  /** The subscriber whose removal waits for the user's confirmation. */
  removing: Subscriber | null;
  error: string | null;
}

export type SubscribersEvent =
  | { type: 'search'; search: string }
  | { type: 'page'; page: number }
  | { type: 'pick'; customer: ApiRecord | null }
  | { type: 'add' }
  | { type: 'remove.ask'; subscriber: Subscriber }
  | { type: 'remove.cancel' }
  | { type: 'remove.confirm' };

const refusal = (error: unknown, field?: string) => {
  const e = error as Partial<ApiRequestError>;
  return (field ? e.fieldErrors?.[field]?.[0] : undefined) ?? e.detail ?? String(error);
};

export const topicSubscribersMachine = setup({
  types: {
    input: {} as { topicId: string },
    context: {} as SubscribersContext,
    events: {} as SubscribersEvent,
  },
  actors: {
    load: fromPromise<Paged<Subscriber>, { topicId: string; page: number; search: string }>(({ input, signal }) =>
      fetchSubscribers(input.topicId, { page: input.page, search: input.search }, signal),
    ),
    add: fromPromise<unknown, { topicId: string; customerId: string }>(({ input }) => addSubscriber(input.topicId, input.customerId)),
    remove: fromPromise<unknown, { topicId: string; customerId: string }>(({ input }) => removeSubscriber(input.topicId, input.customerId)),
  },
  actions: {
    assignSearch: assign((_, search: string) => ({ search, page: 1 })),
    assignPage: assign((_, page: number) => ({ page })),
    assignData: assign((_, data: Paged<Subscriber>) => ({ data })),
    assignAdding: assign((_, adding: ApiRecord | null) => ({ adding, error: null })),
    assignRemoving: assign((_, removing: Subscriber | null) => ({ removing })),
    added: assign({ adding: null, error: null }),
    assignAddRefusal: assign((_, error: unknown) => ({ error: refusal(error, 'customer_id') })),
    assignRemoveRefusal: assign((_, error: unknown) => ({ error: refusal(error) })),
    /** Tells the screen the topic's subscribers changed (the list's counts). */
    announceChanged: () => {},
  },
  guards: {
    hasPick: ({ context }) => context.adding !== null,
  },
}).createMachine({
  id: 'topicSubscribers',
  context: ({ input }) => ({ topicId: input.topicId, search: '', page: 1, data: null, adding: null, removing: null, error: null }),
  initial: 'loading',
  on: {
    search: { target: '.loading', reenter: true, actions: { type: 'assignSearch', params: ({ event }) => event.search } },
    page: { target: '.loading', reenter: true, actions: { type: 'assignPage', params: ({ event }) => event.page } },
    pick: { actions: { type: 'assignAdding', params: ({ event }) => event.customer } },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ topicId: context.topicId, page: context.page, search: context.search }),
        onDone: { target: 'shown', actions: { type: 'assignData', params: ({ event }) => event.output } },
        // The page shown stays; the next change or search reads again.
        onError: 'shown',
      },
    },
    shown: {
      on: {
        add: { guard: 'hasPick', target: 'adding' },
        'remove.ask': { target: 'confirmingRemoval', actions: { type: 'assignRemoving', params: ({ event }) => event.subscriber } },
      },
    },
    confirmingRemoval: {
      on: {
        'remove.cancel': { target: 'shown', actions: { type: 'assignRemoving', params: () => null } },
        'remove.confirm': 'removing',
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        id: 'add',
        src: 'add',
        input: ({ context }) => ({ topicId: context.topicId, customerId: context.adding!.id }),
        onDone: { target: 'loading', actions: ['added', 'announceChanged'] },
        onError: { target: 'shown', actions: { type: 'assignAddRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'remove',
        src: 'remove',
        input: ({ context }) => ({ topicId: context.topicId, customerId: context.removing!.customer_id }),
        onDone: { target: 'loading', actions: [{ type: 'assignRemoving', params: () => null }, 'announceChanged'] },
        // Removed or not, the page is read again: it says which.
        onError: { target: 'loading', actions: [{ type: 'assignRemoveRefusal', params: ({ event }: { event: { error: unknown } }) => event.error }, { type: 'assignRemoving', params: () => null }, 'announceChanged'] },
      },
    },
  },
});
