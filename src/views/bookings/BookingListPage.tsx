import { useSelector } from '@xstate/react';
import { useLayoutEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { sessionActor } from '../../app/actors.ts';
import type { PageProps } from '../../app/pages.tsx';
import { usePageReady } from '../../app/pageReady.ts';
import { routeByKey, pathOf } from '../../app/routes.ts';
import { BOOKING_PAYMENT_STATUSES, BOOKING_STATUSES } from '../../domain/statuses.ts';
import { serializeListQuery } from '../../machines/resources/listQuery.ts';
import type { Column } from '../ui/DataTable.tsx';
import { formatDateTime, formatMoney, localized } from '../ui/format.ts';
import { FilterSelect } from '../ui/FilterSelect.tsx';
import { ListResults } from '../ui/ListResults.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { RecordFilter } from '../ui/RecordFilter.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useList } from '../ui/useList.ts';
import { exportBookingsCsv, confirmBookings } from './bookingActions.ts';
import { BookingViewSwitch } from './BookingViewSwitch.tsx';
import { BOOKING_VIEWS, DEFAULT_BOOKING_VIEW, NEW_BOOKING_ID, type BookingView } from './bookingViews.ts';

export interface BookingRow {
  id: string;
  version: number;
  ref: string;
  customer_name: string;
  customer_phone: string | null;
  service_title_i18n: Record<string, string> | null;
  starts_at: string;
  participants_count: number;
  total: number;
  paid: number;
  balance: number;
  currency: string;
  status: string;
  payment_status: string;
}

const FILTERS = ['view', 'status', 'payment_status', 'vendor_id', 'service_id', 'starts_at'] as const;
// The table's fields only: a page of whole bookings is three times the bytes.
const FIELDS = [
  'ref', 'customer_name', 'customer_phone', 'service_title_i18n', 'starts_at', 'participants_count',
  'total', 'paid', 'balance', 'currency', 'status', 'payment_status',
] as const satisfies readonly (keyof BookingRow)[];
// Soonest first: the list opens on the upcoming view.
const LIST_OPTIONS = { filters: FILTERS, defaultOrdering: 'starts_at', fields: FIELDS };

/**
 * The bookings list opens on what matters now: a bare URL becomes the upcoming view (the
 * address is replaced, so the back button does not return to it). A link that names
 * filters but no view shows every booking it matches.
 */
export function BookingListPage(props: PageProps) {
  const bare = [...new URLSearchParams(useSearch()).keys()].filter((key) => key !== 'inspect').length === 0;
  useLayoutEffect(() => {
    if (bare) history.replaceState(history.state, '', `${location.pathname}?view=${DEFAULT_BOOKING_VIEW}`);
  }, [bare]);
  return bare ? null : <BookingList {...props} />;
}

