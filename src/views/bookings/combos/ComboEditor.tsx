import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { combos } from '../../../../common/collections.ts';
import { formatMoney, localized } from '../../ui/format.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { ErrorList } from '../../ui/fields/Field.tsx';
import { I18nTextField } from '../../ui/fields/I18nTextField.tsx';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { useRead } from '../../ui/useRead.ts';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import type { ComboItem } from '../bookingViews.ts';
import { COMBO_DEFAULTS, MAX_COMBO_ITEMS } from './combosScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** A combo's title, parts, price and validity, edited beside the list. */
export function ComboEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const formId = useId();
  const staff = useStaff();
  const editor = useRecordEditor({ resource: combos.name, id, defaults: COMBO_DEFAULTS, limits: combos.fields, onClose });
  const { context, field, set } = editor;
  const itemsField = field.custom<ComboItem[]>('items', []);
  const items = itemsField.value;
  const pricing = field.select<'fixed' | 'percent_of_parts'>('pricing');

  // Staff's new combo belongs to the vendor of its first service (each part reads its own service for its title).
  const first = useRead('record', items.length > 0 ? { collection: 'services', id: items[0].service_id } : null);
  const firstVendor = items.length > 0 ? (first.data?.vendor_id as string | undefined) : undefined;
  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <span>{localized(r.title_i18n, intl.locale)}</span> · <FormattedMessage id={`comboPricing.${String(r.pricing)}`} /> ·{' '}
        {r.pricing === 'fixed' ? formatMoney(intl, Number(r.price ?? 0)) : intl.formatNumber(Number(r.percent ?? 0) / 100, { style: 'percent', maximumFractionDigits: 2 })} ·{' '}
        <FormattedMessage id={r.active ? 'comboActive.active' : 'comboActive.inactive'} />
      </>
    ) : (
      '—'
    );

  const save = () => {
    if (id === null && staff && firstVendor && !('vendor_id' in context.draft)) set('vendor_id', firstVendor);
    editor.record.send({ type: 'save' });
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="combo-editor"
      heading={<FormattedMessage id={id === null ? 'combo.new' : 'combo.edit'} />}
      summary={summary}
      closeLabel="combo.close"
      onClose={onClose}
      onSave={save}
    >
      <I18nTextField {...field.i18n('title_i18n')} label={<FormattedMessage id="combo.title" />} />

      <fieldset className="fieldset" {...(itemsField.errors ? { 'aria-describedby': `${formId}-items-error` } : {})}>
        <legend>
          <FormattedMessage id="combo.services" />
        </legend>
        {items.length > 0 && (
          <ul className="combo-items">
            {items.map((item, index) => (
              <ComboItemRow
                key={item.service_id}
                item={item}
                onRequired={(required) => itemsField.onChange(items.map((it, i) => (i === index ? { ...it, required } : it)))}
                onRemove={() => itemsField.onChange(items.filter((_, i) => i !== index))}
              />
            ))}
          </ul>
        )}
        {items.length < (MAX_COMBO_ITEMS ?? 10) && (
          <RelationPicker
            key={items.length}
            resource="services"
            label={intl.formatMessage({ id: 'combo.addService' })}
            value={null}
            filters={firstVendor ? { view: 'public', vendor_id: firstVendor } : { view: 'public' }}
            optionLabel={(s) => localized(s.title_i18n, intl.locale)}
            onChange={(s) => {
              if (!s || items.some((i) => i.service_id === s.id)) return;
              itemsField.onChange([...items, { service_id: s.id, required: true }]);
            }}
          />
        )}
        {itemsField.errors && <ErrorList id={`${formId}-items-error`} errors={itemsField.errors} />}
      </fieldset>

      <div className="form-grid">
        <SelectField {...pricing} label={<FormattedMessage id="combo.pricing" />} options={combos.fields.pricing.enum} labelPrefix="comboPricing" />
        {pricing.value === 'fixed' ? (
          <MoneyField {...field.money('price')} required label={<FormattedMessage id="combo.price" />} />
        ) : (
          <NumberField {...field.number('percent')} required decimals={2} unit="%" label={<FormattedMessage id="combo.percent" />} />
        )}
        <DateTimeField {...field.date('valid_from')} mode="date" label={<FormattedMessage id="combo.validFrom" />} />
        <DateTimeField {...field.date('valid_to')} mode="date" min={field.date('valid_from').value} label={<FormattedMessage id="combo.validTo" />} />
      </div>
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="combo.activeLabel" />} />
    </RecordEditorPanel>
  );
}

/** One service of the combo: its title (read by its id; a failure said, with a retry), whether it is required, and its removal. */
function ComboItemRow({ item, onRequired, onRemove }: { item: ComboItem; onRequired: (required: boolean) => void; onRemove: () => void }) {
  const intl = useIntl();
  const service = useRead('record', { collection: 'services', id: item.service_id });
  const title = localized(service.data?.title_i18n, intl.locale);
  return (
    <li className="combo-item">
      <span className="combo-item-title">
        {title || '…'}
        {service.state === 'failed' && (
          <span role="alert">
            {' '}
            <FormattedMessage id="comboBooking.servicesFailed" />{' '}
            <button type="button" className="button button-small" onClick={service.retry}>
              <FormattedMessage id="common.retry" />
            </button>
          </span>
        )}
      </span>
      <label className="field-inline">
        <input type="checkbox" checked={item.required} onChange={(e) => onRequired(e.target.checked)} />
        <FormattedMessage id="combo.required" />
      </label>
      <button
        type="button"
        className="button button-ghost button-small"
        onClick={onRemove}
        aria-label={intl.formatMessage({ id: 'combo.removeService' }, { service: title })}
      >
        <FormattedMessage id="combo.remove" />
      </button>
    </li>
  );
}
