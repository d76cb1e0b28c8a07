import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { usePageReady } from '../../../app/pageReady.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { GatewayEventRow } from '../../../api/payments.ts';
import { BookingRefundDialog } from '../../bookings/BookingRefundDialog.tsx';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { useLifecycleActions, type LifecycleRow } from '../../ui/LifecycleActions.tsx';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { RecordHistory } from '../../ui/RecordHistory.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { MoneyLedger } from '../ledger/MoneyLedger.tsx';
import { ReconcileDialog } from './ReconcileDialog.tsx';
import { Fact } from '../../ui/Fact.tsx';
import { Related } from '../../ui/Related.tsx';
import { RecordUnavailable } from '../../ui/RecordUnavailable.tsx';
import { useRecordScreen, useRelated } from '../../ui/recordScreen.ts';
import { useStaff } from '../../../app/permissions.ts';
import { paymentScreen } from './paymentScreen.ts';

/** The actions a payment's chart may offer, in this order (refunds move it on their own). */
const PAYMENT_EVENTS = ['pay', 'fail', 'cancel', 'expire'] as const;

/**
 * One payment: who paid what, for which booking, how it divides, what the gateway said
 * about it, the refunds made from it (and a new one, never more than what remains), the
 * actions its chart allows, staff's reconciliation with its note, the booking's ledger and
 * the payment's history.
 */