function BookingList({ route }: PageProps) {
  const intl = useIntl();
  const list = useList('bookings', LIST_OPTIONS);
  const snapshot = useSelector(list, (s) => s);
  const admin = useSelector(sessionActor, (s) => s.context.user?.admin === true);
  const [bulkBusy, setBulkBusy] = useState(false);
  const [exporting, setExporting] = useState(false);
  const { query, page, error, selected, searchText } = snapshot.context;
  usePageReady(page !== null || error !== null);

  const money = (row: BookingRow, amount: number) => formatMoney(intl, amount, row.currency);
  const columns: Column<BookingRow>[] = [
    { key: 'ref', header: 'booking.ref', priority: 1, sortField: 'ref', render: (r) => <span dir="ltr">{r.ref}</span> },
    {
      key: 'customer',
      header: 'booking.customer',
      priority: 1,
      sortField: 'customer_name',
      render: (r) => (
        <span className="cell-stack">
          <span>{r.customer_name}</span>
          {r.customer_phone && <span className="muted" dir="ltr">{r.customer_phone}</span>}
        </span>
      ),
    },
    { key: 'service', header: 'booking.service', priority: 2, render: (r) => localized(r.service_title_i18n, intl.locale) || '—' },
    { key: 'starts_at', header: 'booking.startsAt', priority: 1, sortField: 'starts_at', render: (r) => formatDateTime(intl, r.starts_at) },
    { key: 'participants', header: 'booking.participants', priority: 3, align: 'end', render: (r) => intl.formatNumber(r.participants_count) },
    { key: 'total', header: 'booking.total', priority: 3, sortField: 'total', align: 'end', render: (r) => money(r, r.total) },
    {
      key: 'balance',
      header: 'booking.paidBalance',
      priority: 1,
      sortField: 'balance',
      align: 'end',
      render: (r) => (
        <span className="cell-stack">
          <span>{money(r, r.paid)}</span>
          <span className={r.balance > 0 ? 'balance-due' : 'muted'}>{money(r, r.balance)}</span>
        </span>
      ),
    },
    { key: 'status', header: 'booking.status', priority: 1, sortField: 'status', render: (r) => <StatusChip status={r.status} kind="bookingStatus" /> },
    { key: 'payment_status', header: 'booking.paymentStatus', priority: 2, render: (r) => <StatusChip status={r.payment_status} kind="paymentStatus" /> },
  ];

  const filter = (name: string) => query.filters[name] ?? '';
  const view = (BOOKING_VIEWS.find((v) => v.view === query.filters.view)?.view ?? 'all') as BookingView;
  // A view opens on its own ordering and first page; the other filters and the search stay.
  const showView = (next: BookingView) => {
    const ordering = BOOKING_VIEWS.find((v) => v.view === next)!.ordering;
    navigate(location.pathname + serializeListQuery({ ...query, filters: { ...query.filters, view: next }, ordering, page: 1 }, LIST_OPTIONS));
  };
  const setFilter = (name: string, value: string) => list.send({ type: 'filter.set', name, value });
  const rows = (page?.results ?? []) as unknown as BookingRow[];
  const detail = routeByKey('bookingDetail');

  const runBulk = async (work: () => Promise<unknown>) => {
    setBulkBusy(true);
    try {
      await work();
    } finally {
      setBulkBusy(false);
      list.send({ type: 'select.clear' });
      list.send({ type: 'refresh' });
    }
  };

  return (
    <PageFrame
      route={route}
      actions={
        <div className="page-actions">
          <button
            type="button"
            className="button"
            disabled={exporting}
            aria-busy={exporting || undefined}
            onClick={() => {
              // Exporting leaves the selection and the table as they are.
              setExporting(true);
              exportBookingsCsv(query, intl.locale).finally(() => setExporting(false));
            }}
          >
            <FormattedMessage id="booking.exportCsv" />
          </button>
          <Link href={pathOf(detail, NEW_BOOKING_ID)} className="button button-primary">
            <FormattedMessage id="newBooking.button" />
          </Link>
        </div>
      }
    >
      <BookingViewSwitch current={view} onChange={showView} />
      <div className="filter-bar" role="search">
        <SearchBox
          value={searchText}
          label={intl.formatMessage({ id: 'booking.searchLabel' })}
          onChange={(text) => list.send({ type: 'search.typed', text })}
        />
        <FilterSelect label="booking.status" value={filter('status')} values={BOOKING_STATUSES} labelPrefix="bookingStatus" onChange={(v) => setFilter('status', v)} />
        <FilterSelect
          label="booking.paymentStatus"
          value={filter('payment_status')}
          values={BOOKING_PAYMENT_STATUSES}
          labelPrefix="paymentStatus"
          onChange={(v) => setFilter('payment_status', v)}
        />
        <label className="filter">
          <FormattedMessage id="booking.from" />
          <input type="date" value={filter('starts_at__gte').slice(0, 10)} onChange={(e) => setFilter('starts_at__gte', e.target.value)} />
        </label>
        <label className="filter">
          <FormattedMessage id="booking.to" />
          <input type="date" value={filter('starts_at__lte').slice(0, 10)} onChange={(e) => setFilter('starts_at__lte', e.target.value)} />
        </label>
        {admin && (
          <RecordFilter
            resource="vendors"
            label={<FormattedMessage id="booking.vendor" />}
            id={filter('vendor_id')}
            optionLabel={(v) => String(v.trade_name)}
            onChange={(id) => setFilter('vendor_id', id)}
          />
        )}
        <RecordFilter
          resource="services"
          label={<FormattedMessage id="booking.service" />}
          id={filter('service_id')}
          optionLabel={(s) => localized(s.title_i18n, intl.locale)}
          onChange={(id) => setFilter('service_id', id)}
        />
        {(Object.keys(query.filters).some((name) => name !== 'view') || query.search) && (
          <button type="button" className="button button-ghost" onClick={() => list.send({ type: 'filters.clear' })}>
            <FormattedMessage id="list.clearFilters" />
          </button>
        )}
      </div>
      {selected.length > 0 && (
        <div className="bulk-bar" role="region" aria-label={intl.formatMessage({ id: 'list.bulkActions' })}>
          <span>
            <FormattedMessage id="list.selectedCount" values={{ count: selected.length }} />
          </span>
          <button
            type="button"
            className="button button-primary"
            disabled={bulkBusy}
            onClick={() => runBulk(() => confirmBookings(rows.filter((r) => selected.includes(r.id))))}
          >
            <FormattedMessage id="booking.confirmSelected" />
          </button>
        </div>
      )}
      <ListResults
        list={list}
        empty={<FormattedMessage id="booking.none" />}
        name="bookings"
        caption={intl.formatMessage({ id: 'route.bookingManage' })}
        columns={columns}
        rowHref={(row) => pathOf(detail, row.id)}
        selectable
      />
    </PageFrame>
  );
}
