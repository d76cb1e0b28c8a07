import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import { reasonKindOf } from '../../domain/reasonKinds.ts';
import { bookingActionsMachine } from '../../machines/bookings/bookingActions.ts';
import { eventPayloadFields, type LifecycleContext } from '../../machines/lifecycles/index.ts';
import { CopyPayLink } from '../payments/invitations/PaymentLinkResult.tsx';
import { SendLinkDialog } from '../payments/invitations/SendLinkDialog.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ReasonField } from '../ui/ReasonField.tsx';
import { codesOf, reasonComplete, useReasonCodes } from '../ui/reasonCodes.ts';
import { formatMoney } from '../ui/format.ts';

type ActionsActor = ActorRefFrom<typeof bookingActionsMachine>;

/** Actions offered in this order; which ones show comes from the booking lifecycle chart. */
const ACTION_ORDER = ['confirm', 'check_in', 'complete', 'undo', 'no_show', 'decline', 'cancel'] as const;
/** The step forward, when the chart offers it: the one primary button. Everything else is secondary. */
const FORWARD = ['confirm', 'check_in', 'complete'];

/**
 * A booking's lifecycle actions, the ones its chart allows now (`offered`), with one
 * primary step forward; the refund and payment-link buttons; and the questions some
 * actions ask first: a reason (coded, in the user's language) where the chart wants one,
 * and a warning before checking in a customer who still owes money (the `bookingActions`
 * chart, which announces the event to send).
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
  const actor = useActorRef(bookingActionsMachine);
  const actions = ACTION_ORDER.filter((event) => offered.includes(event));
  const primary = FORWARD.find((event) => actions.includes(event as (typeof actions)[number]));
  const owes = Number(booking.balance ?? 0) > 0;
  // The chart announces the event once asked (or at once): the page's record sends it.
  const send = useRef(onTransition);
  send.current = onTransition;
  useEffect(() => {
    const subscription = actor.on('transition', ({ event, payload }) => send.current(event, payload));
    return () => subscription.unsubscribe();
  }, [actor]);

  const choose = (event: string) => actor.send({ type: 'choose', event, owes });

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
      {owes && <PaymentLinkButton booking={booking} actor={actor} />}
      <EventDialog actor={actor} booking={booking} context={context} busy={busy} money={money} />
    </div>
  );
}

/** The question an action asks before it is sent: "are you sure" with a reason, or the unpaid balance before a check-in. */
function EventDialog({
  actor,
  booking,
  context,
  busy,
  money,
}: {
  actor: ActionsActor;
  booking: ApiRecord;
  context: LifecycleContext;
  busy: boolean;
  money: (v: unknown) => string;
}) {
  const intl = useIntl();
  const codes = useReasonCodes();
  const event = useSelector(actor, (s) => (s.matches('asking') ? s.context.pending : null));
  const reason = useSelector(actor, (s) => s.context.reason);
  const missing = useSelector(actor, (s) => s.context.reasonMissing);
  const needsReason = event !== null && eventPayloadFields('booking', String(booking.status), event, context).includes('reason');
  const offered = event ? codesOf(codes, reasonKindOf('booking', event)) : [];
  const onCancel = () => actor.send({ type: 'cancel' });
  const onConfirm = () => actor.send({ type: 'confirm', needsReason, reasonComplete: reasonComplete(offered, reason) });

  if (event === 'check_in') {
    return (
      <ConfirmDialog
        open
        title={<FormattedMessage id="checkIn.unpaid.title" />}
        description={<FormattedMessage id="checkIn.unpaid.description" values={{ amount: money(booking.balance) }} />}
        confirmLabel={<FormattedMessage id="checkIn.unpaid.confirm" />}
        busy={busy}
        onCancel={onCancel}
        onConfirm={onConfirm}
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
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {needsReason && (
        <ReasonField
          label="booking.cancelReason"
          offered={offered}
          value={reason}
          missing={missing}
          placeholder={intl.formatMessage({ id: 'booking.cancelReasonPlaceholder' })}
          onChange={(next) => actor.send({ type: 'reason.changed', reason: next })}
        />
      )}
    </ConfirmDialog>
  );
}

/** Sends a payment link for the balance (or part of it), then shows the link to copy and its amount. */
function PaymentLinkButton({ booking, actor }: { booking: ApiRecord; actor: ActionsActor }) {
  const intl = useIntl();
  const open = useSelector(actor, (s) => s.matches('linking'));
  const sent = useSelector(actor, (s) => s.context.sentLink);
  return (
    <>
      <button type="button" className="button" onClick={() => actor.send({ type: 'link.open' })}>
        <FormattedMessage id="paymentLink.send" />
      </button>
      {open && <SendLinkDialog booking={booking} onClose={(link) => actor.send({ type: 'link.closed', link: link ?? null })} />}
      {sent && (
        <span className="booking-pay-link" role="status">
          <FormattedMessage id="booking.paymentLink.sentFor" values={{ amount: formatMoney(intl, Number(sent.amount), String(sent.currency)) }} />
          <CopyPayLink token={String(sent.token)} compact />
        </span>
      )}
    </>
  );
}
