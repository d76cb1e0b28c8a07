/**
 * The images of one record: loaded in their order; files chosen are checked (type, size)
 * and each uploaded by a child actor of its own that reports its progress; a move shows
 * at once and is saved in one request (moves made while a save is under way are saved
 * right after it, in their latest order); choosing the cover and deleting go one at a
 * time. After every change the list is read again, so versions stay current. Deleting asks
 * first: the image waits in `confirming` until the user says yes or no.
 *
 * Its side effects are named reads and commands (src/api/calls/catalog.ts); tests give
 * fakes with `.provide()`.
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, stopChild, type EventObject } from 'xstate';
import { runCommand } from '../../api/commands.ts';
import { runRead } from '../../api/reads.ts';
import type { MediaRecord } from '../../../common/collections.ts';
import { precheck } from '../../../common/media.ts';

export interface MediaOwner {
  ownerType: MediaRecord['owner_type'];
  ownerId: string;
}

export interface UploadEntry {
  key: string;
  name: string;
  loaded: number;
  total: number;
  status: 'uploading' | 'failed';
  /** A message id (`media.…`) or the server's words. */
  error: string | null;
}

export type MediaOp = { kind: 'reorder'; ids: string[] } | { kind: 'cover'; media: MediaRecord } | { kind: 'delete'; media: MediaRecord };

export interface MediaManagerContext {
  owner: MediaOwner;
  items: MediaRecord[];
  uploads: UploadEntry[];
  nextKey: number;
  /** Moves shown but not saved yet. */
  orderDirty: boolean;
  op: MediaOp | null;
  /** Why the last load or change failed; null otherwise. */
  failure: string | null;
  /** What screen readers are told after an upload or a move (a message id and its values). */
  announcement: { id: string; values: Record<string, string | number> } | null;
  /** The image the user asked to delete, waiting for their yes or no. */
  confirming: MediaRecord | null;
}

export type MediaManagerEvent =
  | { type: 'files.chosen'; files: File[] }
  | { type: 'upload.progress'; key: string; loaded: number; total: number }
  | { type: 'upload.done'; key: string; media: MediaRecord[] }
  | { type: 'upload.failed'; key: string; error: string }
  | { type: 'upload.dismiss'; key: string }
  | { type: 'move'; id: string; to: number }
  | { type: 'cover'; id: string }
  /** Asks before deleting: `delete.confirm` deletes it, `delete.cancel` keeps it. */
  | { type: 'delete'; id: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'refresh' }
  | { type: 'retry' };

export interface UploadInput {
  owner: MediaOwner;
  file: File;
  key: string;
}

/** The server's items in the order shown (items new to the screen at the end). */
function keepOrder(server: MediaRecord[], shown: MediaRecord[]): MediaRecord[] {
  const byId = new Map(server.map((m) => [m.id, m]));
  const ordered = shown.flatMap((m) => (byId.has(m.id) ? [byId.get(m.id)!] : []));
  return [...ordered, ...server.filter((m) => !shown.some((s) => s.id === m.id))];
}

const detailOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** A refused upload in the user's language when the server says why in a way the screen knows (a `media.…` id), else the server's words. */
export function uploadError(error: unknown): string {
  const e = error as { status?: unknown; detail?: unknown; fieldErrors?: Record<string, unknown> } | null;
  if (e && typeof e.status === 'number' && typeof e.detail === 'string') {
    if (e.status === 413) return 'media.error.size';
    if (e.fieldErrors?.file) return 'media.error.refused';
    if (e.fieldErrors?.owner_id) return 'media.error.owner';
    if (e.status === 0) return 'media.error.network';
    return e.detail;
  }
  return detailOf(error);
}

function runOp(owner: MediaOwner, op: MediaOp): Promise<unknown> {
  if (op.kind === 'reorder') return runCommand('mediaReorder', { ...owner, ids: op.ids });
  if (op.kind === 'cover') return runCommand('mediaMakeCover', { id: op.media.id, version: op.media.version });
  return runCommand('mediaDelete', { id: op.media.id, version: op.media.version });
}

