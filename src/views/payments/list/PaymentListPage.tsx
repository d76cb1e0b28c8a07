import { useActorRef, useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { TotalsGroup } from '../../../api/resources.ts';
import { cashPaymentMachine } from '../../../machines/payments/cashPayment.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, formatMoney } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { CashPaymentDialog } from './CashPaymentDialog.tsx';
import { paymentsScreen, type PaymentRow } from './paymentsScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** Who paid what for which booking and how it divides, with the totals of everything the filters match; cash is recorded here. */
export function PaymentListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(paymentsScreen);
  // Cash recorded: the list is read again and the amount announced above it.
  const cash = useActorRef(cashPaymentMachine.provide({ actions: { announceRecorded: () => list.send({ type: 'refresh' }) } }));
  const payment = useSelector(cash, (s) => s.context.recorded);
  const recorded = payment ? formatMoney(intl, Number(payment.amount), String(payment.currency)) : null;
  const detail = routeByKey('paymentDetail');
  const bookingDetail = routeByKey('bookingDetail');

  const money = (row: PaymentRow, amount: number) => formatMoney(intl, amount, row.currency);
  const sum = (field: string) => (group: TotalsGroup) => formatMoney(intl, group.sums[field] ?? 0, group.currency ?? 'DZD');
  // The date is when the money came in (when it was recorded while pending); the list is ordered by recording, which is never empty.
  const columns: Column<PaymentRow>[] = [
    {
      key: 'date',
      header: 'payments.date',
      priority: 1,
      sortField: 'created_at',
      // Date over time: a narrow column, so the money columns fit beside it.
      render: (r) => (
        <span className="cell-stack">
          <span className="payment-date">{formatDate(intl, r.paid_at ?? r.created_at)}</span>
          <span className="muted">{intl.formatTime(r.paid_at ?? r.created_at, { timeStyle: 'short' })}</span>
        </span>
      ),
    },
    {
      key: 'booking',
      header: 'payments.booking',
      priority: 1,
      render: (r) => (
        <Link href={pathOf(bookingDetail, r.booking_id)}>
          <bdi dir="ltr">{r.booking_ref}</bdi>
        </Link>
      ),
    },
    {
      key: 'payer',
      header: 'payments.payer',
      priority: 2,
      render: (r) => (
        <span className="cell-stack">
          <span>{r.payer_name || r._expanded?.customer_id?.name || '—'}</span>
          {r.payer_phone && (
            <bdi className="muted" dir="ltr">
              {r.payer_phone}
            </bdi>
          )}
        </span>
      ),
    },
    { key: 'method', header: 'payments.method', priority: 2, render: (r) => <FormattedMessage id={`paymentMethod.${r.method}`} /> },
    { key: 'amount', header: 'payments.amount', priority: 1, sortField: 'amount', align: 'end', render: (r) => money(r, r.amount), total: sum('amount') },
    { key: 'fee', header: 'payments.fee', priority: 2, align: 'end', render: (r) => money(r, r.fee), total: sum('fee') },
    {
      key: 'commission',
      header: 'payments.commission',
      priority: 2,
      align: 'end',
      render: (r) => money(r, r.platform_commission),
      total: sum('platform_commission'),
    },
    { key: 'vendor_share', header: 'payments.vendorShare', priority: 2, align: 'end', render: (r) => money(r, r.vendor_share), total: sum('vendor_share') },
    {
      key: 'refunded',
      header: 'payments.refunded',
      priority: 3,
      align: 'end',
      optional: true,
      render: (r) => money(r, r.refunded_amount),
      total: sum('refunded_amount'),
    },
    { key: 'status', header: 'payments.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="paymentRecordStatus" /> },
    {
      key: 'gateway_reference',
      header: 'payments.gatewayReference',
      priority: 2,
      render: (r) =>
        r.gateway_reference ? (
          <bdi dir="ltr" className="payment-ref" title={r.gateway_reference}>
            {r.gateway_reference}
          </bdi>
        ) : (
          <span className="muted">—</span>
        ),
    },
  ];

  return (
    <>
      <ListScreen
        route={route}
        screen={paymentsScreen}
        list={list}
        staff={staff}
        columns={columns}
        empty={<FormattedMessage id="payments.none" />}
        tableName="payments"
        rowHref={(row) => pathOf(detail, row.id)}
        notices={
          recorded && (
            <div className="notice notice-info" role="status">
              <FormattedMessage id="payments.cash.recorded" values={{ amount: recorded }} />
            </div>
          )
        }
        actions={
          <button type="button" className="button button-primary" onClick={() => cash.send({ type: 'open' })}>
            <FormattedMessage id="payments.cash.button" />
          </button>
        }
      />
      <CashPaymentDialog actor={cash} />
    </>
  );
}
