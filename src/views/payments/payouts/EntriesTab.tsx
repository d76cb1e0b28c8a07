import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { TotalsGroup } from '../../../api/resources.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, formatMoney } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { commissionRate } from '../ledger/commissionRate.ts';
import { entriesScreen, type EntryRow } from './payoutsScreens.ts';

/** Every payment's split and every refund's effect on it: gross, commission, fee, the vendor's net and its payout. */
export function EntriesTab({ route, staff, tabs }: PageProps & { staff: boolean; tabs: ReactNode }) {
  const intl = useIntl();
  const list = useListScreen(entriesScreen);
  const bookingRoute = routeByKey('bookingDetail');
  const money = (minor: number, currency: string) => formatMoney(intl, minor, currency);
  // The totals row at the table's foot adds up the whole filtered set on the server.
  const sum = (...fields: string[]) => (group: TotalsGroup) =>
    money(fields.reduce((total, field) => total + (group.sums[field] ?? 0), 0), group.currency ?? 'DZD');

  const columns: Column<EntryRow>[] = [
    { key: 'date', header: 'payouts.date', priority: 1, sortField: 'created_at', render: (r) => formatDate(intl, r.created_at) },
    {
      key: 'booking',
      header: 'payouts.booking',
      priority: 1,
      render: (r) => (
        <span className="cell-stack">
          <bdi dir="ltr">{r._expanded?.booking_id?.ref ?? r.booking_id.slice(0, 8)}</bdi>
          <span className="muted">{r._expanded?.booking_id?.customer_name}</span>
        </span>
      ),
    },
    ...(staff ? [{ key: 'vendor', header: 'booking.vendor', priority: 2 as const, render: (r: EntryRow) => r._expanded?.vendor_id?.trade_name ?? '—' }] : []),
    {
      key: 'kind',
      header: 'payouts.kind',
      priority: 2,
      render: (r) => (
        <span className="cell-stack">
          <FormattedMessage id={`payouts.kind.${r.kind}`} />
          {r._expanded?.payment_id && <span className="muted"><FormattedMessage id={`payouts.method.${r._expanded.payment_id.method}`} /></span>}
        </span>
      ),
    },
    { key: 'gross', header: 'ledger.gross', priority: 1, align: 'end', render: (r) => money(r.amount + r.commission + r.fee, r.currency), total: sum('amount', 'commission', 'fee') },
    {
      key: 'percent',
      header: 'payouts.commissionPercent',
      priority: 3,
      align: 'end',
      render: (r) => {
        // The effective rate when the platform funded part of a discount (see commissionRate).
        const rate = commissionRate(r.commission, r.amount + r.commission + r.fee, r.commission_percent);
        if (!rate) return '—';
        const pct = (v: number) => intl.formatNumber(v, { style: 'percent', maximumFractionDigits: 2 });
        return rate.funded ? <FormattedMessage id="ledger.rateFunded" values={{ effective: pct(rate.effective), rate: pct(rate.nominal) }} /> : pct(rate.nominal);
      },
    },
    { key: 'commission', header: 'ledger.commission', priority: 2, align: 'end', render: (r) => money(r.commission, r.currency), total: sum('commission') },
    { key: 'fee', header: 'ledger.fee', priority: 3, align: 'end', render: (r) => money(r.fee, r.currency), total: sum('fee') },
    { key: 'net', header: 'ledger.net', priority: 1, sortField: 'amount', align: 'end', render: (r) => money(r.amount, r.currency), total: sum('amount') },
    {
      key: 'payout',
      header: 'ledger.payout',
      priority: 1,
      sortField: 'payable_from',
      render: (r) =>
        r._expanded?.payout_id ? (
          <span className="cell-stack">
            <StatusChip status={r._expanded.payout_id.status} kind="payoutStatus" />
            <span className="muted">{formatDate(intl, r._expanded.payout_id.period_end)}</span>
          </span>
        ) : r.kind === 'refund' ? (
          <FormattedMessage id="ledger.deductedNext" />
        ) : (
          <FormattedMessage id="ledger.payableFrom" values={{ date: formatDate(intl, r.payable_from) }} />
        ),
    },
  ];

  return (
    <ListScreen
      route={route}
      screen={entriesScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="payouts.noEntries" />}
      tableName={staff ? 'share-entries' : 'share-entries-vendor'}
      rowHref={(row) => pathOf(bookingRoute, row.booking_id)}
      actions={tabs}
    />
  );
}
