/**
 * The behaviour of the splits and payouts screen, one chart per piece: building a payout
 * (choose a vendor and a date, preview what it holds, create the draft), a payout's panel
 * (load it with its entries, approve, give the second approval a changed payout account
 * needs, mark paid with a bank reference, cancel) and a
 * commission change. Requests are actors, swapped with `.provide()` in tests; what the
 * user typed stays on a refusal, the server's errors at their fields.
 */
import { assign, fromPromise, setup } from 'xstate';
import { ApiRequestError } from '../../api/client.ts';
import { adjustCommission, approvePayoutAccount, buildPayout, payPayout, previewPayout, type PayoutPreview } from '../../api/payouts.ts';
import { fetchList, fetchRecord, transitionRecord, type ApiRecord } from '../../api/resources.ts';

export interface Refusal {
  detail: string | null;
  errors: Record<string, string[]>;
}

const refusalOf = (error: unknown): Refusal =>
  error instanceof ApiRequestError ? { detail: error.detail, errors: error.fieldErrors } : { detail: String(error), errors: {} };
const noRefusal: Refusal = { detail: null, errors: {} };

// Building a payout -------------------------------------------------------------------

export interface BuildDraft {
  vendor: ApiRecord | null;
  period_end: string;
}

export const buildPayoutMachine = setup({
  types: {
    context: {} as { draft: BuildDraft; preview: PayoutPreview | null; created: ApiRecord | null } & Refusal,
    events: {} as
      | { type: 'open'; period_end: string }
      | { type: 'close' }
      | { type: 'change'; draft: Partial<BuildDraft> }
      | { type: 'preview' }
      | { type: 'create' },
  },
  actors: {
    preview: fromPromise<PayoutPreview, { vendor_id: string; period_end: string }>(({ input, signal }) => previewPayout(input, signal)),
    create: fromPromise<ApiRecord, { vendor_id: string; period_end: string }>(({ input }) => buildPayout(input) as Promise<ApiRecord>),
  },
  guards: {
    isComplete: ({ context }) => context.draft.vendor !== null && /^\d{4}-\d{2}-\d{2}$/.test(context.draft.period_end),
  },
  actions: {
    start: assign((_, params: { period_end: string }) => ({ draft: { vendor: null, period_end: params.period_end }, preview: null, created: null, ...noRefusal })),
    change: assign(({ context }, draft: Partial<BuildDraft>) => ({ draft: { ...context.draft, ...draft }, preview: null, ...noRefusal })),
    incomplete: assign(({ context }) => ({
      detail: null,
      errors: {
        ...(context.draft.vendor ? {} : { vendor_id: ['payouts.build.vendorRequired'] }),
        ...(/^\d{4}-\d{2}-\d{2}$/.test(context.draft.period_end) ? {} : { period_end: ['payouts.build.dateRequired'] }),
      },
    })),
    assignPreview: assign((_, preview: PayoutPreview) => ({ preview })),
    assignCreated: assign((_, created: ApiRecord) => ({ created })),
    assignRefusal: assign((_, error: unknown) => refusalOf(error)),
  },
}).createMachine({
  id: 'buildPayout',
  context: { draft: { vendor: null, period_end: '' }, preview: null, created: null, ...noRefusal },
  initial: 'closed',
  states: {
    closed: { on: { open: { target: 'editing', actions: { type: 'start', params: ({ event }) => ({ period_end: event.period_end }) } } } },
    editing: {
      on: {
        close: 'closed',
        change: { actions: { type: 'change', params: ({ event }) => event.draft } },
        preview: [{ guard: 'isComplete', target: 'previewing' }, { actions: 'incomplete' }],
      },
    },
    previewing: {
      tags: ['busy'],
      invoke: {
        id: 'preview',
        src: 'preview',
        input: ({ context }) => ({ vendor_id: String(context.draft.vendor!.id), period_end: context.draft.period_end }),
        onDone: { target: 'previewed', actions: { type: 'assignPreview', params: ({ event }) => event.output } },
        onError: { target: 'editing', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    previewed: {
      on: {
        close: 'closed',
        change: { target: 'editing', actions: { type: 'change', params: ({ event }) => event.draft } },
        create: 'creating',
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'create',
        src: 'create',
        input: ({ context }) => ({ vendor_id: String(context.draft.vendor!.id), period_end: context.draft.period_end }),
        onDone: { target: 'created', actions: { type: 'assignCreated', params: ({ event }) => event.output } },
        onError: { target: 'previewed', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    created: { always: 'closed' },
  },
});

// A payout's panel -------------------------------------------------------------------

export interface PayoutDetail {
  payout: ApiRecord;
  /** Its first entries; the payout's entries_count says how many it holds in all. */
  entries: ApiRecord[];
}

async function loadPayout(id: string, signal: AbortSignal): Promise<PayoutDetail> {
  const [payout, entries] = await Promise.all([
    fetchRecord('payouts', id, signal, ['vendor_id']),
    fetchList('vendor-share-entries', { page: 1, page_size: 100, search: '', ordering: 'payable_from', filters: { payout_id: id } }, signal, undefined, ['booking_id']),
  ]);
  return { payout, entries: entries.results };
}

export type PanelAction = { type: 'approve' } | { type: 'approve_account' } | { type: 'cancel' } | { type: 'pay'; bank_reference: string };

export type PanelEvent =
  | { type: 'approve' }
  | { type: 'approve_account' }
  | { type: 'cancel' }
  /** Mark paid with the bank reference typed. */
  | { type: 'pay' }
  | { type: 'bankReference.changed'; value: string }
  | { type: 'retry' };

export const payoutPanelMachine = setup({
  types: {
    input: {} as { id: string },
    context: {} as { id: string; loaded: PayoutDetail | null; action: PanelAction | null; bankReference: string } & Refusal,
    events: {} as PanelEvent,
  },
  actors: {
    load: fromPromise<PayoutDetail, { id: string }>(({ input, signal }) => loadPayout(input.id, signal)),
    act: fromPromise<ApiRecord, { payout: ApiRecord; action: PanelAction }>(({ input: { payout, action } }) =>
      action.type === 'pay'
        ? (payPayout(String(payout.id), Number(payout.version), action.bank_reference) as Promise<ApiRecord>)
        : action.type === 'approve_account'
          ? (approvePayoutAccount(String(payout.id), Number(payout.version)) as Promise<ApiRecord>)
          : transitionRecord('payouts', String(payout.id), action.type, Number(payout.version)),
    ),
  },
  guards: {
    hasBankReference: ({ context }) => context.bankReference.trim().length > 0,
  },
  actions: {
    assignLoaded: assign((_, loaded: PayoutDetail) => ({ loaded, ...noRefusal })),
    assignAction: assign((_, action: PanelAction) => ({ action, ...noRefusal })),
    assignPay: assign(({ context }) => ({ action: { type: 'pay' as const, bank_reference: context.bankReference.trim() }, ...noRefusal })),
    assignBankReference: assign(({ context }, value: string) => {
      const { bank_reference: _cleared, ...errors } = context.errors;
      return { bankReference: value, errors };
    }),
    assignRefusal: assign((_, error: unknown) => refusalOf(error)),
    needBankReference: assign({ detail: null, errors: { bank_reference: ['payouts.bankReferenceRequired'] } }),
  },
}).createMachine({
  id: 'payoutPanel',
  context: ({ input }) => ({ id: input.id, loaded: null, action: null, bankReference: '', ...noRefusal }),
  initial: 'loading',
  on: {
    'bankReference.changed': { actions: { type: 'assignBankReference', params: ({ event }) => event.value } },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ id: context.id }),
        onDone: { target: 'shown', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
    failed: { on: { retry: 'loading' } },
    shown: {
      on: {
        approve: { target: 'acting', actions: { type: 'assignAction', params: ({ event }) => event } },
        approve_account: { target: 'acting', actions: { type: 'assignAction', params: ({ event }) => event } },
        cancel: { target: 'acting', actions: { type: 'assignAction', params: ({ event }) => event } },
        pay: [
          { guard: 'hasBankReference', target: 'acting', actions: 'assignPay' },
          { actions: 'needBankReference' },
        ],
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'act',
        src: 'act',
        input: ({ context }) => ({ payout: context.loaded!.payout, action: context.action! }),
        onDone: 'loading',
        onError: { target: 'shown', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});

// Commission -------------------------------------------------------------------------

/** The percent typed (a decimal comma allowed), as a number; NaN when it is none. */
export const typedPercent = (text: string) => (text.trim() === '' ? NaN : Number(text.trim().replace(',', '.')));
const percentInRange = (text: string) => {
  const percent = typedPercent(text);
  return Number.isFinite(percent) && percent >= 0 && percent <= 100;
};

export const commissionMachine = setup({
  types: {
    input: {} as { vendorId: string; percent: string },
    context: {} as { vendorId: string; percent: string; reason: string; saved: ApiRecord | null } & Refusal,
    events: {} as { type: 'percent.changed'; value: string } | { type: 'reason.changed'; value: string } | { type: 'save' },
  },
  actors: {
    save: fromPromise<ApiRecord, { vendorId: string; commission_percent: number; reason: string }>(
      ({ input }) => adjustCommission(input.vendorId, { commission_percent: input.commission_percent, reason: input.reason }) as Promise<ApiRecord>,
    ),
  },
  guards: {
    isComplete: ({ context }) => context.reason.trim().length > 0 && percentInRange(context.percent),
  },
  actions: {
    assignPercent: assign(({ context }, value: string) => {
      const { commission_percent: _cleared, ...errors } = context.errors;
      return { percent: value, errors };
    }),
    assignReason: assign(({ context }, value: string) => {
      const { reason: _cleared, ...errors } = context.errors;
      return { reason: value, errors };
    }),
    incomplete: assign(({ context }) => ({
      saved: null,
      detail: null,
      errors: {
        ...(context.reason.trim() ? {} : { reason: ['payouts.commission.reasonRequired'] }),
        ...(percentInRange(context.percent) ? {} : { commission_percent: ['payouts.commission.percentRange'] }),
      },
    })),
    /** Saved: the reason empties for the next change; the percent stays as typed (now the current one). */
    assignSaved: assign((_, saved: ApiRecord) => ({ saved, reason: '', ...noRefusal })),
    assignRefusal: assign((_, error: unknown) => ({ saved: null, ...refusalOf(error) })),
    /** Tells the screen the vendor's commission changed (its history and the vendor are read again). */
    announceSaved: () => {},
  },
}).createMachine({
  id: 'commission',
  context: ({ input }) => ({ vendorId: input.vendorId, percent: input.percent, reason: '', saved: null, ...noRefusal }),
  initial: 'idle',
  on: {
    'percent.changed': { actions: { type: 'assignPercent', params: ({ event }) => event.value } },
    'reason.changed': { actions: { type: 'assignReason', params: ({ event }) => event.value } },
  },
  states: {
    idle: {
      on: { save: [{ guard: 'isComplete', target: 'saving' }, { actions: 'incomplete' }] },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ vendorId: context.vendorId, commission_percent: typedPercent(context.percent), reason: context.reason }),
        onDone: { target: 'idle', actions: [{ type: 'assignSaved', params: ({ event }) => event.output }, 'announceSaved'] },
        onError: { target: 'idle', actions: { type: 'assignRefusal', params: ({ event }: { event: { error: unknown } }) => event.error } },
      },
    },
  },
});
