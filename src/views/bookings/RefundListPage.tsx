import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { sessionActor } from '../../app/actors.ts';
import type { PageProps } from '../../app/pages.tsx';
import { usePageReady } from '../../app/pageReady.ts';
import { routeByKey, pathOf } from '../../app/routes.ts';
import { fetchRecord, transitionRecord } from '../../api/resources.ts';
import { allowedEvents } from '../../machines/lifecycles/index.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ReasonField } from '../ui/ReasonField.tsx';
import type { Column } from '../ui/DataTable.tsx';
import { formatDateTime, formatMoney } from '../ui/format.ts';
import { FilterSelect } from '../ui/FilterSelect.tsx';
import { ListResults } from '../ui/ListResults.tsx';
import { PageFrame } from '../ui/PageFrame.tsx';
import { SearchBox } from '../ui/SearchBox.tsx';
import { StatusChip } from '../ui/StatusChip.tsx';
import { useList } from '../ui/useList.ts';
import { REFUND_EVENT_ORDER, REFUND_EVENTS_NEEDING_REASON, REFUND_STATUS_LIST } from './bookingViews.ts';

interface RefundRow {
  id: string;
  version: number;
  booking_id: string;
  amount: number;
  currency: string;
  kind: 'full' | 'partial';
  destination: string;
  reason: string;
  status: string;
  status_reason: string | null;
  created_at: string;
}

const FILTERS = ['status', 'kind', 'destination', 'booking_id', 'created_at'] as const;
const LIST_OPTIONS = { filters: FILTERS, defaultOrdering: '-created_at' };
const DANGEROUS = new Set(['reject', 'fail']);

interface Pending {
  row: RefundRow;
  event: string;
}

/** Refund requests across bookings: who asked for what, and the next step of each. */
export function RefundListPage({ route }: PageProps) {
  const intl = useIntl();
  const list = useList('refunds', LIST_OPTIONS);
  const snapshot = useSelector(list, (s) => s);
  const admin = useSelector(sessionActor, (s) => s.context.user?.admin === true);
  const { query, page, error, searchText } = snapshot.context;
  const [refs, setRefs] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  usePageReady(page !== null || error !== null);
  const rows = (page?.results ?? []) as unknown as RefundRow[];
  const detail = routeByKey('bookingDetail');

  // The list has booking ids; the booking's reference is what people recognise.
  useEffect(() => {
    const missing = [...new Set(rows.map((r) => r.booking_id))].filter((id) => !(id in refs));
    if (missing.length === 0) return;
    const controller = new AbortController();
    Promise.all(
      missing.map((id) =>
        fetchRecord(`bookings`, id, controller.signal)
          .then((b) => [id, String(b.ref)] as const)
          .catch(() => [id, ''] as const),
      ),
    ).then((found) => {
      if (!controller.signal.aborted) setRefs((current) => ({ ...current, ...Object.fromEntries(found) }));
    });
    return () => controller.abort();
  }, [page]);

  const role = admin ? 'staff' : 'vendor';
  const now = new Date().toISOString();
  const actionsOf = (row: RefundRow) => {
    const offered = allowedEvents('refund', row.status, { now, role, record: row as unknown as Record<string, unknown> });
    return REFUND_EVENT_ORDER.filter((e) => offered.includes(e));
  };

  const columns: Column<RefundRow>[] = [
    {
      key: 'booking',
      header: 'refundList.booking',
      render: (r) => <span dir="ltr">{refs[r.booking_id] || r.booking_id.slice(0, 8)}</span>,
    },
    { key: 'amount', header: 'refund.amount', sortField: 'amount', align: 'end', render: (r) => formatMoney(intl, r.amount, r.currency) },
    { key: 'kind', header: 'refundList.kind', render: (r) => <FormattedMessage id={`refundKind.${r.kind}`} /> },
    { key: 'destination', header: 'refund.destination', render: (r) => <FormattedMessage id={`refundDestination.${r.destination}`} /> },
    {
      key: 'reason',
      header: 'refund.reason',
      render: (r) => (
        <span className="cell-stack">
          <span>{r.reason}</span>
          {r.status_reason && <span className="muted">{r.status_reason}</span>}
        </span>
      ),
    },
    { key: 'status', header: 'booking.status', sortField: 'status', render: (r) => <StatusChip status={r.status} kind="refundStatus" /> },
    { key: 'created_at', header: 'refundList.createdAt', sortField: 'created_at', render: (r) => formatDateTime(intl, r.created_at) },
    {
      key: 'actions',
      header: 'refundList.actions',
      render: (r) => {
        const events = actionsOf(r);
        return events.length === 0 ? (
          <span className="muted">—</span>
        ) : (
          <span className="row-actions">
            {events.map((event) => (
              <button
                key={event}
                type="button"
                className={DANGEROUS.has(event) ? 'button button-small' : 'button button-primary button-small'}
                onClick={() => {
                  setFailure(null);
                  setDone(null);
                  setPending({ row: r, event });
                }}
              >
                <FormattedMessage id={`refundEvent.${event}`} />
              </button>
            ))}
          </span>
        );
      },
    },
  ];

  const filter = (name: string) => query.filters[name] ?? '';
  const setFilter = (name: string, value: string) => list.send({ type: 'filter.set', name, value });

  return (
    <PageFrame route={route}>
      <div className="filter-bar" role="search">
        <SearchBox
          value={searchText}
          label={intl.formatMessage({ id: 'refundList.searchLabel' })}
          onChange={(text) => list.send({ type: 'search.typed', text })}
        />
        <FilterSelect label="booking.status" value={filter('status')} values={REFUND_STATUS_LIST} labelPrefix="refundStatus" onChange={(v) => setFilter('status', v)} />
        <FilterSelect label="refundList.kind" value={filter('kind')} values={['full', 'partial']} labelPrefix="refundKind" onChange={(v) => setFilter('kind', v)} />
        {(Object.keys(query.filters).length > 0 || query.search) && (
          <button type="button" className="button button-ghost" onClick={() => list.send({ type: 'filters.clear' })}>
            <FormattedMessage id="list.clearFilters" />
          </button>
        )}
      </div>
      {failure && (
        <div className="notice notice-error" role="alert">
          {failure}
        </div>
      )}
      {done && (
        <div className="notice notice-info" role="status">
          {done}
        </div>
      )}
      <ListResults
        list={list}
        empty={<FormattedMessage id="refundList.none" />}
        name="refunds"
        caption={intl.formatMessage({ id: 'route.bookingRefund' })}
        columns={columns}
        rowHref={(row) => pathOf(detail, row.booking_id)}
      />
      <RefundEventDialog
        pending={pending}
        bookingRef={pending ? refs[pending.row.booking_id] ?? '' : ''}
        onCancel={() => setPending(null)}
        onDone={(outcome) => {
          setPending(null);
          if (outcome.ok) setDone(intl.formatMessage({ id: 'refundList.done' }));
          else setFailure(outcome.detail);
          list.send({ type: 'refresh' });
        }}
      />
    </PageFrame>
  );
}