export const mediaManagerMachine = setup({
  types: {
    context: {} as MediaManagerContext,
    events: {} as MediaManagerEvent,
    input: {} as { owner: MediaOwner },
  },
  actors: {
    fetchMedia: fromPromise<MediaRecord[], MediaOwner>(({ input, signal }) => runRead('mediaOfOwner', input, signal)),
    mutate: fromPromise<unknown, { owner: MediaOwner; op: MediaOp }>(({ input }) => runOp(input.owner, input.op)),
    /** One file sent, its progress reported; stopping the actor cancels it. */
    upload: fromCallback<EventObject, UploadInput>(({ input, sendBack }) => {
      const controller = new AbortController();
      runCommand('mediaUpload', {
        ...input.owner,
        file: input.file,
        onProgress: (loaded, total) => sendBack({ type: 'upload.progress', key: input.key, loaded, total }),
        signal: controller.signal,
      }).then(
        (media) => sendBack({ type: 'upload.done', key: input.key, media }),
        (error) => {
          if (!controller.signal.aborted) sendBack({ type: 'upload.failed', key: input.key, error: uploadError(error) });
        },
      );
      return () => controller.abort();
    }),
  },
  guards: {
    orderDirty: ({ context }) => context.orderDirty,
    isShown: ({ context, event }) => event.type === 'delete' && context.items.some((m) => m.id === event.id),
  },
  actions: {
    startUploads: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'files.chosen') return;
      let next = context.nextKey;
      const entries: UploadEntry[] = [];
      for (const file of event.files) {
        const key = `upload-${next++}`;
        const problem = precheck(file);
        entries.push({ key, name: file.name, loaded: 0, total: file.size, status: problem ? 'failed' : 'uploading', error: problem });
        if (!problem) enqueue.spawnChild('upload', { id: key, input: { owner: context.owner, file, key } });
      }
      enqueue.assign({ uploads: [...context.uploads, ...entries], nextKey: next });
    }),
    trackProgress: assign({
      uploads: ({ context, event }) =>
        event.type === 'upload.progress' ? context.uploads.map((u) => (u.key === event.key ? { ...u, loaded: event.loaded, total: event.total } : u)) : context.uploads,
    }),
    addUploaded: assign(({ context, event }) => {
      if (event.type !== 'upload.done') return {};
      const entry = context.uploads.find((u) => u.key === event.key);
      return {
        items: [...context.items, ...event.media.filter((m) => !context.items.some((i) => i.id === m.id))],
        uploads: context.uploads.filter((u) => u.key !== event.key),
        announcement: { id: 'media.uploaded', values: { name: entry?.name ?? '' } },
      };
    }),
    markFailed: assign({
      uploads: ({ context, event }) =>
        event.type === 'upload.failed' ? context.uploads.map((u) => (u.key === event.key ? { ...u, status: 'failed' as const, error: event.error } : u)) : context.uploads,
    }),
    dropUpload: assign({
      uploads: ({ context, event }) => ('key' in event ? context.uploads.filter((u) => u.key !== event.key) : context.uploads),
    }),
    stopUpload: stopChild(({ event }) => ('key' in event ? event.key : '')),
    moveItem: assign(({ context, event }) => {
      if (event.type !== 'move') return {};
      const from = context.items.findIndex((m) => m.id === event.id);
      const to = Math.max(0, Math.min(context.items.length - 1, event.to));
      if (from < 0 || from === to) return {};
      const items = [...context.items];
      const [moved] = items.splice(from, 1);
      items.splice(to, 0, moved);
      return { items, orderDirty: true, announcement: { id: 'media.moved', values: { position: to + 1, count: items.length } } };
    }),
    takeOrder: assign(({ context }) => ({ op: { kind: 'reorder' as const, ids: context.items.map((m) => m.id) }, orderDirty: false })),
    takeCover: assign(({ context, event }) => {
      const media = event.type === 'cover' ? context.items.find((m) => m.id === event.id) : undefined;
      return { op: media ? { kind: 'cover' as const, media } : null };
    }),
    askDelete: assign(({ context, event }) => ({ confirming: event.type === 'delete' ? (context.items.find((m) => m.id === event.id) ?? null) : null })),
    takeDelete: assign(({ context }) => ({ op: context.confirming ? { kind: 'delete' as const, media: context.confirming } : null, confirming: null })),
    forgetDelete: assign({ confirming: null }),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'mediaManager',
  description: 'The images of one record: uploads with their progress, order, cover and delete.',
  context: ({ input }) => ({
    owner: input.owner, items: [], uploads: [], nextKey: 1, orderDirty: false, op: null, failure: null, announcement: null, confirming: null,
  }),
  initial: 'loading',
  // Files may be chosen before the images are shown: uploads need only the owner.
  on: {
    'files.chosen': { actions: 'startUploads' },
    'upload.progress': { actions: 'trackProgress' },
    'upload.done': { actions: ['addUploaded', 'stopUpload'] },
    'upload.failed': { actions: ['markFailed', 'stopUpload'] },
    'upload.dismiss': { actions: ['stopUpload', 'dropUpload'] },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'fetchMedia',
        src: 'fetchMedia',
        input: ({ context }) => context.owner,
        onDone: { target: 'ready', actions: assign({ items: ({ event }) => event.output, failure: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => detailOf(event.error) }) },
      },
    },
    failed: {
      on: { retry: 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        move: { actions: 'moveItem' },
      },
      states: {
        idle: {
          always: { guard: 'orderDirty', target: 'saving', actions: 'takeOrder' },
          on: {
            cover: { target: 'saving', actions: 'takeCover' },
            delete: { guard: 'isShown', target: 'confirming', actions: 'askDelete' },
            refresh: 'refreshing',
          },
        },
        confirming: {
          description: 'Deleting an image asks first.',
          on: {
            'delete.confirm': { target: 'saving', actions: 'takeDelete' },
            'delete.cancel': { target: 'idle', actions: 'forgetDelete' },
          },
        },
        saving: {
          description: 'One change at a time: the order, the cover or a delete.',
          tags: ['busy'],
          entry: 'clearFailure',
          invoke: {
            id: 'mutate',
            src: 'mutate',
            input: ({ context }) => ({ owner: context.owner, op: context.op! }),
            onDone: 'refreshing',
            onError: { target: 'refreshing', actions: assign({ failure: ({ event }) => detailOf(event.error) }) },
          },
        },
        refreshing: {
          tags: ['busy'],
          invoke: {
            id: 'refreshMedia',
            src: 'fetchMedia',
            input: ({ context }) => context.owner,
            onDone: {
              target: 'idle',
              // Moves made meanwhile stay on screen; idle saves them next.
              actions: assign({ items: ({ context, event }) => (context.orderDirty ? keepOrder(event.output, context.items) : event.output), op: null }),
            },
            onError: { target: 'idle', actions: assign({ failure: ({ event }) => detailOf(event.error), op: null }) },
          },
        },
      },
    },
  },
});
