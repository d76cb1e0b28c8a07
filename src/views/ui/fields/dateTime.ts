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

type DatePart = 'day' | 'month' | 'year';

/** The order `locale` writes a date's parts in (en-US: month, day, year; fr and ar-DZ: day first). */
export function datePartOrder(locale: string): DatePart[] {
  const parts = new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).formatToParts(new Date(Date.UTC(2030, 2, 4)));
  const order = parts.map((p) => p.type).filter((t): t is DatePart => t === 'day' || t === 'month' || t === 'year');
  return order.length === 3 ? order : ['day', 'month', 'year'];
}

/** A `YYYY-MM-DD` date as typed in `locale`: its parts in the locale's order, with slashes and Western digits. */
export function formatTypedDate(value: string | null | undefined, locale: string): string {
  const iso = toInputValue(value, 'date');
  if (!iso) return '';
  const [year, month, day] = iso.split('-');
  const parts: Record<DatePart, string> = { day, month, year };
  return datePartOrder(locale).map((p) => parts[p]).join('/');
}

/**
 * A date typed the way `locale` writes one (04/03/2030 in French is 4 March), or in ISO
 * (2030-03-04); Arabic-Indic digits are read too. `value` is `YYYY-MM-DD`, or null when
 * the text is empty or is not a day of the calendar (then `valid` is false unless empty).
 */
export function parseTypedDate(text: string, locale: string): { value: string | null; valid: boolean } {
  const digits = text.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
  if (digits === '') return { value: null, valid: true };
  const numbers = digits.split(/[^0-9]+/).filter(Boolean);
  if (numbers.length !== 3) return { value: null, valid: false };
  const parts: Partial<Record<DatePart, string>> = {};
  const order: DatePart[] = numbers[0].length === 4 ? ['year', 'month', 'day'] : datePartOrder(locale);
  order.forEach((part, i) => (parts[part] = numbers[i]));
  let year = Number(parts.year);
  if (parts.year!.length === 2) year += 2000;
  else if (parts.year!.length !== 4) return { value: null, valid: false };
  const month = Number(parts.month);
  const day = Number(parts.day);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || day < 1 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return { value: null, valid: false };
  return { value: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`, valid: true };
}
