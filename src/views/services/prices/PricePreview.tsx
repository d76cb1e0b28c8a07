import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BookingQuote } from '../../../api/bookingPricing.ts';
import type { PricePreviewContext } from '../../../machines/bookings/pricePreview.ts';
import { servicePricePreviewMachine, type PricePreviewChild } from '../../../machines/services/pricePreview.ts';
import { ParticipantsFields } from '../../bookings/ParticipantsFields.tsx';
import { PriceSummary } from '../../bookings/PriceSummary.tsx';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { TextField } from '../../ui/fields/TextField.tsx';

/** Today in Algeria, `YYYY-MM-DD`. */
const algeriaToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/**
 * What a booking of a service would cost: a day, participants per customer type and a
 * coupon, priced by the server exactly as a booking would be (the service price preview
 * machine over the new booking page's pricing chart), line by line. The day is priced at
 * noon in Algeria, so the rules of that date and weekday apply whatever the browser's
 * time zone.
 */
export function PricePreview({
  service,
  revision,
}: {
  service: { id: string; currency?: string; customer_types?: readonly string[] | null; price_from?: number | null };
  /** Changes when the service's rules change: the shown price is asked again (undefined until the rules are known). */
  revision?: string;
}) {
  const intl = useIntl();
  const id = useId();
  // `price_from` is null while the service has no active rule (unknown: assume it has one).
  const priceable = service.price_from !== null;
  const form = useActorRef(servicePricePreviewMachine, { input: { serviceId: service.id, date: algeriaToday(), priceable } });
  useEffect(() => {
    form.send({ type: 'priceable.changed', priceable });
  }, [priceable]);
  const { date, participants, coupon } = useSelector(form, (s) => s.context);
  const preview = useSelector(form, (s) => s.children.preview as PricePreviewChild);
  const priced = useSelector(
    preview,
    (s) => ({ context: s.context as PricePreviewContext<BookingQuote>, value: s.value, busy: s.hasTag('busy') }),
    (a, b) => a.context === b.context && a.value === b.value && a.busy === b.busy,
  );

  // A new revision after one was known (not the first one read) prices the request again.
  const lastRevision = useRef(revision);
  useEffect(() => {
    if (lastRevision.current !== undefined && revision !== lastRevision.current) form.send({ type: 'refresh' });
    lastRevision.current = revision;
  }, [revision]);

  const quote = priced.context.quote;
  const errors = priced.context.errors;
  const typeName = (type: string) => intl.formatMessage({ id: `newBooking.type.${type}` });
  return (
    <section className="card price-preview" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>
        <FormattedMessage id="prices.preview.title" />
      </h2>
      <div className="form-grid">
        <DateTimeField mode="date" value={date} onChange={(next) => form.send({ type: 'date.changed', date: next })} label={<FormattedMessage id="prices.preview.date" />} errors={errorsAt(errors, 'starts_at')} required />
        <TextField value={coupon} onChange={(next) => form.send({ type: 'coupon.changed', coupon: next })} label={<FormattedMessage id="prices.preview.coupon" />} dir="ltr" autoComplete="off" errors={errorsAt(errors, 'coupon_code')} />
      </div>
      <ParticipantsFields value={participants} onChange={(next) => form.send({ type: 'participants.changed', participants: next })} errors={errors} max={1000} types={service.customer_types ?? undefined} />
      {!priceable && (
        <p className="notice" role="status">
          <FormattedMessage id="prices.preview.noRule" />
        </p>
      )}
      {errorsAt(errors, 'service_id') && (
        <p className="notice notice-error" role="alert">
          {errorsAt(errors, 'service_id')!.join(' ')}
        </p>
      )}
      <PriceSummary
        busy={priced.busy}
        state={priced.value === 'idle' ? 'empty' : priced.value === 'failed' ? 'failed' : priced.value === 'refused' ? 'refused' : 'priced'}
        onRetry={() => form.send({ type: 'retry' })}
        currency={quote?.currency ?? service.currency ?? 'DZD'}
        lines={[
          ...(quote?.lines ?? []).map((l) => ({
            key: l.customer_type,
            label: intl.formatMessage(
              { id: l.per === 'booking' ? 'prices.preview.linePerBooking' : 'prices.preview.linePerPerson' },
              { type: typeName(l.customer_type), quantity: intl.formatNumber(l.quantity) },
            ),
            amount: l.amount,
          })),
        ]}
        subtotal={quote?.subtotal}
        discount={quote?.discount_amount}
        fee={quote?.fee_amount}
        total={quote?.total}
      />
    </section>
  );
}
