/**
 * The input of a tags field (a service's keywords): the words typed before they become a
 * tag, and what screen readers were last told (a tag added, a duplicate ignored, the list
 * full, a tag removed). Adding and removing are the field's own rules (src/views/ui/fields/tags.ts); this
 * keeps what they leave to say and clears the input once the words are taken.
 */
import { assign, setup } from 'xstate';

export interface TagEntryContext {
  text: string;
  /** The last thing announced (a polite live region). */
  announcement: string;
}

export type TagEntryEvent =
  | { type: 'typed'; text: string }
  /** The words were taken (Enter, a comma, leaving the field, a pasted list); `said` what to announce, if anything. */
  | { type: 'committed'; said: string | null }
  | { type: 'removed'; said: string };

export const tagEntryMachine = setup({
  types: {
    context: {} as TagEntryContext,
    events: {} as TagEntryEvent,
  },
  actions: {
    assignText: assign((_, text: string) => ({ text })),
    clearText: assign({ text: '' }),
    announce: assign(({ context }, said: string | null) => ({ announcement: said ?? context.announcement })),
  },
}).createMachine({
  id: 'tagEntry',
  context: { text: '', announcement: '' },
  on: {
    typed: { actions: { type: 'assignText', params: ({ event }) => event.text } },
    committed: { actions: ['clearText', { type: 'announce', params: ({ event }) => event.said }] },
    removed: { actions: { type: 'announce', params: ({ event }) => event.said } },
  },
});
