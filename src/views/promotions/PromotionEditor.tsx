import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { coupons, discounts } from '../../../common/collections.ts';
import { PROMOTION_CHECKS } from '../../../common/promotionChecks.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { I18nTextField } from '../ui/fields/I18nTextField.tsx';
import { MoneyField } from '../ui/fields/MoneyField.tsx';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import { formatMoney, localized } from '../ui/format.ts';
import { RecordEditorPanel } from '../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { usePageTitle } from '../ui/usePageTitle.ts';
import { useRead } from '../ui/useRead.ts';
import { useRecordEditor } from '../ui/useRecordEditor.ts';
import { COUPON_DEFAULTS, DISCOUNT_DEFAULTS, promotionState } from './promotionScreens.ts';
import { ServicesField } from './ServicesField.tsx';
import { useStaff } from '../../app/permissions.ts';

type Resource = 'coupons' | 'discounts';

/** A promotion in one line: its code or name and what it takes off. */
export function promotionName(r: Record<string, unknown>, locale: string): string {
  return typeof r.code === 'string' ? r.code : localized(r.name_i18n, locale);
}

export function PromotionValue({ record }: { record: Record<string, unknown> }) {
  const intl = useIntl();
  const value = Number(record.value ?? 0);
  if (record.kind === 'percent') return <>{intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 0 })}</>;
  const amount = formatMoney(intl, value, String(record.currency ?? 'DZD'));
  return record.kind === 'per_person' ? <FormattedMessage id="promotion.perPersonAmount" values={{ amount }} /> : <>{amount}</>;
}

/**
 * A coupon (with a code) or an automatic discount, edited beside the list: what it takes
 * off, when and for what it applies, its limits and who pays for it. Staff choose the
 * vendor of a new one (none: the platform's) and its funding; vendor staff fund their own.
 */
