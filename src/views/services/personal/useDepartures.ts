import { useRead } from '../../ui/useRead.ts';

/**
 * The departure of each personal service shown (its earliest slot's start), by service id,
 * in one read for the whole page, read again when slots change. A personal service has
 * one departure, so a failed or slow answer leaves the column empty (the list itself
 * stays usable); `failed` says so, for the column to mark it.
 */
export function useDepartures(serviceIds: readonly string[]): { departures: Record<string, string>; failed: boolean } {
  const read = useRead('servicesDepartures', serviceIds.length > 0 ? { serviceIds } : null, { reloadOn: ['service-slots'] });
  return { departures: read.data ?? {}, failed: read.state === 'failed' };
}
