import { FormattedMessage, useIntl } from 'react-intl';
import type { ReasonValue } from '../../machines/resources/lifecycleConfirm.ts';
import { Field } from './fields/Field.tsx';
import { TextField } from './fields/TextField.tsx';
import { localized } from './format.ts';
import type { ReasonCodeRow } from './reasonCodes.ts';

/** A reason as the user gives it, what it starts as, and what a request carries of it (the lifecycle confirmation's). */
export { NO_REASON, reasonPayload, type ReasonValue } from '../../machines/resources/lifecycleConfirm.ts';

/**
 * The required "why" of an action (cancelling, refunding, rejecting …): a choice of the
 * coded reasons `offered` (`codesOf(useReasonCodes(), kind)`) in the user's language, and
 * free text where the chosen code asks for it ("Other reason"); free text alone when the
 * action takes no coded reason or none can be read. `missing` shows the field's errors
 * (check the value with `reasonComplete`).
 */
export function ReasonField({
  label,
  offered,
  value,
  missing,
  placeholder,
  onChange,
}: {
  /** Message id of the label. */
  label: string;
  /** The codes to choose from; null while they load; [] for free text only. */
  offered: readonly ReasonCodeRow[] | null;
  value: ReasonValue;
  missing: boolean;
  placeholder?: string;
  onChange: (value: ReasonValue) => void;
}) {
  const intl = useIntl();
  const coded = offered === null || offered.length > 0;
  const chosen = offered?.find((c) => c.code === value.code);
  const textError = missing && value.text.trim() === '' ? ['booking.reasonRequired'] : undefined;
  const text = (labelId: string) => (
    <TextField
      label={<FormattedMessage id={labelId} />}
      required
      multiline={3}
      maxLength={1000}
      value={value.text}
      errors={textError}
      placeholder={placeholder}
      onChange={(next) => onChange({ ...value, text: next })}
    />
  );
  if (!coded) return text(label);
  return (
    <>
      <Field label={<FormattedMessage id={label} />} required errors={missing && !chosen ? ['reason.choose'] : undefined}>
        {(control) => (
          <select {...control} value={value.code} disabled={offered === null} onChange={(e) => onChange({ code: e.target.value, text: value.text })}>
            <option value="">{intl.formatMessage({ id: offered === null ? 'common.loading' : 'reason.placeholder' })}</option>
            {(offered ?? []).map((c) => (
              <option key={c.code} value={c.code}>
                {localized(c.label_i18n, intl.locale)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {chosen?.needs_free_text && text('reason.details')}
    </>
  );
}
