import { FormattedMessage } from 'react-intl';
import { TextField } from './fields/TextField.tsx';

/** The required "why" of an action (cancelling, rejecting …), with its error when left empty. */
export function ReasonField({
  label,
  value,
  missing,
  placeholder,
  onChange,
}: {
  /** Message id of the label. */
  label: string;
  value: string;
  missing: boolean;
  placeholder?: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      label={<FormattedMessage id={label} />}
      required
      multiline={3}
      maxLength={1000}
      value={value}
      errors={missing ? ['booking.reasonRequired'] : undefined}
      placeholder={placeholder}
      onChange={onChange}
    />
  );
}
