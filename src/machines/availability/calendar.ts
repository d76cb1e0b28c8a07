/**
 * The availability calendar of one service: a month or a week around a focused day,
 * the slots of the visible range (loaded again when the range changes, the latest
 * request winning), and the slot the operator opened. A slot opened from elsewhere (the
 * page's `?slot=`) is looked up first so the calendar opens on its day, not on today's.
 * Days are Algerian calendar days, as slot times are (UTC+1 all year).
 */
import { assign, fromPromise, setup } from 'xstate';
import { fetchCalendarSlot, fetchCalendarSlots, type CalendarSlot } from '../../api/availability.ts';
import { addDays } from '../../../common/availabilityRules.ts';
import { localDay } from '../../../common/money.ts';

export type { CalendarSlot };
export type CalendarView = 'month' | 'week';

export interface CalendarInput {
  serviceId: string;
  /** Today in Algeria, `YYYY-MM-DD`. */
  today: string;
  /** First day of the week in the user's locale, 0 = Sunday … 6 = Saturday. */
  weekStart: number;
  view?: CalendarView;
  selectedId?: string | null;
}

export interface CalendarContext extends Required<CalendarInput> {
  /** The focused day; the visible range is the month or week around it. */
  anchor: string;
  slots: CalendarSlot[];
  /** Why the slots could not be loaded; null otherwise. */
  failure: string | null;
  /** The days whose slots are loaded (or loading); null before and after a failure. */
  loaded: { from: string; to: string } | null;
}

export type CalendarEvent =
  | { type: 'view.set'; view: CalendarView }
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'today' }
  | { type: 'focus'; date: string }
  | { type: 'select'; id: string | null }
  | { type: 'reload' };

// Calendar days as `YYYY-MM-DD`, computed in UTC so no browser time zone shifts them.
const ms = (date: string) => Date.parse(`${date}T00:00:00Z`);
export const weekdayOf = (date: string) => new Date(ms(date)).getUTCDay();
const startOfWeek = (date: string, weekStart: number) => addDays(date, -((weekdayOf(date) - weekStart + 7) % 7));

export function addMonths(date: string, months: number): string {
  const d = new Date(ms(date));
  const day = d.getUTCDate();
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, last));
  return first.toISOString().slice(0, 10);
}

/** The days shown: six whole weeks around the month, or the week of the anchor. */
export function visibleDays(view: CalendarView, anchor: string, weekStart: number): string[] {
  const first = view === 'month' ? startOfWeek(`${anchor.slice(0, 8)}01`, weekStart) : startOfWeek(anchor, weekStart);
  return Array.from({ length: view === 'month' ? 42 : 7 }, (_, i) => addDays(first, i));
}

export function visibleRange(context: Pick<CalendarContext, 'view' | 'anchor' | 'weekStart'>): { from: string; to: string } {
  const days = visibleDays(context.view, context.anchor, context.weekStart);
  return { from: days[0]!, to: days[days.length - 1]! };
}

/** The Algerian calendar day a slot starts on. */
export const slotDay = (slot: Pick<CalendarSlot, 'starts_at'>) => localDay(slot.starts_at).date;


function moved(context: CalendarContext, event: CalendarEvent): Pick<CalendarContext, 'view' | 'anchor'> {
  const step = (sign: number) => (context.view === 'month' ? addMonths(context.anchor, sign) : addDays(context.anchor, 7 * sign));
  switch (event.type) {
    case 'view.set':
      return { view: event.view, anchor: context.anchor };
    case 'previous':
      return { view: context.view, anchor: step(-1) };
    case 'next':
      return { view: context.view, anchor: step(1) };
    case 'today':
      return { view: context.view, anchor: context.today };
    case 'focus':
      return { view: context.view, anchor: event.date };
    default:
      return { view: context.view, anchor: context.anchor };
  }
}

