import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fetchList, type ApiRecord } from '../../api/resources.ts';
import { BookingTimeline } from '../bookings/BookingTimeline.tsx';
import { ErrorState } from '../ui/ErrorState.tsx';

/**
 * Who changed a location and when (its audit trail, the latest first), read when the user
 * opens it and again after each save (`version`).
 */
export function LocationHistory({ id, version }: { id: string; version: number }) {
  const intl = useIntl();
  const [open, setOpen] = useState(false);
  const [audit, setAudit] = useState<ApiRecord[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setFailed(false);
    fetchList('audit-log', { page: 1, page_size: 50, ordering: '-at', search: '', filters: { entity: 'locations', entity_id: id } }, controller.signal, undefined, ['actor_user_id'])
      .then((page) => setAudit(page.results))
      .catch(() => !controller.signal.aborted && setFailed(true));
    return () => controller.abort();
  }, [open, id, version, attempt]);

  return (
    <details className="location-history" onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        <FormattedMessage id="locations.history" />
      </summary>
      {failed ? (
        <ErrorState onRetry={() => setAttempt((n) => n + 1)} />
      ) : (
        <BookingTimeline related={audit && { payments: [], refunds: [], audit }} money={(v) => intl.formatNumber(Number(v ?? 0))} />
      )}
    </details>
  );
}
