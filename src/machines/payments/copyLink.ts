/**
 * Copying a payment link's address to the clipboard: the copy, then for a moment either
 * "copied" or "could not copy" (announced), then quiet again. Copying again while the
 * word shows starts over. The clipboard is an actor, swapped with `.provide()` in tests.
 */
import { fromPromise, setup } from 'xstate';

/** How long "copied" (or the failure) stays shown. */
export const COPY_FEEDBACK_MS = 2500;

export const copyLinkMachine = setup({
  types: {
    events: {} as { type: 'copy'; text: string },
  },
  actors: {
    writeClipboard: fromPromise<void, { text: string }>(({ input }) => navigator.clipboard.writeText(input.text)),
  },
  delays: {
    feedback: COPY_FEEDBACK_MS,
  },
}).createMachine({
  id: 'copyLink',
  initial: 'idle',
  on: {
    copy: { target: '.copying', reenter: true },
  },
  states: {
    idle: {},
    copying: {
      invoke: {
        id: 'writeClipboard',
        src: 'writeClipboard',
        input: ({ event }) => ({ text: (event as { text: string }).text }),
        onDone: 'copied',
        onError: 'copyFailed',
      },
    },
    copied: { after: { feedback: 'idle' } },
    copyFailed: { after: { feedback: 'idle' } },
  },
});
