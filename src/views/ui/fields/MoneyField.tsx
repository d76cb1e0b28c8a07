import { useIntl } from 'react-intl';
import { Field, type FieldBaseProps } from './Field.tsx';
import { currencySymbol, formatMoneyInput, minorDigits, parseMoney } from './numberText.ts';
import { useTypedNumber } from './useTypedNumber.ts';

export interface MoneyFieldProps extends FieldBaseProps {
  /** Minor units (centimes for DZD), or null when empty. */
  value: number | null;
  /** `invalid`: the text is not an amount (the value is then null); the form should not send it. */
  onChange: (value: number | null, invalid: boolean) => void;
  currency?: string;
}

/**
 * An amount typed in the user's locale (`1 234,50`, `1,234.50`, `١٢٣٤٫٥`), with the
 * currency beside it; the form gets minor units.
 */
export function MoneyField({ value, onChange, currency = 'DZD', errors, ...field }: MoneyFieldProps) {
  const intl = useIntl();
  const typed = useTypedNumber({
    value,
    onChange,
    parse: (text) => parseMoney(text, intl.locale, currency),
    format: (minor) => formatMoneyInput(minor, intl.locale, currency),
  });
  const own = typed.failure
    ? [
        intl.formatMessage(
          { id: `field.amount.${typed.failure}` },
          { example: formatMoneyInput(150050 * 10 ** (minorDigits(currency) - 2), intl.locale, currency), digits: minorDigits(currency), currency },
        ),
      ]
    : [];
  const symbol = currencySymbol(intl.locale, currency);
  return (
    <Field {...field} errors={[...own, ...(errors ?? [])]}>
      {(control) => (
        <div className="input-group">
          <input
            {...control}
            {...typed.inputProps}
            aria-describedby={[control['aria-describedby'], `${control.id}-currency`].filter(Boolean).join(' ')}
            className="input-number"
            inputMode="decimal"
            autoComplete="off"
            maxLength={30}
          />
          <span className="input-adornment" id={`${control.id}-currency`} title={currency}>
            {symbol}
          </span>
        </div>
      )}
    </Field>
  );
}
