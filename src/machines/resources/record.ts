/**
 * One record of any collection, on its own screen: load it, view it, edit a draft, save
 * with the record's version, and survive what can go wrong. The server's field errors
 * show at their fields (`invalid`); a stale version (409) keeps the user's draft beside
 * the current record (`conflict`) until the user picks one; nothing the user typed is
 * lost on the way. `selectIsDirty` tells the view when leaving would lose work.
 * A change made elsewhere (`remote.changed`, from the realtime channel) reloads a record
 * nobody is changing here, and only flags one with unsaved changes (`changedElsewhere`):
 * the draft is never overwritten; saving it meets the conflict view.
 */
import { and, assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate';
import { createRecord, deleteRecord, fetchRecord, transitionRecord, updateRecord, type ApiRecord } from '../../api/resources.ts';
import { validateDraft, type Limits } from './validation.ts';

export type Draft = Record<string, unknown>;

/** What a form shows for a field: the user's change, else the record's value. */
export function fieldValue(context: Pick<RecordContext, 'record' | 'draft'>, name: string): unknown {
  return name in context.draft ? context.draft[name] : context.record?.[name];
}

export interface RecordInput {
  resource: string;
  /** null: a new record, starting as a draft of `defaults`. */
  id: string | null;
  defaults?: Draft;
  /** The limits the server enforces on each field (the collection's description): checked before a save is sent. */
  limits?: Limits;
  /** The message of a field whose format is wrong, when the generic one says too little (a slug's rule). */
  formatMessages?: Record<string, string>;
}

export interface RecordError {
  status: number;
  detail: string;
}

export interface RecordContext {
  resource: string;
  id: string | null;
  record: ApiRecord | null;
  draft: Draft;
  fieldErrors: Record<string, string[]>;
  /** The record as the server has it now, when a save met a newer version. */
  conflict: ApiRecord | null;
  error: RecordError | null;
  /** Events the record's lifecycle refused, with the ones it allows (from a 409). */
  allowedEvents: string[] | null;
  limits: Limits;
  formatMessages: Record<string, string>;
  /** Fields whose control cannot make sense of what was typed (a number that is not one), by message id. */
  problems: Record<string, string>;
  /** Someone else saved (or deleted) the record while the user has unsaved changes here. */
  changedElsewhere: boolean;
}

export type RecordEvent =
  | { type: 'edit' }
  | { type: 'field.changed'; name: string; value: unknown; problem?: string }
  | { type: 'save' }
  | { type: 'cancel' }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' }
  | { type: 'delete.request' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'transition'; event: string; payload?: Draft }
  | { type: 'reload' }
  | { type: 'retry' }
  /**
   * The record was written elsewhere: its new version, or `deleted`; no version when it
   * is unknown whether it changed (the stream missed too much), which reloads a clean record only.
   */
  | { type: 'remote.changed'; version?: number; deleted?: boolean }
  /** Drop the unsaved changes and show the record as it is now. */
  | { type: 'remote.load' };

interface FailedRequest {
  status?: number;
  detail?: string;
  message?: string;
  body?: unknown;
  fieldErrors?: Record<string, string[]>;
}

const failure = (error: unknown) => error as FailedRequest;
const bodyOf = (error: unknown) => (failure(error).body ?? {}) as { current?: ApiRecord; allowed_events?: string[] };

function recordError(error: unknown): RecordError {
  const e = failure(error);
  return { status: typeof e.status === 'number' ? e.status : 0, detail: e.detail ?? e.message ?? 'Request failed' };
}

/** The fields of the draft that differ from the record: what a PATCH (or a POST) sends. */
export function changedFields(record: ApiRecord | null, draft: Draft): Draft {
  if (!record) return { ...draft };
  const changes: Draft = {};
  for (const [key, value] of Object.entries(draft)) {
    if (JSON.stringify(record[key]) !== JSON.stringify(value)) changes[key] = value;
  }
  return changes;
}

export const SAVED_NOTICE_MS = 2_000;

/** What the browser can already say is wrong with the draft: the controls' problems and the server's limits. */
export function clientErrors(context: Pick<RecordContext, 'record' | 'draft' | 'id' | 'limits' | 'formatMessages' | 'problems'>): Record<string, string[]> {
  const values = { ...(context.record ?? {}), ...context.draft };
  const errors = validateDraft(context.limits, values, Object.keys(changedFields(context.record, context.draft)), context.id === null, context.formatMessages);
  for (const [name, message] of Object.entries(context.problems)) errors[name] = [message];
  return errors;
}

export const recordMachine = setup({
  types: {
    input: {} as RecordInput,
    context: {} as RecordContext,
    events: {} as RecordEvent,
  },
  actors: {
    loadRecord: fromPromise<ApiRecord, { resource: string; id: string }>(({ input, signal }) =>
      fetchRecord(input.resource, input.id, signal),
    ),
    saveRecord: fromPromise<ApiRecord, { resource: string; id: string | null; changes: Draft; version: number | null }>(({ input }) =>
      input.id === null
        ? createRecord(input.resource, input.changes)
        : updateRecord(input.resource, input.id, { ...input.changes, version: input.version }),
    ),
    removeRecord: fromPromise<void, { resource: string; id: string; version: number }>(({ input }) =>
      deleteRecord(input.resource, input.id, input.version),
    ),
    runTransition: fromPromise<ApiRecord, { resource: string; id: string; event: string; version: number; payload: Draft }>(
      ({ input }) => transitionRecord(input.resource, input.id, input.event, input.version, input.payload),
    ),
  },
  actions: {
    assignRecord: assign((_, record: ApiRecord) => ({ record, id: record.id, error: null, allowedEvents: null })),
    /** The draft holds only what the user touched; the form shows `draft[name] ?? record[name]`. */
    startDraft: assign({ draft: {}, fieldErrors: {}, error: null }),
    discardDraft: assign({ draft: {}, fieldErrors: {}, conflict: null, problems: {}, changedElsewhere: false }),
    assignField: assign(({ context }, change: { name: string; value: unknown; problem?: string }) => {
      // The field's own errors and those under it (`title_i18n.fr` when `title_i18n` changes).
      const fieldErrors = Object.fromEntries(
        Object.entries(context.fieldErrors).filter(([path]) => path !== change.name && !path.startsWith(`${change.name}.`)),
      );
      const { [change.name]: _solved, ...problems } = context.problems;
      return {
        draft: { ...context.draft, [change.name]: change.value },
        fieldErrors,
        problems: change.problem ? { ...problems, [change.name]: change.problem } : problems,
      };
    }),
    assignClientErrors: assign(({ context }) => ({ fieldErrors: clientErrors(context), error: null })),
    assignFieldErrors: assign((_, error: unknown) => ({ fieldErrors: failure(error).fieldErrors ?? {}, error: recordError(error) })),
    assignConflict: assign((_, error: unknown) => ({ conflict: bodyOf(error).current ?? null, error: recordError(error) })),
    assignError: assign((_, error: unknown) => ({ error: recordError(error), allowedEvents: bodyOf(error).allowed_events ?? null })),
    /** A refused transition may name what is missing at its fields (a service published without a price): kept for the form to show there. */
    assignRefusal: assign((_, error: unknown) => ({
      error: recordError(error),
      allowedEvents: bodyOf(error).allowed_events ?? null,
      fieldErrors: failure(error).fieldErrors ?? {},
    })),
    /** Keep my draft, now based on the server's version, and save it over theirs. */
    rebaseOnConflict: assign(({ context }) => ({ record: context.conflict, conflict: null })),
    takeConflict: assign(({ context }) => ({ record: context.conflict, conflict: null, draft: {}, fieldErrors: {}, error: null })),
    clearError: assign({ error: null, allowedEvents: null }),
    flagChangedElsewhere: assign({ changedElsewhere: true }),
    clearChangedElsewhere: assign({ changedElsewhere: false }),
    clearFieldErrors: assign({ fieldErrors: {} }),
  },
  guards: {
    isNew: ({ context }) => context.id === null,
    hasClientErrors: ({ context }) => Object.keys(clientErrors(context)).length > 0,
    /**
     * The server refused the draft with messages at its fields: a 400, or a 409 naming
     * the field whose value is already taken (a duplicate slug), which is not a stale version.
     */
    isValidationError: (_, error: unknown) =>
      failure(error).status === 400 ||
      (failure(error).status === 409 && bodyOf(error).current === undefined && Object.keys(failure(error).fieldErrors ?? {}).length > 0),
    isConflict: (_, error: unknown) => failure(error).status === 409 && bodyOf(error).current !== undefined,
    isNotFound: (_, error: unknown) => failure(error).status === 404,
    /** Newer than what is shown (the echo of this screen's own save carries the version it already has). */
    isNewerElsewhere: ({ context, event }) =>
      context.id !== null &&
      event.type === 'remote.changed' &&
      (event.deleted === true || event.version === undefined || event.version > Number(context.record?.version ?? 0)),
    /** Known to be newer, not just perhaps (a draft is disturbed only for that). */
    isSurelyNewer: ({ context, event }) =>
      context.id !== null &&
      event.type === 'remote.changed' &&
      (event.deleted === true || (event.version !== undefined && event.version > Number(context.record?.version ?? 0))),
    hasDraft: ({ context }) => Object.keys(changedFields(context.record, context.draft)).length > 0,
  },
  delays: {
    savedNotice: SAVED_NOTICE_MS,
  },
}).createMachine({
  id: 'record',
  context: ({ input }) => ({
    resource: input.resource,
    id: input.id,
    record: null,
    draft: input.id === null ? { ...(input.defaults ?? {}) } : {},
    fieldErrors: {},
    conflict: null,
    error: null,
    allowedEvents: null,
    limits: input.limits ?? {},
    formatMessages: input.formatMessages ?? {},
    problems: {},
    changedElsewhere: false,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ resource: context.resource, id: context.id ?? '' }),
        onDone: { target: 'viewing', actions: [{ type: 'assignRecord', params: ({ event }) => event.output }, 'clearChangedElsewhere'] },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'notFound' },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
    },
    notFound: {
      description: 'No such record, or one the user may not see (the API answers 404 for both).',
    },
    failed: {
      on: { retry: 'loading' },
    },
    viewing: {
      on: {
        edit: { target: 'editing', actions: 'startDraft' },
        reload: 'loading',
        'delete.request': 'confirmingDelete',
        transition: 'transitioning',
        'remote.changed': { guard: 'isNewerElsewhere', target: 'loading' },
      },
    },
    refreshing: {
      description: 'Changed elsewhere while open with nothing typed: the form shows the new version and stays open.',
      tags: ['busy'],
      invoke: {
        id: 'refreshRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ resource: context.resource, id: context.id ?? '' }),
        onDone: { target: 'editing', actions: [{ type: 'assignRecord', params: ({ event }) => event.output }, 'discardDraft'] },
        onError: [
          { guard: { type: 'isNotFound', params: ({ event }: { event: { error: unknown } }) => event.error }, target: 'notFound' },
          { target: 'editing', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
        ],
      },
      on: {
        // Typing during the reload: the draft starts from the record as it was; the save meets the conflict view if needed.
        'field.changed': { target: 'editing', actions: [{ type: 'assignField', params: ({ event }) => ({ name: event.name, value: event.value, problem: event.problem }) }, 'flagChangedElsewhere'] },
      },
    },
    editing: {
      description: 'The user changes a draft; the record itself is untouched until saved.',
      on: {
        'remote.changed': [
          { guard: and(['hasDraft', 'isSurelyNewer']), actions: 'flagChangedElsewhere' },
          { guard: and([not('hasDraft'), 'isNewerElsewhere']), target: 'refreshing' },
        ],
        'remote.load': 'refreshing',
        'field.changed': { actions: { type: 'assignField', params: ({ event }) => ({ name: event.name, value: event.value, problem: event.problem }) } },
        save: [{ guard: 'hasClientErrors', target: 'invalid', actions: 'assignClientErrors' }, { target: 'saving' }],
        cancel: [
          { guard: 'isNew', target: 'discarded', actions: 'discardDraft' },
          { target: 'viewing', actions: 'discardDraft' },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({
          resource: context.resource,
          id: context.id,
          changes: changedFields(context.record, context.draft),
          version: context.record?.version ?? null,
        }),
        onDone: { target: 'saved', actions: [{ type: 'assignRecord', params: ({ event }) => event.output }, 'discardDraft'] },
        onError: [
          {
            guard: { type: 'isValidationError', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'invalid',
            actions: { type: 'assignFieldErrors', params: ({ event }: { event: { error: unknown } }) => event.error },
          },
          {
            guard: { type: 'isConflict', params: ({ event }: { event: { error: unknown } }) => event.error },
            target: 'conflict',
            actions: { type: 'assignConflict', params: ({ event }: { event: { error: unknown } }) => event.error },
          },
          {
            target: 'editing',
            actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error },
          },
        ],
      },
    },
    invalid: {
      description: "The server refused the draft; its messages show at their fields until they're changed.",
      on: {
        'remote.changed': { guard: 'isSurelyNewer', actions: 'flagChangedElsewhere' },
        'remote.load': 'refreshing',
        'field.changed': { actions: { type: 'assignField', params: ({ event }) => ({ name: event.name, value: event.value, problem: event.problem }) } },
        save: [{ guard: 'hasClientErrors', target: 'invalid', actions: 'assignClientErrors' }, { target: 'saving' }],
        cancel: [
          { guard: 'isNew', target: 'discarded', actions: 'discardDraft' },
          { target: 'viewing', actions: 'discardDraft' },
        ],
      },
    },
    conflict: {
      description: 'Someone saved a newer version meanwhile: the draft and the current record are shown side by side.',
      on: {
        'conflict.keepMine': { target: 'saving', actions: ['rebaseOnConflict', 'clearChangedElsewhere'] },
        'conflict.takeTheirs': { target: 'viewing', actions: ['takeConflict', 'clearChangedElsewhere'] },
      },
    },
    saved: {
      after: { savedNotice: 'viewing' },
      on: {
        'remote.changed': { guard: 'isNewerElsewhere', target: 'loading' },
        edit: { target: 'editing', actions: 'startDraft' },
        'delete.request': 'confirmingDelete',
        transition: 'transitioning',
      },
    },
    transitioning: {
      tags: ['busy'],
      description: "Asks the server to move the record along its lifecycle (confirm, cancel, refund …).",
      invoke: {
        id: 'runTransition',
        src: 'runTransition',
        input: ({ context, event }) => ({
          resource: context.resource,
          id: context.id ?? '',
          version: context.record?.version ?? 0,
          event: event.type === 'transition' ? event.event : '',
          payload: event.type === 'transition' ? (event.payload ?? {}) : {},
        }),
        onDone: { target: 'viewing', actions: [{ type: 'assignRecord', params: ({ event }) => event.output }, 'clearFieldErrors'] },
        onError: { target: 'viewing', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': 'viewing' },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'removeRecord',
        src: 'removeRecord',
        input: ({ context }) => ({ resource: context.resource, id: context.id ?? '', version: context.record?.version ?? 0 }),
        onDone: 'deleted',
        onError: { target: 'viewing', actions: { type: 'assignError', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    deleted: { type: 'final' },
    discarded: { type: 'final' },
  },
});

export type RecordSnapshot = SnapshotFrom<typeof recordMachine>;

/** Leaving now would lose what the user typed. */
export function selectIsDirty(snapshot: RecordSnapshot): boolean {
  const editingLike = ['editing', 'invalid', 'conflict', 'saving'].some((state) => snapshot.matches(state as 'editing'));
  return editingLike && Object.keys(changedFields(snapshot.context.record, snapshot.context.draft)).length > 0;
}
