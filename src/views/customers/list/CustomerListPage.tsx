import { FormattedMessage, useIntl } from 'react-intl';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, formatMoney } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { customersScreen, vendorCustomersScreen, type CustomerRow } from './customersScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** Who the customers are: how to reach them, what they booked and spent, what they are owed, and who is blocked. */
export function CustomerListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const screen = staff ? customersScreen : vendorCustomersScreen;
  const list = useListScreen(screen);
  const detail = routeByKey('customerDetail');
  // Spend and wallets are kept in dinars: the marketplace's currency.
  const money = (minor: number) => formatMoney(intl, minor, 'DZD');
  const columns: Column<CustomerRow>[] = [
    {
      key: 'name',
      header: 'customers.name',
      priority: 1,
      sortField: 'name',
      // Blocked customers are few: their chip beside the name leaves the width to the figures.
      render: (r) => (
        <>
          <bdi>{r.name}</bdi>
          {r.blocked && (
            <>
              {' '}
              <span className="status-chip" data-tone="bad">
                <FormattedMessage id="customers.blockedChip" />
              </span>
            </>
          )}
        </>
      ),
    },
    { key: 'phone', header: 'customers.phone', priority: 1, render: (r) => <bdi dir="ltr">{r.phone}</bdi> },
    { key: 'email', header: 'customers.email', priority: 2, render: (r) => (r.email ? <bdi dir="ltr" className="customer-email" title={r.email}>{r.email}</bdi> : <span className="muted">—</span>) },
    { key: 'locale', header: 'customers.language', priority: 2, render: (r) => <FormattedMessage id={`field.language.${r.locale}`} /> },
    { key: 'bookings', header: 'customers.bookings', priority: 2, sortField: 'bookings_count', align: 'end', render: (r) => intl.formatNumber(r.bookings_count) },
    { key: 'spend', header: 'customers.lifetimeSpend', priority: 1, sortField: 'lifetime_spend', align: 'end', render: (r) => money(r.lifetime_spend) },
    { key: 'wallet', header: 'customers.wallet', priority: 2, sortField: 'wallet_balance', align: 'end', render: (r) => money(r.wallet_balance) },
    { key: 'points', header: 'customers.points', priority: 2, sortField: 'loyalty_points', align: 'end', render: (r) => intl.formatNumber(r.loyalty_points) },
    {
      key: 'last_booking',
      header: 'customers.lastBooking',
      priority: 2,
      sortField: 'last_booking_at',
      render: (r) => (r.last_booking_at ? formatDate(intl, r.last_booking_at) : <span className="muted">—</span>),
    },
  ];

  // Vendor staff never get wallets and points, and their figures (their own bookings') are not sortable.
  const shown = staff ? columns : columns.filter((c) => c.key !== 'wallet' && c.key !== 'points').map((c) => (c.key === 'name' ? c : { ...c, sortField: undefined }));

  return (
    <ListScreen
      route={route}
      screen={screen}
      list={list}
      staff={staff}
      columns={shown}
      empty={<FormattedMessage id="customers.none" />}
      tableName="customers"
      rowHref={(row) => pathOf(detail, row.id)}
    />
  );
}
