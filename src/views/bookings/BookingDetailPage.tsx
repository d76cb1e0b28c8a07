import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { flaggedParticipants, type RosterEntry } from '../../../common/availabilityRules.ts';
import type { AdrenalineProfile } from '../../../common/catalog.ts';
import { allowedEvents, type LifecycleContext } from '../../../common/lifecycles/index.ts';
import { selectIsDirty } from '../../machines/resources/record.ts';
import { formatMoney } from '../ui/format.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { Related } from '../ui/Related.tsx';
import { useRecordScreen, useRelated } from '../ui/recordScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useLeaveGuard } from '../ui/useLeaveGuard.tsx';
import { BookingActions } from './BookingActions.tsx';
import { BookingChangeDialog } from './BookingChangeDialog.tsx';
import { BookingFacts, BookingMoney, type ExtraName } from './BookingFacts.tsx';
import { BookingNotes } from './BookingNotes.tsx';
import { BookingRefundDialog } from './BookingRefundDialog.tsx';
import { PendingRefunds } from './refunds/PendingRefunds.tsx';
import { BookingTimeline } from './BookingTimeline.tsx';
import { bookingScreen, labelsOf, settingsOf, timelineOf } from './bookingScreen.ts';
import { MoneyLedger } from '../payments/ledger/MoneyLedger.tsx';
import { RecordUnavailable } from '../ui/RecordUnavailable.tsx';
import { useStaff } from '../../app/permissions.ts';

/**
 * A booking: its status and the actions its chart allows (changing it too, when the chart's
 * `change` says it may), what it is and for whom, its money, notes and history. What it
 * reads beside the record is declared in bookingScreen.ts, each read's failure shown with
 * a retry.
 */
export function BookingDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const { screen, record } = useRecordScreen(bookingScreen, params.id ?? '');
  const snapshot = useSelector(record, (s) => s);
  const admin = useStaff();
  const booking = snapshot.context.record;
  const names = useRelated(screen, bookingScreen, 'names');
  const customer = useRelated(screen, bookingScreen, 'customer');
  const payments = useRelated(screen, bookingScreen, 'payments');
  const refunds = useRelated(screen, bookingScreen, 'refunds');
  const audit = useRelated(screen, bookingScreen, 'audit');
  const refundable = useRelated(screen, bookingScreen, 'refundable');
  const settings = useRelated(screen, bookingScreen, 'settings');
  const discounts = useRelated(screen, bookingScreen, 'discounts');
  const service = useRelated(screen, bookingScreen, 'service');
  const [refunding, setRefunding] = useState(false);
  const [changing, setChanging] = useState(false);
  const dirty = selectIsDirty(snapshot);
  const leave = useLeaveGuard(dirty);
  usePageReady(!snapshot.matches('loading'));

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
  if (!booking) return null;

  const currency = String(booking.currency ?? 'DZD');
  const money = (value: unknown) => formatMoney(intl, Number(value ?? 0), currency);
  const status = String(booking.status);
  // The shared chart says which actions show; the server applies the same chart and refuses the rest.
  const chartContext: LifecycleContext = { now: new Date().toISOString(), role: admin ? 'staff' : 'vendor', record: booking, settings: settingsOf(settings.data) };
  const offered = allowedEvents('booking', status, chartContext);
  const ref = String(booking.ref);
  // The chart's `change` (its `changeable` guard) says whether the booking may change; the change endpoint asks the same.
  const changeable = offered.includes('change');
  const labels = names.data || customer.data ? labelsOf(names.data, customer.data) : null;
  const timeline = timelineOf(payments, refunds, audit);
  const profile = (service.data?.adrenaline as AdrenalineProfile | null | undefined) ?? null;

  return (
    <PageFrame
      route={route}
      id={ref}
      heading={<FormattedMessage id="booking.heading" values={{ ref: <bdi dir="ltr">{ref}</bdi> }} />}
    >
      {leave.dialog}
      <div className="record-header">
        <StatusChip status={status} kind="bookingStatus" />
        <StatusChip status={String(booking.payment_status)} kind="paymentStatus" />
        <BookingActions
          booking={booking}
          customerEmail={labels?.customerEmail ?? null}
          offered={offered}
          context={chartContext}
          busy={snapshot.hasTag('busy')}
          money={money}
          refundable={refundable.data ?? null}
          onTransition={(event, payload) => record.send({ type: 'transition', event, payload })}
          onRefund={() => setRefunding(true)}
          onPaid={() => screen.send({ type: 'reload' })}
          onChange={changeable ? () => setChanging(true) : undefined}
          flagged={flaggedParticipants(booking.roster as RosterEntry[] | null, profile)}
          profile={profile}
        />
      </div>

      {snapshot.context.error && !snapshot.matches('conflict') && (
        <div className="notice notice-error" role="alert">
          {snapshot.context.error.detail}
          {snapshot.context.allowedEvents && (
            <>
              {' '}
              <FormattedMessage
                id="record.allowedEvents"
                values={{ events: snapshot.context.allowedEvents.map((e) => intl.formatMessage({ id: `bookingEvent.${e}` })).join(', ') }}
              />
            </>
          )}
        </div>
      )}
      {/* What the actions are judged with: shown when it could not be read, with a retry. */}
      <Related of={settings}>{() => null}</Related>
      <Related of={refundable}>{() => null}</Related>
      {snapshot.matches('saved') && (
        <div className="notice notice-info" role="status">
          <FormattedMessage id="record.saved" />
        </div>
      )}

      <div className="record-columns">
        <div className="record-main">
          <BookingFacts booking={booking} labels={labels} staff={admin} />
          <Related of={names}>{() => null}</Related>
          <Related of={customer}>{() => null}</Related>
          <BookingNotes record={record} />
          <section className="card" aria-labelledby="booking-timeline">
            <h2 id="booking-timeline">
              <FormattedMessage id="booking.timeline" />
            </h2>
            {timeline.state === 'failed' ? (
              <Related of={timeline}>{() => null}</Related>
            ) : (
              <BookingTimeline related={timeline.data ?? null} money={money} discounts={discounts.data} currency={currency} />
            )}
          </section>
        </div>
        <div className="record-side">
          <BookingMoney booking={booking} money={money} discounts={discounts.data} extras={service.data?.extras as ExtraName[] | undefined} />
          <Related of={discounts}>{() => null}</Related>
          <PendingRefunds refunds={refunds.data ?? null} reference={ref} money={money} staff={admin} onDone={() => screen.send({ type: 'reload' })} />
        </div>
      </div>
      {/* The ledger's six columns need the page's whole width. */}
      <MoneyLedger bookingId={String(booking.id)} stamp={booking.version} />

      {changing && (
        <BookingChangeDialog
          booking={booking}
          customerEmail={labels?.customerEmail ?? null}
          money={money}
          onChanged={() => screen.send({ type: 'reload' })}
          onClose={() => setChanging(false)}
        />
      )}
      <BookingRefundDialog
        open={refunding}
        booking={booking}
        refundable={refundable.data ?? null}
        money={money}
        onClose={(done) => {
          setRefunding(false);
          if (done) screen.send({ type: 'reload' });
        }}
      />
    </PageFrame>
  );
}
