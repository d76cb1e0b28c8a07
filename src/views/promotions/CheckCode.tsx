import { useActorRef, useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { BookingQuote } from '../../api/bookingPricing.ts';
import type { PricePreviewContext, pricePreviewMachine } from '../../machines/bookings/pricePreview.ts';
import { checkCodeMachine } from '../../machines/promotions/checkCode.ts';
import { ParticipantsFields } from '../bookings/ParticipantsFields.tsx';
import { PriceSummary } from '../bookings/PriceSummary.tsx';
import { DateTimeField } from '../ui/fields/DateTimeField.tsx';
import { errorsAt } from '../ui/fields/fieldErrors.ts';
import { TextField } from '../ui/fields/TextField.tsx';
import { formatMoney } from '../ui/format.ts';
import { RelationPicker } from '../ui/RelationPicker.tsx';
import { serviceLabel } from './promotionScreens.ts';

/**
 * "Check a code": a service, a day, participants and a code, priced by the server exactly
 * as a booking made now would be. It shows what the code takes off, or (at the code) why
 * it does not apply: ended, not for this service, used up, below its minimum.
 */
export function CheckCode({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const id = useId();
  const check = useActorRef(checkCodeMachine, { input: {} });
  const { service, date, participants, code } = useSelector(check, (s) => s.context.draft);
  const preview = useSelector(check, (s) => s.children.pricePreview as ActorRefFrom<typeof pricePreviewMachine>);
  const priced = useSelector(
    preview,
    (s) => ({ context: s.context as PricePreviewContext<BookingQuote & { coupon_id: string | null }>, value: s.value, busy: s.hasTag('busy') }),
    (a, b) => a.context === b.context && a.value === b.value && a.busy === b.busy,
  );

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
        onChange={(value) => check.send({ type: 'code.changed', code: value })}
        label={<FormattedMessage id="coupon.code" />}
        dir="ltr"
        autoComplete="off"
        errors={errorsAt(errors, 'coupon_code')}
      />
      <RelationPicker
        resource="services"
        label={<FormattedMessage id="couponCheck.service" />}
        value={service}
        onChange={(picked) => check.send({ type: 'service.changed', service: picked })}
        filters={{ view: 'public' }}
        optionLabel={(s) => serviceLabel(s, intl.locale)}
        errors={errorsAt(errors, 'service_id')}
      />
      <DateTimeField mode="date" value={date} onChange={(value) => check.send({ type: 'date.changed', date: value })} label={<FormattedMessage id="couponCheck.date" />} errors={errorsAt(errors, 'starts_at')} required />
      <ParticipantsFields value={participants} onChange={(value) => check.send({ type: 'participants.changed', participants: value })} errors={errors} max={1000} types={(service?.customer_types as string[] | undefined) ?? undefined} />
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
        onRetry={() => check.send({ type: 'retry' })}
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
