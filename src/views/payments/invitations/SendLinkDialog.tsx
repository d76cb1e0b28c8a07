import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { sendLinkMachine } from '../../../machines/payments/sendLink.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { CopyPayLink } from './PaymentLinkResult.tsx';

/**
 * Sends a payment link: for the given booking (the booking page), or one picked here
 * (the links screen). Once sent it shows the link's address to copy and its amount.
 * Mounted while open, so each opening starts from the booking's defaults.
 */
export function SendLinkDialog({ booking, onClose }: { booking?: ApiRecord; onClose: (sent: ApiRecord | null) => void }) {
  const intl = useIntl();
  const actor = useActorRef(sendLinkMachine, { input: { booking: booking ?? null } });
  const { draft, errors, sent } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const currency = String(draft.booking?.currency ?? 'DZD');
  const money = (v: unknown) => formatMoney(intl, Number(v ?? 0), currency);

  if (sent) {
    return (
      <ConfirmDialog
        open
        title={<FormattedMessage id="paymentLink.sentTitle" />}
        description={
          <FormattedMessage
            id="paymentLink.sentDescription"
            values={{ amount: money(sent.amount), expires: formatDateTime(intl, String(sent.expires_at)) }}
          />
        }
        confirmLabel={<FormattedMessage id="paymentLink.done" />}
        cancelLabel={<FormattedMessage id="paymentLink.another" />}
        onConfirm={() => onClose(sent)}
        onCancel={() => actor.send({ type: 'again' })}
      >
        <CopyPayLink token={String(sent.token)} />
      </ConfirmDialog>
    );
  }
  return (
    <ConfirmDialog
      open
      title={<FormattedMessage id="paymentLink.send" />}
      description={draft.booking ? <FormattedMessage id="paymentLink.balance" values={{ ref: String(draft.booking.ref), amount: money(draft.booking.balance) }} /> : undefined}
      confirmLabel={<FormattedMessage id="paymentLink.sendConfirm" />}
      busy={busy}
      onCancel={() => onClose(null)}
      onConfirm={() => actor.send({ type: 'submit' })}
    >
      <div className="pay-link-form">
        {!booking && (
          <RelationPicker
            resource="bookings"
            label={<FormattedMessage id="paymentLink.booking" />}
            required
            value={draft.booking}
            onChange={(picked) => actor.send({ type: 'pickBooking', booking: picked })}
            optionLabel={(b) => `${b.ref} · ${b.customer_name ?? ''}`}
            optionDetail={(b) => intl.formatMessage({ id: 'paymentLink.balanceShort' }, { amount: formatMoney(intl, Number(b.balance ?? 0), String(b.currency ?? 'DZD')) })}
            filters={{ balance__gt: '0', status__in: 'requested,confirmed' }}
            errors={errors.booking_id}
          />
        )}
        <TextField
          label={<FormattedMessage id="paymentLink.inviteeName" />}
          value={draft.invitee_name}
          maxLength={200}
          autoComplete="off"
          onChange={(value) => actor.send({ type: 'edit', field: 'invitee_name', value })}
          errors={errors.invitee_name}
        />
        <TextField
          label={<FormattedMessage id="paymentLink.inviteePhone" />}
          type="tel"
          dir="ltr"
          value={draft.invitee_phone}
          maxLength={30}
          onChange={(value) => actor.send({ type: 'edit', field: 'invitee_phone', value })}
          hint={<FormattedMessage id="paymentLink.contactHint" />}
          errors={errors.invitee_phone}
        />
        <TextField
          label={<FormattedMessage id="paymentLink.inviteeEmail" />}
          type="email"
          dir="ltr"
          value={draft.invitee_email}
          maxLength={254}
          onChange={(value) => actor.send({ type: 'edit', field: 'invitee_email', value })}
          errors={errors.invitee_email}
        />
        <MoneyField
          label={<FormattedMessage id="paymentLink.amount" />}
          required
          currency={currency}
          value={draft.amount}
          onChange={(value) => actor.send({ type: 'edit', field: 'amount', value })}
          errors={errors.amount}
        />
        <DateTimeField
          label={<FormattedMessage id="paymentLink.expiresAt" />}
          mode="datetime"
          value={draft.expires_at}
          hint={<FormattedMessage id="paymentLink.expiresHint" />}
          onChange={(value) => actor.send({ type: 'edit', field: 'expires_at', value })}
          errors={errors.expires_at}
        />
        {errors.form && (
          <p className="field-error" role="alert">
            {errors.form.map((m) => (m in intl.messages ? intl.formatMessage({ id: m }) : m)).join(' ')}
          </p>
        )}
      </div>
    </ConfirmDialog>
  );
}
