import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { ApiRecord } from '../../api/resources.ts';
import type { FlaggedParticipant } from '../../../common/availabilityRules.ts';
import type { AdrenalineProfile } from '../../../common/catalog.ts';
import { reasonKindOf } from '../../../common/reasonKinds.ts';
import type { Refundable } from '../../api/refunds.ts';
import { bookingActionsMachine, owesMoney } from '../../machines/bookings/bookingActions.ts';
import { eventPayloadFields, type LifecycleContext } from '../../../common/lifecycles/index.ts';
import { cashPaymentMachine } from '../../machines/payments/cashPayment.ts';
import { sentTo } from '../../machines/payments/sendLink.ts';
import { CopyPayLink, SentTo } from '../payments/invitations/PaymentLinkResult.tsx';
import { SendLinkDialog } from '../payments/invitations/SendLinkDialog.tsx';
import { CashPaymentDialog } from '../payments/list/CashPaymentDialog.tsx';
import { FlaggedCheckInDialog, FlaggedPeople } from '../services/availability/FlagList.tsx';
import { UnpaidCheckInDialog } from './UnpaidCheckInDialog.tsx';
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
 * primary step forward; taking a payment (cash, a payment link) while money is due, and
 * the refund button; and the questions some actions ask first: a reason (coded, in the
 * user's language) where the chart wants one, what happens to the money before a
 * cancellation, what to do before checking in a customer who still owes money, and why
 * people the activity's conditions flag are checked in (the `bookingActions` chart,
 * which announces the event to send).
 */