export const calendarMachine = setup({
  types: {
    input: {} as CalendarInput,
    context: {} as CalendarContext,
    events: {} as CalendarEvent,
  },
  actors: {
    /** The range's slots from the API, page by page (tests provide their own). */
    loadSlots: fromPromise<CalendarSlot[], { serviceId: string; from: string; to: string }>(({ input, signal }) => fetchCalendarSlots(input, signal)),
    /** When the opened slot starts (tests provide their own). */
    locateSlot: fromPromise<Pick<CalendarSlot, 'starts_at'>, { id: string }>(({ input, signal }) => fetchCalendarSlot(input.id, signal)),
  },
  actions: {
    move: assign(({ context, event }) => moved(context, event)),
    assignSlots: assign((_, slots: CalendarSlot[]) => ({ slots, failure: null })),
    assignFailure: assign((_, error: { detail?: string }) => ({ failure: error?.detail ?? 'failed', loaded: null })),
    markLoaded: assign(({ context }) => ({ loaded: visibleRange(context) })),
    select: assign((_, id: string | null) => ({ selectedId: id })),
    focusSlot: assign((_, slot: Pick<CalendarSlot, 'starts_at'>) => ({ anchor: slotDay(slot) })),
  },
  guards: {
    /** A slot is opened that the grid does not show (from a link, or before anything is loaded). */
    offGrid: ({ context }) => context.selectedId !== null && !context.slots.some((slot) => slot.id === context.selectedId),
    /** Another slot than the one open, and not one of the grid's. */
    selectsOffGrid: ({ context, event }) =>
      event.type === 'select' && event.id !== null && event.id !== context.selectedId && !context.slots.some((slot) => slot.id === event.id),
    /** The days shown after the move are loaded already (a week inside the month on screen): no need to load again. */
    staysInRange: ({ context, event }) => {
      const next = visibleRange({ ...context, ...moved(context, event) });
      return context.loaded !== null && next.from >= context.loaded.from && next.to <= context.loaded.to;
    },
  },
}).createMachine({
  id: 'availabilityCalendar',
  description: 'A month or week of a service’s slots around a focused day, and the slot opened.',
  context: ({ input }) => ({
    serviceId: input.serviceId,
    today: input.today,
    weekStart: input.weekStart,
    view: input.view ?? 'month',
    selectedId: input.selectedId ?? null,
    anchor: input.today,
    slots: [],
    failure: null,
    loaded: null,
  }),
  initial: 'opening',
  on: {
    'view.set': [{ guard: 'staysInRange', actions: 'move' }, { target: '.loading', reenter: true, actions: 'move' }],
    previous: [{ guard: 'staysInRange', actions: 'move' }, { target: '.loading', reenter: true, actions: 'move' }],
    next: [{ guard: 'staysInRange', actions: 'move' }, { target: '.loading', reenter: true, actions: 'move' }],
    today: [{ guard: 'staysInRange', actions: 'move' }, { target: '.loading', reenter: true, actions: 'move' }],
    focus: [{ guard: 'staysInRange', actions: 'move' }, { target: '.loading', reenter: true, actions: 'move' }],
    select: [
      { guard: 'selectsOffGrid', target: '.locating', actions: { type: 'select', params: ({ event }) => event.id } },
      { actions: { type: 'select', params: ({ event }) => event.id } },
    ],
    reload: { target: '.loading', reenter: true },
  },
  states: {
    opening: {
      description: 'Look the opened slot up first, if any; otherwise show the days around today.',
      always: [{ guard: 'offGrid', target: 'locating' }, { target: 'loading' }],
    },
    locating: {
      tags: ['busy'],
      description: 'The opened slot is not on the grid: its day becomes the focused day (today’s stays if it cannot be found).',
      invoke: {
        id: 'locateSlot',
        src: 'locateSlot',
        input: ({ context }) => ({ id: context.selectedId! }),
        onDone: { target: 'loading', actions: { type: 'focusSlot', params: ({ event }) => event.output } },
        onError: { target: 'loading' },
      },
    },
    loading: {
      tags: ['busy'],
      entry: 'markLoaded',
      invoke: {
        id: 'loadSlots',
        src: 'loadSlots',
        input: ({ context }) => ({ serviceId: context.serviceId, ...visibleRange(context) }),
        onDone: { target: 'ready', actions: { type: 'assignSlots', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => event.error as { detail?: string } } },
      },
    },
    ready: { description: 'The visible range’s slots are shown.' },
    failed: { description: 'The slots could not be loaded; reload tries again.' },
  },
});
