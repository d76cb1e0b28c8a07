import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../api/resources.ts';
import { reasonKindOf } from '../../domain/reasonKinds.ts';
import { eventPayloadFields, type LifecycleContext } from '../../machines/lifecycles/index.ts';
import { CopyPayLink } from '../payments/invitations/PaymentLinkResult.tsx';
import { SendLinkDialog } from '../payments/invitations/SendLinkDialog.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { NO_REASON, ReasonField, reasonPayload, type ReasonValue } from '../ui/ReasonField.tsx';
import { codesOf, reasonComplete, useReasonCodes } from '../ui/reasonCodes.ts';
import { formatMoney } from '../ui/format.ts';

/** Actions offered in this order; which ones show comes from the booking lifecycle chart. */
const ACTION_ORDER = ['confirm', 'check_in', 'complete', 'undo', 'no_show', 'decline', 'cancel'] as const;
/** The step forward, when the chart offers it: the one primary button. Everything else is secondary. */
const FORWARD = ['confirm', 'check_in', 'complete'];
/** Actions that close or undo something: asked first. */
const ASKED_FIRST = new Set(['decline', 'no_show', 'cancel']);

/**
 * A booking's lifecycle actions, the ones its chart allows now (`offered`), with one
 * primary step forward; the refund and payment-link buttons; and the questions some
 * actions ask first: a reason (coded, in the user's language) where the chart wants one,
 * and a warning before checking in a customer who still owes money.
 */
export function BookingActions({
  booking,
  offered,
  context,
  busy,
  money,
  refundable,
  onTransition,
  onRefund,
  onChange,
}: {
  booking: ApiRecord;
  offered: readonly string[];
  /** What the chart judged with: which payload an event needs. */
  context: LifecycleContext;
  busy: boolean;
  money: (v: unknown) => string;
  /** The most that may be refunded now (0: no refund button). */
  refundable: number;
  onTransition: (event: string, payload: Record<string, unknown>) => void;
  onRefund: () => void;
  /** Opens the change of the booking; absent when it cannot change (closed or started). */
  onChange?: () => void;
}) {
  const intl = useIntl();
  const [pending, setPending] = useState<string | null>(null);
  const actions = ACTION_ORDER.filter((event) => offered.includes(event));
  const primary = FORWARD.find((event) => actions.includes(event as (typeof actions)[number]));
  const owes = Number(booking.balance ?? 0) > 0;

  const choose = (event: string) => {
    if (ASKED_FIRST.has(event) || (event === 'check_in' && owes)) setPending(event);
    else onTransition(event, {});
  };

  return (
    <div className="record-actions" role="group" aria-label={intl.formatMessage({ id: 'booking.actions' })}>
      {actions.map((event) => (
        <button key={event} type="button" className={event === primary ? 'button button-primary' : 'button'} disabled={busy} onClick={() => choose(event)}>
          <FormattedMessage id={`bookingEvent.${event}`} />
        </button>
      ))}
      {onChange && (
        <button type="button" className="button" disabled={busy} onClick={onChange}>
          <FormattedMessage id="bookingChange.action" />
        </button>
      )}
      {refundable > 0 && (
        <button type="button" className="button" disabled={busy} onClick={onRefund}>
          <FormattedMessage id="booking.refund" />
        </button>
      )}
      {owes && <PaymentLinkButton booking={booking} />}
      <EventDialog
        event={pending}
        booking={booking}
        context={context}
        busy={busy}
        money={money}
        onCancel={() => setPending(null)}
        onConfirm={(payload) => {
          if (pending) onTransition(pending, payload);
          setPending(null);
        }}
      />
    </div>
  );
}

/** The question an action asks before it is sent: "are you sure" with a reason, or the unpaid balance before a check-in. */
function EventDialog({
  event,
  booking,
  context,
  busy,
  money,
  onConfirm,
  onCancel,
}: {
  event: string | null;
  booking: ApiRecord;
  context: LifecycleContext;
  busy: boolean;
  money: (v: unknown) => string;
  onConfirm: (payload: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const codes = useReasonCodes();
  const [reason, setReason] = useState<ReasonValue>(NO_REASON);
  const [missing, setMissing] = useState(false);
  const needsReason = event !== null && eventPayloadFields('booking', String(booking.status), event, context).includes('reason');
  const offered = event ? codesOf(codes, reasonKindOf('booking', event)) : [];
  const reset = () => {
    setReason(NO_REASON);
    setMissing(false);
  };

  if (event === 'check_in') {
    return (
      <ConfirmDialog
        open
        title={<FormattedMessage id="checkIn.unpaid.title" />}
        description={<FormattedMessage id="checkIn.unpaid.description" values={{ amount: money(booking.balance) }} />}
        confirmLabel={<FormattedMessage id="checkIn.unpaid.confirm" />}
        busy={busy}
        onCancel={onCancel}
        onConfirm={() => onConfirm({})}
      />
    );
  }
  return (
    <ConfirmDialog
      open={event !== null}
      title={event ? <FormattedMessage id={`bookingEvent.${event}.title`} /> : ''}
      description={<FormattedMessage id="booking.confirmIrreversible" />}
      confirmLabel={event ? <FormattedMessage id={`bookingEvent.${event}`} /> : ''}
      danger
      busy={busy}
      onCancel={() => {
        reset();
        onCancel();
      }}
      onConfirm={() => {
        if (needsReason && !reasonComplete(offered, reason)) {
          setMissing(true);
          return;
        }
        onConfirm(needsReason ? reasonPayload(reason) : {});
        reset();
      }}
    >
      {needsReason && (
        <ReasonField
          label="booking.cancelReason"
          offered={offered}
          value={reason}
          missing={missing}
          placeholder={intl.formatMessage({ id: 'booking.cancelReasonPlaceholder' })}
          onChange={setReason}
        />
      )}
    </ConfirmDialog>
  );
}

/** Sends a payment link for the balance (or part of it), then shows the link to copy and its amount. */
function PaymentLinkButton({ booking }: { booking: ApiRecord }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState<ApiRecord | null>(null);
  return (
    <>
      <button type="button" className="button" onClick={() => setOpen(true)}>
        <FormattedMessage id="paymentLink.send" />
      </button>
      {open && (
        <SendLinkDialog
          booking={booking}
          onClose={(link) => {
            setOpen(false);
            if (link) setSent(link);
          }}
        />
      )}
      {sent && (
        <span className="booking-pay-link" role="status">
          <FormattedMessage id="booking.paymentLink.sentFor" values={{ amount: formatMoney(intl, Number(sent.amount), String(sent.currency)) }} />
          <CopyPayLink token={String(sent.token)} compact />
        </span>
      )}
    </>
  );
}
