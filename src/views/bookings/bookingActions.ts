/** Bulk work on bookings from the list: confirming a selection, exporting the filtered set. */
import { apiClient } from '../../api/registry.ts';
import { toParams, transitionRecord, type ListQuery } from '../../api/resources.ts';

/**
 * Confirms each selected booking with its own version; one refused booking (already
 * confirmed elsewhere, say) does not stop the others. Resolves with the refused refs.
 */
export async function confirmBookings(rows: { id: string; version: number; ref: string }[]): Promise<string[]> {
  const refused: string[] = [];
  for (const row of rows) {
    try {
      await transitionRecord('bookings', row.id, 'confirm', row.version);
    } catch {
      refused.push(row.ref);
    }
  }
  return refused;
}

/** Downloads the CSV of every booking matching the list's filters, in the user's language. */
export async function exportBookingsCsv(query: ListQuery, locale: string): Promise<void> {
  const { page: _page, page_size: _size, ...rest } = toParams(query);
  const blob = await apiClient().get<Blob>('/branch/api/bookings/export/', {
    params: { ...rest, lang: locale.slice(0, 2) },
    responseType: 'blob',
  });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `bookings-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
