import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { adventures } from '../../../../common/collections.ts';
import { MediaManager } from '../../media/MediaManager.tsx';
import { I18nTextField } from '../../ui/fields/I18nTextField.tsx';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { formatMoney, localized } from '../../ui/format.ts';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { RecordHistory } from '../../ui/RecordHistory.tsx';
import { usePageTitle } from '../../ui/usePageTitle.ts';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import { ADVENTURE_DEFAULTS, type ItineraryStep } from './adventuresScreen.ts';
import { ItineraryField } from './ItineraryField.tsx';
import { useKnownRecords } from '../useKnownRecords.ts';
import { useStaff } from '../../../app/permissions.ts';

/** An adventure's texts, days, itinerary and price, edited beside the list; its photos below once it exists. */
export function AdventureEditor({ id, onClose }: { id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const staff = useStaff();
  const editor = useRecordEditor({ resource: adventures.name, id, defaults: ADVENTURE_DEFAULTS, limits: adventures.fields, onClose });
  const { context, field, set, value } = editor;
  const itinerary = field.custom<ItineraryStep[]>('itinerary', []);
  const priceMode = field.select<'fixed' | 'sum_of_parts'>('price_mode');
  const days = field.number('days');
  const title = localized(context.record?.title_i18n, intl.locale);
  usePageTitle(id === null ? intl.formatMessage({ id: 'adventure.new' }) : title || null);

  // The services of the itinerary, shown by their titles: those picked at once, the others read.
  const serviceIds = [...new Set(itinerary.value.flatMap((s) => (s.service_id ? [s.service_id] : [])))];
  const { records: services, picked: servicePicked } = useKnownRecords('services', serviceIds);

  // An adventure's parts are its vendor's services. Staff choose the vendor of a new one, or
  // none: the platform's may combine every vendor's services (the server checks both).
  const vendors = useKnownRecords('vendors');
  const choosesVendor = staff && id === null;
  const picked = choosesVendor ? value('vendor_id') : null;
  const vendor = typeof picked === 'string' ? (vendors.records[picked] ?? null) : null;
  const vendorId = (context.record?.vendor_id as string | null | undefined) ?? (typeof picked === 'string' ? picked : null);
  const chooseVendor = (next: ApiRecord | null) => {
    if (next) vendors.picked(next);
    set('vendor_id', next?.id ?? null);
    // A step keeps its service only if the new vendor may use it.
    if (next) itinerary.onChange(itinerary.value.map((s) => (s.service_id && services[s.service_id]?.vendor_id !== next.id ? { ...s, service_id: null } : s)));
  };

  const amount = context.record?.price_amount as number | null | undefined;
  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        {localized(r.title_i18n, intl.locale)} · <FormattedMessage id="adventure.daysCount" values={{ count: Number(r.days) }} /> ·{' '}
        <FormattedMessage id={`adventurePriceMode.${String(r.price_mode)}`} />
        {r.price_mode === 'fixed' && r.price != null && <> · {formatMoney(intl, Number(r.price), String(r.currency ?? 'DZD'))}</>}
      </>
    ) : (
      '—'
    );

  return (
    <>
      <RecordEditorPanel
        editor={editor}
        className="adventure-editor"
        heading={id === null ? <FormattedMessage id="adventure.new" /> : <FormattedMessage id="adventure.edit" values={{ title }} />}
        summary={summary}
        closeLabel="adventure.close"
        onClose={onClose}
        focusHeading
      >
        {choosesVendor && (
          <div className="adventure-vendor">
            <RelationPicker
              resource="vendors"
              label={<FormattedMessage id="adventure.vendor" />}
              value={vendor}
              onChange={chooseVendor}
              optionLabel={(v) => String(v.trade_name ?? '')}
              placeholder={intl.formatMessage({ id: 'adventure.platform' })}
              errors={field.custom('vendor_id', null).errors}
            />
            <p className="field-hint">
              <FormattedMessage id="adventure.vendorHint" />
            </p>
          </div>
        )}
        <I18nTextField {...field.i18n('title_i18n')} label={<FormattedMessage id="adventure.title" />} />
        {/* Optional; once written, in English at least (the API's rule for any text in three languages). */}
        <I18nTextField {...field.i18n('description_i18n')} requiredLanguages={[]} multiline={4} label={<FormattedMessage id="adventure.description" />} />
        <div className="form-grid">
          <NumberField {...days} required label={<FormattedMessage id="adventure.days" />} />
          <SelectField {...priceMode} label={<FormattedMessage id="adventure.priceMode" />} options={adventures.fields.price_mode.enum} labelPrefix="adventurePriceMode" />
          {priceMode.value === 'fixed' ? (
            <MoneyField {...field.money('price')} required label={<FormattedMessage id="adventure.price" />} />
          ) : (
            <p className="field adventure-sum" role="status">
              <span className="field-label">
                <FormattedMessage id="adventure.price" />
              </span>
              <span>
                {id !== null && amount != null ? (
                  <FormattedMessage id="adventure.sumIs" values={{ amount: formatMoney(intl, amount, String(context.record?.currency ?? 'DZD')) }} />
                ) : (
                  <FormattedMessage id={id !== null ? 'adventure.sumUnknown' : 'adventure.sumAfterSave'} />
                )}
              </span>
            </p>
          )}
        </div>
        <ItineraryField
          value={itinerary.value}
          onChange={itinerary.onChange}
          days={days.value ?? 1}
          errors={context.fieldErrors}
          vendorId={vendorId}
          services={services}
          onService={servicePicked}
        />
        {id !== null && (
          <RecordHistory
            entity={adventures.name}
            id={id}
            version={Number(context.record?.version ?? 0)}
            eventPrefix="publishingEvent"
            title={<FormattedMessage id="adventure.history" />}
          />
        )}
      </RecordEditorPanel>
      {id !== null && context.record && (
        // The media manager names itself (its own heading).
        <div className="card adventure-media">
          <MediaManager ownerType="adventure" ownerId={id} />
        </div>
      )}
    </>
  );
}
