import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { buildPayoutMachine } from '../../../machines/payments/payouts.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, formatDateTime, formatMoney, formatSignedMoney } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { BuildPayoutDialog } from './BuildPayoutDialog.tsx';
import { PayoutPanel } from './PayoutPanel.tsx';
import { payoutsScreen, type PayoutRow } from './payoutsScreens.ts';

/** Payout batches per vendor; staff build, review, approve and pay them, vendor staff see theirs and download statements. */
export function PayoutsTab({ route, staff, tabs }: PageProps & { staff: boolean; tabs: ReactNode }) {
  const intl = useIntl();
  const list = useListScreen(payoutsScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), ['payout']);
  const open = panel.get('payout');
  const build = useActorRef(buildPayoutMachine);
  const created = useSelector(build, (s) => s.context.created);
  // A new draft opens beside the list for review.
  useEffect(() => {
    if (!created) return;
    list.send({ type: 'refresh' });
    navigate(panel.href('payout', String(created.id)));
  }, [created]);
  const money = (minor: number, currency: string) => formatMoney(intl, minor, currency);
  const signed = (minor: number, currency: string) => formatSignedMoney(intl, minor, currency);
  const openBuild = () => build.send({ type: 'open', period_end: today() });

  const columns: Column<PayoutRow>[] = [
    { key: 'period_end', header: 'payouts.periodEnd', priority: 1, sortField: 'period_end', render: (r) => formatDate(intl, r.period_end) },
    ...(staff ? [{ key: 'vendor', header: 'booking.vendor', priority: 1 as const, render: (r: PayoutRow) => r._expanded?.vendor_id?.trade_name ?? '—' }] : []),
    {
      key: 'status',
      header: 'booking.status',
      priority: 1,
      sortField: 'status',
      render: (r) =>
        r.account_approval === 'awaiting' ? (
          <span className="cell-stack">
            <StatusChip status={r.status} kind="payoutStatus" />
            <span className="status-chip" data-tone="warn">
              <FormattedMessage id="payouts.accountAwaiting" />
            </span>
          </span>
        ) : (
          <StatusChip status={r.status} kind="payoutStatus" />
        ),
    },
    { key: 'entries', header: 'payouts.entryCount', priority: 3, align: 'end', render: (r) => intl.formatNumber(r.entries_count) },
    // The sum "To pay" is made of stays on screen whatever gives way: gross, less refunds, less the reserve held, plus
    // the reserve released; each figure carries the sign of what it does to the sum.
    { key: 'gross', header: 'payouts.gross', priority: 1, align: 'end', render: (r) => money(r.gross, r.currency) },
    { key: 'refunds', header: 'payouts.refunds', priority: 1, align: 'end', render: (r) => signed(-r.refunds, r.currency) },
    { key: 'reserveHeld', header: 'payouts.reserveHeldPlain', priority: 1, align: 'end', render: (r) => signed(-r.reserve_held, r.currency) },
    { key: 'reserveReleased', header: 'payouts.reserveReleased', priority: 1, align: 'end', render: (r) => signed(r.reserve_released, r.currency) },
    { key: 'amount', header: 'payouts.amount', priority: 1, sortField: 'amount', align: 'end', render: (r) => money(r.amount, r.currency) },
    {
      key: 'paid',
      header: 'payouts.paid',
      // When and by which transfer: how a vendor matches a payout to their bank statement.
      priority: 1,
      sortField: 'paid_at',
      render: (r) =>
        r.paid_at ? (
          <span className="cell-stack">
            <span>{formatDateTime(intl, r.paid_at)}</span>
            <bdi className="muted" dir="ltr">{r.bank_reference}</bdi>
          </span>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <ListScreen
      route={route}
      screen={payoutsScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={
        <>
          <FormattedMessage id="payouts.none" />
          {/* The next step: staff build one; a vendor learns when one appears. */}
          <span className="payouts-empty-next">
            {staff ? (
              <button type="button" className="button button-primary" onClick={openBuild}>
                <FormattedMessage id="payouts.build" />
              </button>
            ) : (
              <FormattedMessage id="payouts.noneVendor" />
            )}
          </span>
        </>
      }
      tableName={staff ? 'payouts' : 'payouts-vendor'}
      rowHref={(row) => panel.href('payout', row.id)}
      actions={
        <>
          {tabs}
          {staff && (
            <button type="button" className="button button-primary" onClick={openBuild}>
              <FormattedMessage id="payouts.build" />
            </button>
          )}
        </>
      }
      notices={staff && <BuildPayoutDialog actor={build} />}
      side={
        open && (
          <PayoutPanel
            key={open}
            id={open}
            staff={staff}
            onChanged={() => list.send({ type: 'refresh' })}
            onClose={() => navigate(panel.href('payout', null))}
          />
        )
      }
    />
  );
}

/** Today in Algeria: what has taken place by now is payable. */
function today(): string {
  return new Date(Date.now() + 3_600_000).toISOString().slice(0, 10);
}
