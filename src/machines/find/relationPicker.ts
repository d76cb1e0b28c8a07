/**
 * A relation picker (a searchable combobox over one collection: a booking's customer, a
 * list's vendor filter). Typing, or opening the list, searches after a short pause; a
 * newer text cancels the search under way. ↑/↓ move the active option, picking one closes
 * the list. Typed words are never a choice: the value stays the one chosen until an option
 * is picked or the box is emptied, and words left unresolved when the box loses the focus
 * are flagged. The search is a named read (`pickerOptions`), swapped with `.provide()` in tests.
 */
import { assign, fromPromise, setup } from 'xstate';
import { runRead } from '../../api/reads.ts';
import type { ApiRecord } from '../../api/resources.ts';

export interface RelationPickerInput {
  /** The collection searched, e.g. `customers`. */
  collection: string;
  filters?: Record<string, string>;
  /** The words of the chosen record, or null when none is chosen. */
  chosenLabel: string | null;
}

export interface RelationPickerContext {
  collection: string;
  filters: Record<string, string>;
  /** What the input shows. */
  text: string;
  chosenLabel: string | null;
  options: ApiRecord[];
  /** The option ↑/↓ and Enter act on; -1 for none. */
  active: number;
  /** How the last search went: `loading` from the moment it is sent until it answers. */
  status: 'idle' | 'loading' | 'failed';
  /** Words were left in the box without picking an option. */
  unresolved: boolean;
}

export type RelationPickerEvent =
  | { type: 'typed'; text: string }
  /** The list asked for (a click, ↓). */
  | { type: 'open' }
  /** Escape. */
  | { type: 'close' }
  /** The box lost the focus. */
  | { type: 'blur' }
  | { type: 'move'; by: 1 | -1 }
  | { type: 'hover'; index: number }
  /** An option was picked; its words fill the box. */
  | { type: 'pick'; label: string }
  /** The value changed from outside (a reload, another filter): its words, or null. */
  | { type: 'value.changed'; label: string | null }
  | { type: 'filters.changed'; collection: string; filters: Record<string, string> };

export interface PickerSearch {
  collection: string;
  search: string;
  filters: Record<string, string>;
}

/** The words searched: none while the box shows the chosen record (the list then offers everything). */
export const searchedText = (context: Pick<RelationPickerContext, 'text' | 'chosenLabel'>) =>
  context.chosenLabel !== null && context.text === context.chosenLabel ? '' : context.text.trim();

export const relationPickerMachine = setup({
  types: {
    input: {} as RelationPickerInput,
    context: {} as RelationPickerContext,
    events: {} as RelationPickerEvent,
  },
  actors: {
    search: fromPromise<ApiRecord[], PickerSearch>(({ input, signal }) => runRead('pickerOptions', { collection: input.collection, search: input.search, filters: input.filters }, signal)),
  },
  delays: {
    /** Typing pauses this long before a search goes out. */
    typing: 250,
  },
  actions: {
    assignText: assign((_, text: string) => ({ text, unresolved: false })),
    assignPicked: assign((_, label: string) => ({ text: label, chosenLabel: label, unresolved: false })),
    assignValue: assign(({ context }, label: string | null) => ({ text: label ?? context.text, chosenLabel: label, unresolved: false })),
    assignFilters: assign((_, change: { collection: string; filters: Record<string, string> }) => ({ collection: change.collection, filters: change.filters })),
    flagUnresolved: assign(({ context }) => ({ unresolved: context.text.trim() !== '' && (context.chosenLabel === null || context.text !== context.chosenLabel) })),
    markLoading: assign({ status: 'loading' as const }),
    assignOptions: assign((_, options: ApiRecord[]) => ({ options, active: options.length > 0 ? 0 : -1, status: 'idle' as const })),
    markFailed: assign({ status: 'failed' as const }),
    moveActive: assign(({ context }, by: 1 | -1) => ({ active: by > 0 ? Math.min(context.options.length - 1, context.active + 1) : Math.max(0, context.active - 1) })),
    assignActive: assign((_, index: number) => ({ active: index })),
  },
  guards: {
    sameFilters: ({ context }, change: { collection: string; filters: Record<string, string> }) =>
      context.collection === change.collection && JSON.stringify(context.filters) === JSON.stringify(change.filters),
  },
}).createMachine({
  id: 'relationPicker',
  context: ({ input }) => ({
    collection: input.collection,
    filters: input.filters ?? {},
    text: input.chosenLabel ?? '',
    chosenLabel: input.chosenLabel,
    options: [],
    active: -1,
    status: 'idle',
    unresolved: false,
  }),
  initial: 'closed',
  on: {
    'value.changed': { actions: { type: 'assignValue', params: ({ event }) => event.label } },
  },
  states: {
    closed: {
      on: {
        typed: { target: 'open', actions: { type: 'assignText', params: ({ event }) => event.text } },
        open: 'open',
        blur: { actions: 'flagUnresolved' },
        'filters.changed': { actions: { type: 'assignFilters', params: ({ event }) => event } },
      },
    },
    open: {
      description: 'The list is shown; each new text or filter searches again after a pause.',
      initial: 'waiting',
      on: {
        typed: { target: '.waiting', reenter: true, actions: { type: 'assignText', params: ({ event }) => event.text } },
        'filters.changed': [
          { guard: { type: 'sameFilters', params: ({ event }) => event } },
          { target: '.waiting', reenter: true, actions: { type: 'assignFilters', params: ({ event }) => event } },
        ],
        close: 'closed',
        blur: { target: 'closed', actions: 'flagUnresolved' },
        pick: { target: 'closed', actions: { type: 'assignPicked', params: ({ event }) => event.label } },
        move: { actions: { type: 'moveActive', params: ({ event }) => event.by } },
        hover: { actions: { type: 'assignActive', params: ({ event }) => event.index } },
      },
      states: {
        waiting: {
          after: { typing: 'searching' },
        },
        searching: {
          tags: ['busy'],
          entry: 'markLoading',
          invoke: {
            id: 'search',
            src: 'search',
            input: ({ context }) => ({ collection: context.collection, search: searchedText(context), filters: context.filters }),
            onDone: { target: 'shown', actions: { type: 'assignOptions', params: ({ event }) => event.output } },
            onError: { target: 'shown', actions: 'markFailed' },
          },
        },
        shown: {},
      },
    },
  },
});
