/**
 * "Check a code": a service, a day, participants and a code, priced by the server exactly
 * as a booking made now would be (the booking preview). Each change makes the request
 * again; the price preview child (src/machines/bookings/pricePreview.ts, on the
 * `bookingQuote` read) waits for the
 * typing to pause and lets the latest request win. A request that cannot be priced yet
 * (no service, no code, nobody) clears the price.
 */
import { assign, sendTo, setup } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import { algeriaInstant } from '../../../common/time.ts';
import { pricePreviewMachine } from '../bookings/pricePreview.ts';

export interface CheckCodeDraft {
  service: ApiRecord | null;
  /** `YYYY-MM-DD`, the day of travel. */
  date: string | null;
  /** Participants per customer type, as typed. */
  participants: Record<string, string>;
  code: string;
}

/** A week from today in Algeria, `YYYY-MM-DD`: a likely travel date to start from. */
export const nextWeek = (now = Date.now()) => new Date(now + 3_600_000 + 7 * 86_400_000).toISOString().slice(0, 10);

/** What the preview is asked for this draft; null while it cannot be priced. */
export function checkRequest(draft: CheckCodeDraft): Record<string, unknown> | null {
  const counts = Object.entries(draft.participants).map(([type, text]) => [type, text.trim() === '' ? 0 : Number(text)] as const);
  const code = draft.code.trim();
  const valid = !!draft.service && !!draft.date && code.length > 0 && counts.every(([, n]) => Number.isInteger(n) && n >= 0) && counts.some(([, n]) => n > 0);
  if (!valid) return null;
  return {
    service_id: draft.service!.id,
    starts_at: algeriaInstant(draft.date!, '12:00'),
    participants: Object.fromEntries(counts.filter(([, n]) => n > 0)),
    coupon_code: code,
  };
}

export type CheckCodeEvent =
  | { type: 'service.changed'; service: ApiRecord | null }
  | { type: 'date.changed'; date: string | null }
  | { type: 'participants.changed'; participants: Record<string, string> }
  /** The code as typed; kept in capitals as codes are. */
  | { type: 'code.changed'; code: string }
  | { type: 'retry' };

export const checkCodeMachine = setup({
  types: {
    input: {} as { date?: string } | undefined,
    context: {} as { draft: CheckCodeDraft },
    events: {} as CheckCodeEvent,
  },
  actors: {
    pricePreview: pricePreviewMachine,
  },
  actions: {
    assignDraft: assign(({ context }, change: Partial<CheckCodeDraft>) => ({ draft: { ...context.draft, ...change } })),
    askPrice: sendTo('pricePreview', ({ context }) => ({ type: 'request.changed' as const, request: checkRequest(context.draft) })),
    retryPrice: sendTo('pricePreview', { type: 'retry' as const }),
  },
}).createMachine({
  id: 'checkCode',
  context: ({ input }) => ({ draft: { service: null, date: input?.date ?? nextWeek(), participants: { adult: '2' }, code: '' } }),
  invoke: { id: 'pricePreview', src: 'pricePreview', input: { read: 'bookingQuote' } },
  on: {
    'service.changed': { actions: [{ type: 'assignDraft', params: ({ event }) => ({ service: event.service }) }, 'askPrice'] },
    'date.changed': { actions: [{ type: 'assignDraft', params: ({ event }) => ({ date: event.date }) }, 'askPrice'] },
    'participants.changed': { actions: [{ type: 'assignDraft', params: ({ event }) => ({ participants: event.participants }) }, 'askPrice'] },
    'code.changed': { actions: [{ type: 'assignDraft', params: ({ event }) => ({ code: event.code.toUpperCase() }) }, 'askPrice'] },
    retry: { actions: 'retryPrice' },
  },
});
