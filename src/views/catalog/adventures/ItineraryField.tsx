import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { ErrorList } from '../../ui/fields/Field.tsx';
import { errorsUnder, type FieldErrors } from '../../ui/fields/fieldErrors.ts';
import { TextField } from '../../ui/fields/TextField.tsx';
import { localized } from '../../ui/format.ts';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { ReorderList } from '../../ui/ReorderList.tsx';
import { MAX_STEPS, type ItineraryStep } from './adventuresScreen.ts';
import { byDay, moveStep, type KeyedStep } from './itinerary.ts';

let nextKey = 0;
const newKey = () => `step-${(nextKey += 1)}`;

/**
 * The itinerary: steps in the order of their days, each with its day, a service (one the
 * user may see, of the adventure's vendor), a title and notes. Steps move by drag and
 * drop or with their move buttons, and the new place is announced.
 */
export function ItineraryField({
  value,
  onChange,
  days,
  errors,
  vendorId,
  services,
  onService,
}: {
  value: ItineraryStep[];
  onChange: (steps: ItineraryStep[]) => void;
  days: number;
  /** Every error of the form: those under `itinerary` show here. */
  errors: FieldErrors;
  /** Services offered are this vendor's (an adventure's parts are its vendor's services). */
  vendorId: string | null;
  /** Services already named, by id. */
  services: Record<string, ApiRecord>;
  onService: (service: ApiRecord) => void;
}) {
  const intl = useIntl();
  const id = useId();
  // Steps have no id: each gets a key that follows it while it moves.
  const keys = useRef<string[]>([]);
  if (keys.current.length !== value.length) keys.current = value.map((_, i) => keys.current[i] ?? newKey());
  const keyed: KeyedStep[] = value.map((step, i) => ({ key: keys.current[i], step }));
  const [announcement, setAnnouncement] = useState('');
  const under = errorsUnder(errors, 'itinerary');
  const own = under[''];
  const stepName = (step: ItineraryStep, index: number) => step.title || intl.formatMessage({ id: 'adventure.stepNumber' }, { number: index + 1 });

  const commit = (next: KeyedStep[], movedKey?: string) => {
    keys.current = next.map((s) => s.key);
    onChange(next.map((s) => s.step));
    const index = next.findIndex((s) => s.key === movedKey);
    if (index >= 0) {
      const { step } = next[index];
      setAnnouncement(intl.formatMessage({ id: 'adventure.stepMoved' }, { name: stepName(step, index), position: index + 1, count: next.length, day: step.day }));
    }
  };
  const update = (key: string, change: Partial<ItineraryStep>) => {
    const next = keyed.map((s) => (s.key === key ? { ...s, step: { ...s.step, ...change } } : s));
    commit(change.day !== undefined ? byDay(next) : next, change.day !== undefined ? key : undefined);
  };

  return (
    <fieldset className="fieldset itinerary" aria-describedby={own ? `${id}-error` : undefined}>
      <legend>
        <FormattedMessage id="adventure.itinerary" />
      </legend>
      <p className="field-hint">
        <FormattedMessage id="adventure.itineraryHint" />
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      <ReorderList
        items={keyed}
        keyOf={(s) => s.key}
        nameOf={(s) => stepName(s.step, keyed.indexOf(s))}
        group="itinerary"
        label={intl.formatMessage({ id: 'adventure.itinerary' })}
        onMove={(key, index) => commit(moveStep(keyed, key, index), key)}
        renderItem={({ key, step }, index) => {
          const at = (name: string) => under[`${index}.${name}`];
          const service = step.service_id ? services[step.service_id] : undefined;
          return (
            <div className="itinerary-step">
              <div className="field itinerary-day">
                <label className="field-label" htmlFor={`${id}-${key}-day`}>
                  <FormattedMessage id="adventure.day" />
                </label>
                <select id={`${id}-${key}-day`} value={step.day} onChange={(e) => update(key, { day: Number(e.target.value) })}>
                  {Array.from({ length: Math.max(days, step.day) }, (_, d) => (
                    <option key={d + 1} value={d + 1}>
                      {intl.formatNumber(d + 1)}
                    </option>
                  ))}
                </select>
              </div>
              <RelationPicker
                key={step.service_id ?? 'none'}
                resource="services"
                label={<FormattedMessage id="adventure.service" />}
                value={service ?? null}
                filters={vendorId ? { vendor_id: vendorId } : undefined}
                optionLabel={(s) => localized(s.title_i18n, intl.locale)}
                errors={at('service_id')}
                unresolvedMessage="adventure.chooseService"
                onChange={(s) => {
                  if (s) onService(s);
                  update(key, { service_id: s?.id ?? null, ...(s && !step.title ? { title: localized(s.title_i18n, intl.locale).slice(0, 200) } : {}) });
                }}
              />
              <TextField value={step.title} onChange={(title) => update(key, { title })} required maxLength={200} errors={at('title')} label={<FormattedMessage id="adventure.stepTitle" />} />
              <TextField value={step.notes ?? ''} onChange={(notes) => update(key, { notes })} multiline={2} maxLength={1000} errors={at('notes')} label={<FormattedMessage id="adventure.notes" />} />
              <button
                type="button"
                className="button button-ghost button-small itinerary-remove"
                aria-label={intl.formatMessage({ id: 'adventure.removeStep' }, { name: stepName(step, index) })}
                onClick={() => commit(keyed.filter((s) => s.key !== key))}
              >
                <FormattedMessage id="adventure.remove" />
              </button>
            </div>
          );
        }}
      />
      {keyed.length < (MAX_STEPS ?? 100) && (
        <button
          type="button"
          className="button"
          onClick={() => commit([...keyed, { key: newKey(), step: { day: keyed.at(-1)?.step.day ?? 1, service_id: null, title: '', notes: '' } }])}
        >
          <FormattedMessage id="adventure.addStep" />
        </button>
      )}
      {own && <ErrorList id={`${id}-error`} errors={own} />}
    </fieldset>
  );
}
