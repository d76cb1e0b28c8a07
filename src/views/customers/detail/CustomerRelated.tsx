import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ApiRecord } from '../../../api/resources.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { Pager } from '../../ui/Pager.tsx';
import { useServiceRelated } from '../../services/useServiceRelated.ts';

/**
 * One tab of the customer page listing another collection's records of this customer
 * (bookings, payments, conversations...), newest first, a page at a time, each row linking
 * to its record where it has a page.
 */
export function CustomerRelated({
  id,
  title,
  resource,
  customerId,
  stamp,
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
  /** Read again when it changes (the customer's version). */
  stamp: unknown;
  ordering: string;
  fields: readonly string[];
  expand?: readonly string[];
  columns: Column<ApiRecord>[];
  empty: string;
  /** Where a row leads; a row of a collection without pages of its own is not a link. */
  rowHref?: (row: ApiRecord) => string;
}) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(10);
  const related = useServiceRelated(resource, { filters: { customer_id: customerId }, ordering, fields, expand, page, pageSize }, stamp);
  let body: ReactNode;
  if (related.state === 'loading') {
    body = (
      <p className="muted">
        <FormattedMessage id="common.loading" />
      </p>
    );
  } else if (related.state === 'failed') body = <ErrorState onRetry={related.retry} />;
  else if (related.page.results.length === 0) body = <EmptyState title={<FormattedMessage id={empty} />} />;
  else {
    body = (
      <>
        <DataTable
          name={`customer-${resource}`}
          caption={intl.formatMessage({ id: title })}
          columns={columns}
          rows={related.page.results}
          ordering={ordering}
          onSort={() => undefined}
          rowHref={rowHref}
        />
        <Pager
          page={page}
          pageSize={pageSize}
          count={related.page.count}
          shown={related.page.results.length}
          onPage={setPage}
          onPageSize={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
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
