import { useIntl } from 'react-intl';
import { Field, type FieldBaseProps } from './Field.tsx';
import { formatDecimalInput, parseDecimal, type Parsed } from './numberText.ts';
import { useTypedNumber } from './useTypedNumber.ts';

export interface NumberFieldProps extends FieldBaseProps {
  value: number | null;
  /** `invalid`: the text is not a number in range (the value is then null). */
  onChange: (value: number | null, invalid: boolean) => void;
  /** Decimals allowed (0: whole numbers). */
  decimals?: number;
  min?: number;
  max?: number;
  /** A unit shown after the number, e.g. `%`. */
  unit?: string;
}

/** A number typed in the user's locale (decimal comma in French and Arabic). */
export function NumberField({ value, onChange, decimals = 0, min, max, unit, errors, ...field }: NumberFieldProps) {
  const intl = useIntl();
  const parse = (text: string): Parsed => {
    const result = parseDecimal(text, intl.locale, decimals, min !== undefined && min < 0);
    if (!result.ok || result.value === null) return result;
    if ((min !== undefined && result.value < min) || (max !== undefined && result.value > max)) return { ok: false, reason: 'tooLarge' };
    return result;
  };
  const typed = useTypedNumber({ value, onChange, parse, format: (n) => formatDecimalInput(n, intl.locale, decimals) });
  const own = typed.failure
    ? [
        intl.formatMessage(
          { id: typed.failure === 'tooLarge' || typed.failure === 'negative' ? 'field.number.range' : `field.number.${typed.failure}` },
          { example: formatDecimalInput(decimals > 0 ? 12.5 : 12, intl.locale, decimals), digits: decimals, min: intl.formatNumber(min ?? 0), max: intl.formatNumber(max ?? Number.MAX_SAFE_INTEGER) },
        ),
      ]
    : [];
  return (
    <Field {...field} errors={[...own, ...(errors ?? [])]}>
      {(control) => (
        <div className="input-group">
          <input {...control} {...typed.inputProps} className="input-number" inputMode={decimals > 0 ? 'decimal' : 'numeric'} autoComplete="off" maxLength={30} />
          {unit && (
            <span className="input-adornment" aria-hidden="true">
              {unit}
            </span>
          )}
        </div>
      )}
    </Field>
  );
}
