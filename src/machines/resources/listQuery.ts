/**
 * A list's query lives in the URL (bookmarkable; the back button restores it). These
 * pure functions read it from a search string and write it back.
 */
import type { ListQuery } from '../../api/resources.ts';

export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZES = [10, 25, 50, 100] as const;
const RESERVED = new Set(['page', 'page_size', 'ordering', 'search']);

/**
 * `defaultFilters` apply when the URL sets no filter and no search: a screen that opens on
 * a view (refunds waiting on someone) still shows everything once the user picks "All".
 */
export function parseListQuery(
  search: string,
  options: { filters: readonly string[]; defaultOrdering: string; defaultFilters?: Readonly<Record<string, string>> },
): ListQuery {
  const params = new URLSearchParams(search);
  const positive = (value: string | null, fallback: number) => {
    const n = Number(value);
    return Number.isInteger(n) && n > 0 ? n : fallback;
  };
  const filters: Record<string, string> = {};
  for (const [key, value] of params) {
    if (RESERVED.has(key) || value === '') continue;
    const field = key.replace(/__(gte|lte|gt|lt|in)$/, '');
    if (options.filters.includes(field)) filters[key] = value;
  }
  const untouched = Object.keys(filters).length === 0 && !params.get('search');
  return {
    page: positive(params.get('page'), 1),
    page_size: Math.min(MAX_PAGE_SIZE, positive(params.get('page_size'), DEFAULT_PAGE_SIZE)),
    ordering: params.get('ordering') || options.defaultOrdering,
    search: params.get('search') ?? '',
    filters: untouched && options.defaultFilters ? { ...options.defaultFilters } : filters,
  };
}

/** The search string for a query, leaving out defaults so URLs stay short. */
export function serializeListQuery(query: ListQuery, options: { defaultOrdering: string }): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(query.filters).sort()) {
    if (query.filters[key] !== '') params.set(key, query.filters[key]);
  }
  if (query.search) params.set('search', query.search);
  if (query.ordering && query.ordering !== options.defaultOrdering) params.set('ordering', query.ordering);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.page_size !== DEFAULT_PAGE_SIZE) params.set('page_size', String(query.page_size));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Sorting by a column: ascending first, then descending, then ascending again. */
export function toggleOrdering(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}

export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}

/**
 * `query` (a search string from `serializeListQuery`) with the parameters named in `keep`
 * copied from `current`: what the screen keeps in the URL besides its list, such as the
 * record open in a panel beside it (`?edit=<id>`), survives a new search or filter.
 */
export function withKeptParams(query: string, current: string, keep: readonly string[]): string {
  if (keep.length === 0) return query;
  const from = new URLSearchParams(current);
  const params = new URLSearchParams(query);
  for (const name of keep) {
    const value = from.get(name);
    if (value !== null && !RESERVED.has(name)) params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
