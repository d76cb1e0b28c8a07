import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BookingQuote } from '../../../api/bookingPricing.ts';
import { pricePreviewMachine, type PricePreviewContext } from '../../../machines/bookings/pricePreview.ts';
import { ParticipantsFields } from '../../bookings/ParticipantsFields.tsx';
import { PriceSummary } from '../../bookings/PriceSummary.tsx';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { errorsAt } from '../../ui/fields/fieldErrors.ts';
import { TextField } from '../../ui/fields/TextField.tsx';
import { algeriaInstant } from '../../../domain/time.ts';

const PREVIEW_URL = '/branch/api/bookings/preview/';

/** Today in Algeria, `YYYY-MM-DD`. */
const algeriaToday = () => new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);

/**
 * What a booking of a service would cost: a day, participants per customer type and a
 * coupon, priced by the server exactly as a booking would be (the new booking page's
 * pricing chart), line by line. The day is priced at noon in Algeria, so the rules of
 * that date and weekday apply whatever the browser's time zone.
 */
export function PricePreview({ service, revision = 0 }: { service: { id: string; currency?: string; customer_types?: readonly string[] | null }; /** Bumped when the service's rules change: the shown price is asked again. */ revision?: number }) {
  const intl = useIntl();
  const id = useId();
  const [date, setDate] = useState<string | null>(algeriaToday());
  const [participants, setParticipants] = useState<Record<string, string>>({ adult: '2' });
  const [coupon, setCoupon] = useState('');
  const preview = useActorRef(pricePreviewMachine, { input: { url: PREVIEW_URL } });
  const priced = useSelector(
    preview,
    (s) => ({ context: s.context as PricePreviewContext<BookingQuote>, value: s.value, busy: s.hasTag('busy') }),
    (a, b) => a.context === b.context && a.value === b.value && a.busy === b.busy,
  );

  useEffect(() => {
    const counts = Object.entries(participants).map(([t, v]) => [t, v.trim() === '' ? 0 : Number(v)] as const);
    const valid = !!date && counts.every(([, n]) => Number.isInteger(n) && n >= 0) && counts.some(([, n]) => n > 0);
    preview.send({
      type: 'request.changed',
      request: valid
        ? {
            service_id: service.id,
            starts_at: algeriaInstant(date, '12:00'),
            participants: Object.fromEntries(counts.filter(([, n]) => n > 0)),
            ...(coupon.trim() ? { coupon_code: coupon.trim() } : {}),
          }
        : null,
    });
  }, [service.id, date, JSON.stringify(participants), coupon]);

  const firstRevision = useRef(revision);
  useEffect(() => {
    if (revision !== firstRevision.current) preview.send({ type: 'refresh' });
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
        <DateTimeField mode="date" value={date} onChange={setDate} label={<FormattedMessage id="prices.preview.date" />} errors={errorsAt(errors, 'starts_at')} required />
        <TextField value={coupon} onChange={setCoupon} label={<FormattedMessage id="prices.preview.coupon" />} dir="ltr" autoComplete="off" errors={errorsAt(errors, 'coupon_code')} />
      </div>
      <ParticipantsFields value={participants} onChange={setParticipants} errors={errors} max={1000} types={service.customer_types ?? undefined} />
      {errorsAt(errors, 'service_id') && (
        <p className="notice notice-error" role="alert">
          {errorsAt(errors, 'service_id')!.join(' ')}
        </p>
      )}
      <PriceSummary
        busy={priced.busy}
        state={priced.value === 'idle' ? 'empty' : priced.value === 'failed' ? 'failed' : priced.value === 'refused' ? 'refused' : 'priced'}
        onRetry={() => preview.send({ type: 'retry' })}
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
