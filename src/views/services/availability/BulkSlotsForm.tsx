import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createSlotsInBulk, type BulkResult } from '../../../api/availability.ts';
import type { ApiRequestError } from '../../../api/client.ts';
import { addDays, BULK_SLOTS_MAX, bulkStarts } from '../../../domain/availabilityRules.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { Field } from '../../ui/fields/Field.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';

const TIME = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;

interface Draft {
  from: string | null;
  to: string | null;
  weekdays: number[];
  times: string;
  capacity: number | null;
  duration: number | null;
}

/**
 * Slots in bulk: days of the week x start times x a date range, one request. What the
 * user typed stays on an error; the server's errors show at their fields.
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
  const [draft, setDraft] = useState<Draft>({
    from: today, to: addDays(today, 6), weekdays: [0, 1, 2, 3, 4, 5, 6], times: '09:00', capacity: defaultCapacity, duration: defaultDuration,
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<BulkResult | null>(null);
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const times = draft.times.split(/[\s,;]+/).filter(Boolean);
  const count = draft.from && draft.to && times.every((t) => TIME.test(t)) && draft.weekdays.length > 0
    ? bulkStarts({ from: draft.from, to: draft.to, weekdays: draft.weekdays, start_times: [...new Set(times)] })?.length ?? BULK_SLOTS_MAX + 1
    : 0;
  const order = Array.from({ length: 7 }, (_, i) => (weekStart + i) % 7);
  // 2023-01-01 was a Sunday: weekday i is that date plus i days.
  const dayName = (weekday: number) => intl.formatDate(`2023-01-0${1 + weekday}T12:00:00Z`, { weekday: 'long', timeZone: 'UTC' });
  const at = (field: string) => errorsAt(errors, field);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const own: Record<string, string[]> = {};
    if (!draft.from) own.from = ['availability.required'];
    if (!draft.to) own.to = ['availability.required'];
    if (draft.weekdays.length === 0) own.weekdays = ['availability.chooseDays'];
    if (times.length === 0 || !times.every((t) => TIME.test(t))) own.start_times = ['availability.timesFormat'];
    if (draft.capacity === null) own.capacity = ['availability.required'];
    if (Object.keys(own).length > 0) return setErrors(own);
    setBusy(true);
    setErrors({});
    try {
      const created = await createSlotsInBulk({
        service_id: serviceId, from: draft.from!, to: draft.to!, weekdays: draft.weekdays, start_times: [...new Set(times)],
        capacity: draft.capacity!, ...(draft.duration ? { duration_minutes: draft.duration } : {}),
      });
      setResult(created);
      onCreated(created);
    } catch (error) {
      const failure = error as ApiRequestError;
      setErrors(Object.keys(failure.fieldErrors ?? {}).length > 0 ? failure.fieldErrors : { form: [failure.detail] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form-card bulk-slots" onSubmit={submit} noValidate aria-labelledby="bulk-slots-title">
      <h3 id="bulk-slots-title">
        <FormattedMessage id="availability.bulk.title" />
      </h3>
      {errors.form && <p className="notice notice-error" role="alert">{errors.form.join(' ')}</p>}
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
