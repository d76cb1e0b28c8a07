import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { sendLinkMachine, sentTo, willSend } from '../../../machines/payments/sendLink.ts';
import { DateTimeField } from '../../ui/fields/DateTimeField.tsx';
import { MoneyField } from '../../ui/fields/MoneyField.tsx';
import { TextField } from '../../ui/fields/TextField.tsx';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { FormDialog } from '../../ui/FormDialog.tsx';
import { RelationPicker } from '../../ui/RelationPicker.tsx';
import { CopyPayLink, SentTo } from './PaymentLinkResult.tsx';

/**
 * Sends a payment link: for the given booking (the booking page), or one picked here
 * (the links screen). The server sends it (SMS, email) or, with nobody to reach, only
 * creates it; the button says which. Once made it says to whom it went and shows the
 * link's address to copy and its amount. Mounted while open, so each opening starts from
 * the booking's defaults. A form, so a dialog (not a question).
 */
export function SendLinkDialog({ booking, onClose }: { booking?: ApiRecord; onClose: (sent: ApiRecord | null) => void }) {
  const intl = useIntl();
  const actor = useActorRef(sendLinkMachine, { input: { booking: booking ?? null } });
  const { draft, errors, sent } = useSelector(actor, (s) => s.context);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const currency = String(draft.booking?.currency ?? 'DZD');
  const money = (v: unknown) => formatMoney(intl, Number(v ?? 0), currency);

  if (sent) {
    const to = sentTo(sent);
    return (
      <FormDialog
        title={<FormattedMessage id={to.length > 0 ? 'paymentLink.sentTitleSent' : 'paymentLink.sentTitle'} />}
        description={
          <FormattedMessage
            id="paymentLink.sentDescription"
            values={{ amount: money(sent.amount), expires: formatDateTime(intl, String(sent.expires_at)) }}
          />
        }
        submitLabel={<FormattedMessage id="paymentLink.done" />}
        cancelLabel={<FormattedMessage id="paymentLink.another" />}
        onSubmit={() => onClose(sent)}
        onCancel={() => actor.send({ type: 'again' })}
      >
        <p role="status">
          <SentTo to={to} />
        </p>
        <CopyPayLink token={String(sent.token)} />
      </FormDialog>
    );
  }
  return (
    <FormDialog
      title={<FormattedMessage id={willSend(draft) ? 'paymentLink.send' : 'paymentLink.createTitle'} />}
      description={draft.booking ? <FormattedMessage id="paymentLink.balance" values={{ ref: String(draft.booking.ref), amount: money(draft.booking.balance) }} /> : undefined}
      submitLabel={<FormattedMessage id={willSend(draft) ? 'paymentLink.sendConfirm' : 'paymentLink.create'} />}
      busy={busy}
      onCancel={() => onClose(null)}
      onSubmit={() => actor.send({ type: 'submit' })}
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
    </FormDialog>
  );
}
