import { FormattedMessage, useIntl } from 'react-intl';
import { Field } from '../../ui/fields/Field.tsx';

/** CLDR's first day of the week for the language, 0 = Sunday (Saturday for Arabic in Algeria). */
export function weekStartOf(locale: string): number {
  const info = new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
  const first = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
  if (first) return first % 7;
  return ({ en: 0, fr: 1, ar: 6 } as Record<string, number>)[locale.slice(0, 2)] ?? 1;
}

/**
 * The days of the week a rule applies on (0 = Sunday … 6 = Saturday), named by the
 * browser in the user's language and ordered from the locale's first day. None ticked
 * means every day, which the hint says.
 */
export function WeekdaysField({
  value,
  onChange,
  errors,
  label,
}: {
  value: number[];
  onChange: (weekdays: number[]) => void;
  errors?: readonly string[];
  label: React.ReactNode;
}) {
  const intl = useIntl();
  const start = weekStartOf(intl.locale);
  const order = Array.from({ length: 7 }, (_, i) => (start + i) % 7);
  // 2023-01-01 was a Sunday: weekday i is that date plus i days.
  const dayName = (weekday: number) => intl.formatDate(`2023-01-0${1 + weekday}T12:00:00Z`, { weekday: 'long', timeZone: 'UTC' });
  return (
    <Field label={label} layout="group" errors={errors} hint={<FormattedMessage id="prices.rule.weekdaysHint" />}>
      {(control) => (
        <div className="weekday-picks" {...control}>
          {order.map((weekday) => (
            <label key={weekday} className="weekday-pick">
              <input
                type="checkbox"
                checked={value.includes(weekday)}
                onChange={(e) => onChange(e.target.checked ? [...value, weekday].sort() : value.filter((w) => w !== weekday))}
              />
              <span>{dayName(weekday)}</span>
            </label>
          ))}
        </div>
      )}
    </Field>
  );
}
