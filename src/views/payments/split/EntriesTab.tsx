import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../../app/pages.tsx';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { fetchTotals, type Totals } from '../../../api/resources.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, formatMoney } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { entriesScreen, type EntryRow } from './splitScreens.ts';

/** Every payment's split and every refund's effect on it: gross, commission, fee, the vendor's net and its payout. */
export function EntriesTab({ route, staff, tabs }: PageProps & { staff: boolean; tabs: ReactNode }) {
  const intl = useIntl();
  const list = useListScreen(entriesScreen);
  const bookingRoute = routeByKey('bookingDetail');
  const money = (minor: number, currency: string) => formatMoney(intl, minor, currency);

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
    { key: 'gross', header: 'ledger.gross', priority: 1, align: 'end', render: (r) => money(r.amount + r.commission + r.fee, r.currency) },
    {
      key: 'percent',
      header: 'payouts.commissionPercent',
      priority: 3,
      align: 'end',
      render: (r) => (r.commission_percent === null ? '—' : intl.formatNumber(r.commission_percent / 100, { style: 'percent', maximumFractionDigits: 2 })),
    },
    { key: 'commission', header: 'ledger.commission', priority: 2, align: 'end', render: (r) => money(r.commission, r.currency) },
    { key: 'fee', header: 'ledger.fee', priority: 3, align: 'end', render: (r) => money(r.fee, r.currency) },
    { key: 'net', header: 'ledger.net', priority: 1, sortField: 'amount', align: 'end', render: (r) => money(r.amount, r.currency) },
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
      exportable
      notices={<EntryTotals list={list} />}
    />
  );
}

/** The whole filtered set's sums (every page), from the server. */
function EntryTotals({ list }: { list: ReturnType<typeof useListScreen> }) {
  const intl = useIntl();
  const query = useSelector(list, (s) => s.context.query);
  const [totals, setTotals] = useState<Totals | null>(null);
  const key = JSON.stringify([query.filters, query.search]);
  useEffect(() => {
    const controller = new AbortController();
    fetchTotals('vendor-share-entries', query, controller.signal).then(setTotals, () => {
      if (!controller.signal.aborted) setTotals(null);
    });
    return () => controller.abort();
  }, [key]);
  if (!totals) return null;
  return (
    <div className="split-totals" role="group" aria-label={intl.formatMessage({ id: 'ledger.totals' })}>
      {totals.by_currency.map((group) => {
        const m = (v: number) => formatMoney(intl, v, group.currency ?? 'DZD');
        const { amount = 0, commission = 0, fee = 0 } = group.sums;
        return (
          <dl key={group.currency ?? ''} className="split-totals-group">
            <div><dt><FormattedMessage id="payouts.entryCount" /></dt><dd>{intl.formatNumber(group.count)}</dd></div>
            <div><dt><FormattedMessage id="ledger.gross" /></dt><dd>{m(amount + commission + fee)}</dd></div>
            <div><dt><FormattedMessage id="ledger.commission" /></dt><dd>{m(commission)}</dd></div>
            <div><dt><FormattedMessage id="ledger.fee" /></dt><dd>{m(fee)}</dd></div>
            <div><dt><FormattedMessage id="ledger.net" /></dt><dd>{m(amount)}</dd></div>
          </dl>
        );
      })}
    </div>
  );
}
