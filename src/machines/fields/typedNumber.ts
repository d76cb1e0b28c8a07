/**
 * The text of a number input as the user types it (a price, a capacity): the form gets the
 * parsed value on every keystroke, but the text is never reformatted under the cursor, only
 * when the field is left with a valid number; a value changed from outside (a reload, "use
 * their version") replaces it. A parse failure stays quiet while the user types the first
 * time and is shown from the moment the field is left or Enter is pressed.
 */
import { assign, setup } from 'xstate';

export interface TypedNumberContext {
  text: string;
}

export type TypedNumberEvent =
  | { type: 'typed'; text: string }
  /** The field lost the focus; `text` is the number reformatted when it parsed, else absent. */
  | { type: 'left'; text?: string }
  | { type: 'entered' }
  /** The value changed from outside: its text. */
  | { type: 'value.changed'; text: string };

export const typedNumberMachine = setup({
  types: {
    input: {} as { text: string },
    context: {} as TypedNumberContext,
    events: {} as TypedNumberEvent,
  },
  actions: {
    assignText: assign((_, text: string) => ({ text })),
    reformat: assign(({ context }, text: string | undefined) => ({ text: text ?? context.text })),
  },
}).createMachine({
  id: 'typedNumber',
  context: ({ input }) => ({ text: input.text }),
  initial: 'quiet',
  on: {
    typed: { actions: { type: 'assignText', params: ({ event }) => event.text } },
    'value.changed': { actions: { type: 'assignText', params: ({ event }) => event.text } },
  },
  states: {
    quiet: {
      description: 'A text that does not parse is not said yet: the user is still typing.',
      on: {
        left: { target: 'shown', actions: { type: 'reformat', params: ({ event }) => event.text } },
        entered: 'shown',
      },
    },
    shown: {
      description: 'A text that does not parse says why, and follows the text live.',
      on: {
        left: { actions: { type: 'reformat', params: ({ event }) => event.text } },
      },
    },
  },
});
