/**
 * Numbers typed by people, in their locale, to numbers for the API and back (pure).
 *
 * Accepted: `1234.5`, `1,234.50` (en), `1 234,50` with any kind of space, including the
 * narrow no-break space French formatting uses, `1.234,50` (ar-DZ), Arabic-Indic digits
 * and separators `١٬٢٣٤٫٥`, the currency code around the amount. A lone `.` or `,` is the
 * decimal mark, unless it is the locale's group separator followed by exactly three
 * digits (`1,234` in English is a thousand and more). Never guessed: a value with more
 * decimals than allowed, groups of the wrong size, a minus sign or a stray letter is
 * refused with its reason, so the form can say what is wrong.
 */

export type ParseFailure = 'format' | 'decimals' | 'negative' | 'tooLarge';
export type Parsed = { ok: true; value: number | null } | { ok: false; reason: ParseFailure };

/** ISO 4217 minor units of the currencies the marketplace handles. */
const MINOR_DIGITS: Record<string, number> = { DZD: 2, EUR: 2, USD: 2, TND: 3, MAD: 2 };

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency] ?? 2;
}

/** The largest amount the API takes, in minor units (domain `MAX_MINOR`). */
export const MAX_MINOR = 1_000_000_000_000;

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
const BIDI_MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
/** Spaces used between groups of digits: space, no-break, narrow no-break, thin, figure; apostrophes. */
const GROUP_ONLY = /[ \u00A0\u202F\u2009\u2007'’\u066C]/g;

function separatorsOf(locale: string): { group: string; decimal: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(11111.1);
  return {
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
  };
}

/**
 * A decimal number typed in `locale`, with at most `maxDecimals` decimals, as a string of
 * digits with `.` as decimal mark (exact: no floating point on the way); '' for an empty text.
 */
function canonical(text: string, locale: string, maxDecimals: number, strip: readonly string[]): { ok: true; digits: string } | { ok: false; reason: ParseFailure } {
  let t = text.replace(BIDI_MARKS, '').replace(ARABIC_DIGITS, (d) => String(d.charCodeAt(0) - (d >= '\u06F0' ? 0x06f0 : 0x0660))).trim();
  for (const word of strip) {
    if (!word) continue;
    const lower = t.toLowerCase();
    if (lower.startsWith(word.toLowerCase())) t = t.slice(word.length).trim();
    else if (lower.endsWith(word.toLowerCase())) t = t.slice(0, -word.length).trim();
  }
  if (t === '') return { ok: true, digits: '' };
  if (/^[-−‐]|[-−‐]$/.test(t)) return { ok: false, reason: 'negative' };
  // Unambiguous marks become `G` (group) and `D` (decimal).
  t = t.replace(GROUP_ONLY, 'G').replace(/\u066B/g, 'D');
  if (!/^[0-9GD.,]+$/.test(t)) return { ok: false, reason: 'format' };

  const dots = (t.match(/\./g) ?? []).length;
  const commas = (t.match(/,/g) ?? []).length;
  let decimal: string | null = t.includes('D') ? 'D' : null;
  if (decimal === null) {
    if (dots > 0 && commas > 0) decimal = t.lastIndexOf('.') > t.lastIndexOf(',') ? '.' : ',';
    else if (dots + commas === 1) {
      const mark = dots === 1 ? '.' : ',';
      const after = t.slice(t.indexOf(mark) + 1);
      const localeGroup = separatorsOf(locale).group;
      decimal = mark === localeGroup && /^\d{3}$/.test(after) ? null : mark;
    }
  }
  let whole = t;
  let fraction = '';
  if (decimal !== null) {
    const at = t.lastIndexOf(decimal);
    if (t.indexOf(decimal) !== at) return { ok: false, reason: 'format' };
    whole = t.slice(0, at);
    fraction = t.slice(at + 1);
  }
  if (!/^\d*$/.test(fraction)) return { ok: false, reason: 'format' };
  const groups = whole.split(/[G.,D]/);
  if (groups.length > 1 && (!/^\d{1,3}$/.test(groups[0]) || groups.slice(1).some((g) => !/^\d{3}$/.test(g)))) return { ok: false, reason: 'format' };
  const wholeDigits = groups.join('');
  if (!/^\d*$/.test(wholeDigits) || (wholeDigits === '' && fraction === '')) return { ok: false, reason: 'format' };
  if (fraction.length > maxDecimals) return { ok: false, reason: 'decimals' };
  return { ok: true, digits: `${wholeDigits || '0'}.${fraction}` };
}

/** An amount typed in `locale` to minor units of `currency` (null: left empty). */
export function parseMoney(text: string, locale: string, currency: string): Parsed {
  const digits = minorDigits(currency);
  const result = canonical(text, locale, digits, [currency, currencySymbol(locale, currency)]);
  if (!result.ok) return result;
  if (result.digits === '') return { ok: true, value: null };
  const [whole, fraction] = result.digits.split('.');
  const minor = Number(`${whole}${fraction.padEnd(digits, '0')}`);
  return minor > MAX_MINOR ? { ok: false, reason: 'tooLarge' } : { ok: true, value: minor };
}

/**
 * A decimal number typed in `locale` (null: left empty). `allowNegative`: a leading minus
 * sign is a negative number (a longitude west of Greenwich), not a mistake.
 */
export function parseDecimal(text: string, locale: string, maxDecimals: number, allowNegative = false): Parsed {
  const bare = text.replace(BIDI_MARKS, '').trim();
  const negative = allowNegative && /^[-−‐]/.test(bare);
  const result = canonical(negative ? bare.slice(1) : text, locale, maxDecimals, []);
  if (!result.ok) return result;
  if (result.digits === '') return negative ? { ok: false, reason: 'format' } : { ok: true, value: null };
  const value = Number(result.digits);
  return { ok: true, value: negative && value !== 0 ? -value : value };
}

/** Minor units as the text of an amount input in `locale` ('' for null), e.g. `1 234,50` in French. */
export function formatMoneyInput(minor: number | null | undefined, locale: string, currency: string): string {
  if (minor == null || !Number.isFinite(minor)) return '';
  const digits = minorDigits(currency);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(minor / 10 ** digits).replace(BIDI_MARKS, '');
}

/** A number as the text of a decimal input in `locale` ('' for null). */
export function formatDecimalInput(value: number | null | undefined, locale: string, maxDecimals: number): string {
  if (value == null || !Number.isFinite(value)) return '';
  return new Intl.NumberFormat(locale, { maximumFractionDigits: maxDecimals }).format(value).replace(BIDI_MARKS, '');
}

/** The currency's sign in `locale` (`DZD` in English and French, `د.ج.` in Arabic). */
export function currencySymbol(locale: string, currency: string): string {
  const part = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(1).find((p) => p.type === 'currency');
  return part?.value ?? currency;
}
