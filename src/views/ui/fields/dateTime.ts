/**
 * Dates and times between the API and `<input type=date|datetime-local>` (pure). The API
 * takes calendar dates as `YYYY-MM-DD` and instants as ISO strings in UTC; the app shows
 * instants in the browser's time zone (react-intl's default), so a datetime input reads
 * and writes local wall-clock time in that zone too.
 */

export type DateTimeMode = 'date' | 'datetime';

const pad = (n: number) => String(n).padStart(2, '0');

/** The API's value as the input's text ('' when there is none or it cannot be read). */
export function toInputValue(value: string | null | undefined, mode: DateTimeMode): string {
  if (!value) return '';
  if (mode === 'date') return /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The input's text as the API's value (null when empty or incomplete). */
export function fromInputValue(text: string, mode: DateTimeMode): string | null {
  if (mode === 'date') return /^\d{4}-\d{2}-\d{2}$/.test(text) ? text : null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The browser's time zone, e.g. `Africa/Algiers (GMT+1)`, in `locale`'s words for the offset. */
export function timeZoneLabel(locale: string, at = new Date()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const offset = new Intl.DateTimeFormat(locale, { timeZoneName: 'shortOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  return offset ? `${zone} (${offset})` : zone;
}
