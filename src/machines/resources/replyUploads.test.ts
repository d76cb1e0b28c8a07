/**
 * The images of a reply: each file uploaded on its own, an uploaded one handed to the
 * thread, a refused one kept with the server's words until dismissed, and one taken off
 * the reply deleted (best effort).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createActor, fromCallback, fromPromise, waitFor, type EventObject } from 'xstate';
import type { MediaOwner } from '../../api/media.ts';

Object.assign(globalThis, { __API_BASE_URL__: '' });
const { ApiRequestError } = await import('../../api/client.ts');
const { replyUploadsMachine, uploadRefusal, uploading } = await import('./replyUploads.ts');

const file = (name: string) => ({ name }) as File;
const owner = { ownerType: 'conversation', ownerId: 'c1' } as const;

function start(answer: (name: string) => Promise<{ id: string; version: number }>, ownerGiven: typeof owner | null = owner) {
  const told: EventObject[] = [];
  const deleted: { id: string; version: number }[] = [];
  const thread = createActor(fromCallback<EventObject>(({ receive }) => receive((event) => told.push(event)))).start();
  const machine = replyUploadsMachine.provide({
    actors: {
      upload: fromCallback<EventObject, { owner: MediaOwner; file: File; key: string }>(({ input, sendBack }) => {
        answer(input.file.name).then(
          (media) => sendBack({ type: 'upload.done', key: input.key, media }),
          (error: unknown) => sendBack({ type: 'upload.failed', key: input.key, error: uploadRefusal(error) }),
        );
      }),
      deleteImage: fromPromise(async ({ input }: { input: { id: string; version: number } }) => {
        deleted.push(input);
      }),
    },
  });
  const actor = createActor(machine, { input: { owner: ownerGiven, thread } }).start();
  return { actor, told, deleted };
}

test('the server’s refusal in its words; a network failure as a message', () => {
  assert.equal(uploadRefusal(new ApiRequestError(422, 'Invalid body', null, { file: ['This file is not an image.'] })), 'This file is not an image.');
  assert.equal(uploadRefusal(new ApiRequestError(403, 'Not yours.', null)), 'Not yours.');
  assert.equal(uploadRefusal(new ApiRequestError(0, 'Network error', null)), 'media.error.network');
  assert.equal(uploadRefusal(new DOMException('Aborted', 'AbortError')), 'media.error.network');
});

test('each file uploads on its own; an uploaded one joins the reply, a refused one stays until dismissed', async () => {
  const { actor, told } = start(async (name) => {
    if (name === 'virus.exe') throw new ApiRequestError(422, 'Invalid body', null, { file: ['This file is not an image.'] });
    return { id: `m-${name}`, version: 1 };
  });
  actor.send({ type: 'files.chosen', files: [file('dunes.jpg'), file('virus.exe')] });
  assert.equal(uploading(actor.getSnapshot().context.pending), true, 'the reply waits for them');
  const settled = await waitFor(actor, (s) => !uploading(s.context.pending));
  assert.deepEqual(told, [{ type: 'attachment.added', attachment: { media_id: 'm-dunes.jpg', name: 'dunes.jpg' } }]);
  assert.deepEqual(settled.context.pending.map((p) => [p.name, p.error]), [['virus.exe', 'This file is not an image.']]);
  actor.send({ type: 'dismiss', key: settled.context.pending[0].key });
  assert.deepEqual(actor.getSnapshot().context.pending, []);
});

test('an image taken off the reply leaves the thread and is deleted at its version', async () => {
  const { actor, told, deleted } = start(async (name) => ({ id: `m-${name}`, version: 4 }));
  actor.send({ type: 'files.chosen', files: [file('oasis.png')] });
  await waitFor(actor, (s) => s.context.pending.length === 0);
  actor.send({ type: 'remove', mediaId: 'm-oasis.png' });
  assert.deepEqual(told.at(-1), { type: 'attachment.removed', mediaId: 'm-oasis.png' });
  await new Promise((resolve) => setImmediate(resolve));
  assert.deepEqual(deleted, [{ id: 'm-oasis.png', version: 4 }]);
  actor.send({ type: 'remove', mediaId: 'm-oasis.png' });
  await new Promise((resolve) => setImmediate(resolve));
  assert.equal(deleted.length, 1, 'deleted once');
});

test('without an owner nothing is uploaded', () => {
  const { actor } = start(async () => ({ id: 'm', version: 1 }), null);
  actor.send({ type: 'files.chosen', files: [file('dunes.jpg')] });
  assert.deepEqual(actor.getSnapshot().context.pending, []);
});
