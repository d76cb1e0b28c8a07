import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import type { Column } from '../ui/DataTable.tsx';
import { formatDateTime, formatMoney, localized } from '../ui/format.ts';
import { useLifecycleActions } from '../ui/LifecycleActions.tsx';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { BOOKING_BULK_EVENTS, bookingsScreen, type BookingRow } from './bookingsScreen.ts';
import { NEW_BOOKING_ID } from './bookingViews.ts';
import { useStaff } from '../../app/permissions.ts';

/** The bookings an operator runs all day: what is coming first, found by views, filters and search. */
export function BookingListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(bookingsScreen);
  const detail = routeByKey('bookingDetail');
  const actions = useLifecycleActions<BookingRow>({
    resource: bookingsScreen.collection.name,
    lifecycle: 'booking',
    order: BOOKING_BULK_EVENTS,
    messagePrefix: 'bookingEvent',
    staff,
    label: (row) => row.ref,
    describe: (row) => <FormattedMessage id="booking.actionOn" values={{ ref: row.ref, customer: row.customer_name }} />,
    onDone: () => {
      list.send({ type: 'select.clear' });
      list.send({ type: 'refresh' });
    },
  });

  const money = (row: BookingRow, amount: number) => formatMoney(intl, amount, row.currency);
  const columns: Column<BookingRow>[] = [
    { key: 'ref', header: 'booking.ref', priority: 1, sortField: 'ref', render: (r) => <span dir="ltr">{r.ref}</span> },
    {
      key: 'customer',
      header: 'booking.customer',
      priority: 1,
      sortField: 'customer_name',
      render: (r) => (
        <span className="cell-stack">
          <span>{r.customer_name}</span>
          {r.customer_phone && <span className="muted" dir="ltr">{r.customer_phone}</span>}
        </span>
      ),
    },
    { key: 'service', header: 'booking.service', priority: 2, render: (r) => localized(r.service_title_i18n, intl.locale) || '—' },
    ...(staff ? [{ key: 'vendor', header: 'booking.vendor', priority: 2 as const, render: (r: BookingRow) => r._expanded?.vendor_id?.trade_name ?? '—' }] : []),
    { key: 'starts_at', header: 'booking.startsAt', priority: 1, sortField: 'starts_at', render: (r) => formatDateTime(intl, r.starts_at) },
    { key: 'participants', header: 'booking.participants', priority: 3, align: 'end', render: (r) => intl.formatNumber(r.participants_count) },
    { key: 'total', header: 'booking.total', priority: 3, sortField: 'total', align: 'end', render: (r) => money(r, r.total) },
    {
      key: 'balance',
      header: 'booking.paidBalance',
      priority: 1,
      sortField: 'balance',
      align: 'end',
      render: (r) => (
        <span className="cell-stack">
          <span>{money(r, r.paid)}</span>
          <span className={r.balance > 0 ? 'balance-due' : 'muted'}>{money(r, r.balance)}</span>
        </span>
      ),
    },
    { key: 'status', header: 'booking.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="bookingStatus" /> },
    { key: 'payment_status', header: 'booking.paymentStatus', priority: 2, render: (r) => <StatusChip status={r.payment_status} kind="paymentStatus" /> },
    { key: 'channel', header: 'booking.channel', priority: 2, render: (r) => <FormattedMessage id={`channel.${r.channel}`} /> },
  ];

  return (
    <ListScreen
      route={route}
      screen={bookingsScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="booking.none" />}
      tableName={staff ? 'bookings' : 'bookings-vendor'}
      rowHref={(row) => pathOf(detail, row.id)}
      bulk={actions.bulkButtons}
      notices={
        <>
          {actions.report}
          {actions.dialog}
        </>
      }
      actions={
        <Link href={pathOf(detail, NEW_BOOKING_ID)} className="button button-primary">
          <FormattedMessage id="newBooking.button" />
        </Link>
      }
    />
  );
}
