import { useSelector } from '@xstate/react';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useSearch } from 'wouter';
import { usePageReady } from '../../../app/pageReady.ts';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import { ServiceTabs, type TabDef } from '../../services/ServiceTabs.tsx';
import { useCommand } from '../../ui/command.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDateTime, formatMoney, localized } from '../../ui/format.ts';
import { PageFrame } from '../../ui/PageFrame.tsx';
import { AuditTrail } from '../../ui/RecordHistory.tsx';
import { RecordUnavailable } from '../../ui/RecordUnavailable.tsx';
import { useRecordScreen, useRelated } from '../../ui/recordScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { CustomerAdjustDialog, type Ledger } from '../ledgers/AdjustDialog.tsx';
import { LoyaltyLedger } from '../ledgers/LoyaltyLedger.tsx';
import { WalletLedger } from '../ledgers/WalletLedger.tsx';
import { CustomerDuplicates, MergeDialog } from '../merge/CustomerDuplicates.tsx';
import { CustomerReviews } from '../reviews/CustomerReviews.tsx';
import { BlockDialog, MessageDialog, messageCommand } from './CustomerActionDialog.tsx';
import { CustomerConversations } from './CustomerConversations.tsx';
import { CustomerFacts, CustomerProfileForm } from './CustomerProfile.tsx';
import { CustomerRelated } from './CustomerRelated.tsx';
import { tabOf, tabsFor, type CustomerTab } from './customerPage.ts';
import { customerScreen } from './customerScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** The one dialog the page may have open. */
type Dialog = { kind: 'block' | 'unblock' | 'message' } | { kind: 'adjust'; ledger: Ledger } | { kind: 'merge'; other: ApiRecord };

/**
 * One customer: who they are (staff edit it), whether they are blocked and why, and
 * tabs of what they did (bookings, payments), what they are owed (wallet, points), what
 * they said (reviews, conversations) and the history of the record; the open tab is kept
 * in the URL. Staff block and unblock with a reason and credit, debit or adjust in the
 * ledger tabs, and merge a duplicate into them; whoever may see the customer writes them
 * a message. Every action is a command; once one is done the page reads everything again.
 */
export function CustomerDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const id = params.id ?? '';
  const { screen, record } = useRecordScreen(customerScreen, id);
  const snapshot = useSelector(record, (s) => s);
  const duplicates = useRelated(screen, customerScreen, 'duplicates');
  const conversations = useRelated(screen, customerScreen, 'conversations');
  const staff = useStaff();
  const [path, navigate] = useLocation();
  const tab = tabOf(useSearch(), staff);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const reload = () => screen.send({ type: 'reload' });
  const closed = (done: boolean) => {
    setDialog(null);
    if (done) reload();
  };
  // Held by the page, so "sent" still shows once its dialog is gone.
  const message = useCommand(messageCommand, { values: { body: '' }, fixed: { id }, onDone: () => closed(true) });
  const writeMessage = () => {
    if (message.done) message.again();
    else message.set({ body: '' });
    setDialog({ kind: 'message' });
  };
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
            <CustomerProfileForm key={customer.version} id={customer.id} onSaved={reload} />
          ) : (
            <CustomerFacts customer={customer} contact staff={false} />
          )}
          {editable && <CustomerDuplicates customer={customer} duplicates={duplicates} onMerge={(other) => setDialog({ kind: 'merge', other })} />}
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
        ordering="-created_at"
        fields={['created_at', 'paid_at', 'booking_ref', 'method', 'amount', 'currency', 'status']}
        columns={paymentColumns}
        empty="customers.noPayments"
        rowHref={(r) => pathOf(paymentDetail, r.id)}
      />
    ),
    // An adjustment changes the customer's balances (a new version): the ledger is drawn again from its start.
    wallet: () => <WalletLedger key={customer.version} customerId={customer.id} onAdjust={editable ? () => setDialog({ kind: 'adjust', ledger: 'wallet' }) : undefined} />,
    loyalty: () => <LoyaltyLedger key={customer.version} customerId={customer.id} onAdjust={editable ? () => setDialog({ kind: 'adjust', ledger: 'loyalty' }) : undefined} />,
    reviews: () => <CustomerReviews customerId={customer.id} />,
    conversations: () => <CustomerConversations conversations={conversations} />,
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
            <button type="button" className="button" onClick={writeMessage}>
              <FormattedMessage id="customers.message.button" />
            </button>
            {staff && (
              <button type="button" className={blocked ? 'button' : 'button button-danger'} onClick={() => setDialog({ kind: blocked ? 'unblock' : 'block' })}>
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
      {message.done && (
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
      {(dialog?.kind === 'block' || dialog?.kind === 'unblock') && <BlockDialog kind={dialog.kind} customer={customer} onClose={closed} />}
      {dialog?.kind === 'message' && <MessageDialog form={message} name={name} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'adjust' && <CustomerAdjustDialog ledger={dialog.ledger} customer={customer} onClose={closed} />}
      {dialog?.kind === 'merge' && <MergeDialog customer={customer} other={dialog.other} onClose={closed} />}
    </PageFrame>
  );
}

