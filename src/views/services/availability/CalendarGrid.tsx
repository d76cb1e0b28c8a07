import { useEffect, useRef, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { addDays } from '../../../../common/availabilityRules.ts';
import { slotDay, visibleDays, weekdayOf, type CalendarSlot, type CalendarView } from '../../../machines/availability/calendar.ts';

/** Day names and dates in the user's language, from Intl (the locale's own week order). */
function useDayFormats() {
  const intl = useIntl();
  return {
    weekday: (date: string, width: 'short' | 'long') => intl.formatDate(`${date}T12:00:00Z`, { weekday: width, timeZone: 'UTC' }),
    dayNumber: (date: string) => intl.formatDate(`${date}T12:00:00Z`, { day: 'numeric', timeZone: 'UTC' }),
    fullDate: (date: string) => intl.formatDate(`${date}T12:00:00Z`, { dateStyle: 'full', timeZone: 'UTC' }),
    time: (iso: string) => intl.formatTime(iso, { timeStyle: 'short' }),
  };
}

/** One slot as a button: its time and booked / capacity; closed and called-off slots look different and say so. */
function SlotChip({ slot, selected, focusable, onSelect }: { slot: CalendarSlot; selected: boolean; focusable: boolean; onSelect: () => void }) {
  const f = useDayFormats();
  const state = slot.disrupted_at ? 'disrupted' : slot.closed ? 'closed' : slot.booked >= slot.capacity ? 'full' : 'open';
  return (
    <button
      type="button"
      className={`slot-chip slot-chip-${state}`}
      aria-pressed={selected}
      tabIndex={focusable ? 0 : -1}
      data-slot={slot.id}
      onClick={onSelect}
    >
      <span className="slot-chip-time" dir="ltr">{f.time(slot.starts_at)}</span>
      <span className="slot-chip-seats">
        <FormattedMessage id="availability.seats" values={{ booked: slot.booked, capacity: slot.capacity }} />
      </span>
      {state !== 'open' && (
        <span className="slot-chip-state">
          <FormattedMessage id={`availability.slotState.${state}`} />
        </span>
      )}
    </button>
  );
}

/**
 * The month (six weeks) or the week around the anchor, as a grid: the arrow keys move
 * between days (mirrored in Arabic), Home/End to the week's ends, Page Up/Down by month
 * or week; Tab goes into the focused day's slots. The focused day is the anchor.
 */
export function CalendarGrid({
  view,
  anchor,
  today,
  weekStart,
  slots,
  selectedId,
  busy,
  onFocusDay,
  onStep,
  onSelect,
}: {
  view: CalendarView;
  anchor: string;
  today: string;
  weekStart: number;
  slots: readonly CalendarSlot[];
  selectedId: string | null;
  busy: boolean;
  onFocusDay: (date: string) => void;
  onStep: (direction: 'previous' | 'next') => void;
  onSelect: (id: string) => void;
}) {
  const intl = useIntl();
  const f = useDayFormats();
  const rtl = intl.locale.startsWith('ar');
  const days = visibleDays(view, anchor, weekStart);
  const byDay = new Map<string, CalendarSlot[]>();
  for (const slot of slots) byDay.set(slotDay(slot), [...(byDay.get(slotDay(slot)) ?? []), slot]);
  const month = anchor.slice(0, 7);
  const grid = useRef<HTMLDivElement>(null);
  const keyboard = useRef(false);

  // After a keyboard move the focus follows the anchor (also once a new range has loaded).
  useEffect(() => {
    if (!keyboard.current) return;
    grid.current?.querySelector<HTMLElement>(`[data-day="${anchor}"]`)?.focus();
  }, [anchor, days[0]]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).dataset.day === undefined) return;
    const forward = rtl ? -1 : 1;
    const moves: Record<string, () => string> = {
      ArrowRight: () => addDays(anchor, forward),
      ArrowLeft: () => addDays(anchor, -forward),
      ArrowDown: () => addDays(anchor, 7),
      ArrowUp: () => addDays(anchor, -7),
      Home: () => addDays(anchor, -((weekdayOf(anchor) - weekStart + 7) % 7)),
      End: () => addDays(anchor, 6 - ((weekdayOf(anchor) - weekStart + 7) % 7)),
    };
    keyboard.current = true;
    if (event.key === 'PageUp' || event.key === 'PageDown') {
      event.preventDefault();
      onStep(event.key === 'PageUp' ? 'previous' : 'next');
    } else if (moves[event.key]) {
      event.preventDefault();
      onFocusDay(moves[event.key]!());
    }
  };

  const weekdays = days.slice(0, 7);
  return (
    <div
      ref={grid}
      role="grid"
      aria-busy={busy}
      aria-label={intl.formatMessage({ id: view === 'month' ? 'availability.monthGrid' : 'availability.weekGrid' })}
      className={`calendar calendar-${view}`}
      onKeyDown={onKeyDown}
      onPointerDown={() => (keyboard.current = false)}
    >
      <div role="row" className="calendar-row calendar-head">
        {weekdays.map((d) => (
          <div role="columnheader" key={d} className="calendar-weekday">
            <abbr title={f.weekday(d, 'long')}>{f.weekday(d, 'short')}</abbr>
          </div>
        ))}
      </div>
      {Array.from({ length: days.length / 7 }, (_, week) => (
        <div role="row" className="calendar-row" key={week}>
          {days.slice(week * 7, week * 7 + 7).map((d) => {
            const daySlots = byDay.get(d) ?? [];
            const outside = view === 'month' && d.slice(0, 7) !== month;
            return (
              <div
                role="gridcell"
                key={d}
                data-day={d}
                tabIndex={d === anchor ? 0 : -1}
                aria-selected={d === anchor}
                aria-label={`${f.fullDate(d)}${daySlots.length ? ` — ${intl.formatMessage({ id: 'availability.slotCount' }, { count: daySlots.length })}` : ''}`}
                className={['calendar-day', outside && 'calendar-day-outside', d === today && 'calendar-day-today'].filter(Boolean).join(' ')}
                onFocus={(event) => event.target === event.currentTarget && d !== anchor && onFocusDay(d)}
                onKeyDown={(event) => {
                  // Enter opens the day's first slot; Tab goes through the focused day's slots.
                  if (event.key === 'Enter' && event.target === event.currentTarget && daySlots[0]) onSelect(daySlots[0].id);
                }}
              >
                <span className="calendar-day-number" aria-hidden="true">
                  {view === 'week' ? `${f.weekday(d, 'short')} ${f.dayNumber(d)}` : f.dayNumber(d)}
                </span>
                <div className="calendar-slots">
                  {daySlots.map((slot) => (
                    <SlotChip key={slot.id} slot={slot} selected={slot.id === selectedId} focusable={d === anchor} onSelect={() => onSelect(slot.id)} />
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
