import { useId } from 'react';
import { FormattedMessage } from 'react-intl';

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
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>
        <FormattedMessage id={label} />
      </label>
      <textarea
        id={id}
        rows={3}
        maxLength={1000}
        value={value}
        aria-invalid={missing || undefined}
        aria-describedby={missing ? `${id}-error` : undefined}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
      />
      {missing && (
        <p className="field-error" id={`${id}-error`}>
          <FormattedMessage id="booking.reasonRequired" />
        </p>
      )}
    </div>
  );
}
