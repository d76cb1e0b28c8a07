import { FormattedMessage, useIntl } from 'react-intl';
import { pathOf, routeByKey } from '../../../app/routes.ts';
import { DataTable, type Column } from '../../ui/DataTable.tsx';
import { EmptyState } from '../../ui/EmptyState.tsx';
import { ErrorState } from '../../ui/ErrorState.tsx';
import { formatDate, localized } from '../../ui/format.ts';
import { Pager } from '../../ui/Pager.tsx';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { useRead } from '../../ui/useRead.ts';
import { usePageParams } from '../detail/pageParams.ts';
import { reviewsScreen, type ReviewRow } from './reviewsScreen.ts';
import { Stars } from './Stars.tsx';

/**
 * What a customer said: their reviews, newest first, a page at a time (the page kept in
 * the URL), with the rating, the service, where moderation stands and whether the vendor
 * replied; each opens in the moderation screen.
 */
export function CustomerReviews({ customerId }: { customerId: string }) {
  const intl = useIntl();
  const pager = usePageParams();
  const related = useRead('customersPagedList', {
    collection: reviewsScreen.collection.name,
    filters: { customer_id: customerId },
    ordering: '-created_at',
    fields: reviewsScreen.fields,
    expand: ['service_id', 'booking_id'],
    page: pager.page,
    pageSize: pager.pageSize,
  });
  const moderation = pathOf(routeByKey('customersReviews'));

  const columns: Column<ReviewRow>[] = [
    { key: 'rating', header: 'reviews.rating', priority: 1, render: (r) => <Stars rating={r.rating} /> },
    {
      key: 'text',
      header: 'reviews.review',
      priority: 1,
      render: (r) => (
        <span className="cell-stack review-text" lang={r.language} dir="auto">
          {r.title && <strong>{r.title}</strong>}
          {r.body && <span className="muted">{r.body}</span>}
        </span>
      ),
    },
    { key: 'service', header: 'reviews.service', priority: 2, render: (r) => localized(r._expanded?.service_id?.title_i18n, intl.locale) || '—' },
    { key: 'status', header: 'reviews.status', priority: 1, render: (r) => <StatusChip status={r.status} kind="reviewStatus" /> },
    {
      key: 'reply',
      header: 'reviews.reply',
      priority: 3,
      render: (r) => <FormattedMessage id={r.vendor_reply ? 'reviews.replied' : 'reviews.notReplied'} />,
    },
    { key: 'created_at', header: 'reviews.createdAt', priority: 2, render: (r) => formatDate(intl, r.created_at) },
  ];

  if (related.state === 'failed') return <ErrorState detail={related.error.detail || undefined} onRetry={related.retry} />;
  if (related.data === undefined) {
    return (
      <p className="muted">
        <FormattedMessage id="common.loading" />
      </p>
    );
  }
  const page = related.data;
  if (page.results.length === 0 && pager.page === 1) return <EmptyState title={<FormattedMessage id="reviews.noneForCustomer" />} />;
  return (
    <>
      <DataTable
        name="customer-reviews"
        caption={intl.formatMessage({ id: 'reviews.ofCustomer' })}
        columns={columns}
        rows={page.results as unknown as ReviewRow[]}
        ordering="-created_at"
        onSort={() => undefined}
        rowHref={(r) => `${moderation}?view=all&review=${encodeURIComponent(r.id)}`}
      />
      <Pager page={pager.page} pageSize={pager.pageSize} count={page.count} shown={page.results.length} onPage={pager.onPage} onPageSize={pager.onPageSize} />
    </>
  );
}
