import { FormattedMessage, useIntl } from 'react-intl';

/** A filter of a list: "Any" or one of `values`, each named by the message `${labelPrefix}.${value}`. */
export function FilterSelect({
  label,
  value,
  values,
  labelPrefix,
  onChange,
}: {
  /** Message id of the filter's label. */
  label: string;
  value: string;
  values: readonly string[];
  labelPrefix: string;
  onChange: (value: string) => void;
}) {
  const intl = useIntl();
  return (
    <label className="filter">
      <FormattedMessage id={label} />
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{intl.formatMessage({ id: 'list.any' })}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {intl.formatMessage({ id: `${labelPrefix}.${v}` })}
          </option>
        ))}
      </select>
    </label>
  );
}
