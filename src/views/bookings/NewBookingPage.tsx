import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { routeByKey, pathOf } from '../../app/routes.ts';
import type { BookingQuote } from '../../api/bookingPricing.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { EMPTY_NEW_BOOKING, newBookingMachine, type NewBookingField } from '../../machines/bookings/newBooking.ts';
import type { ActorRefFrom } from 'xstate';
import type { pricePreviewMachine } from '../../machines/bookings/pricePreview.ts';
import { ErrorText, focusFirstInvalid } from '../ui/fields/Field.tsx';
import { errorsAt, errorsElsewhere } from '../ui/fields/fieldErrors.ts';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { TextField } from '../ui/fields/TextField.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { localized } from '../ui/format.ts';
import { useLeaveGuard } from '../ui/useLeaveGuard.tsx';
import { PAYMENT_METHODS } from './bookingViews.ts';
import { NewCustomerDialog } from './NewCustomerDialog.tsx';
import { ParticipantsFields } from './ParticipantsFields.tsx';
import { PersonalServicePicks } from './PersonalServicePicks.tsx';
import { DiscountNames } from './DiscountName.tsx';
import { PriceSummary } from './PriceSummary.tsx';
import { SlotPicker } from './SlotPicker.tsx';

/** Errors shown at a field of this form; the rest go in the notice at the top. */
const SHOWN_AT_FIELDS = ['customer_id', 'service_id', 'starts_at', 'slot_id', 'participants', 'extras', 'coupon_code', 'payment_method', 'notes'];

type PreviewRef = ActorRefFrom<typeof pricePreviewMachine>;

/**
 * A booking taken in the back-office: who, what, when (a slot with seats left), how many;
 * the server's price shows as the form changes. The behaviour is the `newBooking` chart.
 * Opened for a customer and a service (`?customer=<id>&service=<id>`, from a personal
 * service), the chart reads both and fills them in; other ones start another form.
 */
export function NewBookingPage(props: PageProps) {
  const prefill = new URLSearchParams(useSearch());
  const customerId = prefill.get('customer');
  const serviceId = prefill.get('service');
  return <NewBookingForm key={`${customerId}/${serviceId}`} {...props} customerId={customerId} serviceId={serviceId} />;
}

