/**
 * The media manager's machine with an in-memory server behind its actors: files refused
 * before sending, each upload's progress and result, moves saved in one request (moves
 * made during a save are saved right after it, in their latest order), a failed save
 * putting the server's order back, and the cover and delete going through one at a time.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import type { MediaRecord } from '../../../common/collections.ts';
import { IMAGE_MAX_BYTES } from '../../../common/media.ts';
import type { MediaManagerEvent, MediaOp, MediaOwner, UploadInput } from './mediaManager.ts';

// The API client reads the build's base URL when loaded; the machine's calls are replaced below.
Object.assign(globalThis, { __API_BASE_URL__: '' });
const { mediaManagerMachine, uploadError } = await import('./mediaManager.ts');

const owner: MediaOwner = { ownerType: 'service', ownerId: 'svc' };
const record = (id: string, sort_order: number): MediaRecord => ({ id, version: 1, sort_order, is_cover: sort_order === 0 }) as unknown as MediaRecord;
const file = (name: string, type = 'image/png', size = 1000) => ({ name, type, size }) as File;

function start(options: { failReorder?: boolean } = {}) {
  let server = [record('a', 0), record('b', 1), record('c', 2)];
  const ops: MediaOp[] = [];
  const uploads: { input: UploadInput; sendBack: (event: MediaManagerEvent) => void }[] = [];
  let release: (() => void) | null = null;
  const machine = mediaManagerMachine.provide({
    actors: {
      fetchMedia: fromPromise(async () => server.map((m) => ({ ...m }))),
      mutate: fromPromise<unknown, { owner: MediaOwner; op: MediaOp }>(async ({ input }) => {
        ops.push(input.op);
        // The first save waits until the test lets it go, so moves can happen meanwhile.
        if (ops.length === 1) await new Promise<void>((resolve) => (release = resolve));
        if (input.op.kind === 'reorder') {
          if (options.failReorder) throw new Error('Refused.');
          const ids = input.op.ids;
          server = ids.map((id, i) => ({ ...server.find((m) => m.id === id)!, sort_order: i }));
        }
        if (input.op.kind === 'delete') server = server.filter((m) => m.id !== (input.op as { media: MediaRecord }).media.id);
        return null;
      }),
      upload: fromCallback<EventObject, UploadInput>(({ input, sendBack }) => {
        uploads.push({ input, sendBack });
      }),
    },
  });
  const actor = createActor(machine, { input: { owner } }).start();
  return { actor, ops, uploads, release: () => release?.(), order: () => actor.getSnapshot().context.items.map((m) => m.id) };
}

test('files of another type or too large are refused before sending; the others upload with their progress', async () => {
  const { actor, uploads } = start();
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  actor.send({ type: 'files.chosen', files: [file('a.png'), file('notes.txt', 'text/plain'), file('huge.jpg', 'image/jpeg', IMAGE_MAX_BYTES + 1)] });
  const entries = actor.getSnapshot().context.uploads;
  assert.deepEqual(entries.map((u) => [u.name, u.status, u.error]), [
    ['a.png', 'uploading', null], ['notes.txt', 'failed', 'media.error.type'], ['huge.jpg', 'failed', 'media.error.size'],
  ]);
  assert.equal(uploads.length, 1, 'only the good file is sent');
  assert.deepEqual(uploads[0].input.owner, owner);
  const key = uploads[0].input.key;
  uploads[0].sendBack({ type: 'upload.progress', key, loaded: 500, total: 1000 });
  assert.equal(actor.getSnapshot().context.uploads[0].loaded, 500);
  uploads[0].sendBack({ type: 'upload.done', key, media: [record('d', 3)] });
  const after = actor.getSnapshot().context;
  assert.deepEqual(after.items.map((m) => m.id), ['a', 'b', 'c', 'd']);
  assert.deepEqual(after.uploads.map((u) => u.name), ['notes.txt', 'huge.jpg']);
  assert.deepEqual(after.announcement, { id: 'media.uploaded', values: { name: 'a.png' } });
  actor.send({ type: 'upload.dismiss', key: after.uploads[0].key });
  assert.equal(actor.getSnapshot().context.uploads.length, 1);
});

test('files chosen while the images are still loading are uploaded, and the upload joins the list', async () => {
  const { actor, uploads } = start();
  assert.ok(actor.getSnapshot().matches('loading'));
  actor.send({ type: 'files.chosen', files: [file('early.png')] });
  assert.equal(uploads.length, 1);
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  uploads[0].sendBack({ type: 'upload.done', key: uploads[0].input.key, media: [record('e', 3)] });
  assert.deepEqual(actor.getSnapshot().context.items.map((m) => m.id), ['a', 'b', 'c', 'e']);
});

test('a move shows at once; moves made while it saves are saved next, in their latest order', async () => {
  const { actor, ops, release, order } = start();
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  actor.send({ type: 'move', id: 'a', to: 1 });
  assert.deepEqual(order(), ['b', 'a', 'c']);
  assert.deepEqual(actor.getSnapshot().context.announcement, { id: 'media.moved', values: { position: 2, count: 3 } });
  assert.ok(actor.getSnapshot().matches({ ready: 'saving' }));
  actor.send({ type: 'move', id: 'c', to: 0 });
  assert.deepEqual(order(), ['c', 'b', 'a']);
  release();
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && ops.length === 2);
  assert.deepEqual(ops, [{ kind: 'reorder', ids: ['b', 'a', 'c'] }, { kind: 'reorder', ids: ['c', 'b', 'a'] }]);
  assert.deepEqual(order(), ['c', 'b', 'a']);
});

test('a refused move puts the server’s order back and says why', async () => {
  const { actor, release, order } = start({ failReorder: true });
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  actor.send({ type: 'move', id: 'c', to: 0 });
  release();
  const snapshot = await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && s.context.failure !== null);
  assert.equal(snapshot.context.failure, 'Refused.');
  assert.deepEqual(order(), ['a', 'b', 'c']);
});

test('deleting asks first: kept on no, deleted on yes', async () => {
  const { actor, ops } = start();
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  actor.send({ type: 'delete', id: 'nope' });
  assert.ok(actor.getSnapshot().matches({ ready: 'idle' }), 'an image not shown is not asked about');
  actor.send({ type: 'delete', id: 'b' });
  assert.ok(actor.getSnapshot().matches({ ready: 'confirming' }));
  assert.equal(actor.getSnapshot().context.confirming?.id, 'b');
  actor.send({ type: 'cover', id: 'c' });
  actor.send({ type: 'delete.cancel' });
  assert.ok(actor.getSnapshot().matches({ ready: 'idle' }));
  assert.equal(actor.getSnapshot().context.confirming, null);
  assert.deepEqual(ops, [], 'nothing sent: no is no, and the cover asked over the question was not taken');
});

test('cover and delete go one at a time, and the list is read again after each', async () => {
  const { actor, ops, release, order } = start();
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  actor.send({ type: 'delete', id: 'b' });
  actor.send({ type: 'delete.confirm' });
  actor.send({ type: 'cover', id: 'c' });
  release();
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }));
  assert.deepEqual(ops.map((op) => op.kind), ['delete'], 'the cover asked during the delete was not taken');
  assert.deepEqual(order(), ['a', 'c']);
  actor.send({ type: 'cover', id: 'c' });
  await waitFor(actor, (s) => s.matches({ ready: 'idle' }) && ops.length === 2);
  assert.equal(ops[1].kind, 'cover');
});

test('a refused upload is said in the user’s words when the server says why in a way the screen knows', () => {
  const refusal = (status: number, detail: string, fieldErrors: Record<string, string[]> = {}) => Object.assign(new Error(detail), { status, detail, fieldErrors });
  assert.equal(uploadError(refusal(413, 'Too large')), 'media.error.size');
  assert.equal(uploadError(refusal(400, 'Invalid', { file: ['Not an image'] })), 'media.error.refused');
  assert.equal(uploadError(refusal(400, 'Invalid', { owner_id: ['Unknown'] })), 'media.error.owner');
  assert.equal(uploadError(refusal(0, 'Network error')), 'media.error.network');
  assert.equal(uploadError(refusal(503, 'Storage is down.')), 'Storage is down.');
  assert.equal(uploadError(new Error('Odd')), 'Odd');
});
