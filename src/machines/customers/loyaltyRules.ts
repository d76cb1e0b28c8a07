/**
 * The loyalty rules form: load the `loyalty` settings section, edit, save with its
 * version. A refusal keeps what the user typed with the server's errors at their fields;
 * a stale version (someone saved meanwhile) shows both versions: keep mine saves the draft
 * over theirs, take theirs loads them.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiRequestError } from '../../api/client.ts';
import { fetchSettingsSection, saveSettingsSection, type SettingsSectionRecord } from '../../api/settings.ts';

export interface LoyaltyRules {
  enabled: boolean;
  points_per_booking: number | null;
  points_per_100_dzd: number | null;
  reward_threshold: number | null;
  reward_value: number | null;
  /** Null: points never expire. */
  expiry_days: number | null;
}
type Saved = SettingsSectionRecord<LoyaltyRules>;

export const loyaltyRulesMachine = setup({
  types: {
    context: {} as {
      record: Saved | null;
      draft: LoyaltyRules | null;
      expires: boolean;
      errors: Record<string, string[]>;
      detail: string | null;
      saved: boolean;
      /** The rules someone else saved meanwhile (a 409), shown beside the draft. */
      theirs: Saved | null;
    },
    events: {} as
      | { type: 'change'; draft: Partial<LoyaltyRules> }
      | { type: 'setExpires'; expires: boolean }
      | { type: 'save' }
      | { type: 'reload' }
      | { type: 'keepMine' }
      | { type: 'takeTheirs' },
  },
  actors: {
    load: fromPromise<Saved>(({ signal }) => fetchSettingsSection<LoyaltyRules>('loyalty', signal)),
    save: fromPromise<Saved, { version: number; rules: LoyaltyRules }>(({ input }) => saveSettingsSection('loyalty', input.version, input.rules)),
  },
  guards: {
    /** Points that expire need a number of days (none would mean they never expire). */
    daysMissing: ({ context }) => context.expires && !(Number(context.draft?.expiry_days) >= 1),
    isStale: (_, error: unknown) => error instanceof ApiRequestError && error.status === 409 && (error.body as { current?: unknown } | null)?.current != null,
    hasTheirs: ({ context }) => context.theirs !== null,
  },
  actions: {
    assignRecord: assign((_, record: Saved) => ({
      record,
      draft: record.value,
      expires: record.value.expiry_days !== null,
      errors: {},
      detail: null,
      theirs: null,
    })),
    change: assign(({ context }, draft: Partial<LoyaltyRules>) => ({ draft: { ...context.draft!, ...draft }, saved: false })),
    setExpires: assign((_, expires: boolean) => ({ expires, saved: false })),
    daysRequired: assign({ saved: false, detail: null, errors: { expiry_days: ['loyaltyRules.daysRequired'] } }),
    markSaved: assign({ saved: true }),
    assignTheirs: assign((_, error: unknown) => ({ saved: false, theirs: ((error as ApiRequestError).body as { current: Saved }).current })),
    /** Mine is saved over theirs: the draft stays, the version becomes theirs. */
    keepMine: assign(({ context }) => ({ record: { ...context.record!, version: context.theirs!.version }, theirs: null })),
    takeTheirs: assign(({ context }) => ({
      record: context.theirs,
      draft: context.theirs!.value,
      expires: context.theirs!.value.expiry_days !== null,
      theirs: null,
      errors: {},
      detail: null,
    })),
    assignRefusal: assign((_, error: unknown) => ({
      saved: false,
      ...(error instanceof ApiRequestError ? { detail: error.detail, errors: error.fieldErrors } : { detail: String(error), errors: {} }),
    })),
  },
}).createMachine({
  id: 'loyaltyRules',
  context: { record: null, draft: null, expires: true, errors: {}, detail: null, saved: false, theirs: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        onDone: { target: 'editing', actions: { type: 'assignRecord', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { on: { reload: 'loading' } },
    editing: {
      on: {
        change: { actions: { type: 'change', params: ({ event }) => event.draft } },
        setExpires: { actions: { type: 'setExpires', params: ({ event }) => event.expires } },
        save: [{ guard: 'daysMissing', actions: 'daysRequired' }, { target: 'saving' }],
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
        // Unticking "points expire" sends no expiry: points then never expire.
        input: ({ context }) => ({ version: context.record!.version, rules: { ...context.draft!, expiry_days: context.expires ? context.draft!.expiry_days : null } }),
        onDone: { target: 'editing', actions: [{ type: 'assignRecord', params: ({ event }) => event.output }, 'markSaved'] },
        onError: [
          { guard: { type: 'isStale', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'editing', actions: { type: 'assignTheirs', params: ({ event }: { event: { error: unknown } }) => event.error } },
          { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
  },
});
