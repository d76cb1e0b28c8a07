/**
 * The settings sections as data: each field's kind, limits and options. One renderer draws
 * the form of any section from it and one draws a version read at a glance (beside the
 * other one after a conflict, or read-only for vendor staff). Labels are
 * `settings.<section>.<field>`.
 */
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { bookings } from '../../../common/collections.ts';
import { logoSrc } from '../../app/publicSettings.ts';
import { logoUrl } from '../../../common/media.ts';
import { PAYMENT_METHODS } from '../../../common/paymentMethods.ts';
import { LOCALES } from '../../machines/locale.ts';
import { errorsAt } from '../ui/fields/fieldErrors.ts';
import { Field } from '../ui/fields/Field.tsx';
import { MoneyField } from '../ui/fields/MoneyField.tsx';
import { NumberField } from '../ui/fields/NumberField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { ToggleField } from '../ui/fields/ToggleField.tsx';
import { formatMoney } from '../ui/format.ts';
import { LogoField } from './LogoField.tsx';
import type { SectionValue } from '../../machines/settings/settingsMachine.ts';

type FieldSpec =
  | { name: string; kind: 'number'; min: number; max: number; unit?: Unit; decimals?: number }
  | { name: string; kind: 'percent' }
  | { name: string; kind: 'percentByMethod' }
  | { name: string; kind: 'money' }
  | { name: string; kind: 'toggle' }
  | { name: string; kind: 'text'; type?: 'email' | 'tel' | 'url'; ltr?: boolean; nullable?: boolean }
  | { name: string; kind: 'select'; options: readonly string[]; labelPrefix: string }
  | { name: string; kind: 'checkboxes'; options: readonly string[]; labelPrefix: string; locked?: string }
  | { name: string; kind: 'color' }
  | { name: string; kind: 'logo' };

const CURRENCIES = bookings.fields.currency.enum;

/** Units by their Intl names: the locale says them ("min", "h", "j" in French; "د", "س" in Arabic). */
type Unit = 'minute' | 'hour' | 'day' | 'percent';
const unitFormat = (unit: Unit) => ({ style: 'unit', unit, unitDisplay: 'short' }) as const;

/** The locale's short name of a unit for this value (plural forms differ), as a field's suffix. */
const unitName = (intl: ReturnType<typeof useIntl>, unit: Unit, value: number | null) =>
  intl
    .formatNumberToParts(value ?? 2, unitFormat(unit))
    .filter((part) => part.type === 'unit')
    .map((part) => part.value)
    .join('');

export const SECTION_FIELDS = {
  business: [
    { name: 'hold_minutes', kind: 'number', min: 5, max: 10080, unit: 'minute' },
    { name: 'auto_expire', kind: 'toggle' },
    { name: 'default_cutoff_minutes', kind: 'number', min: 0, max: 43200, unit: 'minute' },
    { name: 'max_participants_per_booking', kind: 'number', min: 1, max: 1000 },
    { name: 'deposit_percent', kind: 'percent' },
    { name: 'invitation_hours', kind: 'number', min: 1, max: 720, unit: 'hour' },
    { name: 'check_in_window_minutes', kind: 'number', min: 0, max: 1440, unit: 'minute' },
    { name: 'undo_same_day_only', kind: 'toggle' },
    { name: 'free_cancellation_hours', kind: 'number', min: 0, max: 8760, unit: 'hour' },
    { name: 'late_cancellation_refund_percent', kind: 'number', min: 0, max: 100, unit: 'percent' },
  ],
  fees: [
    { name: 'platform_commission_percent', kind: 'percent' },
    { name: 'customer_booking_fee_percent', kind: 'percent' },
    { name: 'customer_booking_fee_fixed', kind: 'money' },
    { name: 'payment_fee_percent', kind: 'percentByMethod' },
    { name: 'payout_reserve_percent', kind: 'percent' },
    { name: 'payout_reserve_days', kind: 'number', min: 0, max: 365, unit: 'day' },
  ],
  currency: [
    { name: 'default', kind: 'select', options: CURRENCIES, labelPrefix: 'settings.currencyName' },
    { name: 'accepted', kind: 'checkboxes', options: CURRENCIES, labelPrefix: 'settings.currencyName' },
    { name: 'symbol_position', kind: 'select', options: ['locale', 'before', 'after'], labelPrefix: 'settings.symbolPosition' },
    { name: 'decimals', kind: 'number', min: 0, max: 2 },
  ],
  language: [
    { name: 'enabled', kind: 'checkboxes', options: LOCALES, labelPrefix: 'settings.localeName', locked: 'en' },
    { name: 'default', kind: 'select', options: LOCALES, labelPrefix: 'settings.localeName' },
  ],
  theme: [
    { name: 'mode', kind: 'select', options: ['light', 'dark', 'system'], labelPrefix: 'settings.colorMode' },
    { name: 'brand_color', kind: 'color' },
    { name: 'logo_media_id', kind: 'logo' },
    { name: 'logo_url', kind: 'text', type: 'url', ltr: true, nullable: true },
  ],
  company: [
    { name: 'legal_name', kind: 'text' },
    { name: 'trade_name', kind: 'text' },
    { name: 'rc_number', kind: 'text', ltr: true, nullable: true },
    { name: 'nif_number', kind: 'text', ltr: true, nullable: true },
    { name: 'nis_number', kind: 'text', ltr: true, nullable: true },
    { name: 'ai_number', kind: 'text', ltr: true, nullable: true },
    { name: 'address', kind: 'text', nullable: true },
    { name: 'email', kind: 'text', type: 'email', ltr: true, nullable: true },
    { name: 'phone', kind: 'text', type: 'tel', ltr: true, nullable: true },
    { name: 'website', kind: 'text', type: 'url', ltr: true, nullable: true },
  ],
} satisfies Record<string, FieldSpec[]>;

