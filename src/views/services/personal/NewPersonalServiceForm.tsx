import { useId, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { createPersonalService } from '../../../api/prices.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import { localized } from '../../ui/format.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { ErrorText, focusFirstInvalid } from '../../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere } from '../../ui/fields/fieldErrors.ts';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';

interface PriceDraft {
  customer_type: string;
  amount: number | null;
  per: 'person' | 'booking';
}

const SHOWN = ['base', 'customer_id', 'starts_at', 'capacity', 'prices'];

/**
 * A personal service made from one of the vendor's public services: for whom, when, how
 * many seats and at what price per customer type (the types the service prices). What
 * the user typed stays after a refusal, with the server's words at each field.
 */
export function NewPersonalServiceForm({ onClose }: { onClose: (created: ApiRecord | null) => void }) {
  const intl = useIntl();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [base, setBase] = useState<ApiRecord | null>(null);
  const [customer, setCustomer] = useState<ApiRecord | null>(null);
  const [startsAt, setStartsAt] = useState<string | null>(null);
  const [capacity, setCapacity] = useState<number | null>(null);
  const [prices, setPrices] = useState<PriceDraft[]>([]);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [detail, setDetail] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const chooseBase = (service: ApiRecord | null) => {
    setBase(service);
    setErrors(({ base: _b, ...rest }) => rest);
    if (!service) return;
    setCapacity((c) => c ?? Math.min(Number(service.max_participants ?? service.capacity), Number(service.capacity)));
    setPrices(((service.customer_types as string[] | undefined) ?? ['adult']).map((type) => ({ customer_type: type, amount: null, per: 'person' })));
  };
  const setPrice = (index: number, change: Partial<PriceDraft>) => setPrices((all) => all.map((p, i) => (i === index ? { ...p, ...change } : p)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const sent = prices.map((p, i) => [p, i] as const).filter(([p]) => p.amount != null && p.amount > 0);
    const local: Record<string, string[]> = {};
    if (!base) local.base = ['personal.serviceRequired'];
    if (!customer) local.customer_id = ['personal.customerRequired'];
    if (!startsAt) local.starts_at = ['personal.dateRequired'];
    else if (Date.parse(startsAt) <= Date.now()) local.starts_at = ['personal.dateFuture'];
    if (capacity == null || capacity < 1) local.capacity = ['personal.capacityRequired'];
    if (base && sent.length === 0) local.prices = ['personal.priceRequired'];
    setErrors(local);
    setDetail(null);
    if (Object.keys(local).length > 0) return requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    setBusy(true);
    try {
      const result = await createPersonalService(base!.id, {
        customer_id: customer!.id,
        starts_at: startsAt!,
        capacity: capacity!,
        prices: sent.map(([p]) => ({ customer_type: p.customer_type, amount: p.amount!, per: p.per })),
      });
      onClose(result.service);
    } catch (error) {
      const failure = error as { status?: number; fieldErrors?: Record<string, string[]>; detail?: string };
      // The server counts only the prices sent (`prices.1` is the second one filled in); the form counts every row.
      const mapped = Object.fromEntries(
        Object.entries(failure.fieldErrors ?? {}).map(([path, messages]) => [path.replace(/^prices\.(\d+)/, (all, k: string) => (sent[Number(k)] ? `prices.${sent[Number(k)]![1]}` : all)), messages]),
      );
      setErrors(mapped);
      setDetail(failure.status === 404 ? 'personal.serviceGone' : Object.keys(mapped).length === 0 ? (failure.detail ?? 'personal.failed') : null);
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
    } finally {
      setBusy(false);
    }
  };

  const other = errorsElsewhere(errors, SHOWN);
  return (
    <section className="card personal-form" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="personal.new" />
      </h2>
      <form ref={formRef} onSubmit={submit} noValidate aria-busy={busy}>
        {(detail || other.length > 0) && (
          <div className="notice notice-error" role="alert">
            {detail && <ErrorText text={detail} />}
            {other.map(([key, messages]) => (
              <p key={key}>
                <span dir="ltr">{key}</span>: {messages.join(' ')}
              </p>
            ))}
          </div>
        )}
        <RelationPicker
          resource="services"
          label={intl.formatMessage({ id: 'personal.baseService' })}
          value={base}
          filters={{ view: 'public' }}
          onChange={chooseBase}
          optionLabel={(s) => localized(s.title_i18n, intl.locale)}
          errors={errorsAt(errors, 'base')}
          required
        />
        <RelationPicker
          resource="customers"
          label={intl.formatMessage({ id: 'personal.customer' })}
          value={customer}
          onChange={(c) => {
            setCustomer(c);
            setErrors(({ customer_id: _c, ...rest }) => rest);
          }}
          optionLabel={(c) => String(c.name)}
          optionDetail={(c) => (c.phone ? String(c.phone) : null)}
          errors={errorsAt(errors, 'customer_id')}
          required
        />
        <div className="form-grid">
          <DateTimeField mode="datetime" value={startsAt} onChange={setStartsAt} label={<FormattedMessage id="personal.startsAt" />} errors={errorsAt(errors, 'starts_at')} required />
          <NumberField value={capacity} onChange={(n) => setCapacity(n)} min={1} max={10000} label={<FormattedMessage id="personal.capacity" />} errors={errorsAt(errors, 'capacity')} required />
        </div>
        {base && (
          <fieldset className="fieldset">
            <legend>
              <FormattedMessage id="personal.prices" />
            </legend>
            {prices.map((price, index) => (
              <div className="form-grid personal-price" key={price.customer_type}>
                <MoneyField
                  value={price.amount}
                  onChange={(amount) => setPrice(index, { amount })}
                  currency={String(base.currency ?? 'DZD')}
                  label={<FormattedMessage id="personal.priceFor" values={{ type: intl.formatMessage({ id: `newBooking.type.${price.customer_type}` }) }} />}
                  errors={errorsAt(errors, `prices.${index}`)}
                />
                <SelectField
                  value={price.per}
                  onChange={(per) => setPrice(index, { per })}
                  options={['person', 'booking'] as const}
                  labelPrefix="prices.perValue"
                  label={<FormattedMessage id="prices.per" />}
                />
              </div>
            ))}
            {errors.prices && (
              <p className="field-error" role="alert">
                {errors.prices.map((e, i) => (
                  <ErrorText key={i} text={e} />
                ))}
              </p>
            )}
          </fieldset>
        )}
        <div className="form-actions">
          <button type="button" className="button" onClick={() => onClose(null)} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            <FormattedMessage id={busy ? 'personal.creating' : 'personal.create'} />
          </button>
        </div>
      </form>
    </section>
  );
}
