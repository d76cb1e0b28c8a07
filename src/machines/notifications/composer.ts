/**
 * The notification composer: the draft as typed, the recipient count asked again (after a
 * short pause) whenever the audience or channel changes, and sending: confirm with the
 * count (and the languages left empty), create the notification, then send it now or
 * schedule it. An audience known to reach nobody is not sent to (the server refuses it
 * too). A refusal goes back to editing with the errors at their fields and the draft untouched.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { ApiRequestError } from '../../api/client.ts';
import { countAudience, type AudienceQuery } from '../../api/notifications.ts';
import { createRecord, transitionRecord, type ApiRecord } from '../../api/resources.ts';

/** A text in each of the app's languages. */
type I18nText = Partial<Record<'en' | 'fr' | 'ar', string>>;

export interface SegmentFilters {
  wilaya_code: string;
  booked_within_days: number | null;
  vendor_id: string;
  service_id: string;
  language: string;
}

export interface ComposerDraft {
  title_i18n: I18nText;
  body_i18n: I18nText;
  channel: string;
  audience_type: string;
  customer: ApiRecord | null;
  user: ApiRecord | null;
  /** The vendor whose user is chosen (audience `user`). */
  userVendor: ApiRecord | null;
  topic: ApiRecord | null;
  segment: SegmentFilters;
  when: 'now' | 'later';
  scheduled_at: string | null;
}

export const EMPTY_DRAFT: ComposerDraft = {
  title_i18n: { en: '', fr: '', ar: '' },
  body_i18n: { en: '', fr: '', ar: '' },
  channel: 'email',
  audience_type: 'all_customers',
  customer: null,
  user: null,
  userVendor: null,
  topic: null,
  segment: { wilaya_code: '', booked_within_days: null, vendor_id: '', service_id: '', language: '' },
  when: 'now',
  scheduled_at: null,
};

const LANGUAGES = ['en', 'fr', 'ar'] as const;

/**
 * The languages a draft leaves without a title or a body while another language has them:
 * recipients reading those get another language's text, so sending warns of them first.
 */
export function missingLanguages(draft: Pick<ComposerDraft, 'title_i18n' | 'body_i18n'>): ('en' | 'fr' | 'ar')[] {
  const written = (lang: (typeof LANGUAGES)[number]) => Boolean(draft.title_i18n[lang]?.trim() && draft.body_i18n[lang]?.trim());
  if (!LANGUAGES.some(written)) return [];
  return LANGUAGES.filter((lang) => !written(lang));
}

/** What the audience of a draft is, as the API takes it (for the count and for the record). */
export function audienceOf(draft: ComposerDraft): AudienceQuery {
  const s = draft.segment;
  const segment = Object.fromEntries(
    Object.entries({ wilaya_code: s.wilaya_code, booked_within_days: s.booked_within_days, vendor_id: s.vendor_id, service_id: s.service_id, language: s.language }).filter(
      ([, v]) => v !== '' && v !== null,
    ),
  );
  return {
    channel: draft.channel,
    audience_type: draft.audience_type,
    audience_customer_id: draft.audience_type === 'customer' ? (draft.customer?.id ?? null) : null,
    audience_user_id: draft.audience_type === 'user' ? (draft.user?.id ?? null) : null,
    topic_id: draft.audience_type === 'topic' ? (draft.topic?.id ?? null) : null,
    segment_filters: draft.audience_type === 'segment' ? segment : null,
  };
}

export interface SubmitFailure {
  detail: string;
  errors: Record<string, string[]>;
}

/** Creates the notification, then sends it or schedules it; a refusal names its fields. */
async function submitDraft(draft: ComposerDraft): Promise<ApiRecord> {
  try {
    const created = await createRecord('notifications', { title_i18n: draft.title_i18n, body_i18n: draft.body_i18n, ...audienceOf(draft) });
    return await (draft.when === 'later'
      ? transitionRecord('notifications', created.id, 'schedule', created.version, { scheduled_at: draft.scheduled_at })
      : transitionRecord('notifications', created.id, 'send', created.version));
  } catch (error) {
    const e = error as Partial<ApiRequestError>;
    throw { detail: e.detail ?? String(error), errors: e.fieldErrors ?? {} } satisfies SubmitFailure;
  }
}

interface Context {
  draft: ComposerDraft;
  count: number | null;
  /** Sending was asked for while the audience reaches nobody: the page says so. */
  nobody: boolean;
  errors: Record<string, string[]>;
  detail: string | null;
  created: ApiRecord | null;
}

type Event =
  | { type: 'change'; draft: ComposerDraft }
  | { type: 'review' }
  | { type: 'cancel' }
  | { type: 'confirm' };

export const composerMachine = setup({
  types: { context: {} as Context, events: {} as Event, input: {} as { draft?: ComposerDraft } },
  actors: {
    countAudience: fromPromise<{ count: number }, AudienceQuery>(({ input, signal }) => countAudience(input, signal)),
    submit: fromPromise<ApiRecord, ComposerDraft>(({ input }) => submitDraft(input)),
  },
  delays: { countPause: 400 },
  actions: {
    keepDraft: assign({ draft: ({ event }) => (event as { draft: ComposerDraft }).draft, nobody: false }),
    clearErrors: assign({ errors: {}, detail: null, nobody: false }),
    markNobody: assign({ nobody: true }),
  },
  guards: {
    /** The count is known and is zero (an unknown count goes on: the server decides). */
    reachesNobody: ({ context }) => context.count === 0,
  },
}).createMachine({
  id: 'notificationComposer',
  context: ({ input }) => ({ draft: input.draft ?? EMPTY_DRAFT, count: null, nobody: false, errors: {}, detail: null, created: null }),
  type: 'parallel',
  states: {
    count: {
      initial: 'waiting',
      on: { change: { target: '.waiting', actions: 'keepDraft', reenter: true } },
      states: {
        waiting: { after: { countPause: 'counting' } },
        counting: {
          invoke: {
            id: 'countAudience',
            src: 'countAudience',
            input: ({ context }) => audienceOf(context.draft),
            onDone: { target: 'known', actions: assign({ count: ({ event }) => event.output.count }) },
            // An audience not complete yet (no customer chosen) has no count; sending will say what is missing.
            onError: { target: 'known', actions: assign({ count: null }) },
          },
        },
        known: {},
      },
    },
    form: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            review: [
              { guard: 'reachesNobody', actions: ['clearErrors', 'markNobody'] },
              { target: 'confirming', actions: 'clearErrors' },
            ],
          },
        },
        confirming: { on: { cancel: 'editing', confirm: 'submitting' } },
        submitting: {
          invoke: {
            id: 'submit',
            src: 'submit',
            input: ({ context }) => context.draft,
            onDone: { target: 'done', actions: assign({ created: ({ event }) => event.output }) },
            onError: {
              target: 'editing',
              actions: assign(({ event }) => {
                const failure = event.error as Partial<SubmitFailure>;
                return { errors: failure.errors ?? {}, detail: failure.detail ?? String(event.error) };
              }),
            },
          },
        },
        done: { type: 'final' },
      },
    },
  },
});