export function PromotionEditor({ resource, id, onClose }: { resource: Resource; id: string | null; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const staff = useStaff();
  const spec = resource === 'coupons' ? coupons : discounts;
  const prefix = resource === 'coupons' ? 'coupon' : 'discount';
  const editor = useRecordEditor({
    resource: spec.name,
    id,
    defaults: resource === 'coupons' ? COUPON_DEFAULTS : DISCOUNT_DEFAULTS,
    limits: spec.fields,
    formatMessages: { code: 'coupon.codeInvalid' },
    onClose,
  });
  const { snapshot, context, field, set, value } = editor;
  usePageTitle(id === null ? intl.formatMessage({ id: `${prefix}.new` }) : context.record ? promotionName(context.record, intl.locale) : null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  // Staff's new promotion: the vendor chosen is in the draft (none: the platform's), shown by name.
  const picked = id === null && staff ? ((value('vendor_id') as string | null | undefined) ?? null) : null;
  const vendor = useRead('record', picked ? { collection: 'vendors', id: picked } : null).data ?? null;

  const kind = field.select<'percent' | 'fixed' | 'per_person'>('kind');
  const funder = field.select<'platform' | 'vendor' | 'shared'>('funded_by');
  const vendorId = (id === null ? (staff ? picked : undefined) : (context.record?.vendor_id as string | null | undefined)) ?? null;
  const platformOwn = staff && id === null ? !picked : id !== null && context.record?.vendor_id == null;
  const services = field.custom<string[]>('service_ids', []);
  const code = field.text('code');

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <bdi>{promotionName(r, intl.locale)}</bdi> · <PromotionValue record={r} /> · <FormattedMessage id={`promotionActive.${promotionState(r)}`} />
      </>
    ) : (
      '—'
    );

  const save = () => {
    // Staff's new promotion belongs to the vendor chosen (none: the platform), funded by it unless said otherwise.
    if (id === null && staff) {
      set('vendor_id', picked);
      if (value('funded_by') === undefined) set('funded_by', picked ? 'vendor' : 'platform');
    }
    // The server's rules across fields, said at the field before asking it: a rule now kept clears its earlier problem.
    const values = { ...(context.record ?? {}), ...context.draft };
    const broken = new Map<string, string>();
    for (const check of PROMOTION_CHECKS) if (check.broken(values) && !broken.has(check.field)) broken.set(check.field, check.messageId);
    for (const field of new Set(PROMOTION_CHECKS.map((c) => c.field))) {
      const mine = PROMOTION_CHECKS.some((c) => c.messageId === context.problems[field]);
      if (broken.has(field) || mine) set(field, values[field] ?? null, broken.get(field));
    }
    editor.record.send({ type: 'save' });
  };

  return (
    <RecordEditorPanel
      editor={editor}
      className="promotion-editor"
      heading={<FormattedMessage id={id === null ? `${prefix}.new` : `${prefix}.edit`} />}
      summary={summary}
      closeLabel="promotion.close"
      onClose={onClose}
      onSave={save}
      focusHeading
      extraActions={
        id !== null && (
          <button type="button" className="button button-danger form-actions-start" disabled={editor.busy} onClick={() => setConfirmingDelete(true)}>
            <FormattedMessage id={snapshot.matches('deleting') ? 'promotion.deleting' : 'promotion.delete'} />
          </button>
        )
      }
    >
      {staff && id === null && (
        <RelationPicker
          resource="vendors"
          label={<FormattedMessage id="promotion.vendor" />}
          value={vendor}
          onChange={(v) => {
            set('vendor_id', v?.id ?? null);
            services.onChange([]);
          }}
          optionLabel={(v) => String(v.trade_name ?? '')}
          placeholder={intl.formatMessage({ id: 'promotion.platformOwn' })}
        />
      )}
      {resource === 'coupons' ? (
        <>
          <TextField
            {...code}
            onChange={(v) => code.onChange(v.toUpperCase())}
            label={<FormattedMessage id="coupon.code" />}
            hint={<FormattedMessage id="coupon.codeHint" />}
            dir="ltr"
            autoComplete="off"
          />
          <TextField {...field.text('description')} label={<FormattedMessage id="coupon.description" />} multiline={2} />
        </>
      ) : (
        <I18nTextField {...field.i18n('name_i18n')} label={<FormattedMessage id="discount.name" />} />
      )}

      <div className="form-grid">
        <SelectField {...kind} label={<FormattedMessage id="promotion.kind" />} options={spec.fields.kind.enum} labelPrefix="promotionKind" />
        {kind.value === 'percent' ? (
          <NumberField {...field.number('value')} max={100} unit="%" label={<FormattedMessage id="promotion.percent" />} />
        ) : (
          <MoneyField {...field.money('value')} label={<FormattedMessage id={kind.value === 'per_person' ? 'promotion.amountPerPerson' : 'promotion.amount'} />} />
        )}
        <SelectField {...field.select('currency')} label={<FormattedMessage id="promotion.currency" />} options={spec.fields.currency.enum} labelPrefix="promotionCurrency" />
        <MoneyField {...field.money('min_total')} label={<FormattedMessage id="promotion.minTotal" />} />
        <NumberField {...field.number('max_uses')} label={<FormattedMessage id="promotion.maxUses" />} hint={<FormattedMessage id="promotion.noLimit" />} />
        <NumberField {...field.number('per_customer_limit')} label={<FormattedMessage id="promotion.perCustomerLimit" />} hint={<FormattedMessage id="promotion.noLimit" />} />
        {resource === 'discounts' && <NumberField {...field.number('min_participants')} label={<FormattedMessage id="discount.minParticipants" />} />}
      </div>

      <fieldset className="fieldset">
        <legend>
          <FormattedMessage id="promotion.bookingWindow" />
        </legend>
        <div className="form-grid">
          <DateTimeField {...field.date('booking_from')} mode="datetime" label={<FormattedMessage id="promotion.from" />} />
          <DateTimeField {...field.date('booking_to')} mode="datetime" min={field.date('booking_from').value} label={<FormattedMessage id="promotion.to" />} />
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>
          <FormattedMessage id="promotion.travelWindow" />
        </legend>
        <div className="form-grid">
          <DateTimeField {...field.date('travel_from')} mode="date" label={<FormattedMessage id="promotion.from" />} />
          <DateTimeField
            {...field.date('travel_to')}
            mode="date"
            min={field.date('travel_from').value ?? field.date('booking_from').value?.slice(0, 10) ?? null}
            label={<FormattedMessage id="promotion.to" />}
          />
        </div>
      </fieldset>

      <ServicesField {...services} vendorId={vendorId} max={spec.fields.service_ids.maxItems ?? 200} emptyHint="promotion.allServices" />

      <fieldset className="fieldset">
        <legend>
          <FormattedMessage id="promotion.fundedBy" />
        </legend>
        {staff && !platformOwn ? (
          <div className="form-grid">
            <SelectField {...funder} value={funder.value || 'vendor'} label={<FormattedMessage id="promotion.funder" />} options={spec.fields.funded_by.enum} labelPrefix="promotionFunder" />
            {funder.value === 'shared' && (
              <NumberField {...field.number('platform_share_percent')} required unit="%" label={<FormattedMessage id="promotion.platformShare" />} />
            )}
          </div>
        ) : (
          <p className="promotion-funder">
            <FormattedMessage id={`promotionFunder.${platformOwn ? 'platform' : String(value('funded_by') ?? 'vendor')}`} />
            {value('funded_by') === 'shared' && (
              <>
                {' · '}
                <FormattedMessage id="promotion.platformPays" values={{ percent: intl.formatNumber(Number(value('platform_share_percent') ?? 0) / 100, { style: 'percent' }) }} />
              </>
            )}
          </p>
        )}
      </fieldset>

      <ToggleField {...field.toggle('stackable')} label={<FormattedMessage id="promotion.stackable" />} hint={<FormattedMessage id="promotion.stackableHint" />} />
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="promotion.activeLabel" />} />
      <ConfirmDialog
        open={confirmingDelete}
        title={<FormattedMessage id="promotion.deleteTitle" values={{ name: context.record ? promotionName(context.record, intl.locale) : '' }} />}
        description={<FormattedMessage id="promotion.deleteBody" />}
        confirmLabel={<FormattedMessage id="promotion.delete" />}
        danger
        onConfirm={() => {
          setConfirmingDelete(false);
          editor.deleteConfirmed();
        }}
        onCancel={() => setConfirmingDelete(false)}
      />
    </RecordEditorPanel>
  );
}
