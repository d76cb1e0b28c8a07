import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation } from 'wouter';
import type { PageProps } from '../../../app/routes.ts';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, localized } from '../../ui/format.ts';
import { useLifecycleActions } from '../../ui/LifecycleActions.tsx';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { ReviewQuote } from './ReviewQuote.tsx';
import { REVIEW_EVENTS, reviewLabel, reviewsScreen, vendorReviewsScreen, type ReviewRow } from './reviewsScreen.ts';
import { ServiceRatings } from './ServiceRatings.tsx';
import { Stars } from './Stars.tsx';
import { useStaff } from '../../../app/permissions.ts';

/**
 * Reviews: staff moderate the queue (approve, reject with a reason, edit a rejected one
 * and resubmit it); vendor staff read the reviews of their services and reply to the
 * approved ones. The ratings of each service sit above the list.
 */
export function ReviewListPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useStaff();
  const screen = staff ? reviewsScreen : vendorReviewsScreen;
  const list = useListScreen(screen);
  const query = useSelector(list, (s) => s.context.query);
  const rows = useSelector(list, (s) => (s.context.page?.results ?? []) as unknown as ReviewRow[]);
  const [, navigate] = useLocation();
  const panel = usePanelParam(pathOf(route), screen.panels ?? []);
  const open = panel.get('review');
  const close = (saved: boolean) => {
    navigate(panel.href('review', null));
    if (saved) list.send({ type: 'refresh' });
  };
  const actions = useLifecycleActions<ReviewRow>({
    resource: screen.collection.name,
    lifecycle: 'review',
    order: REVIEW_EVENTS,
    messagePrefix: 'reviewEvent',
    staff,
    label: (row) => reviewLabel(row, intl.locale),
    // The moderator decides on the words themselves, so the dialog quotes them in full.
    describe: (row) => (
      <>
        <FormattedMessage id="reviews.confirmDescription" values={{ review: reviewLabel(row, intl.locale), rating: row.rating }} />
        <ReviewQuote review={row} />
      </>
    ),
    onDone: () => list.send({ type: 'refresh' }),
  });

  const columns: Column<ReviewRow>[] = [
    { key: 'rating', header: 'reviews.rating', priority: 1, sortField: 'rating', render: (r) => <Stars rating={r.rating} /> },
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
    // Service, customer and booking share a column, so the text keeps its room.
    {
      key: 'service',
      header: 'reviews.serviceCustomer',
      priority: 1,
      render: (r) => (
        <span className="cell-stack">
          <span>{localized(r._expanded?.service_id?.title_i18n, intl.locale) || '—'}</span>
          <span className="muted">
            {r._expanded?.customer_id?.name ?? '—'}
            {r._expanded?.booking_id && <> · <bdi dir="ltr">{r._expanded.booking_id.ref}</bdi></>}
          </span>
        </span>
      ),
    },
    ...(staff ? [{ key: 'vendor', header: 'reviews.vendor', priority: 3 as const, render: (r: ReviewRow) => r._expanded?.vendor_id?.trade_name ?? '—' }] : []),
    {
      key: 'status',
      header: 'reviews.status',
      priority: 1,
      sortField: 'status',
      render: (r) => (
        <span className="cell-stack">
          <StatusChip status={r.status} kind="reviewStatus" />
          {r.status === 'approved' && (
            <span className="muted">
              <FormattedMessage id={r.vendor_reply ? 'reviews.replied' : 'reviews.notReplied'} />
            </span>
          )}
        </span>
      ),
    },
    { key: 'created_at', header: 'reviews.createdAt', priority: 3, sortField: 'created_at', render: (r) => formatDate(intl, r.created_at) },
    // Moderation is staff's; vendor staff's one action is the reply to a published review.
    staff
      ? actions.column
      : {
          key: 'reply',
          header: 'list.actions',
          priority: 1,
          render: (r) =>
            r.status === 'approved' ? (
              <Link href={panel.href('review', r.id)} className="button button-small">
                <FormattedMessage id={r.vendor_reply ? 'reviews.replyChange' : 'reviews.replyAction'} />
              </Link>
            ) : null,
        },
  ];

  return (
    <ListScreen
      route={route}
      screen={screen}
      list={list}
      staff={staff}
      columns={columns}
      empty={<FormattedMessage id="reviews.none" />}
      tableName={staff ? 'reviews' : 'reviews-vendor'}
      rowHref={(row) => panel.href('review', row.id)}
      bulk={staff ? actions.bulkButtons : undefined}
      notices={
        <>
          <ServiceRatings filters={{ service_id: query.filters.service_id, vendor_id: query.filters.vendor_id }} />
          {actions.report}
          {actions.dialog}
        </>
      }
      side={open ? <ReviewPanel key={open} id={open} row={rows.find((r) => r.id === open)} staff={staff} onClose={close} /> : null}
    />
  );
}
