import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { priceRules } from '../../../../common/collections.ts';
import { formatDate, formatMoney, localized } from '../../ui/format.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { ToggleField } from '../../ui/fields/ToggleField.tsx';
import { useKnownRecords } from '../../catalog/useKnownRecords.ts';
import { RecordEditorPanel } from '../../ui/RecordEditorPanel.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { useRecordEditor } from '../../ui/useRecordEditor.ts';
import { PRICE_RULE_DEFAULTS } from './priceRulesScreen.ts';
import { WeekdaysField } from './WeekdaysField.tsx';

/** The message of a validity whose end comes before its start (the server says the same at valid_to). */
const REVERSED = 'prices.rule.toBeforeFrom';

/**
 * One price rule, beside a list: who it prices, how much (per person or per booking) and
 * when it applies (dates, weekdays, from a group size). `service` fixes the service (the
 * service page's tab); otherwise a new rule picks one.
 */
export function PriceRuleEditor({ id, service, onClose }: { id: string | null; service?: ApiRecord; onClose: (saved: boolean) => void }) {
  const intl = useIntl();
  const editor = useRecordEditor({
    resource: priceRules.name,
    id,
    defaults: { ...PRICE_RULE_DEFAULTS, ...(service ? { service_id: service.id, currency: service.currency } : {}) },
    limits: priceRules.fields,
    onClose,
  });
  const { field, set, value } = editor;
  // The rule's service, shown by its title: the page's, the one picked for a new rule, or (a rule opened from the list of all rules) read by id.
  const ruleService = value('service_id');
  const services = useKnownRecords('services', !service && typeof ruleService === 'string' ? [ruleService] : []);
  const chosen = service ?? (typeof ruleService === 'string' ? (services.records[ruleService] ?? null) : null);
  const serviceTitle = chosen ? localized(chosen.title_i18n, intl.locale) : '';
  const from = field.date('valid_from');
  const to = field.date('valid_to');
  // Dates in order before sending: the later one carries the problem, as the server words it.
  const setDates = (next: { valid_from?: string | null; valid_to?: string | null }) => {
    const a = next.valid_from !== undefined ? next.valid_from : from.value;
    const b = next.valid_to !== undefined ? next.valid_to : to.value;
    if (next.valid_from !== undefined) set('valid_from', a);
    set('valid_to', b, a && b && b < a ? REVERSED : undefined);
  };

  const summary = (r: Record<string, unknown> | null) =>
    r ? (
      <>
        <FormattedMessage id={`newBooking.type.${String(r.customer_type)}`} /> · {formatMoney(intl, Number(r.amount ?? 0), String(r.currency ?? 'DZD'))} ·{' '}
        <FormattedMessage id={`prices.perValue.${String(r.per ?? 'person')}`} />
        {(r.valid_from || r.valid_to) && (
          <>
            {' · '}
            {formatDate(intl, r.valid_from as string | null)} – {formatDate(intl, r.valid_to as string | null)}
          </>
        )}
      </>
    ) : (
      '—'
    );

  return (
    <RecordEditorPanel
      editor={editor}
      className="price-rule-editor"
      heading={
        <>
          <FormattedMessage id={id === null ? 'prices.rule.new' : 'prices.rule.edit'} />
          {serviceTitle && <span className="muted"> · {serviceTitle}</span>}
        </>
      }
      summary={summary}
      closeLabel="prices.rule.close"
      onClose={onClose}
      onSave={() => editor.record.send({ type: 'save' })}
    >
      {id === null && !service && (
        <RelationPicker
          resource="services"
          label={intl.formatMessage({ id: 'prices.service' })}
          value={chosen}
          onChange={(s) => {
            if (s) services.picked(s);
            set('service_id', s?.id ?? null);
            if (s) set('currency', s.currency);
          }}
          optionLabel={(s) => localized(s.title_i18n, intl.locale)}
          errors={editor.field.custom('service_id', null).errors}
          required
        />
      )}
      <TextField {...field.text('name')} value={String(value('name') ?? '')} onChange={(v) => set('name', v.trim() === '' ? null : v)} label={<FormattedMessage id="prices.rule.name" />} />
      <div className="form-grid">
        <SelectField {...field.select('customer_type')} options={priceRules.fields.customer_type.enum} labelPrefix="newBooking.type" label={<FormattedMessage id="prices.customerType" />} />
        <MoneyField {...field.money('amount')} label={<FormattedMessage id="prices.amount" />} required />
        <SelectField {...field.select('per')} options={priceRules.fields.per.enum} labelPrefix="prices.perValue" label={<FormattedMessage id="prices.per" />} />
        <NumberField {...field.number('min_group_size')} label={<FormattedMessage id="prices.rule.minGroup" />} hint={<FormattedMessage id="prices.rule.minGroupHint" />} />
        <DateTimeField {...from} mode="date" onChange={(v) => setDates({ valid_from: v })} label={<FormattedMessage id="prices.rule.validFrom" />} />
        <DateTimeField {...to} mode="date" min={from.value} onChange={(v) => setDates({ valid_to: v })} label={<FormattedMessage id="prices.rule.validTo" />} />
      </div>
      <WeekdaysField {...field.custom<number[]>('weekdays', [])} label={<FormattedMessage id="prices.rule.weekdays" />} />
      <div className="form-grid">
        <NumberField {...field.number('priority')} label={<FormattedMessage id="prices.rule.priority" />} hint={<FormattedMessage id="prices.rule.priorityHint" />} />
      </div>
      <ToggleField {...field.toggle('active')} label={<FormattedMessage id="prices.rule.activeLabel" />} />
    </RecordEditorPanel>
  );
}
