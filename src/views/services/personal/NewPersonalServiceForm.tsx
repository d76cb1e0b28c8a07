import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { newPersonalServiceMachine } from '../../../machines/services/newPersonalService.ts';
import { localized } from '../../ui/format.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { ErrorText, focusFirstInvalid } from '../../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere } from '../../ui/fields/fieldErrors.ts';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { NumberField } from '../../ui/fields/NumberField.tsx';
import { SelectField } from '../../ui/fields/SelectField.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';

const SHOWN = ['base', 'customer_id', 'starts_at', 'capacity', 'prices'];

/**
 * A personal service made from one of the vendor's public services: for whom, when, how
 * many seats and at what price per customer type (the types the service prices), on the
 * new personal service machine. What the user typed stays after a refusal, with the
 * server's words at each field.
 */
export function NewPersonalServiceForm({ onClose }: { onClose: (created: ApiRecord | null) => void }) {
  const intl = useIntl();
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useActorRef(newPersonalServiceMachine);
  const { base, customer, starts_at: startsAt, capacity, prices, errors, detail, refusals } = useSelector(form, (s) => s.context);
  const busy = useSelector(form, (s) => s.hasTag('busy'));
  const created = useSelector(form, (s) => (s.status === 'done' ? s.output!.service : null));
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (created) close.current(created);
  }, [created]);
  // A refusal, before sending or from the server, moves the focus to the first field it names.
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    form.send({ type: 'submit' });
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
          onChange={(service) => form.send({ type: 'base.chosen', service })}
          optionLabel={(s) => localized(s.title_i18n, intl.locale)}
          errors={errorsAt(errors, 'base')}
          required
        />
        <RelationPicker
          resource="customers"
          label={intl.formatMessage({ id: 'personal.customer' })}
          value={customer}
          onChange={(c) => form.send({ type: 'customer.chosen', customer: c })}
          optionLabel={(c) => String(c.name)}
          optionDetail={(c) => (c.phone ? String(c.phone) : null)}
          errors={errorsAt(errors, 'customer_id')}
          required
        />
        <div className="form-grid">
          <DateTimeField mode="datetime" value={startsAt} onChange={(value) => form.send({ type: 'startsAt.changed', value })} label={<FormattedMessage id="personal.startsAt" />} errors={errorsAt(errors, 'starts_at')} required />
          <NumberField value={capacity} onChange={(value) => form.send({ type: 'capacity.changed', value })} min={1} max={10000} label={<FormattedMessage id="personal.capacity" />} errors={errorsAt(errors, 'capacity')} required />
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
                  onChange={(amount) => form.send({ type: 'price.changed', index, change: { amount } })}
                  currency={String(base.currency ?? 'DZD')}
                  label={<FormattedMessage id="personal.priceFor" values={{ type: intl.formatMessage({ id: `newBooking.type.${price.customer_type}` }) }} />}
                  errors={errorsAt(errors, `prices.${index}`)}
                />
                <SelectField
                  value={price.per}
                  onChange={(per) => form.send({ type: 'price.changed', index, change: { per } })}
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
