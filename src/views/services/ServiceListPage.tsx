import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import type { Column } from '../ui/DataTable.tsx';
import { formatDuration, formatMoney, localized } from '../ui/format.ts';
import { useLifecycleActions } from '../ui/LifecycleActions.tsx';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { wilayaLabel } from '../ui/wilaya.ts';
import { NEW_SERVICE_ID } from './servicePage.ts';
import { SERVICE_BULK_EVENTS, servicesScreen, type ServiceRow } from './servicesScreen.ts';
import { useStaff } from '../../app/permissions.ts';

/** Every service of the vendor (all of them for staff): what it is, where, for how many, at what price and in which state. */
export function ServiceListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(servicesScreen);
  const detail = routeByKey('serviceDetail');
  const title = (row: ServiceRow) => localized(row.title_i18n, intl.locale);
  const actions = useLifecycleActions<ServiceRow>({
    resource: servicesScreen.collection.name,
    lifecycle: 'publishing',
    order: SERVICE_BULK_EVENTS,
    messagePrefix: 'publishingEvent',
    staff,
    label: title,
    describe: (row) => <FormattedMessage id="services.actionOn" values={{ title: title(row) }} />,
    onDone: () => {
      list.send({ type: 'select.clear' });
      list.send({ type: 'refresh' });
    },
  });

  const named = (row: ServiceRow, field: string, label: string) => {
    const value = row._expanded?.[field]?.[label];
    return (typeof value === 'string' ? value : localized(value, intl.locale)) || '—';
  };
  // Title, location, price from, capacity and status always show (priority 1); the others give way on narrow screens.
  const columns: Column<ServiceRow>[] = [
    { key: 'title', header: 'services.title', priority: 1, sortField: 'title_i18n', render: (r) => title(r) },
    { key: 'category', header: 'services.category', priority: 2, render: (r) => named(r, 'category_id', 'name_i18n') },
    ...(staff ? [{ key: 'vendor', header: 'services.vendor', priority: 2, render: (r: ServiceRow) => named(r, 'vendor_id', 'trade_name') } satisfies Column<ServiceRow>] : []),
    {
      key: 'location',
      header: 'services.location',
      priority: 1,
      render: (r) => (
        <span className="cell-stack">
          <span>{named(r, 'location_id', 'name_i18n')}</span>
          {r.wilaya_code && <span className="muted">{wilayaLabel(r.wilaya_code, intl.locale)}</span>}
        </span>
      ),
    },
    {
      key: 'duration',
      header: 'services.duration',
      priority: 3,
      sortField: 'duration_minutes',
      align: 'end',
      render: (r) => formatDuration(intl, r.duration_minutes),
    },
    {
      key: 'price_from',
      header: 'services.priceFrom',
      priority: 1,
      sortField: 'price_from',
      align: 'end',
      render: (r) => (r.price_from === null ? <span className="muted">—</span> : formatMoney(intl, r.price_from, r.currency)),
    },
    { key: 'capacity', header: 'services.capacity', priority: 1, sortField: 'capacity', align: 'end', render: (r) => intl.formatNumber(r.capacity) },
    { key: 'status', header: 'services.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="serviceStatus" /> },
    {
      key: 'rating',
      header: 'services.rating',
      priority: 3,
      sortField: 'rating_avg',
      align: 'end',
      render: (r) =>
        r.rating_avg === null ? (
          <span className="muted">—</span>
        ) : (
          <FormattedMessage id="services.ratingValue" values={{ rating: intl.formatNumber(r.rating_avg, { maximumFractionDigits: 1 }), count: r.reviews_count }} />
        ),
    },
  ];

  return (
    <ListScreen
      route={route}
      screen={servicesScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="services.none" />}
      tableName="services"
      rowHref={(row) => pathOf(detail, row.id)}
      bulk={actions.bulkButtons}
      notices={
        <>
          {actions.report}
          {actions.dialog}
        </>
      }
      actions={
        <Link href={pathOf(detail, NEW_SERVICE_ID)} className="button button-primary">
          <FormattedMessage id="services.new" />
        </Link>
      }
    />
  );
}
