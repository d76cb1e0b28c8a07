/**
 * Dates and times between the API and the texts of the date fields (pure). The API
 * takes calendar dates as `YYYY-MM-DD` and instants as ISO strings in UTC; the app shows
 * instants in Algeria's time (the IntlProvider's zone, common/time.ts), so a day and a
 * time typed read and write Algeria's wall clock too, whatever the browser's zone. The
 * `input` values (`YYYY-MM-DD`, `YYYY-MM-DDTHH:MM`) are those of the browser's calendar.
 */
import { algeriaInstant, algeriaWallClock, BUSINESS_TIME_ZONE } from '../../../../common/time.ts';

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
  const digits = westernDigits(text.trim());
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

/** Western digits for Arabic-Indic and Persian ones, so a time or a date typed either way reads the same. */
function westernDigits(text: string): string {
  return text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}

/**
 * A time typed on a 24-hour clock, as Algeria writes it: 09:30, 9:30, 9h30, 9.30, 0930 or
 * just 9 (nine o'clock); Arabic-Indic digits are read too. `value` is `HH:MM`, or null when
 * the text is empty or not a time of day (then `valid` is false unless empty).
 */
export function parseTypedTime(text: string): { value: string | null; valid: boolean } {
  const digits = westernDigits(text.trim());
  if (digits === '') return { value: null, valid: true };
  let numbers = digits.split(/[^0-9]+/).filter(Boolean);
  if (numbers.length === 0 || /[^0-9:.hH\s]/.test(digits)) return { value: null, valid: false };
  if (numbers.length === 1 && numbers[0].length > 2) numbers = [numbers[0].slice(0, -2), numbers[0].slice(-2)];
  if (numbers.length > 2 || numbers[0].length > 2 || (numbers[1] !== undefined && numbers[1].length !== 2)) return { value: null, valid: false };
  const hours = Number(numbers[0]);
  const minutes = Number(numbers[1] ?? '0');
  if (hours > 23 || minutes > 59) return { value: null, valid: false };
  return { value: `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`, valid: true };
}

/** An instant (ISO) as the day and the time typed for it in `locale`, on Algeria's wall clock. */
export function formatTypedDateTime(value: string | null | undefined, locale: string): { date: string; time: string } {
  const local = toInputValue(value, 'datetime');
  return local ? { date: formatTypedDate(local.slice(0, 10), locale), time: local.slice(11, 16) } : { date: '', time: '' };
}

/**
 * A day and a time typed in `locale`, read together as the instant they name on Algeria's
 * wall clock (null until both are there and valid). `dateValid`/`timeValid` say whether
 * each text, as typed so far, can be read; `complete` says that neither is missing while
 * the other is typed.
 */
export function parseTypedDateTime(dateText: string, timeText: string, locale: string): { value: string | null; dateValid: boolean; timeValid: boolean; complete: boolean } {
  const date = parseTypedDate(dateText, locale);
  const time = parseTypedTime(timeText);
  const value = date.value && time.value ? fromInputValue(`${date.value}T${time.value}`, 'datetime') : null;
  const complete = (dateText.trim() === '') === (timeText.trim() === '');
  return { value, dateValid: date.valid, timeValid: time.valid, complete };
}

/** Whether `value` (of the field's kind) falls before `min` or after `max`; an empty end is no limit. */
export function outOfRange(value: string | null, mode: DateTimeMode, min?: string | null, max?: string | null): boolean {
  if (!value) return false;
  const at = (v: string) => (mode === 'date' ? v.slice(0, 10) : new Date(Date.parse(v)).toISOString());
  const key = at(value);
  return (!!min && toInputValue(min, mode) !== '' && key < at(min)) || (!!max && toInputValue(max, mode) !== '' && key > at(max));
}

/** Whether two values of the field's kind name the same day or the same instant (null only equals null). */
export function sameDateTime(a: string | null | undefined, b: string | null | undefined, mode: DateTimeMode): boolean {
  const ta = toInputValue(a, mode);
  const tb = toInputValue(b, mode);
  return ta === tb;
}
