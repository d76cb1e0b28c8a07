import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { BookingTimeline } from '../bookings/BookingTimeline.tsx';
import { ErrorState } from './ErrorState.tsx';
import { useRead } from './useRead.ts';

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
  const audit = useRead('list', { collection: 'audit-log', filters: { entity, entity_id: id }, ordering: '-at', pageSize: 100, expand: ['actor_user_id'] });
  // Each save makes a new version: the trail is read again, the one shown kept meanwhile.
  const shownVersion = useRef(version);
  useEffect(() => {
    if (shownVersion.current === version) return;
    shownVersion.current = version;
    audit.reload();
  }, [version]);

  if (audit.state === 'failed') return <ErrorState onRetry={audit.retry} />;
  // An audit trail alone holds no money: the amount formatter is never called with one.
  return <BookingTimeline related={audit.data ? { payments: [], refunds: [], audit: audit.data } : null} money={(v) => intl.formatNumber(Number(v ?? 0))} eventPrefix={eventPrefix} />;
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
