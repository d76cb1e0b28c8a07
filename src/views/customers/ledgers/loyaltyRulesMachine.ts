/**
 * The loyalty rules form: load the `loyalty` settings section, edit, save with its
 * version. A refusal keeps what the user typed with the server's errors at their fields;
 * a stale version (someone saved meanwhile) offers the current rules instead.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiRequestError } from '../../../api/client.ts';
import { apiClient } from '../../../api/registry.ts';
import { fetchSettingsSection, type SettingsSectionRecord } from '../../../api/settings.ts';

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

const URL = '/branch/api/settings/loyalty/';

export const loyaltyRulesMachine = setup({
  types: {
    context: {} as { record: Saved | null; draft: LoyaltyRules | null; expires: boolean; errors: Record<string, string[]>; detail: string | null; saved: boolean; stale: boolean },
    events: {} as { type: 'change'; draft: Partial<LoyaltyRules> } | { type: 'setExpires'; expires: boolean } | { type: 'save' } | { type: 'reload' },
  },
  actors: {
    load: fromPromise<Saved>(({ signal }) => fetchSettingsSection<LoyaltyRules>('loyalty', signal)),
    save: fromPromise<Saved, { version: number; rules: LoyaltyRules }>(({ input }) => apiClient().patch<Saved>(URL, { version: input.version, ...input.rules })),
  },
  guards: {
    /** Points that expire need a number of days (none would mean they never expire). */
    daysMissing: ({ context }) => context.expires && !(Number(context.draft?.expiry_days) >= 1),
    isStale: (_, error: unknown) => error instanceof ApiRequestError && error.status === 409,
  },
  actions: {
    assignRecord: assign((_, record: Saved) => ({
      record,
      draft: record.value,
      expires: record.value.expiry_days !== null,
      errors: {},
      detail: null,
      stale: false,
    })),
    change: assign(({ context }, draft: Partial<LoyaltyRules>) => ({ draft: { ...context.draft!, ...draft }, saved: false })),
    setExpires: assign((_, expires: boolean) => ({ expires, saved: false })),
    daysRequired: assign({ saved: false, detail: null, errors: { expiry_days: ['loyaltyRules.daysRequired'] } }),
    markSaved: assign({ saved: true }),
    markStale: assign({ stale: true, saved: false }),
    assignRefusal: assign((_, error: unknown) => ({
      saved: false,
      ...(error instanceof ApiRequestError ? { detail: error.detail, errors: error.fieldErrors } : { detail: String(error), errors: {} }),
    })),
  },
}).createMachine({
  id: 'loyaltyRules',
  context: { record: null, draft: null, expires: true, errors: {}, detail: null, saved: false, stale: false },
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
          { guard: { type: 'isStale', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'editing', actions: 'markStale' },
          { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
  },
});
