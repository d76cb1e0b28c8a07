import { useActorRef, useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { usePageReady } from '../../../app/pageReady.ts';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import type { CustomerActionKind } from '../../../machines/customers/customerAction.ts';
import { recordMachine } from '../../../machines/resources/record.ts';
import { useLiveRecord } from '../../ui/useLiveRecord.ts';
import { ServiceTabs, type TabDef } from '../../services/ServiceTabs.tsx';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDateTime, formatMoney, localized } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { AuditTrail } from '../../ui/RecordHistory.tsx';
import { RecordUnavailable } from '../../ui/RecordUnavailable.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { LoyaltyLedger } from '../ledgers/LoyaltyLedger.tsx';
import { WalletLedger } from '../ledgers/WalletLedger.tsx';
import { CustomerDuplicates } from '../merge/CustomerDuplicates.tsx';
import { CustomerReviews } from '../reviews/CustomerReviews.tsx';
import { CustomerActionDialog } from './CustomerActionDialog.tsx';
import { CustomerConversations } from './CustomerConversations.tsx';
import { CustomerFacts, CustomerProfileForm } from './CustomerProfile.tsx';
import { CustomerRelated } from './CustomerRelated.tsx';
import { tabOf, tabsFor, type CustomerTab } from './customerPage.ts';
import { useStaff } from '../../../app/permissions.ts';

/**
 * One customer: who they are (staff edit it), whether they are blocked and why, and
 * tabs of what they did (bookings, payments), what they are owed (wallet, points), what
 * they said (reviews, conversations) and the history of the record; the open tab is kept
 * in the URL. Staff block and unblock with a reason and credit, debit or adjust in the
 * ledger tabs; whoever may see the customer writes them a message.
 */
