import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatMoney, localized, localizedOrdering } from '../../ui/format.ts';
import { useLifecycleActions } from '../../ui/LifecycleActions.tsx';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { AdventureEditor } from './AdventureEditor.tsx';
import { ADVENTURE_EVENTS, adventuresScreen, NEW_ADVENTURE, type AdventureRow } from './adventuresScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** Curated multi-day trips: what they hold, what they cost, whether customers see them; edited beside the list. */
export function AdventureListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(adventuresScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), adventuresScreen.panels ?? []);
  const editing = panel.get('edit');
  const title = (row: AdventureRow) => localized(row.title_i18n, intl.locale) || '—';
  const actions = useLifecycleActions<AdventureRow>({
    resource: adventuresScreen.collection.name,
    lifecycle: 'publishing',
    order: ADVENTURE_EVENTS,
    messagePrefix: 'adventureEvent',
    staff,
    label: title,
    describe: (row) => <FormattedMessage id="adventure.confirmDescription" values={{ title: title(row) }} />,
    onDone: () => list.send({ type: 'refresh' }),
  });

  const columns: Column<AdventureRow>[] = [
    { key: 'title', header: 'adventure.title', priority: 1, sortField: localizedOrdering('title_i18n', intl.locale), render: title },
    ...(staff
      ? [{ key: 'vendor', header: 'booking.vendor', priority: 3 as const, render: (r: AdventureRow) => (r._expanded?.vendor_id?.trade_name as string | undefined) ?? <FormattedMessage id="adventure.platform" /> }]
      : []),
    { key: 'days', header: 'adventure.days', priority: 2, sortField: 'days', align: 'end', render: (r) => intl.formatNumber(r.days) },
    { key: 'parts', header: 'adventure.parts', priority: 3, align: 'end', render: (r) => intl.formatNumber(r.itinerary.filter((s) => s.service_id).length) },
    {
      key: 'price',
      header: 'adventure.price',
      priority: 1,
      sortField: 'price',
      align: 'end',
      render: (r) => (
        <span className="cell-stack">
          <span>{r.price_amount == null ? '—' : formatMoney(intl, r.price_amount, r.currency)}</span>
          <span className="muted">
            <FormattedMessage id={`adventurePriceMode.${r.price_mode}`} />
          </span>
        </span>
      ),
    },
    { key: 'status', header: 'adventure.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="adventureStatus" /> },
    actions.column,
  ];

  const side = editing ? (
    <AdventureEditor
      key={editing}
      id={editing === NEW_ADVENTURE ? null : editing}
      onClose={(saved) => {
        navigate(panel.href('edit', null));
        if (saved) list.send({ type: 'refresh' });
      }}
    />
  ) : null;

  return (
    <ListScreen
      route={route}
      screen={adventuresScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="adventure.none" />}
      tableName={staff ? 'adventures' : 'adventures-vendor'}
      rowHref={(row) => panel.href('edit', row.id)}
      bulk={actions.bulkButtons}
      notices={
        <>
          {actions.report}
          {actions.dialog}
        </>
      }
      actions={
        <Link href={panel.href('edit', NEW_ADVENTURE)} className="button button-primary">
          <FormattedMessage id="adventure.new" />
        </Link>
      }
      side={side}
    />
  );
}
