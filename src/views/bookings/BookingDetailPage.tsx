import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { fetchRefundable, type Refundable } from '../../api/refunds.ts';
import { fetchList, fetchRecord, type ApiRecord } from '../../api/resources.ts';
import { fetchSettingsSection } from '../../api/settings.ts';
import { allowedEvents, type LifecycleContext, type LifecycleSettings } from '../../machines/lifecycles/index.ts';
import { recordMachine, selectIsDirty } from '../../machines/resources/record.ts';
import { formatMoney } from '../ui/format.ts';
import { PageFrame } from '../ui/PageFrame.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useLeaveGuard } from '../ui/useLeaveGuard.tsx';
import { BookingActions } from './BookingActions.tsx';
import { BookingChangeDialog } from './BookingChangeDialog.tsx';
import { BookingFacts, BookingMoney, type BookingLabels } from './BookingFacts.tsx';
import { BookingNotes } from './BookingNotes.tsx';
import { BookingRefundDialog } from './BookingRefundDialog.tsx';
import { BookingTimeline, type TimelineRecords } from './BookingTimeline.tsx';
import { MoneyLedger } from '../payments/ledger/MoneyLedger.tsx';
import { RecordUnavailable } from '../ui/RecordUnavailable.tsx';
import { useStaff } from '../../app/permissions.ts';

interface Related extends TimelineRecords {
  /** How much may be refunded and from which payment: the server decides. */
  refundable: Refundable | null;
  labels: BookingLabels;
  /** The business rules the chart's guards read (the check-in window). */
  settings: LifecycleSettings | undefined;
}

/** What a booking points to, named: one read with `expand=` and the customer's record (for the email). */
async function labelsOf(booking: ApiRecord, signal: AbortSignal): Promise<BookingLabels> {
  const [expanded, customer] = await Promise.all([
    fetchRecord('bookings', booking.id, signal, ['vendor_id', 'location_id', 'branch_id', 'created_by']).catch(() => null),
    fetchRecord('customers', String(booking.customer_id), signal).catch(() => null),
  ]);
  const names = (expanded?._expanded ?? {}) as Record<string, Record<string, unknown> | null>;
  return {
    vendor: (names.vendor_id?.trade_name as string | undefined) ?? null,
    location: names.location_id?.name_i18n ?? null,
    branch: (names.branch_id?.name as string | undefined) ?? null,
    createdBy: (names.created_by?.name as string | undefined) ?? null,
    customerEmail: (customer?.email as string | undefined) ?? null,
  };
}

/** A booking: its status and the actions its chart allows, what it is and for whom, its money, notes and history. */
export function BookingDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const record = useActorRef(recordMachine, { input: { resource: 'bookings', id: params.id ?? '' } });
  const snapshot = useSelector(record, (s) => s);
  const admin = useStaff();
  const booking = snapshot.context.record;
  const [related, setRelated] = useState<Related | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [changing, setChanging] = useState(false);
  // Bumped when something the booking's version does not reflect changes (a refund requested).
  const [relatedStamp, setRelatedStamp] = useState(0);
  const dirty = selectIsDirty(snapshot);
  const leave = useLeaveGuard(dirty);
  usePageReady(!snapshot.matches('loading'));

  // Payments, refunds, the audit trail and the names of what it points to follow the booking's version.
  useEffect(() => {
    if (!booking) return;
    const controller = new AbortController();
    const { signal } = controller;
    const by = { page: 1, page_size: 100, search: '', ordering: 'created_at' };
    Promise.all([
      fetchList('payments', { ...by, filters: { booking_id: booking.id } }, signal),
      fetchList('refunds', { ...by, filters: { booking_id: booking.id } }, signal),
      fetchList('audit-log', { ...by, ordering: '-at', filters: { entity: 'bookings', entity_id: booking.id } }, signal, undefined, ['actor_user_id']),
      fetchRefundable(booking.id, signal).catch(() => null),
      labelsOf(booking, signal),
      fetchSettingsSection<LifecycleSettings>('business', signal).then((s) => s.value, () => undefined),
    ])
      .then(([payments, refunds, audit, refundable, labels, settings]) =>
        setRelated({ payments: payments.results, refunds: refunds.results, audit: audit.results, refundable, labels, settings }),
      )
      .catch(() => {
        if (!signal.aborted) setRelated({ payments: [], refunds: [], audit: [], refundable: null, labels: NO_LABELS, settings: undefined });
      });
    return () => controller.abort();
  }, [booking?.id, booking?.version, relatedStamp]);

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
  const chartContext: LifecycleContext = { now: new Date().toISOString(), role: admin ? 'staff' : 'vendor', record: booking, settings: related?.settings };
  const offered = allowedEvents('booking', status, chartContext);
  const ref = String(booking.ref);
  // The server refuses the rest; only an upcoming requested or confirmed booking offers a change.
  const changeable = (status === 'requested' || status === 'confirmed') && Date.parse(String(booking.starts_at)) > Date.now();

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
          offered={offered}
          context={chartContext}
          busy={snapshot.hasTag('busy')}
          money={money}
          refundable={related?.refundable?.amount ?? 0}
          onTransition={(event, payload) => record.send({ type: 'transition', event, payload })}
          onRefund={() => setRefunding(true)}
          onChange={changeable ? () => setChanging(true) : undefined}
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
      {snapshot.matches('saved') && (
        <div className="notice notice-info" role="status">
          <FormattedMessage id="record.saved" />
        </div>
      )}

      <div className="record-columns">
        <div className="record-main">
          <BookingFacts booking={booking} labels={related?.labels ?? null} staff={admin} />
          <BookingNotes record={record} />
          <section className="card" aria-labelledby="booking-timeline">
            <h2 id="booking-timeline">
              <FormattedMessage id="booking.timeline" />
            </h2>
            <BookingTimeline related={related} money={money} />
          </section>
        </div>
        <div className="record-side">
          <BookingMoney booking={booking} money={money} />
        </div>
      </div>
      {/* The ledger's six columns need the page's whole width. */}
      <MoneyLedger bookingId={String(booking.id)} stamp={booking.version} />

      {changing && (
        <BookingChangeDialog
          booking={booking}
          customerEmail={related?.labels.customerEmail ?? null}
          money={money}
          onClose={(changed) => {
            setChanging(false);
            if (changed) record.send({ type: 'reload' });
          }}
        />
      )}
      <BookingRefundDialog
        open={refunding}
        booking={booking}
        refundable={related?.refundable ?? null}
        money={money}
        onClose={(done) => {
          setRefunding(false);
          if (done) {
            record.send({ type: 'reload' });
            setRelatedStamp((n) => n + 1);
          }
        }}
      />
    </PageFrame>
  );
}

const NO_LABELS: BookingLabels = { vendor: null, location: null, branch: null, createdBy: null, customerEmail: null };
