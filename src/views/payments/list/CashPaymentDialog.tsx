import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { cashPaymentMachine } from '../../../machines/payments/cashPayment.ts';
import { ErrorText } from '../../ui/fields/Field.tsx';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';

/**
 * Records cash handed over for a booking: which booking (only those with a balance; fixed
 * on a booking's page), how much (its balance unless changed; never more, which the server
 * also refuses at the field), who paid (the booking's customer unless changed) and a note.
 * What was typed stays when the server refuses it. A form, so a dialog (not a question).
 */
export function CashPaymentDialog({ actor, fixedBooking = false }: { actor: ActorRefFrom<typeof cashPaymentMachine>; fixedBooking?: boolean }) {
  const intl = useIntl();
  const snapshot = useSelector(actor, (s) => s);
  const { draft, errors } = snapshot.context;
  const currency = String(draft.booking?.currency ?? 'DZD');

  const edit = (field: 'payer_name' | 'payer_phone' | 'notes') => (value: string) => actor.send({ type: 'edit', field, value });

  return (
    <FormDialog
      open={!snapshot.matches('closed')}
      title={<FormattedMessage id="payments.cash.title" />}
      description={
        fixedBooking && draft.booking ? (
          <FormattedMessage id="payments.cash.forBooking" values={{ ref: <bdi dir="ltr">{String(draft.booking.ref)}</bdi> }} />
        ) : (
          <FormattedMessage id="payments.cash.description" />
        )
      }
      submitLabel={<FormattedMessage id="payments.cash.record" />}
      busy={snapshot.hasTag('busy')}
      onCancel={() => actor.send({ type: 'close' })}
      onSubmit={() => actor.send({ type: 'submit' })}
    >
      {errors.form && (
        <p className="notice notice-error" role="alert">
          <ErrorText text={errors.form[0]} />
        </p>
      )}
      {!fixedBooking && (
        <RelationPicker
          resource="bookings"
          label={<FormattedMessage id="payments.booking" />}
          required
          value={draft.booking}
          filters={{ balance__gt: '0' }}
          optionLabel={(b) => `${b.ref} · ${b.customer_name}`}
          optionDetail={(b) =>
            intl.formatMessage(
              { id: 'payments.cash.bookingDetail' },
              { date: formatDateTime(intl, String(b.starts_at)), balance: formatMoney(intl, Number(b.balance), String(b.currency)) },
            )
          }
          onChange={(booking) => actor.send({ type: 'pickBooking', booking })}
          errors={errors.booking_id}
        />
      )}
      <MoneyField
        label={<FormattedMessage id="payments.amount" />}
        hint={
          draft.booking ? (
            <FormattedMessage id="payments.cash.balance" values={{ amount: formatMoney(intl, Number(draft.booking.balance ?? 0), currency) }} />
          ) : undefined
        }
        required
        value={draft.amount}
        currency={currency}
        onChange={(value, invalid) => actor.send({ type: 'amount', value, invalid })}
        errors={errors.amount}
      />
      <TextField label={<FormattedMessage id="payments.payerName" />} value={draft.payer_name} onChange={edit('payer_name')} maxLength={200} errors={errors.payer_name} autoComplete="off" />
      <TextField
        label={<FormattedMessage id="payments.payerPhone" />}
        type="tel"
        dir="ltr"
        value={draft.payer_phone}
        onChange={edit('payer_phone')}
        maxLength={30}
        errors={errors.payer_phone}
        autoComplete="off"
      />
      <TextField label={<FormattedMessage id="payments.notes" />} multiline={2} value={draft.notes} onChange={edit('notes')} maxLength={1000} errors={errors.notes} />
    </FormDialog>
  );
}