export function CustomerPage({ route, params }: PageProps) {
  const intl = useIntl();
  const record = useActorRef(recordMachine, { input: { resource: 'customers', id: params.id ?? '' } });
  useLiveRecord(record, 'customers', params.id ?? null);
  const snapshot = useSelector(record, (s) => s);
  const staff = useStaff();
  const [path, navigate] = useLocation();
  const tab = tabOf(useSearch(), staff);
  const [acting, setActing] = useState<CustomerActionKind | null>(null);
  const [sent, setSent] = useState(false);
  const [formKey, setFormKey] = useState(0);
  usePageReady(!snapshot.matches('loading'));
  const customer = snapshot.context.record;

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
  if (!customer) return null;

  const reload = () => record.send({ type: 'reload' });
  const name = String(customer.name);
  const blocked = customer.blocked === true;
  // A merged customer lives on in the one it was merged into: nothing is done with it any more.
  const mergedInto = customer.merged_into_id ? String(customer.merged_into_id) : null;
  const editable = staff && !mergedInto;
  const money = (r: ApiRecord, field: string) => formatMoney(intl, Number(r[field] ?? 0), String(r.currency ?? 'DZD'));
  const bookingDetail = routeByKey('bookingDetail');
  const paymentDetail = routeByKey('paymentDetail');

  const bookingColumns: Column<ApiRecord>[] = [
    { key: 'ref', header: 'booking.ref', priority: 1, render: (r) => <bdi dir="ltr">{String(r.ref)}</bdi> },
    { key: 'service', header: 'customers.service', priority: 2, render: (r) => <bdi>{localized(r.service_title_i18n, intl.locale)}</bdi> },
    { key: 'starts_at', header: 'booking.startsAt', priority: 1, render: (r) => formatDateTime(intl, String(r.starts_at)) },
    { key: 'total', header: 'booking.total', priority: 2, align: 'end', render: (r) => money(r, 'total') },
    { key: 'status', header: 'booking.status', priority: 1, render: (r) => <StatusChip status={String(r.status)} kind="bookingStatus" /> },
  ];
  const paymentColumns: Column<ApiRecord>[] = [
    { key: 'date', header: 'payments.date', priority: 1, render: (r) => formatDateTime(intl, String(r.paid_at ?? r.created_at)) },
    { key: 'booking', header: 'payments.booking', priority: 2, render: (r) => <bdi dir="ltr">{String(r.booking_ref)}</bdi> },
    { key: 'method', header: 'payments.method', priority: 2, render: (r) => <FormattedMessage id={`paymentMethod.${String(r.method)}`} /> },
    { key: 'amount', header: 'payments.amount', priority: 1, align: 'end', render: (r) => money(r, 'amount') },
    { key: 'status', header: 'payments.status', priority: 1, render: (r) => <StatusChip status={String(r.status)} kind="paymentRecordStatus" /> },
  ];
  const panels: Record<CustomerTab, () => ReactNode> = {
    profile: () => (
      <div className="record-columns">
        <div className="record-main">
          {editable ? (
            <CustomerProfileForm
              key={`${customer.version}-${formKey}`}
              id={customer.id}
              onDone={(saved) => (saved ? reload() : setFormKey((n) => n + 1))}
            />
          ) : (
            <CustomerFacts customer={customer} contact staff={false} />
          )}
          {editable && <CustomerDuplicates customer={customer} onMerged={reload} />}
        </div>
        {staff && (
          <div className="record-side">
            <CustomerFacts customer={customer} contact={false} staff />
          </div>
        )}
      </div>
    ),
    bookings: () => (
      <CustomerRelated
        id="bookings"
        title="customers.tab.bookings"
        resource="bookings"
        customerId={customer.id}
        stamp={customer.version}
        ordering="-starts_at"
        fields={['ref', 'service_title_i18n', 'starts_at', 'total', 'currency', 'status']}
        columns={bookingColumns}
        empty="customers.noBookings"
        rowHref={(r) => pathOf(bookingDetail, r.id)}
      />
    ),
    payments: () => (
      <CustomerRelated
        id="payments"
        title="customers.tab.payments"
        resource="payments"
        customerId={customer.id}
        stamp={customer.version}
        ordering="-created_at"
        fields={['created_at', 'paid_at', 'booking_ref', 'method', 'amount', 'currency', 'status']}
        columns={paymentColumns}
        empty="customers.noPayments"
        rowHref={(r) => pathOf(paymentDetail, r.id)}
      />
    ),
    wallet: () => <WalletLedger customerId={customer.id} customer={customer} onAdjusted={reload} />,
    loyalty: () => <LoyaltyLedger customerId={customer.id} customer={customer} onAdjusted={reload} />,
    reviews: () => <CustomerReviews customerId={customer.id} />,
    conversations: () => <CustomerConversations customerId={customer.id} stamp={`${customer.version}-${sent}`} />,
    history: () => (
      <section aria-labelledby="customer-history">
        <h2 id="customer-history">
          <FormattedMessage id="customers.tab.history" />
        </h2>
        <AuditTrail entity="customers" id={customer.id} version={customer.version} />
      </section>
    ),
  };
  const tabs: TabDef<CustomerTab>[] = tabsFor(staff).map((key) => ({ key, label: `customers.tab.${key}`, render: panels[key] }));

  return (
    <PageFrame route={route} id={name} heading={<bdi>{name}</bdi>}>
      <div className="record-header">
        <bdi dir="ltr" className="customer-phone">
          {String(customer.phone)}
        </bdi>
        {blocked && (
          <span className="status-chip" data-tone="bad">
            <FormattedMessage id="customers.blockedChip" />
          </span>
        )}
        {!mergedInto && (
          <div className="record-actions">
            <button type="button" className="button" onClick={() => setActing('message')}>
              <FormattedMessage id="customers.message.button" />
            </button>
            {staff && (
              <button type="button" className={blocked ? 'button' : 'button button-danger'} onClick={() => setActing(blocked ? 'unblock' : 'block')}>
                <FormattedMessage id={blocked ? 'customers.unblock.button' : 'customers.block.button'} />
              </button>
            )}
          </div>
        )}
      </div>
      {mergedInto ? (
        <div className="notice notice-info customer-merged" role="status">
          <FormattedMessage id="customers.mergedNotice" /> <Link href={pathOf(routeByKey('customerDetail'), mergedInto)}><FormattedMessage id="customers.mergedOpen" /></Link>
        </div>
      ) : (
        blocked && (
          <div className="notice notice-error customer-blocked" role="status">
            {/* The reason is staff's note: vendor staff are only told the customer cannot be booked. */}
            {staff ? (
              <FormattedMessage id="customers.blockedNotice" values={{ reason: <bdi>{String(customer.blocked_reason ?? '')}</bdi> }} />
            ) : (
              <FormattedMessage id="customers.blockedNoticeVendor" />
            )}
          </div>
        )
      )}
      {sent && (
        <div className="notice notice-info" role="status">
          <FormattedMessage id="customers.message.sent" />
        </div>
      )}
      <ServiceTabs
        tabs={tabs}
        current={tab}
        label={intl.formatMessage({ id: 'customers.tabs' })}
        onSelect={(key) => navigate(key === 'profile' ? path : `${path}?tab=${key}`, { replace: true })}
      />
      {acting && (
        <CustomerActionDialog
          kind={acting}
          customer={{ id: customer.id, version: customer.version, name }}
          onClose={(done) => {
            setActing(null);
            if (!done) return;
            if (acting === 'message') setSent(true);
            else reload();
          }}
        />
      )}
    </PageFrame>
  );
}

