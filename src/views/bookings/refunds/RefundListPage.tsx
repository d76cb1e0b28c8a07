import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../../app/routes.ts';
import type { TotalsGroup } from '../../../api/resources.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDateTime, formatMoney } from '../../ui/format.ts';
import { useLifecycleActions } from '../../ui/LifecycleActions.tsx';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { reasonText, useReasonCodes } from '../../ui/reasonCodes.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { bookingRefOf, REFUND_EVENTS, refundsScreen, type RefundRow } from './refundsScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** Refunds across bookings, found by booking reference, customer or phone: whose, how much, and the next step of each, what needs action first. */
export function RefundListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(refundsScreen);
  const bookingRoute = routeByKey('bookingDetail');
  const codes = useReasonCodes();
  const actions = useLifecycleActions<RefundRow>({
    resource: refundsScreen.collection.name,
    lifecycle: 'refund',
    order: REFUND_EVENTS,
    messagePrefix: 'refundEvent',
    staff,
    label: bookingRefOf,
    describe: (row) => <FormattedMessage id="refundList.confirmDescription" values={{ amount: formatMoney(intl, row.amount, row.currency), booking: bookingRefOf(row) }} />,
    onDone: () => list.send({ type: 'refresh' }),
  });

  const columns: Column<RefundRow>[] = [
    { key: 'booking', header: 'refundList.booking', priority: 1, render: (r) => <bdi dir="ltr">{bookingRefOf(r)}</bdi> },
    {
      key: 'customer',
      header: 'booking.customer',
      priority: 1,
      render: (r) => r._expanded?.booking_id?.customer_name ?? '—',
    },
    ...(staff
      ? [{ key: 'vendor', header: 'booking.vendor', priority: 3 as const, render: (r: RefundRow) => r._expanded?.vendor_id?.trade_name ?? '—' }]
      : []),
    {
      key: 'amount',
      header: 'refund.amount',
      priority: 1,
      sortField: 'amount',
      align: 'end',
      render: (r) => formatMoney(intl, r.amount, r.currency),
      // How much the refunds the filters find add up to, over every page (the totals row).
      total: (group: TotalsGroup) => formatMoney(intl, group.sums.amount ?? 0, group.currency ?? 'DZD'),
    },
    {
      key: 'kind',
      header: 'refundList.kind',
      priority: 2,
      render: (r) => (
        <span className="cell-stack">
          <span>
            <FormattedMessage id={`refundKind.${r.kind}`} />
          </span>
          <span className="muted">
            <FormattedMessage id={`refundDestination.${r.destination}`} />
          </span>
        </span>
      ),
    },
    {
      key: 'reason',
      header: 'refund.reason',
      priority: 3,
      render: (r) => (
        <span className="cell-stack">
          {/* Coded reasons in the user's language, the free text beside them. */}
          <span>{reasonText(codes, ['refund'], r.reason_code, r.reason, intl.locale)}</span>
          {(r.status_reason_code || r.status_reason) && (
            <span className="muted">{reasonText(codes, ['rejection'], r.status_reason_code, r.status_reason, intl.locale)}</span>
          )}
        </span>
      ),
    },
    { key: 'status', header: 'booking.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="refundStatus" /> },
    { key: 'created_at', header: 'refundList.createdAt', priority: 2, sortField: 'created_at', render: (r) => formatDateTime(intl, r.created_at) },
    actions.column,
  ];

  return (
    <ListScreen
      route={route}
      screen={refundsScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="refundList.none" />}
      tableName={staff ? 'refunds' : 'refunds-vendor'}
      rowHref={(row) => pathOf(bookingRoute, row.booking_id)}
      bulk={actions.bulkButtons}
      notices={
        <>
          {actions.report}
          {actions.dialog}
        </>
      }
    />
  );
}
