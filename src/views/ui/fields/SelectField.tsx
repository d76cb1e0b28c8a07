import { useIntl } from 'react-intl';
import { Field, type FieldBaseProps } from './Field.tsx';

export interface SelectFieldProps<V extends string> extends FieldBaseProps {
  value: V;
  /** The choices; each is named by the message `${labelPrefix}.${value}`. */
  options: readonly V[];
  labelPrefix: string;
  onChange: (value: V) => void;
  /** Message id of a first, empty choice (value ''), e.g. `list.any`. */
  emptyOption?: string;
}

/** A native select whose options are translated. */
export function SelectField<V extends string>({ value, options, labelPrefix, onChange, emptyOption, ...field }: SelectFieldProps<V>) {
  return (
    <Field {...field}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value as V)}>
          <TranslatedOptions options={options} labelPrefix={labelPrefix} emptyOption={emptyOption} />
        </select>
      )}
    </Field>
  );
}

/** The `<option>`s of a select, each named by the message `${labelPrefix}.${value}`, or by `optionLabel` when given. */
export function TranslatedOptions({
  options,
  labelPrefix,
  optionLabel,
  emptyOption,
}: {
  options: readonly string[];
  labelPrefix: string;
  optionLabel?: (value: string) => string;
  emptyOption?: string;
}) {
  const intl = useIntl();
  return (
    <>
      {emptyOption && <option value="">{intl.formatMessage({ id: emptyOption })}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel ? optionLabel(option) : intl.formatMessage({ id: `${labelPrefix}.${option}` })}
        </option>
      ))}
    </>
  );
}
