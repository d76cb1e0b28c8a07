import { FormattedMessage } from 'react-intl';
import { TranslatedOptions } from './fields/SelectField.tsx';

/** A filter of a list: "Any" or one of `values`, each named by the message `${labelPrefix}.${value}` (or by `optionLabel`). */
export function FilterSelect({
  label,
  value,
  values,
  labelPrefix,
  optionLabel,
  onChange,
}: {
  /** Message id of the filter's label. */
  label: string;
  value: string;
  values: readonly string[];
  labelPrefix: string;
  optionLabel?: (value: string) => string;
  onChange: (value: string) => void;
}) {
  return (
    <label className="filter">
      <FormattedMessage id={label} />
      <select value={value} onChange={(e) => onChange(e.target.value)}>
        <TranslatedOptions options={values} labelPrefix={labelPrefix} optionLabel={optionLabel} emptyOption="list.any" />
      </select>
    </label>
  );
}
