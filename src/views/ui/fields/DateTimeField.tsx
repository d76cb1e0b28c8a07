import { FormattedMessage, useIntl } from 'react-intl';
import { Field, type FieldBaseProps } from './Field.tsx';
import { fromInputValue, timeZoneOffset, toInputValue, type DateTimeMode } from './dateTime.ts';

export interface DateTimeFieldProps extends FieldBaseProps {
  /** `YYYY-MM-DD` for a date; an ISO instant for a date and time; null when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
  mode: DateTimeMode;
  /** Earliest and latest choices, as values of the same kind. */
  min?: string | null;
  max?: string | null;
}

/**
 * A date, or a date and time, with the browser's picker. Times are in the browser's time
 * zone (as everywhere in the app), which the field names; the form gets an ISO string.
 */
export function DateTimeField({ value, onChange, mode, min, max, hint, ...field }: DateTimeFieldProps) {
  const intl = useIntl();
  const zoneHint = mode === 'datetime' ? <FormattedMessage id="field.dateTime.zone" values={{ offset: timeZoneOffset(intl.locale) }} /> : null;
  return (
    <Field
      {...field}
      hint={
        hint || zoneHint ? (
          <>
            {hint} {zoneHint}
          </>
        ) : undefined
      }
    >
      {(control) => (
        <input
          {...control}
          type={mode === 'date' ? 'date' : 'datetime-local'}
          min={toInputValue(min, mode) || undefined}
          max={toInputValue(max, mode) || undefined}
          value={toInputValue(value, mode)}
          onChange={(e) => onChange(fromInputValue(e.target.value, mode))}
        />
      )}
    </Field>
  );
}
