import { FormattedMessage, useIntl } from 'react-intl';
import { branches } from '../../../../common/collections.ts';
import { WILAYAS } from '../../../../common/wilayaList.ts';
import { Field } from '../../ui/fields/Field.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { RecordHistory } from '../../ui/RecordHistory.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import { wilayaLabel } from '../../ui/wilaya.ts';
import { useKnownRecords } from '../../catalog/useKnownRecords.ts';
import { BRANCH_DEFAULTS } from './branchesScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** A branch beside the list: staff choose the vendor of a new one; vendor staff's branches are their vendor's. */
export function BranchEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const staff = useStaff();
  const editor = useRecordEditor({ resource: branches.name, id, defaults: BRANCH_DEFAULTS, limits: branches.fields, onClose });
  const { context, field, set, value } = editor;
  // The vendor picked for a new branch, shown by its name.
  const vendors = useKnownRecords('vendors');
  const vendorId = value('vendor_id');
  const vendor = typeof vendorId === 'string' ? (vendors.records[vendorId] ?? null) : null;
  usePageTitle(id === null ? intl.formatMessage({ id: 'settings.branches.new' }) : context.record ? String(context.record.name) : null);
  const wilayaField = field.select<string>('wilaya_code');
  // Optional texts: emptied, they are stored as none.
  const optional = (name: string) => ({ ...field.text(name), value: String(value(name) ?? ''), onChange: (v: string) => set(name, v.trim() === '' ? null : v) });

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <bdi>{String(r.name)}</bdi>
        {r.wilaya_code ? ` · ${wilayaLabel(String(r.wilaya_code), intl.locale)}` : ''}
        {r.manager_name ? <> · <bdi>{String(r.manager_name)}</bdi></> : ''} ·{' '}
        <FormattedMessage id={`settings.branches.status.${r.active ? 'active' : 'inactive'}`} />
      </>
    ) : (
      '—'
    );

  return (
    <RecordEditorPanel
      editor={editor}
      className="branch-editor"
      heading={<FormattedMessage id={id === null ? 'settings.branches.new' : 'settings.branches.edit'} />}
      summary={summary}
      closeLabel="settings.branches.close"
      onClose={onClose}
      focusHeading
    >
      {staff && id === null && (
        <RelationPicker
          resource="vendors"
          label={<FormattedMessage id="settings.branches.vendor" />}
          value={vendor}
          onChange={(v) => {
            if (v) vendors.picked(v);
            set('vendor_id', v?.id);
          }}
          optionLabel={(v) => String(v.trade_name ?? '')}
          errors={field.custom('vendor_id', null).errors}
          required
        />
      )}
      <TextField {...field.text('name')} label={<FormattedMessage id="settings.branches.name" />} />
      <div className="form-grid">
        <Field label={<FormattedMessage id="settings.branches.wilaya" />} errors={wilayaField.errors}>
          {(control) => (
            <select {...control} value={wilayaField.value ?? ''} onChange={(e) => set('wilaya_code', e.target.value === '' ? null : e.target.value)}>
              <option value="">—</option>
              {WILAYAS.map((w) => (
                <option key={w.code} value={w.code}>
                  {wilayaLabel(w.code, intl.locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField {...optional('manager_name')} label={<FormattedMessage id="settings.branches.manager_name" />} />
      </div>
      <TextField {...optional('address')} multiline={2} label={<FormattedMessage id="settings.branches.address" />} />
      <div className="form-grid">
        <TextField {...optional('phone')} type="tel" dir="ltr" label={<FormattedMessage id="settings.branches.phone" />} />
        <TextField {...optional('email')} type="email" dir="ltr" label={<FormattedMessage id="settings.branches.email" />} />
      </div>
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="settings.branches.activeLabel" />} />
      {id !== null && (
        <RecordHistory entity="branches" id={id} version={Number(context.record?.version ?? 0)} title={<FormattedMessage id="settings.history" />} />
      )}
    </RecordEditorPanel>
  );
}
