import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import type { ComboQuote } from '../../../api/bookingPricing.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import { comboBookingMachine } from '../../../machines/bookings/comboBooking.ts';
import type { pricePreviewMachine, PricePreviewContext } from '../../../machines/bookings/pricePreview.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { localized } from '../../ui/format.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { ErrorList, ErrorText, focusFirstInvalid } from '../../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere } from '../../ui/fields/fieldErrors.ts';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { useRead } from '../../ui/useRead.ts';
import type { ComboItem } from '../bookingViews.ts';
import { ParticipantsFields } from '../ParticipantsFields.tsx';
import { PriceSummary } from '../PriceSummary.tsx';

type PreviewRef = ActorRefFrom<typeof pricePreviewMachine>;

/**
 * Books a combo for one customer: every required part, and the optional parts the user
 * ticks, each at its own date and time. The server books them together (or none) and
 * prices them at the combo's price. The behaviour is the `comboBooking` chart.
 */
export function ComboBookingForm({ combo, onClose }: { combo: ApiRecord; onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [, navigate] = useLocation();
  const items = combo.items as ComboItem[];
  const actor = useActorRef(comboBookingMachine, { input: { comboId: combo.id, items } });
  const { customer, participants, parts, errors, attempt, booked } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const preview = useSelector(actor, (s) => s.children.preview) as PreviewRef | undefined;
  const priced = useSelector(
    preview,
    (s) => (s ? { context: s.context as PricePreviewContext<ComboQuote>, value: s.value, busy: s.hasTag('busy') } : null),
    (a, b) => a?.context === b?.context && a?.value === b?.value && a?.busy === b?.busy,
  );
  const services = useRead('bookingComboServices', { ids: items.map((item) => item.service_id) });
  const titleOf = (serviceId: string) => {
    const service = services.data?.[serviceId];
    return service ? localized(service.title_i18n, intl.locale) : '…';
  };
  const formRef = useRef<HTMLFormElement>(null);
  const quote = priced?.context.quote ?? null;

  useEffect(() => {
    if (booked?.[0]) navigate(pathOf(routeByKey('bookingDetail'), booked[0].id));
  }, [booked]);
  // After a refused submit (the browser's checks or the server's), the first field at fault takes the focus.
  useEffect(() => {
    if (attempt > 0) focusFirstInvalid(formRef.current);
  }, [attempt]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({ type: 'submit' });
  };

  // Errors the server puts on fields this form does not show (the combo itself) are listed
  // at the top, so a refusal is never silent.
  const otherErrors = errorsElsewhere(errors, ['customer_id', 'participants', ...parts.map((_, i) => `parts.${i}`)]).filter(([key]) => key !== 'parts');
  const partsErrors = errors.parts;

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="comboBooking.title" values={{ combo: localized(combo.title_i18n, intl.locale) }} />
      </h2>
      <form ref={formRef} onSubmit={submit} noValidate aria-busy={busy}>
        {otherErrors.length > 0 && (
          <div className="notice notice-error" role="alert">
            {otherErrors.map(([key, messages]) => (
              <p key={key}>
                {messages.map((e, i) => (
                  <ErrorText key={i} text={e} />
                ))}
              </p>
            ))}
          </div>
        )}
        <RelationPicker
          resource="customers"
          label={intl.formatMessage({ id: 'booking.customer' })}
          value={customer}
          onChange={(next: ApiRecord | null) => actor.send({ type: 'customer.changed', customer: next })}
          optionLabel={(c) => String(c.name)}
          optionDetail={(c) => (c.phone ? String(c.phone) : null)}
          placeholder={intl.formatMessage({ id: 'newBooking.customerSearch' })}
          errors={errorsAt(errors, 'customer_id')}
          required
        />
        <ParticipantsFields
          value={participants}
          onChange={(next) => actor.send({ type: 'participants.changed', participants: next })}
          errors={{ ...(priced?.context.errors ?? {}), ...errors }}
          max={500}
        />
        <fieldset className="fieldset" aria-describedby={partsErrors ? `${id}-parts-error` : undefined}>
          <legend>
            <FormattedMessage id="combo.services" />
          </legend>
          {services.state === 'failed' && (
            <p role="alert">
              <FormattedMessage id="comboBooking.servicesFailed" />{' '}
              <button type="button" className="button button-small" onClick={services.retry}>
                <FormattedMessage id="common.retry" />
              </button>
            </p>
          )}
          {parts.map((part, index) => (
            <div className="field combo-part" key={part.service_id}>
              <label>
                <input
                  type="checkbox"
                  checked={part.included}
                  disabled={items[index].required}
                  onChange={(e) => actor.send({ type: 'part.changed', index, change: { included: e.target.checked } })}
                />{' '}
                {titleOf(part.service_id)}{' '}
                <span className="muted">
                  <FormattedMessage id={items[index].required ? 'comboBooking.required' : 'comboBooking.optional'} />
                </span>
              </label>
              {part.included && (
                <DateTimeField
                  mode="datetime"
                  label={<FormattedMessage id="booking.startsAt" />}
                  hideLabel
                  value={part.startsAt}
                  onChange={(startsAt) => actor.send({ type: 'part.changed', index, change: { startsAt } })}
                  errors={errorsAt(errors, `parts.${index}`)}
                />
              )}
            </div>
          ))}
          {partsErrors && <ErrorList id={`${id}-parts-error`} errors={partsErrors} />}
        </fieldset>
        <PriceSummary
          busy={priced?.busy ?? false}
          state={!priced || priced.value === 'idle' ? 'empty' : priced.value === 'failed' ? 'failed' : priced.value === 'refused' ? 'refused' : 'priced'}
          onRetry={() => preview?.send({ type: 'retry' })}
          currency={quote?.currency ?? String(combo.currency ?? 'DZD')}
          lines={(quote?.parts ?? []).map((p) => ({ key: p.service_id, label: titleOf(p.service_id), amount: p.price }))}
          subtotal={quote?.subtotal}
          discount={quote ? quote.subtotal - quote.total : undefined}
          total={quote?.total}
        />
        <div className="form-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            <FormattedMessage id="common.cancel" />
          </button>
          <button type="submit" className="button button-primary" disabled={busy}>
            <FormattedMessage id={busy ? 'comboBooking.booking' : 'comboBooking.submit'} />
          </button>
        </div>
      </form>
    </section>
  );
}
