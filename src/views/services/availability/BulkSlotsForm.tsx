import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BulkResult } from '../../../api/availability.ts';
import { addDays, BULK_SLOTS_MAX } from '../../../../common/availabilityRules.ts';
import { bulkCount, bulkSlotsMachine, type BulkSlotsDraft } from '../../../machines/availability/bulkSlots.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { ErrorText, Field } from '../../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere } from '../../ui/fields/fieldErrors.ts';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';

/** The request's fields the form shows. */
const SHOWN = ['from', 'to', 'weekdays', 'start_times', 'capacity', 'duration_minutes'];

/**
 * Slots in bulk: days of the week x start times x a date range, one request (the bulk
 * slots machine). What the user typed stays on an error; the server's errors show at
 * their fields; the answer stays shown while the next batch is typed.
 */
export function BulkSlotsForm({
  serviceId,
  defaultCapacity,
  defaultDuration,
  today,
  weekStart,
  onCreated,
}: {
  serviceId: string;
  defaultCapacity: number;
  defaultDuration: number;
  today: string;
  weekStart: number;
  onCreated: (result: BulkResult) => void;
}) {
  const intl = useIntl();
  const bulk = useActorRef(bulkSlotsMachine, {
    input: {
      serviceId,
      draft: { from: today, to: addDays(today, 6), weekdays: [0, 1, 2, 3, 4, 5, 6], times: '09:00', capacity: defaultCapacity, duration: defaultDuration },
    },
  });
  const { draft, errors, failure, result } = useSelector(bulk, (s) => s.context);
  const busy = useSelector(bulk, (s) => s.hasTag('busy'));
  const created = useRef(onCreated);
  created.current = onCreated;
  useEffect(() => {
    const subscription = bulk.on('created', (event) => created.current(event.result));
    return () => subscription.unsubscribe();
  }, [bulk]);
  const set = (changes: Partial<BulkSlotsDraft>) => bulk.send({ type: 'changed', changes });
  const count = bulkCount(draft);
  const order = Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);
  // 2023-01-01 was a Sunday: weekday i is that date plus i days.
  const dayName = (weekday: number) => intl.formatDate(`2023-01-0${1 + weekday}T12:00:00Z`, { weekday: 'long', timeZone: 'UTC' });
  const at = (field: string) => errorsAt(errors, field);
  // A refusal at a field the form does not show is said above it, so none is silent.
  const elsewhere = errorsElsewhere(errors, SHOWN);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    bulk.send({ type: 'submit' });
  };

  return (
    <form className="form-card bulk-slots" onSubmit={submit} noValidate aria-labelledby="bulk-slots-title">
      <h3 id="bulk-slots-title">
        <FormattedMessage id="availability.bulk.title" />
      </h3>
      {(failure || elsewhere.length > 0) && (
        <div className="notice notice-error" role="alert">
          {failure && <ErrorText text={failure} />}
          {elsewhere.map(([path, messages]) => (
            <p key={path}>
              {messages.map((m, i) => (
                <ErrorText key={i} text={m} />
              ))}
            </p>
          ))}
        </div>
      )}
      <div className="form-grid">
        <DateTimeField mode="date" label={<FormattedMessage id="availability.bulk.from" />} required value={draft.from} min={today} errors={at('from')} onChange={(from) => set({ from })} />
        <DateTimeField mode="date" label={<FormattedMessage id="availability.bulk.to" />} required value={draft.to} min={draft.from ?? today} errors={at('to')} onChange={(to) => set({ to })} />
      </div>
      <Field label={<FormattedMessage id="availability.bulk.weekdays" />} layout="group" required errors={at('weekdays')}>
        {() => (
          <div className="weekday-picks">
            {order.map((weekday) => (
              <label key={weekday} className="weekday-pick">
                <input
                  type="checkbox"
                  checked={draft.weekdays.includes(weekday)}
                  onChange={(e) => set({ weekdays: e.target.checked ? [...draft.weekdays, weekday].sort() : draft.weekdays.filter((w) => w !== weekday) })}
                />
                <span>{dayName(weekday)}</span>
              </label>
            ))}
          </div>
        )}
      </Field>
      <div className="form-grid">
        <TextField
          label={<FormattedMessage id="availability.bulk.times" />}
          hint={<FormattedMessage id="availability.bulk.timesHint" values={{ example: <bdi dir="ltr">09:00, 14:30</bdi> }} />}
          required
          dir="ltr"
          maxLength={200}
          value={draft.times}
          errors={at('start_times')}
          onChange={(text) => set({ times: text })}
        />
        <NumberField label={<FormattedMessage id="availability.capacity" />} required min={0} max={10000} value={draft.capacity} errors={at('capacity')} onChange={(capacity) => set({ capacity })} />
        <NumberField
          label={<FormattedMessage id="availability.bulk.duration" />}
          min={1}
          max={43200}
          unit={intl.formatMessage({ id: 'availability.minutes' })}
          value={draft.duration}
          errors={at('duration_minutes')}
          onChange={(duration) => set({ duration })}
        />
      </div>
      <div className="form-actions">
        <p className="muted" aria-live="polite">
          {count > BULK_SLOTS_MAX
            ? <FormattedMessage id="availability.bulk.tooMany" values={{ max: BULK_SLOTS_MAX }} />
            : <FormattedMessage id="availability.bulk.count" values={{ count }} />}
        </p>
        <button type="submit" className="button button-primary" disabled={busy}>
          <FormattedMessage id={busy ? 'availability.bulk.creating' : 'availability.bulk.create'} />
        </button>
      </div>
      {result && (
        <p className="notice notice-info" role="status">
          <FormattedMessage id="availability.bulk.result" values={{ created: result.created, skipped: result.skipped.length, past: result.past.length }} />
        </p>
      )}
    </form>
  );
}
