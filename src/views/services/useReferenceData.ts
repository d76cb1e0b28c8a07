import { useEffect, useState } from 'react';
import { fetchList, type ApiRecord } from '../../api/resources.ts';

export interface ReferenceData {
  categories: ApiRecord[];
  amenities: ApiRecord[];
  interests: ApiRecord[];
}

const EMPTY: ReferenceData = { categories: [], amenities: [], interests: [] };

/**
 * The shared terms a service is described with (categories and their children, amenities,
 * interests): short lists, read once per form in their curated order.
 */
export function useReferenceData(): ReferenceData {
  const [data, setData] = useState<ReferenceData>(EMPTY);
  useEffect(() => {
    const controller = new AbortController();
    const all = (resource: string) =>
      fetchList(resource, { page: 1, page_size: 100, ordering: '', search: '', filters: { active: 'true' } }, controller.signal).then((p) => p.results);
    Promise.all([all('categories'), all('amenities'), all('interests')])
      .then(([categories, amenities, interests]) => setData({ categories, amenities, interests }))
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  return data;
}
