import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionActor } from '../../app/actors.ts';
import { locations } from '../../../common/collections.ts';
import { ALGERIA_BOUNDS, ALGERIA_CENTER } from '../../../common/geo.ts';
import { WILAYAS, wilayaByCode } from '../../../common/wilayaList.ts';
import { useKnownRecords } from '../catalog/useKnownRecords.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { Field } from '../ui/fields/Field.tsx';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import { localized } from '../ui/format.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { useRead } from '../ui/useRead.ts';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { wilayaLabel } from '../ui/wilaya.ts';
import { RecordHistory } from '../ui/RecordHistory.tsx';
import { LocationMap } from './LocationMap.tsx';
import { LOCATION_DEFAULTS } from './locationsScreen.ts';
import { isStaff } from '../../app/permissions.ts';

/** The branches of one vendor, for the branch picker (a vendor has a handful). */
const branchesOf = (vendorId: string) => ({ collection: 'branches', filters: { vendor_id: vendorId }, ordering: 'name', fields: ['name', 'active'] });

/**
 * A location's names, place and map pin, its branch and whether it is offered. Staff pick
 * the vendor of a new location; the branch is one of that vendor's. Deleting asks first
 * and says that a location still in use is kept; its history is a click away.
 */
export function LocationEditor({ id, onClose, focusHeading = false }: { id: string | null; onClose: (saved: boolean) => void; focusHeading?: boolean }) {
  const intl = useIntl();
  const user = useSelector(sessionActor, (s) => s.context.user);
  const staff = isStaff(user);
  const editor = useRecordEditor({ resource: locations.name, id, defaults: LOCATION_DEFAULTS, limits: locations.fields, onClose });
  const { snapshot, context, field, set, value } = editor;
  // The vendor picked for a new location, shown by its name.
  const vendors = useKnownRecords('vendors');
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  usePageTitle(id === null ? null : context.record ? localized(context.record.name_i18n, intl.locale) : null);

  const vendorId = (value('vendor_id') as string | undefined) ?? (staff ? null : (user?.vendor_id ?? null));
  const vendor = vendorId ? (vendors.records[vendorId] ?? null) : null;
  const branches = useRead('list', vendorId ? branchesOf(vendorId) : null);
  const wilayaCode = String(value('wilaya_code') ?? LOCATION_DEFAULTS.wilaya_code);
  const wilaya = wilayaByCode(wilayaCode);
  const lat = value('latitude');
  const lng = value('longitude');
  const position = typeof lat === 'number' && typeof lng === 'number' ? { lat, lng } : null;
  const servicesCount = Number(context.record?.services_count ?? 0);

  const wilayaField = field.select<string>('wilaya_code');
  const branchField = field.custom<string | null>('branch_id', null);
  const { minLat, maxLat, minLng, maxLng } = ALGERIA_BOUNDS;
  // Each bound isolated left to right, its sign put before the digits here: some locales'
  // patterns place it after them or add direction marks, which read "8,7-" in Arabic.
  const format = (n: number) => (
    <bdi dir="ltr">
      {n < 0 ? '-' : ''}
      {intl.formatNumber(Math.abs(n), { maximumFractionDigits: 1 })}
    </bdi>
  );

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <span>{localized(r.name_i18n, intl.locale)}</span> · {wilayaLabel(String(r.wilaya_code), intl.locale)}
        {r.commune ? ` · ${String(r.commune)}` : ''} · <FormattedMessage id={r.active ? 'locations.state.active' : 'locations.state.inactive'} />
      </>
    ) : (
      '—'
    );

  const remove = () => {
    setConfirmingDelete(false);
    editor.deleteConfirmed();
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="location-editor"
      heading={<FormattedMessage id={id === null ? 'locations.new' : 'locations.edit'} />}
      summary={summary}
      closeLabel="locations.close"
      onClose={onClose}
      focusHeading={focusHeading}
      extraActions={
        id !== null && (
          <button type="button" className="button button-danger form-actions-start" disabled={editor.busy} onClick={() => setConfirmingDelete(true)}>
            <FormattedMessage id={snapshot.matches('deleting') ? 'locations.deleting' : 'locations.delete'} />
          </button>
        )
      }
    >
      {staff && id === null && (
        <RelationPicker
          resource="vendors"
          label={<FormattedMessage id="locations.vendor" />}
          value={vendor}
          onChange={(v) => {
            if (v) vendors.picked(v);
            set('vendor_id', v?.id);
            // A branch belongs to one vendor: another vendor's location starts without one.
            set('branch_id', null);
          }}
          optionLabel={(v) => String(v.trade_name ?? '')}
          errors={field.custom('vendor_id', null).errors}
          required
        />
      )}
      <I18nTextField {...field.i18n('name_i18n')} label={<FormattedMessage id="locations.name" />} />
      <div className="form-grid">
        <Field label={<FormattedMessage id="locations.wilaya" />} errors={wilayaField.errors} required>
          {(control) => (
            <select {...control} value={wilayaField.value} onChange={(e) => wilayaField.onChange(e.target.value)}>
              {WILAYAS.map((w) => (
                <option key={w.code} value={w.code}>
                  {wilayaLabel(w.code, intl.locale)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <TextField {...field.text('commune')} value={String(value('commune') ?? '')} onChange={(v) => set('commune', v === '' ? null : v)} label={<FormattedMessage id="locations.commune" />} />
      </div>
      <TextField
        {...field.text('address')}
        value={String(value('address') ?? '')}
        onChange={(v) => set('address', v === '' ? null : v)}
        multiline={2}
        label={<FormattedMessage id="locations.address" />}
      />
      <fieldset className="fieldset location-place">
        <legend>
          <FormattedMessage id="locations.coordinates" />
        </legend>
        <div className="location-coords">
          <NumberField
            {...field.number('latitude')}
            decimals={6}
            min={minLat}
            max={maxLat}
            label={<FormattedMessage id="locations.latitude" />}
            hint={<FormattedMessage id="locations.latitudeHint" values={{ min: format(minLat), max: format(maxLat) }} />}
          />
          <NumberField
            {...field.number('longitude')}
            decimals={6}
            min={minLng}
            max={maxLng}
            label={<FormattedMessage id="locations.longitude" />}
            hint={<FormattedMessage id="locations.longitudeHint" values={{ min: format(minLng), max: format(maxLng) }} />}
          />
        </div>
        <LocationMap
          position={position}
          center={wilaya ?? ALGERIA_CENTER}
          onPick={(point) => {
            set('latitude', point.lat);
            set('longitude', point.lng);
          }}
          onClear={() => {
            set('latitude', null);
            set('longitude', null);
          }}
        />
      </fieldset>
      <TextField
        {...field.text('meeting_point')}
        value={String(value('meeting_point') ?? '')}
        onChange={(v) => set('meeting_point', v === '' ? null : v)}
        multiline={2}
        label={<FormattedMessage id="locations.meetingPoint" />}
        hint={<FormattedMessage id="locations.meetingPointHint" />}
      />
      <Field
        label={<FormattedMessage id="locations.branch" />}
        errors={branchField.errors}
        hint={staff && !vendorId ? <FormattedMessage id="locations.branchNeedsVendor" /> : undefined}
      >
        {(control) => (
          <select {...control} value={branchField.value ?? ''} disabled={!vendorId} onChange={(e) => branchField.onChange(e.target.value || null)}>
            <option value="">{intl.formatMessage({ id: 'locations.noBranch' })}</option>
            {(branches.data ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {String(b.name)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {branches.state === 'failed' && <ErrorState detail={branches.error.detail || undefined} onRetry={branches.retry} />}
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="locations.activeLabel" />} hint={<FormattedMessage id="locations.activeHint" />} />
      {id !== null && (
        <RecordHistory entity="locations" id={id} version={Number(context.record?.version ?? 0)} title={<FormattedMessage id="locations.history" />} />
      )}
      <ConfirmDialog
        open={confirmingDelete}
        title={<FormattedMessage id="locations.deleteTitle" values={{ name: localized(context.record?.name_i18n, intl.locale) }} />}
        description={
          servicesCount > 0 ? (
            <FormattedMessage id="locations.deleteInUse" values={{ count: servicesCount }} />
          ) : (
            <FormattedMessage id="locations.deleteBody" />
          )
        }
        confirmLabel={<FormattedMessage id="locations.delete" />}
        danger
        onConfirm={remove}
        onCancel={() => setConfirmingDelete(false)}
      />
    </RecordEditorPanel>
  );
}
