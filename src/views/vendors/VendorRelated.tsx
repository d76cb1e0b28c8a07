import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { pathOf, routeByKey } from '../../app/routes.ts';
import type { ApiRecord } from '../../api/resources.ts';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { formatDate, formatDateTime, formatMoney, localized } from '../ui/format.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useRead } from '../ui/useRead.ts';
import { wilayaLabel } from '../ui/wilaya.ts';
import type { VendorRecord } from './vendorsScreen.ts';

interface RelatedProps {
  vendor: VendorRecord;
  resource: string;
  tab: string;
  ordering: string;
  fields: readonly string[];
  columns: Column<ApiRecord>[];
  rowHref?: (row: ApiRecord) => string;
  /** The whole list, filtered to the vendor, on its own screen. */
  all?: string;
}

/** The vendor's latest records of another collection (a page), each linking to its own page; read again when they change. */
function RelatedTable({ vendor, resource, tab, ordering, fields, columns, rowHref, all }: RelatedProps) {
  const intl = useIntl();
  const related = useRead('customersPagedList', { collection: resource, filters: { vendor_id: vendor.id }, ordering, fields, pageSize: 20 });
  let body: ReactNode;
  if (related.state === 'failed') body = <ErrorState detail={related.error.detail || undefined} onRetry={related.retry} />;
  else if (related.data === undefined) body = <p className="muted"><FormattedMessage id="common.loading" /></p>;
  else if (related.data.results.length === 0) body = <EmptyState title={<FormattedMessage id={`vendors.none.${tab}`} />} />;
  else {
    body = (
      <DataTable
        name={`vendor-${tab}`}
        caption={intl.formatMessage({ id: 'vendors.latest' }, { shown: related.data.results.length, count: related.data.count })}
        columns={columns}
        rows={related.data.results}
        ordering={ordering}
        onSort={() => undefined}
        rowHref={rowHref}
      />
    );
  }
  return (
    <section aria-labelledby={`vendor-${tab}`}>
      <div className="service-tab-heading">
        <h2 id={`vendor-${tab}`}>
          <FormattedMessage id={`vendors.tab.${tab}`} />
        </h2>
        {all && (
          <Link href={all}>
            <FormattedMessage id="vendors.seeAll" />
          </Link>
        )}
      </div>
      {body}
    </section>
  );
}

const active = (r: ApiRecord) => <FormattedMessage id={r.active ? 'vendors.active' : 'vendors.inactive'} />;

export function VendorBranches({ vendor }: { vendor: VendorRecord }) {
  const intl = useIntl();
  return (
    <RelatedTable
      vendor={vendor}
      resource="branches"
      tab="branches"
      ordering="name"
      fields={['name', 'wilaya_code', 'phone', 'manager_name', 'active']}
      columns={[
        { key: 'name', header: 'vendors.branch.name', priority: 1, render: (r) => <bdi>{String(r.name)}</bdi> },
        { key: 'wilaya', header: 'vendors.wilaya', priority: 2, render: (r) => (r.wilaya_code ? wilayaLabel(String(r.wilaya_code), intl.locale) : '—') },
        { key: 'phone', header: 'vendors.contactPhone', priority: 3, render: (r) => (r.phone ? <bdi dir="ltr">{String(r.phone)}</bdi> : '—') },
        { key: 'manager', header: 'vendors.branch.manager', priority: 3, render: (r) => String(r.manager_name ?? '—') },
        { key: 'active', header: 'vendors.branch.active', priority: 2, render: active },
      ]}
    />
  );
}

export function VendorServices({ vendor }: { vendor: VendorRecord }) {
  const intl = useIntl();
  const detail = routeByKey('serviceDetail');
  return (
    <RelatedTable
      vendor={vendor}
      resource="services"
      tab="services"
      ordering="-created_at"
      fields={['title_i18n', 'status', 'capacity', 'rating_avg', 'created_at']}
      rowHref={(r) => pathOf(detail, r.id)}
      all={`${pathOf(routeByKey('servicesList'))}?vendor_id=${encodeURIComponent(vendor.id)}`}
      columns={[
        { key: 'title', header: 'vendors.service.title', priority: 1, render: (r) => localized(r.title_i18n as never, intl.locale) },
        { key: 'status', header: 'vendors.status', priority: 1, render: (r) => <StatusChip status={String(r.status)} kind="serviceStatus" /> },
        { key: 'capacity', header: 'vendors.service.capacity', priority: 3, align: 'end', render: (r) => intl.formatNumber(Number(r.capacity)) },
        {
          key: 'rating', header: 'vendors.rating', priority: 2, align: 'end',
          render: (r) => (r.rating_avg == null ? '—' : intl.formatNumber(Number(r.rating_avg), { maximumFractionDigits: 1 })),
        },
      ]}
    />
  );
}

export function VendorBookings({ vendor }: { vendor: VendorRecord }) {
  const intl = useIntl();
  const detail = routeByKey('bookingDetail');
  return (
    <RelatedTable
      vendor={vendor}
      resource="bookings"
      tab="bookings"
      ordering="-starts_at"
      fields={['ref', 'customer_name', 'starts_at', 'total', 'currency', 'status']}
      rowHref={(r) => pathOf(detail, r.id)}
      all={`${pathOf(routeByKey('bookingManage'))}?vendor_id=${encodeURIComponent(vendor.id)}&view=all`}
      columns={[
        { key: 'ref', header: 'booking.ref', priority: 1, render: (r) => <span dir="ltr">{String(r.ref)}</span> },
        { key: 'customer', header: 'booking.customer', priority: 1, render: (r) => String(r.customer_name ?? '—') },
        { key: 'starts_at', header: 'booking.startsAt', priority: 2, render: (r) => formatDateTime(intl, String(r.starts_at)) },
        { key: 'total', header: 'booking.total', priority: 2, align: 'end', render: (r) => formatMoney(intl, Number(r.total), String(r.currency)) },
        { key: 'status', header: 'booking.status', priority: 1, render: (r) => <StatusChip status={String(r.status)} kind="bookingStatus" /> },
      ]}
    />
  );
}

export function VendorPayouts({ vendor }: { vendor: VendorRecord }) {
  const intl = useIntl();
  const split = pathOf(routeByKey('paymentsSplit'));
  return (
    <RelatedTable
      vendor={vendor}
      resource="payouts"
      tab="payouts"
      ordering="-period_end"
      fields={['period_end', 'status', 'amount', 'currency', 'paid_at']}
      rowHref={(r) => `${split}?tab=payouts&payout=${r.id}`}
      all={`${split}?tab=payouts&vendor_id=${encodeURIComponent(vendor.id)}`}
      columns={[
        { key: 'period_end', header: 'payouts.periodEnd', priority: 1, render: (r) => formatDate(intl, String(r.period_end)) },
        { key: 'status', header: 'booking.status', priority: 1, render: (r) => <StatusChip status={String(r.status)} kind="payoutStatus" /> },
        { key: 'amount', header: 'payouts.amount', priority: 1, align: 'end', render: (r) => formatMoney(intl, Number(r.amount), String(r.currency)) },
        { key: 'paid', header: 'payouts.paid', priority: 2, render: (r) => (r.paid_at ? formatDateTime(intl, String(r.paid_at)) : '—') },
      ]}
    />
  );
}
