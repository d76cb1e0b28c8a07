import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BookingQuote } from '../../api/bookingPricing.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { algeriaInstant } from '../../domain/time.ts';
import { pricePreviewMachine, type PricePreviewContext } from '../../machines/bookings/pricePreview.ts';
import { ParticipantsFields } from '../bookings/ParticipantsFields.tsx';
import { PriceSummary } from '../bookings/PriceSummary.tsx';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { errorsAt } from '../ui/fields/fieldErrors.ts';
import { TextField } from '../ui/fields/TextField.tsx';
import { formatMoney } from '../ui/format.ts';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { serviceLabel } from './promotionScreens.ts';

const PREVIEW_URL = '/branch/api/bookings/preview/';

/** A week from today in Algeria, `YYYY-MM-DD`: a likely travel date to start from. */
const nextWeek = () => new Date(Date.now() + 3_600_000 + 7 * 86_400_000).toISOString().slice(0, 10);

/**
 * "Check a code": a service, a day, participants and a code, priced by the server exactly
 * as a booking made now would be. It shows what the code takes off, or (at the code) why
 * it does not apply: ended, not for this service, used up, below its minimum.
 */
export function CheckCode({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const [service, setService] = useState<ApiRecord | null>(null);
  const [date, setDate] = useState<string | null>(nextWeek());
  const [participants, setParticipants] = useState<Record<string, string>>({ adult: '2' });
  const [code, setCode] = useState('');
  const preview = useActorRef(pricePreviewMachine, { input: { url: PREVIEW_URL } });
  const priced = useSelector(
    preview,
    (s) => ({ context: s.context as PricePreviewContext<BookingQuote & { coupon_id: string | null }>, value: s.value, busy: s.hasTag('busy') }),
    (a, b) => a.context === b.context && a.value === b.value && a.busy === b.busy,
  );

  useEffect(() => {
    const counts = Object.entries(participants).map(([t, v]) => [t, v.trim() === '' ? 0 : Number(v)] as const);
    const valid = !!service && !!date && code.trim().length > 0 && counts.every(([, n]) => Number.isInteger(n) && n >= 0) && counts.some(([, n]) => n > 0);
    preview.send({
      type: 'request.changed',
      request: valid
        ? { service_id: service!.id, starts_at: algeriaInstant(date!, '12:00'), participants: Object.fromEntries(counts.filter(([, n]) => n > 0)), coupon_code: code.trim() }
        : null,
    });
  }, [service?.id, date, JSON.stringify(participants), code]);

  const quote = priced.context.quote;
  const errors = priced.context.errors;
  const currency = quote?.currency ?? String(service?.currency ?? 'DZD');
  const typeName = (type: string) => intl.formatMessage({ id: `newBooking.type.${type}` });
  return (
    <section className="card promotion-check" aria-labelledby={`${id}-title`}>
      <div className="promotion-check-head">
        <h2 id={`${id}-title`}>
          <FormattedMessage id="couponCheck.title" />
        </h2>
        <button type="button" className="button button-ghost button-small" onClick={onClose}>
          <FormattedMessage id="promotion.close" />
        </button>
      </div>
      <p className="muted">
        <FormattedMessage id="couponCheck.intro" />
      </p>
      <TextField
        value={code}
        onChange={(v) => setCode(v.toUpperCase())}
        label={<FormattedMessage id="coupon.code" />}
        dir="ltr"
        autoComplete="off"
        errors={errorsAt(errors, 'coupon_code')}
      />
      <RelationPicker
        resource="services"
        label={<FormattedMessage id="couponCheck.service" />}
        value={service}
        onChange={setService}
        filters={{ view: 'public' }}
        optionLabel={(s) => serviceLabel(s, intl.locale)}
        errors={errorsAt(errors, 'service_id')}
      />
      <DateTimeField mode="date" value={date} onChange={setDate} label={<FormattedMessage id="couponCheck.date" />} errors={errorsAt(errors, 'starts_at')} required />
      <ParticipantsFields value={participants} onChange={setParticipants} errors={errors} max={1000} types={(service?.customer_types as string[] | undefined) ?? undefined} />
      {quote && priced.value === 'priced' && (
        <p className="notice notice-info" role="status">
          {quote.coupon_id ? (
            <FormattedMessage id="couponCheck.applies" values={{ amount: formatMoney(intl, quote.discount_amount, currency) }} />
          ) : (
            <FormattedMessage id="couponCheck.betterDiscount" />
          )}
        </p>
      )}
      <PriceSummary
        busy={priced.busy}
        state={priced.value === 'idle' ? 'empty' : priced.value === 'failed' ? 'failed' : priced.value === 'refused' ? 'refused' : 'priced'}
        onRetry={() => preview.send({ type: 'retry' })}
        currency={currency}
        lines={(quote?.lines ?? []).map((l) => ({
          key: l.customer_type,
          label: intl.formatMessage(
            { id: l.per === 'booking' ? 'prices.preview.linePerBooking' : 'prices.preview.linePerPerson' },
            { type: typeName(l.customer_type), quantity: intl.formatNumber(l.quantity) },
          ),
          amount: l.amount,
        }))}
        subtotal={quote?.subtotal}
        discount={quote?.discount_amount}
        fee={quote?.fee_amount}
        total={quote?.total}
      />
    </section>
  );
}
