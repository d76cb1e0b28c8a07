import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { sessionActor } from '../../../app/actors.ts';
import type { PageProps } from '../../../app/pages.tsx';
import { pathOf } from '../../../app/routes.ts';
import type { Column } from '../../ui/DataTable.tsx';
import { formatDate, localized } from '../../ui/format.ts';
import { useLifecycleActions } from '../../ui/LifecycleActions.tsx';
import { ListScreen } from '../../ui/ListScreen.tsx';
import { useListScreen } from '../../ui/listScreen.ts';
import { StatusChip } from '../../ui/StatusChip.tsx';
import { usePanelParam } from '../../ui/usePanelParam.ts';
import { ReviewPanel } from './ReviewPanel.tsx';
import { REVIEW_EVENTS, reviewLabel, reviewsScreen, vendorReviewsScreen, type ReviewRow } from './reviewsScreen.ts';
import { ServiceRatings } from './ServiceRatings.tsx';
import { Stars } from './Stars.tsx';

/**
 * Reviews: staff moderate the queue (approve, reject with a reason, edit a rejected one
 * and resubmit it); vendor staff read the reviews of their services and reply to the
 * approved ones. The ratings of each service sit above the list.
 */
export function ReviewsPage({ route }: PageProps) {
  const intl = useIntl();
  const staff = useSelector(sessionActor, (s) => s.context.user?.admin === true);
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
    describe: (row) => <FormattedMessage id="reviews.confirmDescription" values={{ review: reviewLabel(row, intl.locale), rating: row.rating }} />,
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
    { key: 'service', header: 'reviews.service', priority: 2, render: (r) => localized(r._expanded?.service_id?.title_i18n, intl.locale) || '—' },
    { key: 'customer', header: 'reviews.customer', priority: 2, render: (r) => r._expanded?.customer_id?.name ?? '—' },
    { key: 'booking', header: 'reviews.booking', priority: 3, render: (r) => (r._expanded?.booking_id ? <bdi dir="ltr">{r._expanded.booking_id.ref}</bdi> : '—') },
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
    { key: 'created_at', header: 'reviews.createdAt', priority: 2, sortField: 'created_at', render: (r) => formatDate(intl, r.created_at) },
    actions.column,
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
