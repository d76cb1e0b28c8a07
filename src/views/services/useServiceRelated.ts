import { useEffect, useState } from 'react';
import { fetchList, type ApiRecord, type Page } from '../../api/resources.ts';

export type Related = { state: 'loading' } | { state: 'failed'; retry: () => void } | { state: 'ready'; page: Page<ApiRecord> };

/**
 * A page (the first unless `query.page` says) of the records of another collection that belong to a service (its reviews, its
 * bookings, its audit trail), read when the tab first shows and again when `stamp`
 * changes (the service's version).
 */
export function useServiceRelated(
  resource: string,
  query: { filters: Record<string, string>; ordering: string; fields?: readonly string[]; expand?: readonly string[]; pageSize?: number; page?: number },
  stamp: unknown,
): Related {
  const [related, setRelated] = useState<Related>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const key = JSON.stringify(query);
  useEffect(() => {
    const controller = new AbortController();
    fetchList(resource, { page: query.page ?? 1, page_size: query.pageSize ?? 20, ordering: query.ordering, search: '', filters: query.filters }, controller.signal, query.fields, query.expand)
      .then((page) => setRelated({ state: 'ready', page }))
      .catch(() => {
        if (!controller.signal.aborted) setRelated({ state: 'failed', retry: () => setAttempt((n) => n + 1) });
      });
    return () => controller.abort();
  }, [resource, key, stamp, attempt]);
  return related;
}
