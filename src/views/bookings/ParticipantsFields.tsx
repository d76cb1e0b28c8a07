import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { ErrorList } from '../ui/fields/Field.tsx';
import { errorsUnder, type FieldErrors } from '../ui/fields/fieldErrors.ts';
import { TextField } from '../ui/fields/TextField.tsx';
import { CUSTOMER_TYPES } from './bookingViews.ts';

/**
 * How many people of each customer type, as typed. Errors about one type
 * (`participants.child`) show at its input; errors about the whole (`participants`) under
 * the fieldset, and every input is marked invalid with them.
 */
export function ParticipantsFields({
  value,
  onChange,
  errors,
  max,
  types,
}: {
  value: Record<string, string>;
  onChange: (value: Record<string, string>) => void;
  /** The form's errors (all of them; those under `participants` are shown). */
  errors: FieldErrors;
  max: number;
  /** The customer types the service takes (all when it names none). */
  types?: readonly string[];
}) {
  const id = useId();
  const under = errorsUnder(errors, 'participants');
  const whole = under[''];
  const errorId = `${id}-error`;
  return (
    <fieldset className="fieldset" aria-describedby={whole ? errorId : undefined}>
      <legend>
        <FormattedMessage id="booking.participants" />
      </legend>
      <div className="participants-grid">
        {(types?.length ? CUSTOMER_TYPES.filter((t) => types.includes(t)) : CUSTOMER_TYPES).map((type) => (
          <TextField
            key={type}
            label={<FormattedMessage id={`newBooking.type.${type}`} />}
            type="number"
            inputMode="numeric"
            min={0}
            max={max}
            step={1}
            dir="ltr"
            value={value[type] ?? ''}
            onChange={(v) => onChange({ ...value, [type]: v })}
            errors={under[type]}
            invalidBy={whole ? errorId : undefined}
          />
        ))}
      </div>
      {whole && <ErrorList id={errorId} errors={whole} />}
    </fieldset>
  );
}