function NewBookingForm({ route, customerId, serviceId }: PageProps & { customerId: string | null; serviceId: string | null }) {
  const intl = useIntl();
  const id = useId();
  const [, navigate] = useLocation();
  const actor = useActorRef(newBookingMachine, { input: { customerId, serviceId } });
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const preview = useSelector(actor, (s) => s.children.preview) as PreviewRef | undefined;
  const previewErrors = useSelector(preview, (s) => s?.context.errors) ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  usePageReady(true);
  const { form, created } = context;
  const dirty = !created && JSON.stringify(form) !== JSON.stringify(EMPTY_NEW_BOOKING);
  const leave = useLeaveGuard(dirty);

  const prefillFailed = useSelector(actor, (s) => s.matches({ prefill: 'failed' }));
  const prefillError = useSelector(actor, (s) => s.context.prefillError);

  useEffect(() => {
    if (created) navigate(pathOf(routeByKey('bookingDetail'), created.id));
  }, [created?.id]);
  // After a refused submit (the browser's checks or the server's), the first field at fault takes the focus.
  useEffect(() => {
    if (context.attempt > 0) focusFirstInvalid(formRef.current);
  }, [context.attempt]);

  const set = (field: NewBookingField, value: unknown) => actor.send({ type: 'field.changed', field, value });
  // The server's refusals of the booking first; the preview's at the fields it priced.
  const errors = { ...previewErrors, ...context.errors };
  const at = (name: string) => errorsAt(errors, name);
  const otherErrors = errorsElsewhere(context.errors, SHOWN_AT_FIELDS);
  const serviceExtras = (form.service?.extras ?? []) as { key: string; name_i18n: Record<string, string>; price: number; per: 'person' | 'booking' }[];

  return (
    <PageFrame route={route} id={intl.formatMessage({ id: 'newBooking.title' })} heading={intl.formatMessage({ id: 'newBooking.title' })}>
      {leave.dialog}
      <NewCustomerDialog actor={actor} />
      <div className="new-booking">
        <form
          ref={formRef}
          className="card form-card"
          noValidate
          aria-labelledby={`${id}-title`}
          aria-busy={busy}
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'submit' });
          }}
        >
          <h2 id={`${id}-title`}>
            <FormattedMessage id="newBooking.title" />
          </h2>
          {prefillFailed && (
            <div className="notice notice-error" role="alert">
              <FormattedMessage id="newBooking.prefillFailed" /> {prefillError && <ErrorText text={prefillError} />}{' '}
              <button type="button" className="button button-small" onClick={() => actor.send({ type: 'prefill.retry' })}>
                <FormattedMessage id="common.retry" />
              </button>
            </div>
          )}
          {context.detail && (
            <div className="notice notice-error" role="alert">
              <ErrorText text={context.detail} />
              {otherErrors.map(([k, messages]) => (
                <div key={k}>
                  <span dir="ltr">{k}</span>: {messages.join(' ')}
                </div>
              ))}
            </div>
          )}
          <div className="form-grid">
            <div className="picker-with-action">
              <RelationPicker
                resource="customers"
                label={intl.formatMessage({ id: 'booking.customer' })}
                value={form.customer}
                onChange={(c: ApiRecord | null) => set('customer', c)}
                optionLabel={(c) => String(c.name)}
                optionDetail={(c) => (c.phone ? String(c.phone) : null)}
                placeholder={intl.formatMessage({ id: 'newBooking.customerSearch' })}
                errors={at('customer_id')}
                required
              />
              <button type="button" className="button button-small" onClick={() => actor.send({ type: 'customer.open' })}>
                <FormattedMessage id="newBooking.newCustomer" />
              </button>
            </div>
            <RelationPicker
              resource="services"
              label={intl.formatMessage({ id: 'booking.service' })}
              value={form.service}
              // A personal service is offered only for its customer, below; a vendor that is not active sells nothing.
              filters={{ status: 'published', view: 'public', vendor_active: 'true' }}
              onChange={(s: ApiRecord | null) => set('service', s)}
              optionLabel={(s) => localized(s.title_i18n, intl.locale)}
              placeholder={intl.formatMessage({ id: 'newBooking.serviceSearch' })}
              errors={at('service_id')}
              required
            />
            <PersonalServicePicks customerId={form.customer?.id ?? null} chosenId={form.service?.id ?? null} onPick={(s) => set('service', s)} />
          </div>

          <SlotPicker actor={actor} errors={at('starts_at') ?? at('slot_id')} onDate={(date) => set('date', date ?? '')} onTime={(time) => set('time', time)} />

          <ParticipantsFields value={form.participants} onChange={(v) => set('participants', v)} errors={errors} max={1000} />

          {serviceExtras.length > 0 && (
            <fieldset className="fieldset">
              <legend>
                <FormattedMessage id="newBooking.extras" />
              </legend>
              <div className="participants-grid">
                {serviceExtras.map((extra) => (
                  <TextField
                    key={extra.key}
                    label={
                      <FormattedMessage
                        id={extra.per === 'booking' ? 'newBooking.extraPerBooking' : 'newBooking.extraPerPerson'}
                        values={{ name: localized(extra.name_i18n, intl.locale), price: intl.formatNumber(extra.price / 100, { style: 'currency', currency: String(form.service?.currency ?? 'DZD') }) }}
                      />
                    }
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={500}
                    step={1}
                    dir="ltr"
                    value={form.extras[extra.key] ?? ''}
                    onChange={(v) => set('extras', { ...form.extras, [extra.key]: v })}
                  />
                ))}
              </div>
              {at('extras') && (
                <ul className="field-error">
                  {at('extras')!.map((e, i) => (
                    <li key={i}>
                      <ErrorText text={e} />
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          )}

          <div className="form-grid">
            <TextField
              label={<FormattedMessage id="newBooking.coupon" />}
              dir="ltr"
              maxLength={40}
              autoComplete="off"
              value={form.couponCode}
              onChange={(v) => set('couponCode', v)}
              errors={at('coupon_code')}
            />
            <SelectField
              label={<FormattedMessage id="newBooking.paymentMethod" />}
              value={form.paymentMethod}
              options={PAYMENT_METHODS}
              labelPrefix="newBooking.method"
              onChange={(v) => set('paymentMethod', v)}
              errors={at('payment_method')}
            />
          </div>
          <TextField
            label={<FormattedMessage id="booking.notes" />}
            multiline={3}
            maxLength={2000}
            value={form.notes}
            onChange={(v) => set('notes', v)}
            errors={at('notes')}
          />
          <div className="form-actions">
            <button type="button" className="button" disabled={busy} onClick={() => leave.confirmLeave(() => navigate(pathOf(routeByKey('bookingManage'))))}>
              <FormattedMessage id="common.cancel" />
            </button>
            <button type="submit" className="button button-primary" disabled={busy}>
              <FormattedMessage id={busy ? 'newBooking.creating' : 'newBooking.create'} />
            </button>
          </div>
        </form>
        {preview && <BookingPrice preview={preview} service={form.service} />}
      </div>
    </PageFrame>
  );
}

/** The preview child's quote as price lines. */
function BookingPrice({ preview, service }: { preview: PreviewRef; service: ApiRecord | null }) {
  const intl = useIntl();
  const snapshot = useSelector(preview, (s) => s);
  const quote = snapshot.context.quote as BookingQuote | null;
  const extras = (service?.extras ?? []) as { key: string; name_i18n: Record<string, string> }[];
  return (
    <PriceSummary
      busy={snapshot.hasTag('busy')}
      state={snapshot.value === 'idle' ? 'empty' : snapshot.value === 'failed' ? 'failed' : snapshot.value === 'refused' ? 'refused' : 'priced'}
      onRetry={() => preview.send({ type: 'retry' })}
      currency={quote?.currency ?? String(service?.currency ?? 'DZD')}
      lines={
        quote
          ? [
              ...quote.lines.map((l) => ({
                key: `type-${l.customer_type}`,
                label: (
                  <FormattedMessage id="price.line" values={{ item: intl.formatMessage({ id: `newBooking.type.${l.customer_type}` }), quantity: intl.formatNumber(l.quantity) }} />
                ),
                amount: l.amount,
              })),
              ...quote.extras.map((e) => ({
                key: `extra-${e.key}`,
                label: (
                  <FormattedMessage
                    id="price.line"
                    values={{ item: localized(extras.find((x) => x.key === e.key)?.name_i18n, intl.locale) || e.key, quantity: intl.formatNumber(e.quantity) }}
                  />
                ),
                amount: e.amount,
              })),
            ]
          : []
      }
      subtotal={quote?.subtotal}
      discount={quote?.discount_amount}
      discountLabel={
        quote?.applied && quote.applied.length > 0 ? (
          <DiscountNames discounts={quote.applied} currency={quote.currency} />
        ) : quote?.deal ? (
          <FormattedMessage
            id="price.deal"
            values={{ title: <bdi>{localized(quote.deal.title_i18n, intl.locale)}</bdi>, percent: intl.formatNumber(quote.deal.discount_percent / 100, { style: 'percent', maximumFractionDigits: 2 }) }}
          />
        ) : undefined
      }
      fee={quote?.fee_amount}
      total={quote?.total}
    />
  );
}