export function PaymentDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const { screen, record } = useRecordScreen(paymentScreen, params.id ?? '');
  const snapshot = useSelector(record, (s) => s);
  const staff = useStaff();
  const payment = snapshot.context.record;
  const names = useRelated(screen, paymentScreen, 'names');
  const bookingRead = useRelated(screen, paymentScreen, 'booking');
  const events = useRelated(screen, paymentScreen, 'events');
  const refunds = useRelated(screen, paymentScreen, 'refunds');
  const refundableRead = useRelated(screen, paymentScreen, 'refundable');
  const [refunding, setRefunding] = useState(false);
  const [reconciling, setReconciling] = useState(false);
  usePageReady(!snapshot.matches('loading'));
  const actions = useLifecycleActions<LifecycleRow>({
    resource: 'payments',
    lifecycle: 'payment',
    order: PAYMENT_EVENTS,
    messagePrefix: 'paymentEvent',
    staff,
    label: (row) => String(row.booking_ref),
    describe: (row) => (
      <FormattedMessage id="payments.actionOn" values={{ amount: formatMoney(intl, Number(row.amount), String(row.currency)), ref: <bdi dir="ltr">{String(row.booking_ref)}</bdi> }} />
    ),
    onDone: () => screen.send({ type: 'reload' }),
  });

  if (snapshot.matches('notFound') || snapshot.matches('failed')) {
    return (
      <RecordUnavailable
        route={route}
        id={params.id}
        notFound={snapshot.matches('notFound')}
        detail={snapshot.context.error?.detail}
        onRetry={() => record.send({ type: 'retry' })}
      />
    );
  }
  if (!payment) return null;

  const currency = String(payment.currency ?? 'DZD');
  const money = (value: unknown) => formatMoney(intl, Number(value ?? 0), currency);
  const ref = String(payment.booking_ref);
  const method = intl.formatMessage({ id: `paymentMethod.${String(payment.method)}` });
  const row = payment as LifecycleRow;
  const booking = bookingRead.data ?? null;
  const refundable = refundableRead.data ?? null;
  const left = refundable?.amount ?? 0;
  const name = (field: string) => (names.data?._expanded?.[field]?.name as string | undefined) ?? null;

  return (
    <PageFrame
      route={route}
      id={ref}
      heading={<FormattedMessage id="payments.heading" values={{ amount: money(payment.amount), method, ref: <bdi dir="ltr">{ref}</bdi> }} />}
    >
      <div className="record-header">
        <StatusChip status={String(payment.status)} kind="paymentRecordStatus" />
        <span className="status-chip" data-tone={payment.reconciled ? 'ok' : 'muted'}>
          <FormattedMessage id={payment.reconciled ? 'payments.reconciledYes' : 'payments.reconciledNo'} />
        </span>
        <div className="record-actions">
          {actions.bulkButtons([row])}
          {left > 0 && (
            <button type="button" className="button" onClick={() => setRefunding(true)}>
              <FormattedMessage id="payments.refund" />
            </button>
          )}
          {staff && (
            <button type="button" className="button" onClick={() => setReconciling(true)}>
              <FormattedMessage id={payment.reconciled ? 'payments.reconcile.undo' : 'payments.reconcile.button'} />
            </button>
          )}
        </div>
      </div>
      {actions.report}
      {actions.dialog}

      <div className="record-columns payment-columns">
        <div className="record-main">
          <div className="record-grid payment-facts">
            <section className="card" aria-labelledby="payment-what">
              <h2 id="payment-what">
                <FormattedMessage id="payments.payment" />
              </h2>
              <dl className="facts">
                <Fact label="payments.payer">
                  {payment.payer_name || payment.payer_phone ? (
                    <span className="cell-stack">
                      {payment.payer_name ? <span>{String(payment.payer_name)}</span> : null}
                      {payment.payer_phone ? <bdi dir="ltr">{String(payment.payer_phone)}</bdi> : null}
                    </span>
                  ) : null}
                </Fact>
                <Fact label="payments.method">{method}</Fact>
                <Fact label="payments.status">
                  <StatusChip status={String(payment.status)} kind="paymentRecordStatus" />
                </Fact>
                <Fact label="payments.paidAt">{payment.paid_at ? formatDateTime(intl, String(payment.paid_at)) : null}</Fact>
                <Fact label="payments.gatewayReference">{payment.gateway_reference ? <bdi dir="ltr">{String(payment.gateway_reference)}</bdi> : null}</Fact>
                <Fact label="payments.recordedBy">{name('recorded_by')}</Fact>
                <Fact label="payments.createdAt">{formatDateTime(intl, String(payment.created_at))}</Fact>
                {payment.notes ? (
                  <Fact label="payments.notes">
                    <span className="notes">{String(payment.notes)}</span>
                  </Fact>
                ) : null}
              </dl>
            </section>
            <section className="card" aria-labelledby="payment-booking">
              <h2 id="payment-booking">
                <FormattedMessage id="payments.booking" />
              </h2>
              <dl className="facts">
                <Fact label="payments.booking">
                  <Link href={pathOf(routeByKey('bookingDetail'), String(payment.booking_id))}>
                    <bdi dir="ltr">{ref}</bdi>
                  </Link>
                </Fact>
                <Fact label="payments.customer">{(names.data?._expanded?.customer_id?.name as string | undefined) ?? (booking?.customer_name as string | undefined) ?? null}</Fact>
                <Fact label="booking.startsAt">{booking ? formatDateTime(intl, String(booking.starts_at)) : null}</Fact>
                <Fact label="booking.total">{booking ? money(booking.total) : null}</Fact>
                <Fact label="booking.balance">{booking ? money(booking.balance) : null}</Fact>
                <Fact label="booking.paymentStatus">{booking ? <StatusChip status={String(booking.payment_status)} kind="paymentStatus" /> : null}</Fact>
              </dl>
            </section>
          </div>

          <section className="card" aria-labelledby="payment-events">
            <h2 id="payment-events">
              <FormattedMessage id="payments.events.title" />
            </h2>
            <Related of={events}>{(rows) => <GatewayEvents events={rows} money={money} />}</Related>
          </section>

          <section className="card" aria-labelledby="payment-refunds">
            <h2 id="payment-refunds">
              <FormattedMessage id="payments.refunds.title" />
            </h2>
            <p className="muted">
              <FormattedMessage id="payments.refunds.left" values={{ amount: money(left) }} />
            </p>
            <Related of={refunds}>
              {(rows) =>
                rows.length === 0 ? (
                  <p className="muted">
                    <FormattedMessage id="payments.refunds.none" />
                  </p>
                ) : (
                  <ul className="payment-refunds">
                    {rows.map((refund) => (
                      <li key={refund.id}>
                        <span>{formatDateTime(intl, String(refund.created_at))}</span>
                        <span className="payment-refund-amount">{money(refund.amount)}</span>
                        <StatusChip status={String(refund.status)} kind="refundStatus" />
                        <span className="muted">{String(refund.reason ?? '')}</span>
                      </li>
                    ))}
                  </ul>
                )
              }
            </Related>
          </section>

          <RecordHistory title={<FormattedMessage id="payments.history" />} entity="payments" id={payment.id} version={payment.version} eventPrefix="paymentEvent" />
        </div>

        <div className="record-side">
          <section className="card" aria-labelledby="payment-split">
            <h2 id="payment-split">
              <FormattedMessage id="payments.split" />
            </h2>
            <dl className="facts facts-money">
              <dt className="facts-total">
                <FormattedMessage id="payments.amount" />
              </dt>
              <dd className="facts-total">{money(payment.amount)}</dd>
              <dt>
                <FormattedMessage id="payments.fee" />
              </dt>
              <dd>{money(payment.fee)}</dd>
              <dt>
                <FormattedMessage id="payments.commission" />
              </dt>
              <dd>{money(payment.platform_commission)}</dd>
              <dt>
                <FormattedMessage id="payments.vendorShare" />
              </dt>
              <dd>{money(payment.vendor_share)}</dd>
              <dt>
                <FormattedMessage id="payments.refunded" />
              </dt>
              <dd>{money(payment.refunded_amount)}</dd>
            </dl>
          </section>
          <section className="card" aria-labelledby="payment-reconciled">
            <h2 id="payment-reconciled">
              <FormattedMessage id="payments.reconciled" />
            </h2>
            <dl className="facts">
              <Fact label="payments.reconciled">
                <FormattedMessage id={payment.reconciled ? 'payments.reconciledYes' : 'payments.reconciledNo'} />
              </Fact>
              {payment.reconciled ? (
                <>
                  <Fact label="payments.reconciledBy">{name('reconciled_by')}</Fact>
                  <Fact label="payments.reconciledAt">{formatDateTime(intl, String(payment.reconciled_at))}</Fact>
                </>
              ) : null}
              <Fact label="payments.reconciledNote">{payment.reconciled_note ? <span className="notes">{String(payment.reconciled_note)}</span> : null}</Fact>
            </dl>
          </section>
        </div>
      </div>

      {/* The booking's money ledger, from gross to vendor net and payout: the page's whole width for its six columns. */}
      <MoneyLedger bookingId={String(payment.booking_id)} stamp={payment.version} />

      {staff && reconciling && (
        <ReconcileDialog
          payment={payment}
          onClose={(saved) => {
            setReconciling(false);
            if (saved) screen.send({ type: 'reload' });
          }}
        />
      )}
      {booking && (
        <BookingRefundDialog
          open={refunding}
          booking={booking}
          refundable={refundable}
          money={money}
          onClose={(done) => {
            setRefunding(false);
            if (done) screen.send({ type: 'reload' });
          }}
        />
      )}
    </PageFrame>
  );
}

/** What the gateway said about the payment, oldest first: when, what, how much, and whether it changed anything. */
function GatewayEvents({ events, money }: { events: GatewayEventRow[]; money: (v: unknown) => string }) {
  const intl = useIntl();
  if (events.length === 0)
    return (
      <p className="muted">
        <FormattedMessage id="payments.events.none" />
      </p>
    );
  return (
    <ol className="gateway-events">
      {events.map((event) => (
        <li key={event.id} data-outcome={event.outcome}>
          <span className="gateway-event-time">{formatDateTime(intl, event.received_at)}</span>
          <span className="gateway-event-kind">
            {/* A kind the screen does not know yet is shown as the gateway sent it. */}
            {`payments.events.kind.${event.kind}` in intl.messages ? intl.formatMessage({ id: `payments.events.kind.${event.kind}` }) : <bdi dir="ltr">{event.kind}</bdi>}
          </span>
          <span className="gateway-event-amount">{event.amount === null ? '—' : money(event.amount)}</span>
          <StatusChip status={event.outcome} kind="payments.events.outcome" />
          {event.detail && <span className="muted">{event.detail}</span>}
        </li>
      ))}
    </ol>
  );
}