export function BookingActions({
  booking,
  customerEmail,
  offered,
  context,
  busy,
  money,
  refundable,
  onTransition,
  onRefund,
  onPaid,
  onChange,
  flagged,
  profile,
}: {
  booking: ApiRecord;
  /** The booking's people the service's adrenaline profile flags (empty when none or not read yet). */
  flagged: readonly FlaggedParticipant[];
  profile: AdrenalineProfile | null;
  /** The customer's email (from their record): a payment link goes there too. */
  customerEmail: string | null;
  offered: readonly string[];
  /** What the chart judged with: which payload an event needs. */
  context: LifecycleContext;
  busy: boolean;
  money: (v: unknown) => string;
  /** What may be refunded now, as the server says (null while read; amount 0: no refund button). */
  refundable: Refundable | null;
  onTransition: (event: string, payload: Record<string, unknown>) => void;
  onRefund: () => void;
  /** A payment was taken here: the page reads the booking again. */
  onPaid: () => void;
  /** Opens the change of the booking; absent when it cannot change (closed or started). */
  onChange?: () => void;
}) {
  const intl = useIntl();
  const actor = useActorRef(bookingActionsMachine);
  const paid = useRef(onPaid);
  paid.current = onPaid;
  const cash = useActorRef(cashPaymentMachine.provide({ actions: { announceRecorded: () => paid.current() } }));
  const recorded = useSelector(cash, (s) => s.context.recorded);
  const actions = ACTION_ORDER.filter((event) => offered.includes(event));
  const primary = FORWARD.find((event) => actions.includes(event as (typeof actions)[number]));
  const owes = owesMoney(booking);
  const payer = { ...booking, customer_email: customerEmail };
  // The chart announces the event once asked (or at once): the page's record sends it; or the cash dialog opens.
  const send = useRef(onTransition);
  send.current = onTransition;
  useEffect(() => {
    const transitions = actor.on('transition', ({ event, payload }) => send.current(event, payload));
    const collect = actor.on('collectCash', () => cash.send({ type: 'open', booking: payer }));
    return () => {
      transitions.unsubscribe();
      collect.unsubscribe();
    };
  }, [actor, booking, customerEmail]);

  const choose = (event: string) => actor.send({ type: 'choose', event, booking, flagged });

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
      {owes && (
        <button type="button" className="button" disabled={busy} onClick={() => cash.send({ type: 'open', booking: payer })}>
          <FormattedMessage id="booking.takeCash" />
        </button>
      )}
      {(refundable?.amount ?? 0) > 0 && (
        <button type="button" className="button" disabled={busy} onClick={onRefund}>
          <FormattedMessage id="booking.refund" />
        </button>
      )}
      <PaymentLinkButton booking={payer} actor={actor} shown={owes} onMade={() => paid.current()} />
      {recorded && recorded.booking_id === booking.id && (
        <span role="status" className="booking-pay-link">
          <FormattedMessage id="payments.cash.recorded" values={{ amount: money(recorded.amount) }} />
        </span>
      )}
      <CashPaymentDialog actor={cash} fixedBooking />
      <EventDialog actor={actor} booking={booking} context={context} busy={busy} money={money} refundable={refundable} profile={profile} />
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
  refundable,
  profile,
}: {
  actor: ActionsActor;
  booking: ApiRecord;
  context: LifecycleContext;
  busy: boolean;
  money: (v: unknown) => string;
  refundable: Refundable | null;
  profile: AdrenalineProfile | null;
}) {
  const intl = useIntl();
  const codes = useReasonCodes();
  const event = useSelector(actor, (s) => (s.matches('asking') ? s.context.pending : null));
  const reason = useSelector(actor, (s) => s.context.reason);
  const missing = useSelector(actor, (s) => s.context.reasonMissing);
  const owing = useSelector(actor, (s) => s.context.owing);
  const flagged = useSelector(actor, (s) => s.context.flagged);
  const needsReason = event !== null && eventPayloadFields('booking', String(booking.status), event, context).includes('reason');
  const offered = event ? codesOf(codes, reasonKindOf('booking', event)) : [];
  const onCancel = () => actor.send({ type: 'cancel' });
  const onConfirm = () => actor.send({ type: 'confirm', needsReason, reasonComplete: reasonComplete(offered, reason) });

  // Checking in a customer who owes money asks its own question (collect, send a link, or in anyway with a reason).
  if (event === 'check_in' && owing) return <UnpaidCheckInDialog actor={actor} balance={money(booking.balance)} busy={busy} flagged={<FlaggedPeople people={flagged} profile={profile} />} />;
  // People the activity's conditions flag: checked in only with the operator's words, as on the manifest.
  if (event === 'check_in') {
    return (
      <FlaggedCheckInDialog
        open
        bookingRef={String(booking.ref)}
        people={flagged}
        profile={profile}
        reason={reason.text}
        missing={missing}
        busy={busy}
        onReason={(text) => actor.send({ type: 'reason.changed', reason: { ...reason, text } })}
        onCancel={onCancel}
        onConfirm={onConfirm}
      />
    );
  }
  const cancelling = event === 'cancel';
  return (
    <ConfirmDialog
      open={event !== null}
      title={event ? <FormattedMessage id={`bookingEvent.${event}.title`} /> : ''}
      description={
        <>
          {cancelling && (
            <>
              <CancelMoney booking={booking} refundable={refundable} money={money} />{' '}
            </>
          )}
          <FormattedMessage id="booking.confirmIrreversible" />
        </>
      }
      confirmLabel={event ? <FormattedMessage id={`bookingEvent.${event}`} /> : ''}
      cancelLabel={cancelling ? <FormattedMessage id="booking.keep" /> : undefined}
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

/**
 * What a cancellation does to the money, as the server's refund rule says (the booking's
 * `refundable`, within the cancellation window): nothing paid, what may go back and where,
 * or that this close to the start nothing may.
 */
function CancelMoney({ booking, refundable, money }: { booking: ApiRecord; refundable: Refundable | null; money: (v: unknown) => string }) {
  const intl = useIntl();
  const held = Number(booking.paid ?? 0) - Number(booking.refunded ?? 0);
  if (held <= 0) return <FormattedMessage id="booking.cancelMoney.none" />;
  if (!refundable) return null;
  const late = (refundable as Refundable & { late_percent?: number }).late_percent;
  const values = { paid: money(held), amount: money(refundable.amount), percent: intl.formatNumber((late ?? 100) / 100, { style: 'percent' }) };
  if (refundable.amount <= 0) return <FormattedMessage id="booking.cancelMoney.nothing" values={values} />;
  return <FormattedMessage id={late !== undefined ? 'booking.cancelMoney.late' : 'booking.cancelMoney.refund'} values={values} />;
}

/**
 * Sends a payment link for the balance (or part of it): "Send" when the customer can be
 * reached, "Create" when not; then says to whom it went and shows the link to copy.
 */
function PaymentLinkButton({ booking, actor, shown, onMade }: { booking: ApiRecord; actor: ActionsActor; shown: boolean; onMade: () => void }) {
  const intl = useIntl();
  const open = useSelector(actor, (s) => s.matches('linking'));
  const sent = useSelector(actor, (s) => s.context.sentLink);
  const reachable = Boolean(booking.customer_phone || booking.customer_email);
  return (
    <>
      {shown && (
        <button type="button" className="button" onClick={() => actor.send({ type: 'link.open' })}>
          <FormattedMessage id={reachable ? 'paymentLink.send' : 'paymentLink.createTitle'} />
        </button>
      )}
      {open && (
        <SendLinkDialog
          booking={booking}
          onClose={(link) => {
            actor.send({ type: 'link.closed', link: link ?? null });
            // The booking's history now says the link went out.
            if (link) onMade();
          }}
        />
      )}
      {sent && (
        <span className="booking-pay-link" role="status">
          <FormattedMessage id="booking.paymentLink.madeFor" values={{ amount: formatMoney(intl, Number(sent.amount), String(sent.currency)) }} />{' '}
          <SentTo to={sentTo(sent)} />
          <CopyPayLink token={String(sent.token)} compact />
        </span>
      )}
    </>
  );
}
