import { useEffect, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { fetchList, type ApiRecord } from '../../api/resources.ts';
import { BookingTimeline } from '../bookings/BookingTimeline.tsx';
import { ErrorState } from './ErrorState.tsx';

interface Trail {
  /** The collection whose record it is (the audit log's `entity`). */
  entity: string;
  id: string;
  /** The record's version: the trail is read again after each save. */
  version: number;
  /** Where its transitions are named (`publishingEvent.publish`); create, update and delete have their own words. */
  eventPrefix?: string;
}

/** Who changed a record and when: its audit trail, the latest first. */
export function AuditTrail({ entity, id, version, eventPrefix }: Trail) {
  const intl = useIntl();
  const [audit, setAudit] = useState<ApiRecord[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setFailed(false);
    fetchList('audit-log', { page: 1, page_size: 100, ordering: '-at', search: '', filters: { entity, entity_id: id } }, controller.signal, undefined, ['actor_user_id'])
      .then((page) => setAudit(page.results))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [entity, id, version, attempt]);

  if (failed) return <ErrorState onRetry={() => setAttempt((n) => n + 1)} />;
  // An audit trail alone holds no money: the amount formatter is never called with one.
  return <BookingTimeline related={audit && { payments: [], refunds: [], audit }} money={(v) => intl.formatNumber(Number(v ?? 0))} eventPrefix={eventPrefix} />;
}

/** A record's history under its form, folded: read only when the user opens it. */
export function RecordHistory({ title, ...trail }: Trail & { title: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="record-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>{title}</summary>
      {open && <AuditTrail {...trail} />}
    </details>
  );
}
