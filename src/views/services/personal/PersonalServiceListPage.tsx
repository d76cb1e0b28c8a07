import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import type { ApiRecord } from '../../../api/resources.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, formatDateTime, formatMoney, localized, localizedOrdering } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { NEW_BOOKING_ID } from '../../bookings/bookingViews.ts';
import { NewPersonalServiceForm } from './NewPersonalServiceForm.tsx';
import { PaymentLinkForm } from './PaymentLinkForm.tsx';
import { useDepartures } from './useDepartures.ts';
import { NEW_PERSONAL, personalScreen, type PersonalRow } from './personalScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** The new booking page for one customer and service, filled in. */
export const bookingHref = (row: Pick<PersonalRow, 'id' | 'private_customer_id'>) =>
  `${pathOf(routeByKey('bookingDetail'), NEW_BOOKING_ID)}?${new URLSearchParams({ customer: String(row.private_customer_id), service: row.id })}`;

/**
 * Services made for one customer (their own price, date and seats, offered to nobody
 * else): create one beside the list, then book it for them or send them a payment link.
 */
export function PersonalServiceListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(personalScreen);
  const page = useSelector(list, (s) => s.context.page);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), personalScreen.panels ?? []);
  const paying = panel.get('pay');
  const payRow = paying ? ((page?.results.find((r) => r.id === paying) ?? null) as ApiRecord | null) : null;
  const serviceHref = (id: string) => pathOf(routeByKey('serviceDetail'), id);
  const { departures, failed: departuresFailed } = useDepartures(page?.results.map((r) => r.id) ?? []);

  const columns: Column<PersonalRow>[] = [
    {
      key: 'title',
      header: 'personal.service',
      priority: 1,
      sortField: localizedOrdering('title_i18n', intl.locale),
      render: (r) => (
        <span className="cell-stack">
          <Link href={serviceHref(r.id)}>{localized(r.title_i18n, intl.locale)}</Link>
          {r._expanded?.base_service_id && (
            <span className="muted">
              <FormattedMessage id="personal.basedOn" values={{ service: localized(r._expanded.base_service_id.title_i18n, intl.locale) }} />
            </span>
          )}
        </span>
      ),
    },
    { key: 'customer', header: 'personal.customer', priority: 1, render: (r) => r._expanded?.private_customer_id?.name ?? '—' },
    ...(staff ? [{ key: 'vendor', header: 'booking.vendor', priority: 3 as const, render: (r: PersonalRow) => r._expanded?.vendor_id?.trade_name ?? '—' }] : []),
    { key: 'capacity', header: 'personal.capacity', priority: 3, sortField: 'capacity', align: 'end', render: (r) => intl.formatNumber(r.capacity) },
    {
      key: 'departure',
      header: 'personal.departure',
      priority: 1,
      render: (r) =>
        departures[r.id] ? (
          formatDateTime(intl, departures[r.id]!)
        ) : departuresFailed ? (
          <span className="muted">
            <FormattedMessage id="personal.departureFailed" />
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'price',
      header: 'personal.price',
      priority: 2,
      sortField: 'price_from',
      align: 'end',
      render: (r) => (r.price_from == null ? '—' : formatMoney(intl, r.price_from, r.currency)),
    },
    { key: 'created', header: 'personal.created', priority: 3, sortField: 'created_at', render: (r) => formatDate(intl, r.created_at) },
    { key: 'status', header: 'personal.status', priority: 2, render: (r) => <StatusChip status={r.status} kind="serviceStatus" /> },
    {
      key: 'actions',
      header: 'personal.actions',
      priority: 1,
      render: (r) =>
        r.status === 'published' ? (
          <span className="row-actions">
            <Link href={bookingHref(r)} className="button button-small">
              <FormattedMessage id="personal.book" />
            </Link>
            <Link href={panel.href('pay', r.id)} className="button button-small">
              <FormattedMessage id="personal.payLink" />
            </Link>
          </span>
        ) : null,
    },
  ];

  const side =
    panel.get('new') === NEW_PERSONAL ? (
      <NewPersonalServiceForm
        onClose={(created) => {
          navigate(panel.href('new', null));
          if (created) list.send({ type: 'refresh' });
        }}
      />
    ) : payRow ? (
      <PaymentLinkForm key={payRow.id} service={payRow} onClose={() => navigate(panel.href('pay', null))} />
    ) : null;

  return (
    <ListScreen
      route={route}
      screen={personalScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="personal.none" />}
      tableName="personal-services"
      rowHref={(row) => serviceHref(row.id)}
      actions={
        <Link href={panel.href('new', NEW_PERSONAL)} className="button button-primary">
          <FormattedMessage id="personal.new" />
        </Link>
      }
      side={side}
    />
  );
}
