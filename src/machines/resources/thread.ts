/**
 * A thread of messages (a conversation's, a ticket's): loaded oldest first, a reply sent
 * while the thread stays readable, reloaded when told something changed (a realtime event
 * of this thread). A failed reply keeps the text typed and says why, at the field when
 * the server names it. The calls are actors, swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';

export interface ThreadMessage {
  id: string;
  version?: number;
  body: string;
  author_type: string;
  author_name: string;
  created_at: string;
  read_at?: string | null;
  attachments?: { url: string; name: string; mime_type?: string }[];
}

export interface ThreadInput {
  /** The thread's messages, e.g. `/branch/api/conversations/<id>/messages/`. */
  url: string;
}

export interface Reply {
  body: string;
  attachments?: ThreadMessage['attachments'];
}

export interface ThreadContext {
  url: string;
  messages: ThreadMessage[];
  draft: string;
  error: string | null;
  fieldError: string | null;
  loadFailed: boolean;
  /** A reload asked for while one runs: done once more after it. */
  stale: boolean;
}

export type ThreadEvent =
  | { type: 'draft.changed'; value: string }
  | { type: 'send'; attachments?: Reply['attachments'] }
  | { type: 'changed' }
  | { type: 'retry' };

interface Failure {
  detail?: string;
  fieldErrors?: Record<string, string[]>;
}

export const threadMachine = setup({
  types: { input: {} as ThreadInput, context: {} as ThreadContext, events: {} as ThreadEvent },
  actors: {
    loadThread: fromPromise<ThreadMessage[], { url: string }>(async () => {
      throw new Error('loadThread not provided');
    }),
    postReply: fromPromise<ThreadMessage, { url: string; reply: Reply }>(async () => {
      throw new Error('postReply not provided');
    }),
  },
  actions: {
    setDraft: assign({ draft: (_, params: { value: string }) => params.value, fieldError: null }),
    markStale: assign({ stale: true }),
  },
  guards: {
    hasText: ({ context }) => context.draft.trim().length > 0,
    isStale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({ url: input.url, messages: [], draft: '', error: null, fieldError: null, loadFailed: false, stale: false }),
  initial: 'loading',
  on: { 'draft.changed': { actions: { type: 'setDraft', params: ({ event }) => ({ value: event.value }) } } },
  states: {
    loading: {
      entry: assign({ stale: false }),
      invoke: {
        id: 'loadThread',
        src: 'loadThread',
        input: ({ context }) => ({ url: context.url }),
        onDone: [
          { guard: 'isStale', target: 'loading', reenter: true, actions: assign({ messages: ({ event }) => event.output, loadFailed: false }) },
          { target: 'ready', actions: assign({ messages: ({ event }) => event.output, loadFailed: false }) },
        ],
        onError: { target: 'ready', actions: assign({ loadFailed: true }) },
      },
      on: { changed: { actions: 'markStale' } },
    },
    ready: {
      on: {
        changed: { target: 'loading' },
        retry: { target: 'loading' },
        send: { guard: 'hasText', target: 'sending' },
      },
    },
    sending: {
      entry: assign({ error: null, fieldError: null }),
      invoke: {
        id: 'postReply',
        src: 'postReply',
        input: ({ context, event }) => ({
          url: context.url,
          reply: { body: context.draft.trim(), ...(event.type === 'send' && event.attachments?.length ? { attachments: event.attachments } : {}) },
        }),
        onDone: {
          // The reply shows at once; the reload brings what others wrote meanwhile.
          target: 'loading',
          actions: assign({ messages: ({ context, event }) => [...context.messages, event.output], draft: '' }),
        },
        onError: {
          target: 'ready',
          actions: assign(({ event }) => {
            const failure = (event.error ?? {}) as Failure;
            const atField = failure.fieldErrors?.body?.join(' ') ?? null;
            return { fieldError: atField, error: atField ? null : (failure.detail ?? 'error') };
          }),
        },
      },
      on: { changed: { actions: 'markStale' } },
    },
  },
});
