import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RouteDef } from '../../app/routes.ts';
import { usePageReady } from '../../app/pageReady.ts';
import { setOf, totalsMachine } from '../../machines/resources/totals.ts';
import type { Column, FootRow } from './DataTable.tsx';
import { FilterBar } from './FilterBar.tsx';
import { defineCommand, useCommand } from './command.ts';
import { ListResults, type ListActor } from './ListResults.tsx';
import type { CollectionDescription, ListScreenSpec } from './listScreen.ts';
import { PageFrame } from './PageFrame.tsx';
import { QuickViews, type QuickViewOption } from './QuickViews.tsx';
import { SavedViews } from './SavedViews.tsx';

export interface ListScreenProps<C extends CollectionDescription, Row extends { id: string }> {
  route: RouteDef;
  screen: ListScreenSpec<C>;
  list: ListActor;
  staff: boolean;
  columns: Column<Row>[];
  /** What the empty state says (and what to do next). */
  empty: ReactNode;
  /** Remembers the user's column choice; differs when roles see different columns. */
  tableName: string;
  rowHref: (row: Row) => string;
  /** Buttons beside the page's heading ("New article"). */
  actions?: ReactNode;
  /** A record open beside the list (an editor, a reader). */
  side?: ReactNode;
  /** Buttons for the selected rows; the table gets checkboxes when given. */
  bulk?: (selected: Row[]) => ReactNode;
  /** What leads the page under its heading, above the views and filters (a section's tabs). */
  lead?: ReactNode;
  /** Reports and dialogs of the screen's actions, shown above the table. */
  notices?: ReactNode;
}

/**
 * The fields a list exports: those its table reads, but no vendor column for vendor staff
 * (it is always them). Every field when the screen names none (the server then leaves the
 * vendor out for vendor staff the same way).
 */
function exportColumns(fields: readonly string[] | undefined, staff: boolean): readonly string[] | undefined {
  return fields && !staff ? fields.filter((f) => f !== 'vendor_id') : fields;
}

/** The CSV of a list's whole filtered set; a failure is the app's usual toast. */
const exportCsv = defineCommand({ command: 'listExportCsv' });

/**
 * A list screen from its description: heading and actions, the saved views menu, the
 * filter bar, bulk actions on the selection, the table with its states and pager, a panel
 * beside it, and the CSV export of the whole filtered set (every list has one). A screen gives its columns and what its rows do.
 */
export function ListScreen<C extends CollectionDescription, Row extends { id: string }>(props: ListScreenProps<C, Row>) {
  const intl = useIntl();
  const { screen, list } = props;
  const { page, error, selected, query } = useSelector(list, (s) => s.context);
  // Done once the file is handed to the browser: ready for another export at once.
  const exporter = useCommand(exportCsv, { onDone: () => exporter.again() });
  const exporting = exporter.busy;
  usePageReady(page !== null || error !== null);
  const rows = (page?.results ?? []) as unknown as Row[];
  const selectedRows = rows.filter((row) => selected.includes(row.id));

  // Every list offers its filtered set as CSV: whatever staff can list, they can take to a spreadsheet.
  const exportButton = (
    <button
      type="button"
      className="button"
      disabled={exporting}
      aria-busy={exporting || undefined}
      onClick={() => {
        exporter.set({ resource: screen.collection.name, query, locale: intl.locale, columns: exportColumns(screen.fields, props.staff), expand: screen.expand });
        exporter.submit();
      }}
    >
      <FormattedMessage id={exporting ? 'list.exporting' : 'list.exportCsv'} />
    </button>
  );

  const { foot, count: totalCount } = useTotalsRow(list, screen.collection.name, screen.totals === true, props.columns);

  const views = screen.views && <QuickViews views={screen.views as readonly QuickViewOption[]} list={list} label={screen.viewsLabel ?? 'list.views'} />;

  const main = (
    <>
      {views}
      <FilterBar screen={screen} list={list} staff={props.staff} />
      {props.notices}
      {props.bulk && selectedRows.length > 0 && (
        <div className="bulk-bar" role="region" aria-label={intl.formatMessage({ id: 'list.bulkActions' })}>
          <span>
            <FormattedMessage id="list.selectedCount" values={{ count: selectedRows.length }} />
          </span>
          {props.bulk(selectedRows)}
          <button type="button" className="button button-ghost" onClick={() => list.send({ type: 'select.clear' })}>
            <FormattedMessage id="list.clearSelection" />
          </button>
        </div>
      )}
      <ListResults
        list={list}
        empty={props.empty}
        name={props.tableName}
        caption={intl.formatMessage({ id: `route.${props.route.key}` })}
        columns={props.columns}
        rowHref={props.rowHref}
        selectable={props.bulk !== undefined}
        foot={foot}
        footLabel={intl.formatMessage({ id: 'list.totals' })}
        exactCount={totalCount}
      />
    </>
  );

  return (
    <PageFrame
      route={props.route}
      actions={
        <div className="page-actions">
          <SavedViews listKey={props.route.key} list={list} tableName={props.tableName} staff={props.staff} />
          {exportButton}
          {props.actions}
        </div>
      }
    >
      {props.lead}
      {props.side === undefined ? (
        main
      ) : (
        <div className="list-with-panel" data-panel={props.side ? 'open' : undefined}>
          {props.side && <div className="list-panel">{props.side}</div>}
          <div className="list-main">{main}</div>
        </div>
      )}
    </PageFrame>
  );
}

/**
 * The foot rows of a list with a totals row: one per currency of the filtered set, asked
 * of the server whenever the list loads a page (see the totals machine for when it asks again);
 * and the set's exact count, once the totals answered for the filters on screen (the pager's
 * own count may be an estimate).
 */
function useTotalsRow<Row>(
  list: ListActor,
  resource: string,
  enabled: boolean,
  columns: Column<Row>[],
): { foot: FootRow[] | undefined; count: number | undefined } {
  const intl = useIntl();
  const totals = useActorRef(totalsMachine, { input: { resource } });
  const { page, query } = useSelector(list, (s) => s.context);
  const answered = useSelector(totals, (s) => s.context.totals);
  const current = useSelector(totals, (s) => !s.hasTag('busy') && s.context.query !== null && setOf(s.context.query) === setOf(query));
  useEffect(() => {
    if (enabled && page) totals.send({ type: 'list.loaded', query });
  }, [enabled, page]);
  if (!enabled || !answered) return { foot: undefined, count: undefined };
  return {
    foot: answered.by_currency.map((group) => ({
      key: group.currency ?? '',
      label: intl.formatMessage({ id: 'list.totalsRow' }, { count: group.count, currency: group.currency ?? '' }),
      values: Object.fromEntries(columns.filter((c) => c.total).map((c) => [c.key, c.total!(group)])),
    })),
    count: current ? answered.count : undefined,
  };
}
