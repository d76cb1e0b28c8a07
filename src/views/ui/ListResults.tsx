import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { listMachine } from '../../machines/resources/list.ts';
import { DataTable, type DataTableProps } from './DataTable.tsx';
import { EmptyState } from './EmptyState.tsx';
import { ErrorState } from './ErrorState.tsx';
import { Pager } from './Pager.tsx';

export type ListActor = ActorRefFrom<typeof listMachine>;

type TableProps<Row extends { id: string }> = Omit<
  DataTableProps<Row>,
  'rows' | 'ordering' | 'onSort' | 'selected' | 'onToggleRow' | 'onTogglePage' | 'busy'
>;

/**
 * What every list screen shows under its filters: the error with a retry, the empty
 * state, or the table (sorting and selection wired to the list actor) and its pager.
 */
export function ListResults<Row extends { id: string }>({
  list,
  empty,
  selectable = false,
  exactCount,
  ...table
}: TableProps<Row> & {
  list: ListActor;
  empty: ReactNode;
  selectable?: boolean;
  /** The set's exact count when known from elsewhere (a totals row), over the page's estimate. */
  exactCount?: number;
}) {
  const snapshot = useSelector(list, (s) => s);
  const { query, page, error, selected } = snapshot.context;
  if (snapshot.matches({ data: 'error' })) return <ErrorState detail={error?.detail} onRetry={() => list.send({ type: 'retry' })} />;
  if (snapshot.matches({ data: 'empty' })) return <EmptyState title={empty} />;
  if (!page) return null;
  return (
    <>
      <DataTable
        {...table}
        rows={page.results as unknown as Row[]}
        ordering={query.ordering}
        onSort={(field) => list.send({ type: 'ordering.toggle', field })}
        busy={snapshot.hasTag('busy')}
        {...(selectable
          ? {
              selected,
              onToggleRow: (id: string) => list.send({ type: 'select.toggle', id }),
              onTogglePage: () => list.send({ type: 'select.page' }),
            }
          : {})}
      />
      <Pager
        page={query.page}
        pageSize={query.page_size}
        count={exactCount ?? page.count}
        exact={exactCount !== undefined || page.count_exact !== false}
        shown={page.results.length}
        hasNext={page.next !== null}
        onPage={(p) => list.send({ type: 'page.goto', page: p })}
        onPageSize={(size) => list.send({ type: 'pageSize.set', size })}
      />
    </>
  );
}
