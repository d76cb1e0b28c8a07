import { useEffect, useRef, type FocusEvent, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Icon } from '../Icon.tsx';
import { Field, type ControlProps, type FieldBaseProps } from './Field.tsx';
import {
  formatTypedDate,
  formatTypedDateTime,
  fromInputValue,
  outOfRange,
  parseTypedDate,
  parseTypedDateTime,
  parseTypedTime,
  sameDateTime,
  timeZoneOffset,
  toInputValue,
  type DateTimeMode,
} from './dateTime.ts';

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
 * April in English), with a calendar button beside it, and a time as text on a 24-hour
 * clock (09:30): Chromium draws a native `<input type=date>` or `datetime-local` in the
 * browser's own language (mm/dd/yyyy, AM/PM) and ignores the page's and the input's
 * `lang`, so a French page showed mm/dd/yyyy.
 */
export function DateTimeField({ value, onChange, mode, min, max, hint, ...field }: DateTimeFieldProps) {
  const intl = useIntl();
  const format =
    mode === 'datetime' ? (
      <FormattedMessage id="field.dateTime.format" values={{ offset: timeZoneOffset(intl.locale) }} />
    ) : (
      <FormattedMessage id="field.date.format" />
    );
  return (
    <Field
      {...field}
      hint={
        hint ? (
          <>
            {hint} {format}
          </>
        ) : (
          format
        )
      }
    >
      {(control, labelId) =>
        mode === 'date' ? (
          <TypedDate control={control} value={value} onChange={onChange} min={min} max={max} locale={intl.locale} />
        ) : (
          <TypedDateTime control={control} labelId={labelId} value={value} onChange={onChange} min={min} max={max} locale={intl.locale} />
        )
      }
    </Field>
  );
}

/** Says on the input whether its text is wrong (or the field has errors from elsewhere). */
function mark(input: HTMLInputElement | null, invalid: boolean) {
  if (!input) return;
  if (invalid) input.setAttribute('aria-invalid', 'true');
  else input.removeAttribute('aria-invalid');
}

/**
 * A date's text with the browser's calendar behind a button. The text is the input's own
 * (uncontrolled): its owner reads it through `inputRef` and replaces it only when a value
 * set from outside says another day, so a half-typed date stays as typed.
 */
function DateText({ control, inputRef, initial, picked, min, max, locale, onTyped, onPicked, placeholder }: {
  control: ControlProps;
  /** The format, where no hint says it (a list's filter). */
  placeholder?: string;
  inputRef: RefObject<HTMLInputElement | null>;
  initial: string;
  /** The day the calendar opens on, `YYYY-MM-DD` or ''. */
  picked: string;
  min: string;
  max: string;
  locale: string;
  onTyped: (text: string) => void;
  onPicked: (date: string | null) => void;
}) {
  const intl = useIntl();
  const picker = useRef<HTMLInputElement>(null);
  const calendarLabel = intl.formatMessage({ id: 'field.date.calendar' });
  return (
    <span className="typed-date">
      <input
        {...control}
        ref={inputRef}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        defaultValue={initial}
        placeholder={placeholder}
        onChange={(e) => onTyped(e.target.value)}
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
        min={min || undefined}
        max={max || undefined}
        value={picked}
        onChange={(e) => onPicked(fromInputValue(e.target.value, 'date'))}
      />
    </span>
  );
}

/**
 * A day typed the page's way outside a form field (a list's date filter, labelled by its
 * own <label>): `YYYY-MM-DD`, or null while the text is no day.
 */
export function DateInput({ id, value, onChange }: { id: string; value: string | null; onChange: (value: string | null) => void }) {
  const intl = useIntl();
  return <TypedDate control={{ id }} value={value} onChange={onChange} locale={intl.locale} placeholder={intl.formatMessage({ id: 'field.date.placeholder' })} />;
}