function RefundEventDialog({
  pending,
  bookingRef,
  onCancel,
  onDone,
}: {
  pending: Pending | null;
  bookingRef: string;
  onCancel: () => void;
  onDone: (outcome: { ok: true } | { ok: false; detail: string }) => void;
}) {
  const intl = useIntl();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const event = pending?.event ?? '';
  const needsReason = REFUND_EVENTS_NEEDING_REASON.has(event);

  const reset = () => {
    setReason('');
    setMissing(false);
  };

  const confirm = async () => {
    if (!pending) return;
    if (needsReason && !reason.trim()) {
      setMissing(true);
      return;
    }
    setBusy(true);
    try {
      await transitionRecord('refunds', pending.row.id, event, pending.row.version, needsReason ? { reason: reason.trim() } : {});
      reset();
      onDone({ ok: true });
    } catch (error) {
      const failure = error as { detail?: string; fieldErrors?: Record<string, string[]> };
      const fields = Object.values(failure.fieldErrors ?? {}).flat().join(' ');
      reset();
      onDone({ ok: false, detail: [failure.detail ?? intl.formatMessage({ id: 'refundList.failed' }), fields].filter(Boolean).join(' ') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={pending !== null}
      title={event ? <FormattedMessage id={`refundEvent.${event}.title`} /> : ''}
      description={
        pending ? (
          <FormattedMessage
            id="refundList.confirmDescription"
            values={{ amount: formatMoney(intl, pending.row.amount, pending.row.currency), booking: bookingRef || pending.row.booking_id.slice(0, 8) }}
          />
        ) : undefined
      }
      confirmLabel={event ? <FormattedMessage id={`refundEvent.${event}`} /> : ''}
      danger={DANGEROUS.has(event)}
      busy={busy}
      onCancel={() => {
        reset();
        onCancel();
      }}
      onConfirm={confirm}
    >
      {needsReason && (
        <ReasonField
          label="refundList.eventReason"
          value={reason}
          missing={missing}
          onChange={setReason}
        />
      )}
    </ConfirmDialog>
  );
}
