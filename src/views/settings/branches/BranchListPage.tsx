import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { wilayaLabel } from '../../ui/wilaya.ts';
import { SettingsNav } from '../SettingsNav.tsx';
import { BranchEditor } from './BranchEditor.tsx';
import { branchesScreen, NEW_BRANCH, type BranchRow } from './branchesScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** A vendor's sites (name, address, phone, manager): vendor staff manage theirs, staff every vendor's. */
export function BranchListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(branchesScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), branchesScreen.panels ?? []);
  const editing = panel.get('edit');
  const close = (saved: boolean) => {
    navigate(panel.href('edit', null));
    if (saved) list.send({ type: 'refresh' });
  };

  const columns: Column<BranchRow>[] = [
    { key: 'name', header: 'settings.branches.name', priority: 1, sortField: 'name', render: (r) => <bdi>{r.name}</bdi> },
    ...(staff ? [{ key: 'vendor', header: 'settings.branches.vendor', priority: 1 as const, render: (r: BranchRow) => <bdi>{r._expanded?.vendor_id?.trade_name ?? '—'}</bdi> }] : []),
    { key: 'wilaya', header: 'settings.branches.wilaya', priority: 2, render: (r) => (r.wilaya_code ? wilayaLabel(r.wilaya_code, intl.locale) : '—') },
    { key: 'address', header: 'settings.branches.address', priority: 3, render: (r) => r.address ?? '—' },
    { key: 'phone', header: 'settings.branches.phone', priority: 2, render: (r) => (r.phone ? <bdi dir="ltr">{r.phone}</bdi> : '—') },
    { key: 'manager', header: 'settings.branches.manager_name', priority: 3, render: (r) => r.manager_name ?? '—' },
    { key: 'active', header: 'settings.branches.state', priority: 1, render: (r) => <StatusChip status={r.active ? 'active' : 'inactive'} kind="settings.branches.status" /> },
  ];

  return (
    <ListScreen
      route={route}
      screen={branchesScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="settings.branches.none" />}
      tableName="branches"
      rowHref={(row) => panel.href('edit', row.id)}
      actions={
        <Link href={panel.href('edit', NEW_BRANCH)} className="button button-primary">
          <FormattedMessage id="settings.branches.new" />
        </Link>
      }
      lead={<SettingsNav current={route} />}
      side={editing ? <BranchEditor key={editing} id={editing === NEW_BRANCH ? null : editing} onClose={close} /> : null}
    />
  );
}
