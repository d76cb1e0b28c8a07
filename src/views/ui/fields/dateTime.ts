/**
 * Dates and times between the API and `<input type=date|datetime-local>` (pure). The API
 * takes calendar dates as `YYYY-MM-DD` and instants as ISO strings in UTC; the app shows
 * instants in Algeria's time (the IntlProvider's zone, src/domain/time.ts), so a datetime
 * input reads and writes Algeria's wall clock too, whatever the browser's zone.
 */
import { algeriaInstant, algeriaWallClock, BUSINESS_TIME_ZONE } from '../../../domain/time.ts';

export type DateTimeMode = 'date' | 'datetime';

/** The API's value as the input's text ('' when there is none or it cannot be read). */
export function toInputValue(value: string | null | undefined, mode: DateTimeMode): string {
  if (!value) return '';
  if (mode === 'date') return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
  return Number.isNaN(Date.parse(value)) ? '' : algeriaWallClock(value);
}

/** The input's text as the API's value (null when empty or incomplete). */
export function fromInputValue(text: string, mode: DateTimeMode): string | null {
  if (mode === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return null;
  return algeriaInstant(text.slice(0, 10), text.slice(11)) || null;
}

/** The app's zone's offset from GMT in `locale`'s words, e.g. `GMT+1` (the zone itself is named in words by the message). */
export function timeZoneOffset(locale: string, at = new Date()): string {
  return new Intl.DateTimeFormat(locale, { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? '';
}
