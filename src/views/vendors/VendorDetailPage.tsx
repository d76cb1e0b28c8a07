import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useSearch } from 'wouter';
import { usePageReady } from '../../app/pageReady.ts';
import type { PageProps } from '../../app/routes.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { VendorCommission } from '../payments/payouts/CommissionTab.tsx';
import { ServiceTabs, type TabDef } from '../services/ServiceTabs.tsx';
import { useLifecycleActions, type LifecycleRow } from '../ui/LifecycleActions.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { AuditTrail } from '../ui/RecordHistory.tsx';
import { RecordUnavailable } from '../ui/RecordUnavailable.tsx';
import { useRecordScreen, useRelated } from '../ui/recordScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { ExpiringDocuments, VendorDocuments } from './VendorDocuments.tsx';
import { ActAsButton } from './users/ActAsButton.tsx';
import { VendorUsers } from './users/VendorUsers.tsx';
import { VendorProfile } from './VendorProfile.tsx';
import { VendorBookings, VendorBranches, VendorPayouts, VendorServices } from './VendorRelated.tsx';
import { vendorScreen } from './vendorScreen.ts';
import { VENDOR_EVENTS, VENDOR_TABS, vendorTabOf, type VendorRecord, type VendorTab } from './vendorsScreen.ts';

/**
 * One vendor (staff only): its standing and the onboarding actions its chart allows, an
 * alert when a document expires within 30 days, then its tabs (profile and legal identity,
 * documents, commission, branches, users, services, bookings, payouts, history), the open
 * one kept in the URL. Its documents are read beside it (the page's related reads).
 */
export function VendorDetailPage({ route, params }: PageProps) {
  const intl = useIntl();
  const id = params.id ?? '';
  const { screen, record } = useRecordScreen(vendorScreen, id);
  const snapshot = useSelector(record, (s) => s);
  const documents = useRelated(screen, vendorScreen, 'documents');
  const expiring = useRelated(screen, vendorScreen, 'expiring');
  const [path, navigate] = useLocation();
  const tab = vendorTabOf(useSearch());
  usePageReady(!snapshot.matches('loading'));
  const reload = () => screen.send({ type: 'reload' });
  const actions = useLifecycleActions<LifecycleRow>({
    resource: 'vendors',
    lifecycle: 'vendor',
    order: VENDOR_EVENTS,
    messagePrefix: 'vendorEvent',
    staff: true,
    label: (row) => String(row.trade_name),
    describe: (row) => <FormattedMessage id="vendors.actionOn" values={{ name: <bdi>{String(row.trade_name)}</bdi> }} />,
    onDone: reload,
  });

  if (snapshot.matches('notFound') || snapshot.matches('failed')) {
    return (
      <RecordUnavailable
        route={route}
        id={id}
        notFound={snapshot.matches('notFound')}
        detail={snapshot.context.error?.detail}
        onRetry={() => record.send({ type: 'retry' })}
      />
    );
  }
  const vendor = snapshot.context.record as VendorRecord | null;
  if (!vendor) return null;

  const tabs: TabDef<VendorTab>[] = VENDOR_TABS.map((key) => ({
    key,
    label: `vendors.tab.${key}`,
    render: () => {
      switch (key) {
        case 'profile':
          return <VendorProfile key={vendor.version} vendor={vendor} onSaved={reload} />;
        case 'documents':
          return <VendorDocuments vendor={vendor} documents={documents} onSaved={reload} />;
        case 'commission':
          return (
            <section className="card commission-card" aria-labelledby="vendor-commission">
              <h2 id="vendor-commission">
                <FormattedMessage id="vendors.tab.commission" />
              </h2>
              <VendorCommission key={vendor.version} vendor={vendor as unknown as ApiRecord} onSaved={reload} />
            </section>
          );
        case 'branches':
          return <VendorBranches vendor={vendor} />;
        case 'users':
          return <VendorUsers vendor={vendor} />;
        case 'services':
          return <VendorServices vendor={vendor} />;
        case 'bookings':
          return <VendorBookings vendor={vendor} />;
        case 'payouts':
          return <VendorPayouts vendor={vendor} />;
        case 'history':
          return (
            <section aria-labelledby="vendor-history">
              <h2 id="vendor-history">
                <FormattedMessage id="vendors.tab.history" />
              </h2>
              <AuditTrail entity="vendors" id={vendor.id} version={vendor.version} eventPrefix="vendorEvent" />
            </section>
          );
      }
    },
  }));

  return (
    <PageFrame route={route} id={vendor.trade_name} heading={<bdi>{vendor.trade_name}</bdi>}>
      <div className="record-header">
        <StatusChip status={vendor.status} kind="vendorStatus" />
        {vendor.status_reason && vendor.status !== 'active' ? <span className="muted vendor-status-reason">{vendor.status_reason}</span> : null}
        <div className="record-actions" role="group" aria-label={intl.formatMessage({ id: 'vendors.actions' })}>
          {actions.bulkButtons([vendor as unknown as LifecycleRow])}
          {/* Only an active vendor's staff work in the app: an applied one has nothing live yet, a suspended one is locked out. */}
          {vendor.status === 'active' && <ActAsButton vendor={vendor} />}
        </div>
      </div>
      {actions.report}
      {actions.dialog}
      <ExpiringDocuments expiring={expiring} documentsHref={`${path}?tab=documents`} />
      <ServiceTabs
        tabs={tabs}
        current={tab}
        label={intl.formatMessage({ id: 'vendors.tabs' })}
        onSelect={(key) => navigate(key === 'profile' ? path : `${path}?tab=${key}`, { replace: true })}
      />
    </PageFrame>
  );
}
