import { FormattedMessage, useIntl } from 'react-intl';
import { WILAYAS } from '../../../common/wilayaList.ts';
import { Field } from '../ui/fields/Field.tsx';
import type { RecordEditor } from '../ui/useRecordEditor.ts';
import { wilayaLabel } from '../ui/wilaya.ts';

/** A vendor's wilaya, or none yet. */
export function WilayaSelect({ value, onChange, errors }: { value: string | null; onChange: (code: string | null) => void; errors?: readonly string[] }) {
  const intl = useIntl();
  return (
    <Field label={<FormattedMessage id="vendors.wilaya" />} errors={errors}>
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(e) => onChange(e.target.value || null)}>
          <option value="">{intl.formatMessage({ id: 'vendors.noWilaya' })}</option>
          {WILAYAS.map((w) => (
            <option key={w.code} value={w.code}>
              {wilayaLabel(w.code, intl.locale)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A text field of a nullable column: emptied, it stores null (an empty email or RIB is no value, not a wrong one). */
export function optionalText(editor: RecordEditor, name: string) {
  const bound = editor.field.text(name);
  return { ...bound, value: bound.value ?? '', onChange: (v: string) => editor.set(name, v.trim() === '' ? null : v) };
}
