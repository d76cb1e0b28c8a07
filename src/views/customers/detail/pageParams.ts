import { useLocation, useSearch } from 'wouter';
import { PAGE_SIZES } from '../../../machines/resources/listQuery.ts';

/**
 * The page of a tab's list, kept in the URL beside the tab (`?tab=bookings&page=2&page_size=25`):
 * the page shown is linkable and survives a reload, and a new page size starts again at
 * the first page. Choosing another tab drops them.
 */
export function usePageParams(defaultSize = 10) {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const params = new URLSearchParams(search);
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const size = Number(params.get('page_size'));
  const pageSize = (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultSize;
  const go = (next: { page: number; pageSize: number }) => {
    const query = new URLSearchParams(search);
    query.set('page', String(next.page));
    if (next.pageSize === defaultSize) query.delete('page_size');
    else query.set('page_size', String(next.pageSize));
    if (next.page === 1) query.delete('page');
    const text = query.toString();
    navigate(text ? `${path}?${text}` : path, { replace: true });
  };
  return {
    page,
    pageSize,
    onPage: (next: number) => go({ page: next, pageSize }),
    onPageSize: (next: number) => go({ page: 1, pageSize: next }),
  };
}
