import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../app/routes.ts';
import { pathOf, routeByKey } from '../../app/routes.ts';
import type { Column } from '../ui/DataTable.tsx';
import { localized, localizedOrdering } from '../ui/format.ts';
import { ListScreen } from '../ui/ListScreen.tsx';
import { useListScreen } from '../ui/listScreen.ts';
import { StatusChip } from '../ui/StatusChip.tsx';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { wilayaLabel } from '../ui/wilaya.ts';
import { LocationEditor } from './LocationEditor.tsx';
import { locationsScreen, type LocationRow } from './locationsScreen.ts';
import { useStaff } from '../../app/permissions.ts';

/** Where activities take place: the vendor's locations, edited beside the list. */
export function LocationListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(locationsScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), locationsScreen.panels ?? []);
  const editing = panel.get('edit');

  const columns: Column<LocationRow>[] = [
    { key: 'name', header: 'locations.name', priority: 1, sortField: localizedOrdering('name_i18n', intl.locale), render: (r) => localized(r.name_i18n, intl.locale) },
    { key: 'wilaya', header: 'locations.wilaya', priority: 1, sortField: 'wilaya_code', render: (r) => wilayaLabel(r.wilaya_code, intl.locale) },
    { key: 'commune', header: 'locations.commune', priority: 2, sortField: 'commune', render: (r) => r.commune ?? '' },
    { key: 'branch', header: 'locations.branch', priority: 3, render: (r) => r._expanded?.branch_id?.name ?? <span className="muted">—</span> },
    ...(staff ? [{ key: 'vendor', header: 'locations.vendor', priority: 2 as const, render: (r: LocationRow) => r._expanded?.vendor_id?.trade_name ?? '' }] : []),
    {
      key: 'services',
      header: 'locations.services',
      priority: 1,
      sortField: 'services_count',
      align: 'end',
      render: (r) => intl.formatNumber(r.services_count),
    },
    { key: 'active', header: 'locations.active', priority: 1, render: (r) => <StatusChip status={r.active ? 'active' : 'inactive'} kind="locations.state" /> },
  ];

  return (
    <ListScreen
      route={route}
      screen={locationsScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="locations.none" />}
      tableName={staff ? 'locations' : 'locations-vendor'}
      rowHref={(row) => panel.href('edit', row.id)}
      actions={
        <Link href={pathOf(routeByKey('addLocation'))} className="button button-primary">
          <FormattedMessage id="locations.new" />
        </Link>
      }
      side={
        editing ? (
          <LocationEditor
            key={editing}
            id={editing}
            focusHeading
            onClose={(saved) => {
              navigate(panel.href('edit', null));
              if (saved) list.send({ type: 'refresh' });
            }}
          />
        ) : null
      }
    />
  );
}
