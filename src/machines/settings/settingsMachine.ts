/**
 * One settings section as a form: load it, edit a draft, save it with the version read.
 * A refusal keeps what the user typed, with the server's errors at their fields; a stale
 * version (someone saved meanwhile) keeps the draft beside theirs until the user picks:
 * keep mine saves the draft over theirs, take theirs loads them.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiRequestError } from '../../api/client.ts';
import { fetchSettingsSection, saveSettingsSection, type SettingsSectionRecord } from '../../api/settings.ts';

export type SectionValue = Record<string, unknown>;
type Saved = SettingsSectionRecord<SectionValue>;

const isStale = (error: unknown) =>
  error instanceof ApiRequestError && error.status === 409 && (error.body as { current?: unknown } | null)?.current != null;

export const settingsMachine = setup({
  types: {
    input: {} as { section: string },
    context: {} as {
      section: string;
      record: Saved | null;
      draft: SectionValue;
      errors: Record<string, string[]>;
      detail: string | null;
      saved: boolean;
      /** The section someone else saved meanwhile (a 409), shown beside the draft. */
      theirs: Saved | null;
    },
    events: {} as
      | { type: 'change'; field: string; value: unknown }
      | { type: 'save' }
      | { type: 'reload' }
      | { type: 'keepMine' }
      | { type: 'takeTheirs' },
  },
  actors: {
    // Not cancelled with the actor: a page remounted while suspending restarts its actor, and
    // a read cut short then would end as a failure; a read that lands late is harmless.
    load: fromPromise<Saved, { section: string }>(({ input }) => fetchSettingsSection(input.section)),
    save: fromPromise<Saved, { section: string; version: number; changes: SectionValue }>(({ input }) =>
      saveSettingsSection(input.section, input.version, input.changes),
    ),
  },
  guards: {
    isStale: (_, error: unknown) => isStale(error),
    hasTheirs: ({ context }) => context.theirs !== null,
  },
  actions: {
    assignRecord: assign((_, record: Saved) => ({ record, draft: record.value, errors: {}, detail: null, theirs: null })),
    change: assign(({ context }, change: { field: string; value: unknown }) => {
      const { [change.field]: _solved, ...errors } = context.errors;
      return { draft: { ...context.draft, [change.field]: change.value }, errors, saved: false };
    }),
    markSaved: assign({ saved: true }),
    assignTheirs: assign((_, error: unknown) => ({ saved: false, theirs: ((error as ApiRequestError).body as { current: Saved }).current })),
    /** Mine is saved over theirs: the draft stays, the version becomes theirs. */
    keepMine: assign(({ context }) => ({ record: { ...context.record!, version: context.theirs!.version }, theirs: null })),
    takeTheirs: assign(({ context }) => ({ record: context.theirs, draft: context.theirs!.value, theirs: null, errors: {}, detail: null })),
    assignRefusal: assign((_, error: unknown) => ({
      saved: false,
      ...(error instanceof ApiRequestError ? { detail: error.detail, errors: error.fieldErrors } : { detail: String(error), errors: {} }),
    })),
  },
}).createMachine({
  id: 'settingsSection',
  context: ({ input }) => ({ section: input.section, record: null, draft: {}, errors: {}, detail: null, saved: false, theirs: null }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ section: context.section }),
        onDone: { target: 'editing', actions: { type: 'assignRecord', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { reload: 'loading' } },
    editing: {
      on: {
        change: { actions: { type: 'change', params: ({ event }) => ({ field: event.field, value: event.value }) } },
        save: 'saving',
        reload: 'loading',
        keepMine: { guard: 'hasTheirs', target: 'saving', actions: 'keepMine' },
        takeTheirs: { guard: 'hasTheirs', actions: 'takeTheirs' },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ section: context.section, version: context.record!.version, changes: context.draft }),
        onDone: { target: 'editing', actions: [{ type: 'assignRecord', params: ({ event }) => event.output }, 'markSaved'] },
        onError: [
          {
            guard: { type: 'isStale', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'editing',
            actions: { type: 'assignTheirs', params: ({ event }: { event: { error: unknown } }) => event.error },
          },
          { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
  },
});
