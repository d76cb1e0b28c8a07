import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { toast } from 'sonner';
import { useStaff } from '../../app/permissions.ts';
import type { Refundable } from '../../api/refunds.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { bookingRefundMachine } from '../../machines/bookings/bookingRefund.ts';
import { ErrorText } from '../ui/fields/Field.tsx';
import { FormDialog } from '../ui/FormDialog.tsx';
import { errorsElsewhere } from '../ui/fields/fieldErrors.ts';
import { MoneyField } from '../ui/fields/MoneyField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { ReasonField } from '../ui/ReasonField.tsx';
import { codesOf, reasonComplete, useReasonCodes } from '../ui/reasonCodes.ts';

/** Before the server has said where the money may go: the original method, always allowed. */
const FIRST_DESTINATIONS = ['original_method'] as const;
/** The fields the dialog shows errors at; others are listed above them. */
const SHOWN_AT_FIELDS = ['amount', 'destination', 'reason_code', 'reason'];

/**
 * Refunds a booking in one confirmation: how much (at most what the server allows), where to
 * (the destinations the server offers: the wallet only when it is kept in the booking's
 * currency), and why (a coded refund reason). The server takes the refund as far as the
 * user's role allows; where it stops, the booking shows it with its next action. A form, so
 * a dialog (not a yes/no question). The form is the `bookingRefund` chart, started afresh
 * each time the dialog opens.
 */
export function BookingRefundDialog({
  open,
  booking,
  refundable,
  money,
  onClose,
}: {
  open: boolean;
  booking: ApiRecord;
  refundable: Refundable | null;
  money: (v: unknown) => string;
  onClose: (done: boolean) => void;
}) {
  return open ? <RefundForm booking={booking} refundable={refundable} money={money} onClose={onClose} /> : null;
}

function RefundForm({
  booking,
  refundable: allowed,
  money,
  onClose,
}: {
  booking: ApiRecord;
  refundable: Refundable | null;
  money: (v: unknown) => string;
  onClose: (done: boolean) => void;
}) {
  const most = allowed?.amount ?? 0;
  const destinations = allowed?.destinations ?? FIRST_DESTINATIONS;
  const offered = codesOf(useReasonCodes(), 'refund');
  const actor = useActorRef(bookingRefundMachine, { input: { bookingId: booking.id } });
  const context = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const done = useSelector(actor, (s) => s.matches('done'));
  const intl = useIntl();
  const staff = useStaff();
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    if (!done) return;
    // Where the refund ended: refunded, or under way (the booking shows its next action).
    const refund = actor.getSnapshot().context.refund;
    const amount = money(refund?.amount ?? context.amount);
    const status = String(refund?.status ?? 'requested');
    toast.success(
      status === 'succeeded'
        ? intl.formatMessage({ id: 'refund.doneSucceeded' }, { amount })
        : intl.formatMessage({ id: 'refund.doneUnderWay' }, { amount, status: intl.formatMessage({ id: `refundStatus.${status}` }) }),
    );
    close.current(true);
  }, [done]);

  const { errors } = context;
  const destination = destinations.includes(context.destination as never) ? context.destination : 'original_method';
  const serverReasonErrors = [...(errors.reason_code ?? []), ...(errors.reason ?? [])];
  const elsewhere = errorsElsewhere(errors, SHOWN_AT_FIELDS);
  const submit = () =>
    actor.send({
      type: 'submit',
      limits: { most, paymentId: allowed?.payment_id ?? null, destinations, reasonComplete: reasonComplete(offered, context.reason) },
    });

  return (
    <FormDialog
      title={<FormattedMessage id="booking.refund" />}
      description={
        <>
          <FormattedMessage id="refund.refundable" values={{ amount: money(most) }} />{' '}
          <FormattedMessage id={staff ? 'refund.oneStepStaff' : 'refund.oneStepVendor'} />
        </>
      }
      submitLabel={<FormattedMessage id="booking.refund" />}
      busy={busy}
      onCancel={() => onClose(false)}
      onSubmit={submit}
    >
      {elsewhere.length > 0 && (
        <div className="notice notice-error" role="alert">
          {elsewhere.map(([path, messages]) => (
            <p key={path}>
              {messages.map((m, i) => (
                <ErrorText key={i} text={m} />
              ))}
            </p>
          ))}
        </div>
      )}
      <MoneyField
        label={<FormattedMessage id="refund.amount" />}
        required
        value={context.amount}
        currency={String(booking.currency ?? 'DZD')}
        onChange={(amount, unreadable) => actor.send({ type: 'amount.changed', amount, unreadable })}
        errors={errors.amount}
      />
      <button type="button" className="button button-ghost refund-full" onClick={() => actor.send({ type: 'amount.changed', amount: most, unreadable: false })}>
        <FormattedMessage id="refund.full" />
      </button>
      <SelectField
        label={<FormattedMessage id="refund.destination" />}
        value={destination}
        options={destinations}
        labelPrefix="refundDestination"
        onChange={(next) => actor.send({ type: 'destination.changed', destination: next })}
        errors={errors.destination}
      />
      <ReasonField
        label="refund.reason"
        offered={offered}
        value={context.reason}
        missing={context.reasonMissing}
        onChange={(reason) => actor.send({ type: 'reason.changed', reason })}
      />
      {serverReasonErrors.length > 0 && (
        <p className="field-error" role="alert">
          {serverReasonErrors.join(' ')}
        </p>
      )}
    </FormDialog>
  );
}