export type FormSection = keyof typeof SECTION_FIELDS;

/** Every field of a section, bound to the draft. */
export function SectionFields({
  section,
  draft,
  errors,
  onChange,
}: {
  section: FormSection;
  draft: SectionValue;
  errors: Record<string, string[]>;
  onChange: (field: string, value: unknown) => void;
}) {
  const intl = useIntl();
  const label = (name: string) => <FormattedMessage id={`settings.${section}.${name}`} />;
  return (
    <div className="settings-fields">
      {(SECTION_FIELDS[section] as FieldSpec[]).map((spec) => {
        const value = draft[spec.name];
        const common = { label: label(spec.name), errors: errorsAt(errors, spec.name) };
        switch (spec.kind) {
          case 'number':
            return (
              <NumberField key={spec.name} {...common} required min={spec.min} max={spec.max}
                unit={spec.unit && unitName(intl, spec.unit, typeof value === 'number' ? value : null)}
                value={typeof value === 'number' ? value : null} onChange={(n) => onChange(spec.name, n)} />
            );
          case 'percent':
            return (
              <NumberField key={spec.name} {...common} required min={0} max={100} decimals={2} unit="%"
                value={typeof value === 'number' ? value : null} onChange={(n) => onChange(spec.name, n)} />
            );
          case 'money':
            return <MoneyField key={spec.name} {...common} required value={typeof value === 'number' ? value : null} onChange={(n) => onChange(spec.name, n)} />;
          case 'toggle':
            return <ToggleField key={spec.name} label={common.label} checked={value === true} onChange={(on) => onChange(spec.name, on)} />;
          case 'text':
            return (
              <TextField key={spec.name} {...common} required={!spec.nullable} type={spec.type} dir={spec.ltr ? 'ltr' : undefined}
                value={typeof value === 'string' ? value : ''}
                // An emptied optional field is stored as none, not as an empty text.
                onChange={(text) => onChange(spec.name, spec.nullable && text.trim() === '' ? null : text)} />
            );
          case 'select':
            return (
              <SelectField key={spec.name} {...common} required options={spec.options} labelPrefix={spec.labelPrefix}
                value={String(value ?? '')} onChange={(v) => onChange(spec.name, v)} />
            );
          case 'checkboxes': {
            const chosen = Array.isArray(value) ? (value as string[]) : [];
            return (
              <Field key={spec.name} {...common} layout="group">
                {(control) => (
                  <div className="settings-checkboxes">
                    {spec.options.map((option, i) => (
                      <label key={option} className="settings-checkbox">
                        <input
                          type="checkbox"
                          // The first box carries the group's id and state, so a refusal focuses it.
                          id={i === 0 ? control.id : undefined}
                          aria-invalid={control['aria-invalid']}
                          checked={chosen.includes(option)}
                          // English is every text's fallback: it stays enabled.
                          disabled={spec.locked === option}
                          onChange={(e) => onChange(spec.name, e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))}
                        />
                        <span>{optionLabel(intl, spec.labelPrefix, option)}</span>
                      </label>
                    ))}
                  </div>
                )}
              </Field>
            );
          }
          case 'percentByMethod': {
            const rates = (value ?? {}) as Record<string, number | null>;
            return (
              <fieldset key={spec.name} className="settings-group">
                <legend>{common.label}</legend>
                <div className="form-grid">
                  {PAYMENT_METHODS.map((method) => (
                    <NumberField key={method} label={<FormattedMessage id={`paymentMethod.${method}`} />} required min={0} max={100} decimals={2} unit="%"
                      errors={errorsAt(errors, `${spec.name}.${method}`)}
                      value={typeof rates[method] === 'number' ? rates[method] : null}
                      onChange={(n) => onChange(spec.name, { ...rates, [method]: n })} />
                  ))}
                </div>
              </fieldset>
            );
          }
          case 'logo':
            return (
              <LogoField key={spec.name} {...common} mediaId={typeof value === 'string' ? value : null}
                url={typeof draft.logo_url === 'string' ? draft.logo_url : null} onChange={(id) => onChange(spec.name, id)} />
            );
          case 'color':
            return (
              <Field key={spec.name} {...common} required hint={<FormattedMessage id="settings.theme.brandHint" />}>
                {(control) => (
                  <div className="settings-color">
                    <input {...control} type="color" value={String(value ?? '#000000')} onChange={(e) => onChange(spec.name, e.target.value)} />
                    <span className="settings-swatch" style={{ backgroundColor: String(value) }} aria-hidden="true" />
                    <output htmlFor={control.id} dir="ltr">{String(value ?? '')}</output>
                  </div>
                )}
              </Field>
            );
        }
      })}
    </div>
  );
}

