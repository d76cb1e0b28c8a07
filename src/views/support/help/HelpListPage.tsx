import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, localized, localizedOrdering } from '../../ui/format.ts';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { TagChips } from '../../ui/TagChips.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { HelpEditor } from './HelpEditor.tsx';
import { HelpReader } from './HelpReader.tsx';
import { helpScreen, NEW_ARTICLE, type HelpRow } from './helpScreen.ts';
import { useStaff } from '../../../app/permissions.ts';

/** Help articles: staff write them for staff, vendors or everyone; vendor staff read theirs. */
export function HelpListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const list = useListScreen(helpScreen);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), helpScreen.panels ?? []);
  const editing = staff ? panel.get('edit') : null;
  const reading = panel.get('read');
  const close = (saved: boolean) => {
    navigate(panel.href('edit', null));
    if (saved) list.send({ type: 'refresh' });
  };

  const columns: Column<HelpRow>[] = [
    {
      key: 'title',
      header: 'help.title',
      priority: 1,
      sortField: localizedOrdering('title_i18n', intl.locale),
      render: (r) => (
        <span className="cell-stack">
          <span>{localized(r.title_i18n, intl.locale)}</span>
          {staff && <span className="muted" dir="ltr">{r.slug}</span>}
        </span>
      ),
    },
    { key: 'audience', header: 'help.audience', priority: 1, render: (r) => <FormattedMessage id={`helpAudience.${r.audience}`} /> },
    { key: 'tags', header: 'help.tags', priority: 3, render: (r) => <TagChips tags={r.tags} /> },
    ...(staff ? [{ key: 'published', header: 'help.status', priority: 1 as const, render: (r: HelpRow) => <StatusChip status={r.published ? 'published' : 'draft'} kind="helpStatus" /> }] : []),
    { key: 'sort_order', header: 'help.sortOrder', priority: 2, sortField: 'sort_order', align: 'end', render: (r) => intl.formatNumber(r.sort_order) },
    { key: 'updated', header: 'help.updated', priority: 2, sortField: 'updated_at', render: (r) => formatDate(intl, r.updated_at) },
  ];

  return (
    <ListScreen
      route={route}
      screen={helpScreen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="help.none" />}
      tableName={staff ? 'help-articles' : 'help-articles-vendor'}
      rowHref={(row) => panel.href(staff ? 'edit' : 'read', row.id)}
      actions={
        staff && (
          <Link href={panel.href('edit', NEW_ARTICLE)} className="button button-primary">
            <FormattedMessage id="help.new" />
          </Link>
        )
      }
      side={
        editing ? (
          <HelpEditor key={editing} id={editing === NEW_ARTICLE ? null : editing} onClose={close} />
        ) : reading ? (
          <HelpReader key={reading} id={reading} onClose={() => close(false)} />
        ) : null
      }
    />
  );
}
