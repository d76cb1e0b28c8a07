import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import type { Column } from '../ui/DataTable.tsx';
import { formatMoney } from '../ui/format.ts';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { wilayaLabel } from '../ui/wilaya.ts';
import { NewVendorPanel } from './NewVendorPanel.tsx';
import { vendorsScreen, type VendorRow } from './vendorsScreen.ts';

/** Staff's vendors: who sells, in which standing, at what commission, and how they did in the last 30 days. */
export function VendorListPage({ route }: PageProps) {
  const intl = useIntl();
  const list = useListScreen(vendorsScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), ['new']);
  const detail = routeByKey('vendorDetail');
  const pct = (value: number) => intl.formatNumber(value / 100, { style: 'percent', maximumFractionDigits: 2 });

  const columns: Column<VendorRow>[] = [
    {
      key: 'trade_name',
      header: 'vendors.tradeName',
      priority: 1,
      sortField: 'trade_name',
      render: (r) => (
        <span className="cell-stack">
          <bdi>{r.trade_name}</bdi>
          <bdi className="muted">{r.legal_name}</bdi>
        </span>
      ),
    },
    { key: 'status', header: 'vendors.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="vendorStatus" /> },
    { key: 'wilaya', header: 'vendors.wilaya', priority: 3, render: (r) => (r.wilaya_code ? wilayaLabel(r.wilaya_code, intl.locale) : '—') },
    { key: 'commission', header: 'vendors.commission', priority: 2, sortField: 'commission_percent', align: 'end', render: (r) => pct(r.commission_percent) },
    { key: 'services', header: 'vendors.services', priority: 2, align: 'end', render: (r) => intl.formatNumber(r.services_count ?? 0) },
    { key: 'bookings', header: 'vendors.bookings30', priority: 2, align: 'end', render: (r) => intl.formatNumber(r.bookings_30d ?? 0) },
    {
      key: 'revenue',
      header: 'vendors.revenue30',
      priority: 1,
      align: 'end',
      render: (r) =>
        (r.revenue_30d ?? []).length === 0 ? (
          '—'
        ) : (
          <span className="cell-stack">
            {r.revenue_30d.map((m) => (
              <span key={m.currency}>{formatMoney(intl, m.amount, m.currency)}</span>
            ))}
          </span>
        ),
    },
    {
      key: 'rating',
      header: 'vendors.rating',
      priority: 3,
      align: 'end',
      render: (r) =>
        r.rating_avg === null || r.rating_avg === undefined ? (
          '—'
        ) : (
          <FormattedMessage id="vendors.ratingValue" values={{ rating: intl.formatNumber(r.rating_avg, { maximumFractionDigits: 1 }), count: r.reviews_count }} />
        ),
    },
  ];

  const opened = panel.get('new');
  return (
    <ListScreen
      route={route}
      screen={vendorsScreen}
      list={list}
      staff
      columns={columns}
      empty={<FormattedMessage id="vendors.none" />}
      tableName="vendors"
      rowHref={(row) => pathOf(detail, row.id)}
      actions={
        <Link href={panel.href('new', '1')} className="button button-primary">
          <FormattedMessage id="vendors.new" />
        </Link>
      }
      side={
        opened && (
          <NewVendorPanel
            onClose={(created) => {
              if (created) navigate(pathOf(detail, created));
              else navigate(panel.href('new', null));
            }}
          />
        )
      }
    />
  );
}