const optionLabel = (intl: ReturnType<typeof useIntl>, prefix: string, option: string) => intl.formatMessage({ id: `${prefix}.${option}` });

/** One version of a section, read at a glance. */
export function SectionSummary({ section, value }: { section: FormSection; value: SectionValue }) {
  const intl = useIntl();
  const show = (spec: FieldSpec): ReactNode => {
    const v = value[spec.name];
    if (v === null || v === undefined || v === '') return '—';
    switch (spec.kind) {
      case 'number':
        return intl.formatNumber(Number(v), spec.unit && unitFormat(spec.unit));
      case 'percent':
        return intl.formatNumber(Number(v) / 100, { style: 'percent', maximumFractionDigits: 2 });
      case 'money':
        return formatMoney(intl, Number(v));
      case 'toggle':
        return intl.formatMessage({ id: v ? 'settings.yes' : 'settings.no' });
      case 'select':
        return optionLabel(intl, spec.labelPrefix, String(v));
      case 'checkboxes':
        return intl.formatList((v as string[]).map((o) => optionLabel(intl, spec.labelPrefix, o)));
      case 'percentByMethod':
        return intl.formatList(
          Object.entries(v as Record<string, number>).map(
            ([m, rate]) => `${intl.formatMessage({ id: `paymentMethod.${m}` })} ${intl.formatNumber(rate / 100, { style: 'percent', maximumFractionDigits: 2 })}`,
          ),
        );
      case 'logo':
        return <img src={logoSrc(logoUrl({ logo_media_id: String(v), logo_url: null }))} alt="" className="settings-logo-preview" />;
      case 'color':
        return (
          <span className="settings-color">
            <span className="settings-swatch" style={{ backgroundColor: String(v) }} aria-hidden="true" />
            <bdi dir="ltr">{String(v)}</bdi>
          </span>
        );
      default:
        return <bdi>{String(v)}</bdi>;
    }
  };
  return (
    <dl className="settings-summary">
      {(SECTION_FIELDS[section] as FieldSpec[]).map((spec) => (
        <div key={spec.name}>
          <dt><FormattedMessage id={`settings.${section}.${spec.name}`} /></dt>
          <dd>{show(spec)}</dd>
        </div>
      ))}
    </dl>
  );
}
