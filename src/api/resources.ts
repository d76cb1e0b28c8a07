/** Generic calls on the branch API's collections (DESIGN section 5). */
import { apiClient } from './apiClientHolder.ts';

export interface Page<T> {
  count: number;
  /** False when so many records match that `count` is the server's estimate. */
  count_exact?: boolean;
  next: string | null;
  previous: string | null;
  results: T[];
}

export interface ListQuery {
  page: number;
  page_size: number;
  ordering: string;
  search: string;
  /** Field filters, e.g. `status=confirmed`, `starts_at__gte=2026-11-01`. */
  filters: Record<string, string>;
}

/** A reference named: the label fields of the record an id points to (`expand=`). */
export type ExpandedRef = { id: string; [field: string]: unknown } | null;

export interface ApiRecord {
  id: string;
  version: number;
  /**
   * With `expand`: per expanded field, the record it points to, or null when the field is
   * empty or that record is out of the caller's scope.
   */
  _expanded?: Record<string, ExpandedRef>;
  [field: string]: unknown;
}

/** The fields of a collection (from common/collections.ts) a list or read may expand. */
export type Expandable<C extends { refs: object }> = Extract<keyof C['refs'], string> | 'vendor_id';

const collectionUrl = (resource: string) => `/branch/api/${resource}/`;
const recordUrl = (resource: string, id: string) => `/branch/api/${resource}/${encodeURIComponent(id)}/`;

export function toParams(query: ListQuery): Record<string, string | number> {
  return {
    ...query.filters,
    page: query.page,
    page_size: query.page_size,
    ...(query.ordering ? { ordering: query.ordering } : {}),
    ...(query.search ? { search: query.search } : {}),
  };
}

/**
 * One page of a collection; `fields` asks for only those fields (id and version always
 * come); `expand` names reference fields whose records' labels come in `_expanded`.
 */
export function fetchList<T = ApiRecord>(
  resource: string,
  query: ListQuery,
  signal?: AbortSignal,
  fields?: readonly string[],
  expand?: readonly string[],
): Promise<Page<T>> {
  const params = {
    ...toParams(query),
    ...(fields ? { fields: fields.join(',') } : {}),
    ...(expand && expand.length > 0 ? { expand: expand.join(',') } : {}),
  };
  return apiClient().get<Page<T>>(collectionUrl(resource), { params, signal, quiet: true });
}

/** What `GET /<collection>/totals/` adds up over a filtered set: per currency, the count and each money field's sum. */
export interface Totals {
  count: number;
  by_currency: TotalsGroup[];
}
export interface TotalsGroup {
  currency: string | null;
  count: number;
  sums: Record<string, number>;
}

/** The count and sums of every record the query's filters and search match (its page and order do not matter). */
export function fetchTotals(resource: string, query: ListQuery, signal?: AbortSignal): Promise<Totals> {
  const params = { ...query.filters, ...(query.search ? { search: query.search } : {}) };
  return apiClient().get<Totals>(`${collectionUrl(resource)}totals/`, { params, signal, quiet: true });
}

export function fetchRecord<T = ApiRecord>(resource: string, id: string, signal?: AbortSignal, expand?: readonly string[]): Promise<T> {
  const params = expand && expand.length > 0 ? { expand: expand.join(',') } : undefined;
  return apiClient().get<T>(recordUrl(resource, id), { params, signal, quiet: true });
}

export function createRecord<T = ApiRecord>(resource: string, data: Record<string, unknown>): Promise<T> {
  return apiClient().post<T>(collectionUrl(resource), data, { quiet: true });
}

export function updateRecord<T = ApiRecord>(resource: string, id: string, data: Record<string, unknown>): Promise<T> {
  return apiClient().patch<T>(recordUrl(resource, id), data, { quiet: true });
}

export function deleteRecord(resource: string, id: string, version: number): Promise<void> {
  return apiClient().delete<void>(recordUrl(resource, id), { params: { version }, quiet: true });
}

export function transitionRecord<T = ApiRecord>(
  resource: string,
  id: string,
  event: string,
  version: number,
  payload: Record<string, unknown> = {},
): Promise<T> {
  return apiClient().post<T>(`${recordUrl(resource, id)}transition/`, { ...payload, event, version }, { quiet: true });
}
