/**
 * A thread of messages (a conversation's, a ticket's): loaded oldest first, a reply sent
 * while the thread stays readable, reloaded when told something changed (a realtime event
 * of this thread). A failed reply keeps the text typed and says why, at the field when
 * the server names it. Images uploaded beforehand (the media pipeline) go with the reply
 * and stay for another try when it fails. The calls are actors, swapped with `.provide()`
 * in tests.
 */
import { assign, fromPromise, setup, type ActorRefFrom } from 'xstate';

export interface ThreadMessage {
  id: string;
  version?: number;
  body: string;
  author_type: string;
  author_name: string;
  created_at: string;
  read_at?: string | null;
  /** `media_id` when the image went through the media pipeline (shown by the image proxy). */
  attachments?: { url: string; name: string; mime_type?: string; media_id?: string }[];
}

export interface ThreadInput {
  /** The thread's messages, e.g. `/branch/api/conversations/<id>/messages/`. */
  url: string;
}

/** An image uploaded to the thread's owner, named for the reader. */
export interface ReplyAttachment {
  media_id: string;
  name: string;
}

export interface Reply {
  body: string;
  attachments?: ReplyAttachment[];
}

export interface ThreadContext {
  url: string;
  messages: ThreadMessage[];
  draft: string;
  /** Uploaded images the next reply carries. */
  attachments: ReplyAttachment[];
  error: string | null;
  fieldError: string | null;
  loadFailed: boolean;
  /** A reload asked for while one runs: done once more after it. */
  stale: boolean;
}

export type ThreadEvent =
  | { type: 'draft.changed'; value: string }
  | { type: 'send' }
  | { type: 'attachment.added'; attachment: ReplyAttachment }
  | { type: 'attachment.removed'; mediaId: string }
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
    addAttachment: assign({ attachments: ({ context }, params: { attachment: ReplyAttachment }) => [...context.attachments, params.attachment] }),
    removeAttachment: assign({ attachments: ({ context }, params: { mediaId: string }) => context.attachments.filter((a) => a.media_id !== params.mediaId) }),
  },
  guards: {
    hasText: ({ context }) => context.draft.trim().length > 0,
    isStale: ({ context }) => context.stale,
  },
}).createMachine({
  id: 'thread',
  context: ({ input }) => ({ url: input.url, messages: [], draft: '', attachments: [], error: null, fieldError: null, loadFailed: false, stale: false }),
  initial: 'loading',
  on: {
    'draft.changed': { actions: { type: 'setDraft', params: ({ event }) => ({ value: event.value }) } },
    'attachment.added': { actions: { type: 'addAttachment', params: ({ event }) => ({ attachment: event.attachment }) } },
    'attachment.removed': { actions: { type: 'removeAttachment', params: ({ event }) => ({ mediaId: event.mediaId }) } },
  },
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
        input: ({ context }) => ({
          url: context.url,
          reply: { body: context.draft.trim(), ...(context.attachments.length ? { attachments: context.attachments } : {}) },
        }),
        onDone: {
          // The reply shows at once; the reload brings what others wrote meanwhile.
          target: 'loading',
          actions: assign({ messages: ({ context, event }) => [...context.messages, event.output], draft: '', attachments: [] }),
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

/** A running thread, as views hold it. */
export type ThreadActor = ActorRefFrom<typeof threadMachine>;