/** A day typed the page's way; the form gets `YYYY-MM-DD`, or null while the text is no day. */
function TypedDate({ control, value, onChange, min, max, locale, placeholder }: {
  control: ControlProps;
  placeholder?: string;
  value: string | null;
  onChange: (value: string | null) => void;
  min?: string | null;
  max?: string | null;
  locale: string;
}) {
  const text = useRef<HTMLInputElement>(null);
  const check = (raw: string) => {
    const parsed = parseTypedDate(raw, locale);
    mark(text.current, !parsed.valid || outOfRange(parsed.value, 'date', min, max) || !!control['aria-invalid']);
    return parsed.value;
  };
  useEffect(() => {
    const input = text.current;
    if (!input || sameDateTime(parseTypedDate(input.value, locale).value, value, 'date')) return;
    input.value = formatTypedDate(value, locale);
    check(input.value);
  }, [value, locale]);
  return (
    <DateText
      control={control}
      inputRef={text}
      initial={formatTypedDate(value, locale)}
      picked={toInputValue(value, 'date')}
      min={toInputValue(min, 'date')}
      max={toInputValue(max, 'date')}
      locale={locale}
      onTyped={(raw) => onChange(check(raw))}
      onPicked={onChange}
      placeholder={placeholder}
    />
  );
}

/**
 * A day typed the page's way and a time on a 24-hour clock beside it, read together as an
 * instant on Algeria's wall clock; the form gets null until both are there. The time has
 * its own name (the field's label, then "time"). A part left empty while the other is
 * typed is marked once the user leaves the pair.
 */
function TypedDateTime({ control, labelId, value, onChange, min, max, locale }: {
  control: ControlProps;
  labelId: string;
  value: string | null;
  onChange: (value: string | null) => void;
  min?: string | null;
  max?: string | null;
  locale: string;
}) {
  const intl = useIntl();
  const date = useRef<HTMLInputElement>(null);
  const time = useRef<HTMLInputElement>(null);
  const left = useRef(false);
  const timeLabelId = `${control.id}-time-label`;
  const shown = formatTypedDateTime(value, locale);
  const check = () => {
    const dateText = date.current?.value ?? '';
    const timeText = time.current?.value ?? '';
    const typed = parseTypedDateTime(dateText, timeText, locale);
    const elsewhere = !!control['aria-invalid'];
    const missing = left.current && !typed.complete;
    mark(date.current, !typed.dateValid || outOfRange(typed.value, 'datetime', min, max) || elsewhere || (missing && dateText.trim() === ''));
    mark(time.current, !typed.timeValid || elsewhere || (missing && timeText.trim() === ''));
    return typed.value;
  };
  useEffect(() => {
    if (!date.current || !time.current) return;
    if (sameDateTime(parseTypedDateTime(date.current.value, time.current.value, locale).value, value, 'datetime')) return;
    const next = formatTypedDateTime(value, locale);
    date.current.value = next.date;
    time.current.value = next.time;
    left.current = false;
    check();
  }, [value, locale]);
  const wallClock = (v: string | null | undefined) => toInputValue(v, 'datetime').slice(0, 10);
  return (
    <span
      className="typed-datetime"
      onBlur={(e: FocusEvent<HTMLSpanElement>) => {
        if (e.currentTarget.contains(e.relatedTarget as Node | null)) return;
        left.current = true;
        check();
      }}
    >
      <DateText
        control={control}
        inputRef={date}
        initial={shown.date}
        picked={wallClock(value)}
        min={wallClock(min)}
        max={wallClock(max)}
        locale={locale}
        onTyped={() => onChange(check())}
        onPicked={(day) => {
          if (date.current) date.current.value = formatTypedDate(day, locale);
          onChange(check());
        }}
      />
      <input
        ref={time}
        id={`${control.id}-time`}
        className="typed-time"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        dir="ltr"
        aria-labelledby={`${labelId} ${timeLabelId}`}
        aria-describedby={control['aria-describedby']}
        aria-required={control['aria-required']}
        aria-invalid={control['aria-invalid']}
        defaultValue={shown.time}
        onChange={() => onChange(check())}
        onBlur={(e) => {
          // 9h30, 930 or 9 are shown as 09:30 and 09:00 once left.
          const parsed = parseTypedTime(e.target.value);
          if (parsed.value) e.target.value = parsed.value;
        }}
      />
      <span id={timeLabelId} hidden>
        {intl.formatMessage({ id: 'field.dateTime.time' })}
      </span>
    </span>
  );
}
