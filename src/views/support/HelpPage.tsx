import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import { sessionActor } from '../../app/actors.ts';
import type { PageProps } from '../../app/pages.tsx';
import { usePageReady } from '../../app/pageReady.ts';
import { pathOf } from '../../app/routes.ts';
import type { Column } from '../ui/DataTable.tsx';
import { FilterSelect } from '../ui/FilterSelect.tsx';
import { formatDate, localized, localizedOrdering } from '../ui/format.ts';
import { ListResults } from '../ui/ListResults.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { TagChips } from '../ui/TagChips.tsx';
import { usePanelParam } from '../ui/usePanelParam.ts';
import { useList } from '../ui/useList.ts';
import { HelpEditor } from './HelpEditor.tsx';
import { HelpReader } from './HelpReader.tsx';
import { HELP_AUDIENCES, HELP_FIELDS, type HelpRow } from './helpViews.ts';

const FILTERS = ['audience', 'published'] as const;
const NEW = 'new';
/** Staff edit an article beside the list (`?edit=<id>`, `?edit=new`); vendor staff read it (`?read=<id>`). */
const PANELS = ['edit', 'read'] as const;
const LIST_OPTIONS = { filters: FILTERS, defaultOrdering: 'sort_order', fields: HELP_FIELDS, keepParams: PANELS };

/** Help articles: staff write them for staff, vendors or everyone; vendor staff read theirs. */
export function HelpPage({ route }: PageProps) {
  const intl = useIntl();
  const admin = useSelector(sessionActor, (s) => s.context.user?.admin === true);
  const list = useList('help-articles', LIST_OPTIONS);
  const { query, page, error, searchText } = useSelector(list, (s) => s.context);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), PANELS);
  const editing = admin ? panel.get('edit') : null;
  const reading = panel.get('read');
  usePageReady(page !== null || error !== null);

  const columns: Column<HelpRow>[] = [
    {
      key: 'title',
      header: 'help.title',
      sortField: localizedOrdering('title_i18n', intl.locale),
      render: (r) =>
        admin ? (
          <span className="cell-stack">
            <span>{localized(r.title_i18n, intl.locale)}</span>
            <span className="muted" dir="ltr">{r.slug}</span>
          </span>
        ) : (
          localized(r.title_i18n, intl.locale)
        ),
    },
    { key: 'audience', header: 'help.audience', render: (r) => <FormattedMessage id={`helpAudience.${r.audience}`} /> },
    { key: 'tags', header: 'help.tags', render: (r) => <TagChips tags={r.tags} /> },
    ...(admin
      ? [
          {
            key: 'published',
            header: 'help.status',
            render: (r: HelpRow) => <StatusChip status={r.published ? 'published' : 'draft'} kind="helpStatus" />,
          },
        ]
      : []),
    { key: 'sort_order', header: 'help.sortOrder', sortField: 'sort_order', align: 'end', render: (r) => intl.formatNumber(r.sort_order) },
    { key: 'updated', header: 'help.updated', sortField: 'updated_at', render: (r) => formatDate(intl, r.updated_at) },
  ];

  const filter = (name: string) => query.filters[name] ?? '';
  const setFilter = (name: string, value: string) => list.send({ type: 'filter.set', name, value });
  const closePanel = (saved: boolean) => {
    navigate(panel.href('edit', null));
    if (saved) list.send({ type: 'refresh' });
  };

  const side = editing ? (
    <HelpEditor key={editing} id={editing === NEW ? null : editing} onClose={closePanel} />
  ) : reading ? (
    <HelpReader key={reading} id={reading} onClose={() => closePanel(false)} />
  ) : null;

  return (
    <PageFrame
      route={route}
      actions={
        admin && (
          <Link href={panel.href('edit', NEW)} className="button button-primary">
            <FormattedMessage id="help.new" />
          </Link>
        )
      }
    >
      <div className="list-with-panel" data-panel={side ? 'open' : undefined}>
        {side && <div className="list-panel">{side}</div>}
        <div className="list-main">
          <div className="filter-bar" role="search">
            <SearchBox value={searchText} label={intl.formatMessage({ id: 'help.searchLabel' })} onChange={(text) => list.send({ type: 'search.typed', text })} />
            {admin && (
              <>
                <FilterSelect label="help.audience" value={filter('audience')} values={HELP_AUDIENCES} labelPrefix="helpAudience" onChange={(v) => setFilter('audience', v)} />
                <FilterSelect label="help.status" value={filter('published')} values={['true', 'false']} labelPrefix="helpPublished" onChange={(v) => setFilter('published', v)} />
              </>
            )}
            {(Object.keys(query.filters).length > 0 || query.search) && (
              <button type="button" className="button button-ghost" onClick={() => list.send({ type: 'filters.clear' })}>
                <FormattedMessage id="list.clearFilters" />
              </button>
            )}
          </div>
          <ListResults
            list={list}
            empty={<FormattedMessage id="help.none" />}
            name={admin ? 'help-articles' : 'help-articles-vendor'}
            caption={intl.formatMessage({ id: 'route.help' })}
            columns={columns}
            rowHref={(row) => panel.href(admin ? 'edit' : 'read', row.id)}
          />
        </div>
      </div>
    </PageFrame>
  );
}
