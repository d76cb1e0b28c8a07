import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { useRead } from '../../ui/useRead.ts';
import { usePageParams } from './pageParams.ts';

/**
 * One tab of the customer page listing another collection's records of this customer
 * (bookings, payments), newest first, a page at a time (the page kept in the URL), each
 * row linking to its record where it has a page. Read again when its records change.
 */
export function CustomerRelated({
  id,
  title,
  resource,
  customerId,
  ordering,
  fields,
  expand,
  columns,
  empty,
  rowHref,
}: {
  id: string;
  title: string;
  resource: string;
  customerId: string;
  ordering: string;
  fields: readonly string[];
  expand?: readonly string[];
  columns: Column<ApiRecord>[];
  empty: string;
  /** Where a row leads; a row of a collection without pages of its own is not a link. */
  rowHref?: (row: ApiRecord) => string;
}) {
  const intl = useIntl();
  const pager = usePageParams();
  const related = useRead('customersPagedList', {
    collection: resource,
    filters: { customer_id: customerId },
    ordering,
    fields,
    expand,
    page: pager.page,
    pageSize: pager.pageSize,
  });
  let body: ReactNode;
  if (related.state === 'failed') body = <ErrorState detail={related.error.detail || undefined} onRetry={related.retry} />;
  else if (related.data === undefined) {
    body = (
      <p className="muted">
        <FormattedMessage id="common.loading" />
      </p>
    );
  } else if (related.data.results.length === 0 && pager.page === 1) body = <EmptyState title={<FormattedMessage id={empty} />} />;
  else {
    const rows = related.data;
    body = (
      <>
        <DataTable
          name={`customer-${resource}`}
          caption={intl.formatMessage({ id: title })}
          columns={columns}
          rows={rows.results}
          ordering={ordering}
          onSort={() => undefined}
          rowHref={rowHref}
        />
        <Pager page={pager.page} pageSize={pager.pageSize} count={rows.count} shown={rows.results.length} onPage={pager.onPage} onPageSize={pager.onPageSize} />
      </>
    );
  }
  return (
    <section aria-labelledby={`customer-${id}`}>
      <h2 id={`customer-${id}`}>
        <FormattedMessage id={title} />
      </h2>
      {body}
    </section>
  );
}
