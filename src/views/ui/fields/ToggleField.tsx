import { Field, type FieldBaseProps } from './Field.tsx';

export interface ToggleFieldProps extends FieldBaseProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
}

/**
 * An on/off switch with its label beside it. A button with role=switch: Space and Enter
 * toggle it (a button's own keys), and clicking the label does too.
 */
export function ToggleField({ checked, onChange, disabled, ...field }: ToggleFieldProps) {
  return (
    <Field {...field} layout="inline">
      {({ 'aria-required': _required, ...control }) => (
        <button
          {...control}
          type="button"
          role="switch"
          className="switch"
          aria-checked={checked}
          disabled={disabled}
          onClick={() => onChange(!checked)}
        >
          <span className="switch-thumb" aria-hidden="true" />
        </button>
      )}
    </Field>
  );
}
