/**
 * The service page's Availability tab: a month or week calendar of the service's slots
 * (booked / capacity), slots created in bulk, and the opened slot (`?slot=<id>`) with its
 * capacity, close/reopen, manifest and disrupted departure.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import type { ServicesRecord } from '../../../../common/collections.ts';
import { localDay } from '../../../../common/money.ts';
import { calendarMachine, type CalendarView } from '../../../machines/availability/calendar.ts';
import type { LifecycleSettings } from '../../../../common/lifecycles/index.ts';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { useRead } from '../../ui/useRead.ts';
import { BulkSlotsForm } from './BulkSlotsForm.tsx';
import { CalendarGrid } from './CalendarGrid.tsx';
import { SlotPanel } from './SlotPanel.tsx';
import { useStaff } from '../../../app/permissions.ts';

/** CLDR's first day of the week for the language (Algeria's for Arabic), 0 = Sunday. */
function weekStartOf(locale: string): number {
  const info = (new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } });
  const first = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
  if (first) return first % 7;
  return ({ en: 0, fr: 1, ar: 6 } as Record<string, number>)[locale.slice(0, 2)] ?? 1;
}

export function AvailabilityTab({ service, onChanged }: { service: ServicesRecord; onChanged?: () => void }) {
  const intl = useIntl();
  const search = useSearch();
  const [path, navigate] = useLocation();
  const selected = new URLSearchParams(search).get('slot');
  const staff = useStaff();
  const today = localDay(new Date()).date;
  const weekStart = weekStartOf(intl.locale);
  const calendar = useActorRef(calendarMachine, { input: { serviceId: service.id, today, weekStart, selectedId: selected } });
  const snapshot = useSelector(calendar, (s) => s);
  const { view, anchor, slots, failure } = snapshot.context;
  const [adding, setAdding] = useState(false);
  // The business rules the booking chart reads (when check-in opens): until they are read, the chart's defaults apply.
  const settings = useRead('settingsSection', { section: 'business' }).data as LifecycleSettings | undefined;

  useEffect(() => calendar.send({ type: 'select', id: selected }), [selected]);

  const open = (id: string | null) => {
    const params = new URLSearchParams(search);
    if (id) params.set('slot', id);
    else params.delete('slot');
    navigate(`${path}?${params.toString()}`, { replace: true });
  };
  const changed = () => {
    calendar.send({ type: 'reload' });
    onChanged?.();
  };

  const heading = view === 'month'
    ? intl.formatDate(`${anchor}T12:00:00Z`, { month: 'long', year: 'numeric', timeZone: 'UTC' })
    : intl.formatMessage({ id: 'availability.weekOf' }, { date: intl.formatDate(`${anchor}T12:00:00Z`, { dateStyle: 'long', timeZone: 'UTC' }) });

  return (
    <div className="availability">
      <div className="calendar-toolbar no-print">
        <fieldset className="segmented">
          <legend className="visually-hidden"><FormattedMessage id="availability.view" /></legend>
          {(['month', 'week'] as const satisfies readonly CalendarView[]).map((v) => (
            <label key={v} className="segmented-option">
              <input type="radio" name="calendar-view" value={v} checked={view === v} onChange={() => calendar.send({ type: 'view.set', view: v })} />
              <span><FormattedMessage id={`availability.view.${v}`} /></span>
            </label>
          ))}
        </fieldset>
        <div className="calendar-nav">
          <button type="button" className="button button-small" onClick={() => calendar.send({ type: 'previous' })}>
            <span aria-hidden="true" className="calendar-arrow">‹</span>
            <span className="visually-hidden"><FormattedMessage id={`availability.previous.${view}`} /></span>
          </button>
          <button type="button" className="button button-small" onClick={() => calendar.send({ type: 'today' })}>
            <FormattedMessage id="availability.today" />
          </button>
          <button type="button" className="button button-small" onClick={() => calendar.send({ type: 'next' })}>
            <span aria-hidden="true" className="calendar-arrow">›</span>
            <span className="visually-hidden"><FormattedMessage id={`availability.next.${view}`} /></span>
          </button>
          <h3 className="calendar-heading" aria-live="polite">{heading}</h3>
        </div>
        <button type="button" className="button button-primary" aria-expanded={adding} onClick={() => setAdding(!adding)}>
          <FormattedMessage id="availability.addSlots" />
        </button>
      </div>
      {adding && (
        <div className="no-print">
          <BulkSlotsForm
            serviceId={service.id}
            defaultCapacity={service.capacity}
            defaultDuration={service.duration_minutes}
            today={today}
            weekStart={weekStart}
            onCreated={changed}
          />
        </div>
      )}
      <p className="muted no-print"><FormattedMessage id="availability.timeZone" /></p>
      {snapshot.matches('failed') ? (
        <ErrorState detail={failure ?? undefined} onRetry={() => calendar.send({ type: 'reload' })} />
      ) : (
        <div className="no-print">
          <CalendarGrid
            view={view}
            anchor={anchor}
            today={today}
            weekStart={weekStart}
            slots={slots}
            selectedId={selected}
            busy={snapshot.hasTag('busy')}
            onFocusDay={(date) => calendar.send({ type: 'focus', date })}
            onStep={(direction) => calendar.send({ type: direction })}
            onSelect={open}
          />
        </div>
      )}
      {selected && <SlotPanel key={selected} slotId={selected} staff={staff} settings={settings} onChanged={changed} onClose={() => open(null)} />}
    </div>
  );
}
