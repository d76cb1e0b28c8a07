/**
 * The images of the next reply in a thread: each chosen file is uploaded at once to the
 * thread's owner through the media pipeline (which judges it and says why it refuses it),
 * each by a child actor of its own. An uploaded image joins the reply (the thread machine
 * keeps it until the reply is sent); a refused one stays listed with the server's words
 * until dismissed. Removing an image from the reply also deletes it, best effort: one left
 * behind is only an unused file of the conversation. The calls are the named
 * `replyImageUpload` and `replyImageDelete` commands, swapped with `.provide()` in tests.
 */
import { assign, enqueueActions, fromCallback, fromPromise, sendTo, setup, stopChild, type AnyActorRef, type EventObject } from 'xstate';
import type { MediaOwner } from '../../api/media.ts';
import { runCommand } from '../../api/commands.ts';
import type { MediaRecord } from '../../../common/collections.ts';

/** A file on its way, or refused (`error`: the server's words, or a message id). */
export interface PendingUpload {
  key: string;
  name: string;
  error: string | null;
}

export interface ReplyUploadsInput {
  /** The record the images are uploaded to (a conversation); null: none may be attached. */
  owner: MediaOwner | null;
  /** The thread the uploaded images join (`attachment.added`, `attachment.removed`). */
  thread: AnyActorRef;
}

export interface ReplyUploadsContext {
  owner: MediaOwner | null;
  thread: AnyActorRef;
  pending: PendingUpload[];
  nextKey: number;
  /** The version of each image uploaded, to delete one removed before it was sent. */
  versions: Record<string, number>;
}

export type ReplyUploadsEvent =
  | { type: 'files.chosen'; files: readonly File[] }
  | { type: 'upload.done'; key: string; media: { id: string; version: number } }
  | { type: 'upload.failed'; key: string; error: string }
  /** A refused file's line closed. */
  | { type: 'dismiss'; key: string }
  /** An uploaded image taken off the reply. */
  | { type: 'remove'; mediaId: string };

interface Failure {
  status?: number;
  detail?: string;
  fieldErrors?: Record<string, string[]>;
}

/** Why an upload was refused, in the server's words; a network failure as a message id. */
export function uploadRefusal(error: unknown): string {
  const e = (error ?? {}) as Failure;
  if (typeof e.status !== 'number' || e.status === 0) return 'media.error.network';
  return e.fieldErrors?.file?.[0] ?? e.fieldErrors?.owner_id?.[0] ?? e.detail ?? 'media.error.network';
}

export const replyUploadsMachine = setup({
  types: {
    input: {} as ReplyUploadsInput,
    context: {} as ReplyUploadsContext,
    events: {} as ReplyUploadsEvent,
  },
  actors: {
    upload: fromCallback<EventObject, { owner: MediaOwner; file: File; key: string }>(({ input, sendBack }) => {
      runCommand('replyImageUpload', { owner: input.owner, file: input.file }).then(
        ([media]: MediaRecord[]) => sendBack({ type: 'upload.done', key: input.key, media: { id: media.id, version: media.version } }),
        (error: unknown) => sendBack({ type: 'upload.failed', key: input.key, error: uploadRefusal(error) }),
      );
    }),
    // Best effort: a failure leaves an unused image behind, nothing the reader must hear of.
    deleteImage: fromPromise<void, { id: string; version: number }>(({ input }) => runCommand('replyImageDelete', input).catch(() => undefined)),
  },
  actions: {
    startUploads: enqueueActions(({ context, enqueue }, files: readonly File[]) => {
      if (!context.owner) return;
      let next = context.nextKey;
      const started: PendingUpload[] = [];
      for (const file of files) {
        const key = `reply-upload-${next++}`;
        started.push({ key, name: file.name, error: null });
        enqueue.spawnChild('upload', { id: key, input: { owner: context.owner, file, key } });
      }
      enqueue.assign({ pending: [...context.pending, ...started], nextKey: next });
    }),
    attach: enqueueActions(({ context, enqueue }, done: { key: string; media: { id: string; version: number } }) => {
      const entry = context.pending.find((p) => p.key === done.key);
      enqueue.sendTo(context.thread, { type: 'attachment.added', attachment: { media_id: done.media.id, name: entry?.name ?? '' } });
      enqueue.assign({
        pending: context.pending.filter((p) => p.key !== done.key),
        versions: { ...context.versions, [done.media.id]: done.media.version },
      });
    }),
    markRefused: assign(({ context }, failed: { key: string; error: string }) => ({
      pending: context.pending.map((p) => (p.key === failed.key ? { ...p, error: failed.error } : p)),
    })),
    stopUpload: stopChild((_, key: string) => key),
    dropPending: assign(({ context }, key: string) => ({ pending: context.pending.filter((p) => p.key !== key) })),
    detach: sendTo(({ context }) => context.thread, (_, mediaId: string) => ({ type: 'attachment.removed', mediaId })),
    deleteRemoved: enqueueActions(({ context, enqueue }, mediaId: string) => {
      const version = context.versions[mediaId];
      if (version === undefined) return;
      enqueue.spawnChild('deleteImage', { input: { id: mediaId, version } });
      const { [mediaId]: _gone, ...versions } = context.versions;
      enqueue.assign({ versions });
    }),
  },
}).createMachine({
  id: 'replyUploads',
  context: ({ input }) => ({ owner: input.owner, thread: input.thread, pending: [], nextKey: 1, versions: {} }),
  initial: 'ready',
  states: {
    ready: {
      description: 'Files may be chosen at any time; each upload runs on its own.',
      on: {
        'files.chosen': { actions: { type: 'startUploads', params: ({ event }) => event.files } },
        'upload.done': { actions: [{ type: 'attach', params: ({ event }) => event }, { type: 'stopUpload', params: ({ event }) => event.key }] },
        'upload.failed': { actions: [{ type: 'markRefused', params: ({ event }) => event }, { type: 'stopUpload', params: ({ event }) => event.key }] },
        dismiss: { actions: { type: 'dropPending', params: ({ event }) => event.key } },
        remove: { actions: [{ type: 'detach', params: ({ event }) => event.mediaId }, { type: 'deleteRemoved', params: ({ event }) => event.mediaId }] },
      },
    },
  },
});

/** Whether a file is still on its way (the reply waits for it). */
export const uploading = (pending: readonly PendingUpload[]) => pending.some((p) => p.error === null);
