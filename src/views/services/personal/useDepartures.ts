import { useEffect, useState } from 'react';
import { fetchList } from '../../../api/resources.ts';

/**
 * The departure of each personal service shown (its earliest slot's start), by service id,
 * in one request for the whole page. A personal service has one departure, so a failed or
 * slow answer only leaves the column empty.
 */
export function useDepartures(serviceIds: readonly string[]): Record<string, string> {
  const [departures, setDepartures] = useState<Record<string, string>>({});
  const key = serviceIds.join(',');
  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    fetchList<{ service_id: string; starts_at: string }>(
      'service-slots',
      { page: 1, page_size: 100, ordering: 'starts_at', search: '', filters: { service_id__in: key } },
      controller.signal,
      ['service_id', 'starts_at'],
    )
      .then((page) => {
        const next: Record<string, string> = {};
        // Ordered by start: the first slot met is the departure.
        for (const slot of page.results) next[slot.service_id] ??= slot.starts_at;
        setDepartures(next);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [key]);
  return departures;
}
