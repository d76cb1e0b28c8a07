/**
 * The scan of one vendor document, sent through the media pipeline (an image owned by the
 * vendor): checked before sending, uploaded, and its media id handed to the document form
 * (`uploaded`, an action the form provides). The upload is an actor, swapped with
 * `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import { mediaSrc, uploadImage } from '../../api/media.ts';
import { precheck } from '../../../common/media.ts';

/** Where a stored scan is shown from (the image proxy's smallest width). */
export const scanAddress = (mediaId: string) => mediaSrc(mediaId);

export const scanUploadMachine = setup({
  types: {
    input: {} as { vendorId: string },
    context: {} as { vendorId: string; mediaId: string | null; error: string | null },
    events: {} as { type: 'choose'; file: File },
  },
  actors: {
    upload: fromPromise<string, { vendorId: string; file: File }>(async ({ input, signal }) => {
      const [media] = await uploadImage({ ownerType: 'vendor', ownerId: input.vendorId }, input.file, () => undefined, signal);
      return media.id;
    }),
  },
  guards: {
    acceptable: ({ event }) => precheck(event.file) === null,
  },
  actions: {
    refuse: assign(({ event }) => ({ error: precheck(event.file) })),
    assignMedia: assign((_, mediaId: string) => ({ mediaId, error: null })),
    // The server's refusal is already in the user's language; a file it cannot read says so.
    assignFailure: assign(() => ({ error: 'media.error.refused' })),
    /** Hands the new media id to the document form; the form provides it. */
    uploaded: (_, _mediaId: string) => {},
  },
}).createMachine({
  id: 'scanUpload',
  context: ({ input }) => ({ vendorId: input.vendorId, mediaId: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      on: { choose: [{ guard: 'acceptable', target: 'uploading' }, { actions: 'refuse' }] },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context, event }) => ({ vendorId: context.vendorId, file: (event as { file: File }).file }),
        onDone: {
          target: 'idle',
          actions: [
            { type: 'assignMedia', params: ({ event }) => event.output },
            { type: 'uploaded', params: ({ event }) => event.output },
          ],
        },
        onError: { target: 'idle', actions: 'assignFailure' },
      },
    },
  },
});
