/**
 * The marketplace's clock. Activities happen in Algeria, so every date and time is shown
 * and typed in Algeria's time, wherever the browser is (a vendor abroad sees a departure
 * at the hour the customers meet). Algeria keeps UTC+1 all year (no daylight saving since
 * 1981), which the server's day rules use too.
 */
export const BUSINESS_TIME_ZONE = 'Africa/Algiers';
export const ALGERIA_UTC_OFFSET_MINUTES = 60;

const OFFSET_MS = ALGERIA_UTC_OFFSET_MINUTES * 60_000;

/** A wall-clock `YYYY-MM-DD` and `HH:MM[:SS]` in Algeria as an ISO instant ('' when unreadable). */
export function algeriaInstant(date: string, time = '00:00'): string {
  const ms = Date.parse(`${date}T${time}Z`);
  return Number.isNaN(ms) ? '' : new Date(ms - OFFSET_MS).toISOString();
}

/** An instant as Algeria's wall clock: `YYYY-MM-DDTHH:MM`. */
export function algeriaWallClock(instant: string | Date): string {
  const ms = (typeof instant === 'string' ? Date.parse(instant) : instant.getTime()) + OFFSET_MS;
  return new Date(ms).toISOString().slice(0, 16);
}

/** Today's date in Algeria, `YYYY-MM-DD`. */
export const algeriaToday = (now = new Date()) => algeriaWallClock(now).slice(0, 10);
