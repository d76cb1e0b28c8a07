/** CSV exports of any list, through the engine's `GET /<collection>/export.csv`. */
import { apiClient } from './apiClientHolder.ts';
import { toParams, type ListQuery } from './resources.ts';

/**
 * Downloads every record matching the list's filters, search and ordering (not just the
 * page), as CSV with headers and values in the user's language.
 */
export async function downloadCsv(resource: string, query: ListQuery, locale: string, options: { columns?: readonly string[]; expand?: readonly string[] } = {}): Promise<void> {
  const { page: _page, page_size: _size, ...rest } = toParams(query);
  const params: Record<string, string | number> = { ...rest, lang: locale.slice(0, 2) };
  if (options.columns) params.columns = options.columns.join(',');
  if (options.expand && options.expand.length > 0) params.expand = options.expand.join(',');
  const blob = await apiClient().get<Blob>(`/branch/api/${resource}/export.csv`, { params, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${resource}-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
