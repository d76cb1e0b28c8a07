import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen, type CollectionDescription, type ListScreenSpec } from '../../ui/listScreen.ts';
import { useStaff } from '../../../app/permissions.ts';
import { useCommand, type CommandForm, type CommandSpec } from '../../ui/command.ts';
import { PointsAdjustDialog, pointsAdjust, pointsStart, WalletAdjustDialog, walletAdjust, walletStart } from './AdjustDialog.tsx';
import { ledgerReason } from './ledgerReason.ts';
import { loyaltyScreen, walletScreen, type LoyaltyRow, type WalletRow } from './ledgerScreens.ts';

type Row = WalletRow | LoyaltyRow;

/** The columns both ledgers share: when, whose, where from, the change, the balance after, why, which booking. */
function useSharedColumns<R extends Row>(ledger: 'wallet' | 'loyalty', change: Column<R>, origin: (row: R) => string): Column<R>[] {
  const intl = useIntl();
  const bookingRoute = routeByKey('bookingDetail');
  return [
    { key: 'created_at', header: 'ledgers.date', priority: 1, sortField: 'created_at', render: (r) => formatDateTime(intl, r.created_at) },
    { key: 'customer', header: 'ledgers.customer', priority: 1, render: (r) => r._expanded?.customer_id?.name ?? '—' },
    { key: 'origin', header: 'ledgers.origin', priority: 2, render: (r) => <FormattedMessage id={origin(r)} /> },
    change,
    { key: 'reason', header: 'ledgers.reason', priority: 2, render: (r) => <span className="ledger-reason">{ledgerReason(intl, ledger, r)}</span> },
    {
      key: 'booking',
      header: 'ledgers.booking',
      priority: 3,
      render: (r) =>
        r._expanded?.booking_id ? (
          <Link href={pathOf(bookingRoute, r._expanded.booking_id.id)}>
            <bdi dir="ltr">{r._expanded.booking_id.ref}</bdi>
          </Link>
        ) : '—',
    },
  ];
}

/** Every wallet transaction: credits and debits with their source, amount and balance after; staff credit or debit with a reason. */
export function WalletListPage({ route }: PageProps) {
  const intl = useIntl();
  const money = (minor: number, currency: string) => formatMoney(intl, minor, currency);
  const columns = useSharedColumns<WalletRow>(
    'wallet',
    {
      key: 'amount',
      header: 'ledgers.amount',
      priority: 1,
      sortField: 'amount',
      align: 'end',
      render: (r) => <bdi className={r.kind === 'debit' ? 'ledger-minus' : 'ledger-plus'}>{money(r.kind === 'debit' ? -r.amount : r.amount, r.currency)}</bdi>,
    },
    (r) => `walletSource.${r.source}`,
  );
  columns.splice(4, 0, { key: 'balance_after', header: 'ledgers.balanceAfter', priority: 2, align: 'end', render: (r) => money(r.balance_after, r.currency) });
  return (
    <Ledger route={route} screen="wallet" spec={walletScreen} columns={columns} empty="ledgers.wallet.none" adjust={walletAdjust} start={walletStart(null)}>
      {(form, close) => <WalletAdjustDialog form={form} pick onClose={close} />}
    </Ledger>
  );
}

/** Every loyalty entry: points earned, taken back, expired or adjusted, with the balance after; staff adjust with a reason. */
export function LoyaltyListPage({ route }: PageProps) {
  const intl = useIntl();
  const columns = useSharedColumns<LoyaltyRow>(
    'loyalty',
    {
      key: 'points',
      header: 'ledgers.pointsCount',
      priority: 1,
      sortField: 'points',
      align: 'end',
      render: (r) => <bdi className={r.points < 0 ? 'ledger-minus' : 'ledger-plus'}>{intl.formatNumber(r.points, { signDisplay: 'exceptZero' })}</bdi>,
    },
    (r) => `loyaltySource.${r.source}`,
  );
  columns.splice(4, 0, { key: 'balance_after', header: 'ledgers.balanceAfter', priority: 2, align: 'end', render: (r) => intl.formatNumber(r.balance_after) });
  columns.push({ key: 'expires_at', header: 'ledgers.expires', priority: 3, render: (r) => (r.expires_at ? formatDate(intl, r.expires_at) : '—') });
  return (
    <Ledger route={route} screen="loyalty" spec={loyaltyScreen} columns={columns} empty="ledgers.points.none" adjust={pointsAdjust} start={pointsStart(null)}>
      {(form, close) => <PointsAdjustDialog form={form} pick onClose={close} />}
    </Ledger>
  );
}

type AdjustCommand = 'walletAdjust' | 'pointsAdjust';

/**
 * A ledger screen: every customer's entries, and staff's adjustment by hand (a command:
 * its dialog while open, "saved" above the list once the server took it, the list read
 * again).
 */
function Ledger<C extends CollectionDescription, R extends Row, N extends AdjustCommand>({
  route,
  screen,
  spec,
  columns,
  empty,
  adjust,
  start,
  children,
}: Pick<PageProps, 'route'> & {
  screen: 'wallet' | 'loyalty';
  spec: ListScreenSpec<C>;
  columns: Column<R>[];
  empty: string;
  adjust: CommandSpec<N>;
  /** What the adjustment starts from each time it is opened. */
  start: CommandForm<N>['values'];
  /** The adjust dialog, drawing the command's form. */
  children: (form: CommandForm<N>, close: () => void) => ReactNode;
}) {
  const staff = useStaff();
  const list = useListScreen(spec);
  const [open, setOpen] = useState(false);
  const form = useCommand(adjust, {
    values: start,
    onDone: () => {
      setOpen(false);
      list.send({ type: 'refresh' });
    },
  });
  const customerRoute = routeByKey('customerDetail');
  const prefix = screen === 'wallet' ? 'ledgers.wallet' : 'ledgers.points';
  const openAdjust = () => {
    if (form.done) form.again();
    else form.set(start);
    setOpen(true);
  };
  return (
    <>
      <ListScreen
        route={route}
        screen={spec}
        list={list}
        staff={staff}
        columns={columns}
        empty={<FormattedMessage id={empty} />}
        tableName={`ledger-${screen}`}
        rowHref={(row) => pathOf(customerRoute, row.customer_id)}
        actions={
          staff && (
            <button type="button" className="button" onClick={openAdjust}>
              <FormattedMessage id={`${prefix}.adjust`} />
            </button>
          )
        }
        notices={
          form.done && (
            <p className="notice notice-info" role="status">
              <FormattedMessage id={`${prefix}.saved`} />
            </p>
          )
        }
      />
      {open && children(form, () => setOpen(false))}
    </>
  );
}
