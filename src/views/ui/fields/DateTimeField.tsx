import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '../Icon.tsx';
import { Field, type ControlProps, type FieldBaseProps } from './Field.tsx';
import { formatTypedDate, fromInputValue, parseTypedDate, timeZoneOffset, toInputValue, type DateTimeMode } from './dateTime.ts';

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
 * A date, or a date and time. Times are in Algeria's time zone (as everywhere in the
 * app), which the field names; the form gets an ISO string.
 *
 * A date is typed as text, the page's way (04/03/2030 is 4 March in French and Arabic, 3
 * April in English), with a calendar button beside it: Chromium draws a native
 * `<input type=date>` in the browser's own language and ignores the page's and the
 * input's `lang`, so a French page showed mm/dd/yyyy.
 */
export function DateTimeField({ value, onChange, mode, min, max, hint, ...field }: DateTimeFieldProps) {
  const intl = useIntl();
  const zoneHint =
    mode === 'datetime' ? (
      <FormattedMessage id="field.dateTime.zone" values={{ offset: timeZoneOffset(intl.locale) }} />
    ) : (
      <FormattedMessage id="field.date.format" />
    );
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
      {(control) =>
        mode === 'date' ? (
          <TypedDate control={control} value={value} onChange={onChange} min={min} max={max} locale={intl.locale} calendarLabel={intl.formatMessage({ id: 'field.date.calendar' })} />
        ) : (
          <input
            {...control}
            type="datetime-local"
            min={toInputValue(min, mode) || undefined}
            max={toInputValue(max, mode) || undefined}
            value={toInputValue(value, mode)}
            onChange={(e) => onChange(fromInputValue(e.target.value, mode))}
          />
        )
      }
    </Field>
  );
}

/**
 * The text of a typed date is the input's own (uncontrolled): a half-typed date stays as
 * typed while the form holds null, and a value set from outside (the calendar, a reset)
 * replaces the text only when it says another day.
 */
function TypedDate({ control, value, onChange, min, max, locale, calendarLabel }: {
  control: ControlProps;
  value: string | null;
  onChange: (value: string | null) => void;
  min?: string | null;
  max?: string | null;
  locale: string;
  calendarLabel: string;
}) {
  const text = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const input = text.current;
    if (input && parseTypedDate(input.value, locale).value !== (toInputValue(value, 'date') || null)) input.value = formatTypedDate(value, locale);
  }, [value, locale]);
  const typed = (raw: string) => {
    const parsed = parseTypedDate(raw, locale);
    if (parsed.valid) text.current?.removeAttribute('aria-invalid');
    else text.current?.setAttribute('aria-invalid', 'true');
    onChange(parsed.value);
  };
  return (
    <span className="typed-date">
      <input
        {...control}
        ref={text}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        defaultValue={formatTypedDate(value, locale)}
        onChange={(e) => typed(e.target.value)}
        onBlur={(e) => {
          // A date typed another way (4/3/30, 2030-03-04) is shown the page's way once left.
          const parsed = parseTypedDate(e.target.value, locale);
          if (parsed.value) e.target.value = formatTypedDate(parsed.value, locale);
        }}
      />
      <button type="button" className="button button-ghost button-small typed-date-calendar" aria-label={calendarLabel} title={calendarLabel} onClick={() => picker.current?.showPicker?.()}>
        <Icon name="bookings" />
      </button>
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden="true"
        className="typed-date-picker"
        min={toInputValue(min, 'date') || undefined}
        max={toInputValue(max, 'date') || undefined}
        value={toInputValue(value, 'date')}
        onChange={(e) => onChange(fromInputValue(e.target.value, 'date'))}
      />
    </span>
  );
}
