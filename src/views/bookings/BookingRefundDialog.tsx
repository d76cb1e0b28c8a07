import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { Refundable } from '../../api/refunds.ts';
import { createRecord, type ApiRecord } from '../../api/resources.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { MoneyField } from '../ui/fields/MoneyField.tsx';
import { SelectField } from '../ui/fields/SelectField.tsx';
import { NO_REASON, ReasonField, reasonPayload, type ReasonValue } from '../ui/ReasonField.tsx';
import { codesOf, reasonComplete, useReasonCodes } from '../ui/reasonCodes.ts';

/** Before the server has said where the money may go: the original method, always allowed. */
const FIRST_DESTINATIONS = ['original_method'] as const;

/**
 * Requests a refund of a booking: how much (at most what the server allows), where to (the
 * destinations the server offers: the wallet only when it is kept in the booking's currency),
 * and why (a coded refund reason).
 */
export function BookingRefundDialog({
  open,
  booking,
  refundable: allowed,
  money,
  onClose,
}: {
  open: boolean;
  booking: ApiRecord;
  refundable: Refundable | null;
  money: (v: unknown) => string;
  onClose: (done: boolean) => void;
}) {
  const refundable = allowed?.amount ?? 0;
  const destinations = allowed?.destinations ?? FIRST_DESTINATIONS;
  const offered = codesOf(useReasonCodes(), 'refund');
  const [amount, setAmount] = useState<number | null>(null);
  const [amountInvalid, setAmountInvalid] = useState(false);
  const [destination, setDestination] = useState('original_method');
  const [reason, setReason] = useState<ReasonValue>(NO_REASON);
  const [reasonMissing, setReasonMissing] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const local: Record<string, string[]> = {};
    // An amount that does not parse already says so at the field.
    if (amountInvalid) return;
    if (amount === null || amount <= 0) local.amount = ['refund.amountInvalid'];
    else if (amount > refundable) local.amount = ['refund.amountTooHigh'];
    const reasonOk = reasonComplete(offered, reason);
    setReasonMissing(!reasonOk);
    setErrors(local);
    if (Object.keys(local).length > 0 || !reasonOk) return;
    setBusy(true);
    try {
      await createRecord('refunds', {
        booking_id: booking.id,
        payment_id: allowed?.payment_id ?? null,
        amount,
        destination: destinations.includes(destination as never) ? destination : 'original_method',
        ...reasonPayload(reason),
        notify_customer: true,
      });
      setAmount(null);
      setReason(NO_REASON);
      onClose(true);
    } catch (error) {
      const fieldErrors = (error as { fieldErrors?: Record<string, string[]>; detail?: string }).fieldErrors ?? {};
      setErrors(Object.keys(fieldErrors).length > 0 ? fieldErrors : { amount: [(error as { detail?: string }).detail ?? 'refund.failed'] });
    } finally {
      setBusy(false);
    }
  };

  const serverReasonErrors = [...(errors.reason_code ?? []), ...(errors.reason ?? [])];
  return (
    <ConfirmDialog
      open={open}
      title={<FormattedMessage id="booking.refund" />}
      description={<FormattedMessage id="refund.refundable" values={{ amount: money(refundable) }} />}
      confirmLabel={<FormattedMessage id="refund.request" />}
      busy={busy}
      onCancel={() => onClose(false)}
      onConfirm={submit}
    >
      <MoneyField
        label={<FormattedMessage id="refund.amount" />}
        required
        value={amount}
        currency={String(booking.currency ?? 'DZD')}
        onChange={(minor, invalid) => {
          setAmount(minor);
          setAmountInvalid(invalid);
        }}
        errors={errors.amount}
      />
      <button type="button" className="button button-ghost refund-full" onClick={() => setAmount(refundable)}>
        <FormattedMessage id="refund.full" />
      </button>
      <SelectField
        label={<FormattedMessage id="refund.destination" />}
        value={destinations.includes(destination as never) ? destination : 'original_method'}
        options={destinations}
        labelPrefix="refundDestination"
        onChange={setDestination}
        errors={errors.destination}
      />
      <ReasonField label="refund.reason" offered={offered} value={reason} missing={reasonMissing} onChange={setReason} />
      {serverReasonErrors.length > 0 && (
        <p className="field-error" role="alert">
          {serverReasonErrors.join(' ')}
        </p>
      )}
    </ConfirmDialog>
  );
}
