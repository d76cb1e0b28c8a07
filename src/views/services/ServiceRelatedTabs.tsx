import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { pathOf, routeByKey } from '../../app/routes.ts';
import type { ApiRecord, Page } from '../../api/resources.ts';
import type { ServicesRecord } from '../../../common/collections.ts';
import { DataTable, type Column } from '../ui/DataTable.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';
import { AuditTrail } from '../ui/RecordHistory.tsx';
import { formatDate, formatDateTime, formatMoney } from '../ui/format.ts';
import { Pager } from '../ui/Pager.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import type { RelatedState } from '../ui/recordScreen.ts';
import { useRead } from '../ui/useRead.ts';

/** Loading and failure (with the reason and a retry) of a tab's records; the records themselves once read, kept while read again. */
function Loaded({ related, children }: { related: RelatedState<Page<ApiRecord>>; children: (records: ApiRecord[], count: number) => ReactNode }) {
  if (related.state === 'failed') return <ErrorState detail={related.error.detail || undefined} onRetry={related.retry} />;
  if (related.data === undefined) return <p className="muted"><FormattedMessage id="common.loading" /></p>;
  return <>{children(related.data.results, related.data.count)}</>;
}

const customerOf = (r: ApiRecord) => String(r._expanded?.customer_id?.name ?? '—');

/** What customers said about the service: its rating, then the latest reviews with their status (moderated elsewhere). */
export function ServiceReviews({ service }: { service: ServicesRecord }) {
  const intl = useIntl();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  // Read again on another page, and when reviews change (a reply, a moderation).
  const related = useRead('servicesPage', {
    collection: 'reviews',
    filters: { service_id: service.id },
    ordering: '-created_at',
    fields: ['rating', 'title', 'body', 'status', 'customer_id', 'created_at', 'vendor_reply'],
    expand: ['customer_id'],
    page,
    pageSize,
  });
  return (
    <section aria-labelledby="service-reviews">
      <h2 id="service-reviews">
        <FormattedMessage id="services.tab.reviews" />
      </h2>
      {service.rating_avg !== null && (
        <p className="service-rating">
          <FormattedMessage
            id="services.ratingSummary"
            values={{ rating: intl.formatNumber(service.rating_avg, { maximumFractionDigits: 1 }), count: service.reviews_count }}
          />
        </p>
      )}
      <Loaded related={related}>
        {(reviews, count) =>
          reviews.length === 0 ? (
            <EmptyState title={<FormattedMessage id="services.noReviews" />} />
          ) : (
            <>
            <ul className="service-reviews">
              {reviews.map((r) => (
                <li key={r.id} className="card service-review">
                  <div className="service-review-head">
                    <span role="img" aria-label={intl.formatMessage({ id: 'services.stars' }, { rating: Number(r.rating) })}>
                      <span aria-hidden="true">{'★'.repeat(Number(r.rating))}{'☆'.repeat(5 - Number(r.rating))}</span>
                    </span>
                    <StatusChip status={String(r.status)} kind="reviewStatus" />
                  </div>
                  {/* Written by customers in their own language: each text finds its own direction. */}
                  {r.title ? <strong dir="auto">{String(r.title)}</strong> : null}
                  {r.body ? <p dir="auto">{String(r.body)}</p> : null}
                  <p className="muted">
                    <FormattedMessage id="services.reviewBy" values={{ customer: customerOf(r), date: formatDate(intl, String(r.created_at)) }} />
                  </p>
                  {r.vendor_reply ? (
                    <p className="service-review-reply">
                      <FormattedMessage id="services.vendorReply" />: <bdi>{String(r.vendor_reply)}</bdi>
                    </p>
                  ) : null}
                </li>
              ))}
            </ul>
            <Pager
              page={page}
              pageSize={pageSize}
              count={count}
              shown={reviews.length}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
            </>
          )
        }
      </Loaded>
    </section>
  );
}

/** The service's latest bookings, each linking to its page, and the bookings list filtered to the service. */
export function ServiceBookings({ service }: { service: ServicesRecord }) {
  const intl = useIntl();
  const manage = routeByKey('bookingManage');
  const detail = routeByKey('bookingDetail');
  // Read again when bookings change.
  const related = useRead('servicesPage', {
    collection: 'bookings',
    filters: { service_id: service.id },
    ordering: '-starts_at',
    fields: ['ref', 'customer_name', 'starts_at', 'participants_count', 'total', 'currency', 'status', 'payment_status'],
  });
  const columns: Column<ApiRecord>[] = [
    { key: 'ref', header: 'booking.ref', priority: 1, render: (r) => <span dir="ltr">{String(r.ref)}</span> },
    { key: 'customer', header: 'booking.customer', priority: 1, render: (r) => String(r.customer_name ?? '—') },
    { key: 'starts_at', header: 'booking.startsAt', priority: 1, render: (r) => formatDateTime(intl, String(r.starts_at)) },
    { key: 'participants', header: 'booking.participants', priority: 3, align: 'end', render: (r) => intl.formatNumber(Number(r.participants_count)) },
    { key: 'total', header: 'booking.total', priority: 2, align: 'end', render: (r) => formatMoney(intl, Number(r.total), String(r.currency)) },
    { key: 'status', header: 'booking.status', priority: 1, render: (r) => <StatusChip status={String(r.status)} kind="bookingStatus" /> },
  ];
  const all = `${pathOf(manage)}?service_id=${encodeURIComponent(service.id)}&view=all`;
  return (
    <section aria-labelledby="service-bookings">
      <div className="service-tab-heading">
        <h2 id="service-bookings">
          <FormattedMessage id="services.tab.bookings" />
        </h2>
        <Link href={all}>
          <FormattedMessage id="services.allBookings" />
        </Link>
      </div>
      <Loaded related={related}>
        {(bookings, count) =>
          bookings.length === 0 ? (
            <EmptyState title={<FormattedMessage id="services.noBookings" />} />
          ) : (
            <DataTable
              name="service-bookings"
              caption={intl.formatMessage({ id: 'services.latestBookings' }, { shown: bookings.length, count })}
              columns={columns}
              rows={bookings}
              ordering="-starts_at"
              onSort={() => undefined}
              rowHref={(r) => pathOf(detail, r.id)}
            />
          )
        }
      </Loaded>
    </section>
  );
}

/** Who changed the service and when: its audit trail, the latest first. */
export function ServiceHistory({ service }: { service: ServicesRecord }) {
  return (
    <section aria-labelledby="service-history">
      <h2 id="service-history">
        <FormattedMessage id="services.tab.history" />
      </h2>
      <AuditTrail entity="services" id={service.id} version={service.version} eventPrefix="publishingEvent" />
    </section>
  );
}
