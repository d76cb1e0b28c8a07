/** Money and dates go through react-intl, in the user's locale. Money is in minor units. */
import type { IntlShape } from 'react-intl';

/** ISO 4217 minor units of the currencies the marketplace handles. */
const MINOR_DIGITS: Record<string, number> = { DZD: 2, EUR: 2, USD: 2, TND: 3, MAD: 2 };

/** How the currency settings want amounts shown (set once they are read; the language's way until then). */
export interface MoneyFormat {
  symbol_position: 'locale' | 'before' | 'after';
  decimals: number;
}
let moneyFormat: MoneyFormat = { symbol_position: 'locale', decimals: 2 };
export function setMoneyFormat(format: MoneyFormat): void {
  moneyFormat = format;
}

/** An amount as the currency settings write it; `compact` shortens a large one ("DZD 140.9M"), the symbol still where the settings put it. */
export function formatMoney(intl: IntlShape, minorUnits: number, currency = 'DZD', compact = false): string {
  return moneyText(intl, minorUnits, currency, compact, 'auto');
}

/**
 * A figure added to or taken from a total, with its sign always written ("+ 500", "− 1 000")
 * and none on a zero, so the lines a reader adds up say which way each one goes.
 */
export function formatSignedMoney(intl: IntlShape, minorUnits: number, currency = 'DZD'): string {
  return moneyText(intl, minorUnits, currency, false, 'exceptZero');
}

function moneyText(intl: IntlShape, minorUnits: number, currency: string, compact: boolean, signDisplay: 'auto' | 'exceptZero'): string {
  const digits = MINOR_DIGITS[currency] ?? 2;
  const shown = Math.min(moneyFormat.decimals, digits);
  const options = compact
    ? ({ style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1, signDisplay } as const)
    : ({ style: 'currency', currency, minimumFractionDigits: shown, maximumFractionDigits: shown, signDisplay } as const);
  const amount = minorUnits / 10 ** digits;
  if (moneyFormat.symbol_position === 'locale') return intl.formatNumber(amount, options);
  // The number as the language writes it, the currency where the settings put it.
  const parts = intl.formatNumberToParts(amount, options);
  const symbol = parts.find((p) => p.type === 'currency')?.value ?? currency;
  const number = parts
    .filter((p) => p.type !== 'currency' && !(p.type === 'literal' && /^[\s\u00a0\u202f]*$/.test(p.value)))
    .map((p) => p.value)
    .join('');
  return moneyFormat.symbol_position === 'before' ? `${symbol}\u00a0${number}` : `${number}\u00a0${symbol}`;
}

export function formatDateTime(intl: IntlShape, iso: string | null | undefined): string {
  if (!iso) return '—';
  return intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

export function formatDate(intl: IntlShape, iso: string | null | undefined): string {
  if (!iso) return '—';
  return intl.formatDate(iso, { dateStyle: 'medium' });
}

/** A length of time in whole minutes as hours and minutes, e.g. `8 h`, `1 h 30 min` (units in the user's language). */
export function formatDuration(intl: IntlShape, minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    hours > 0 ? intl.formatNumber(hours, { style: 'unit', unit: 'hour', unitDisplay: 'short' }) : null,
    rest > 0 || hours === 0 ? intl.formatNumber(rest, { style: 'unit', unit: 'minute', unitDisplay: 'short' }) : null,
  ].filter((p): p is string => p !== null);
  return intl.formatList(parts, { type: 'unit', style: 'narrow' });
}

/** A record's `*_i18n` text in the user's language, else English, else any language that has it ('' when none). */
/** The ordering key of a text in three languages, in the user's language: `title_i18n.fr`. */
export function localizedOrdering(field: string, locale: string): string {
  return `${field}.${locale.slice(0, 2)}`;
}

export function localized(value: unknown, locale: string): string {
  if (!value || typeof value !== 'object') return '';
  const texts = value as Record<string, string | undefined>;
  const lang = locale.slice(0, 2);
  return texts[lang] || texts.en || Object.values(texts).find((t) => t) || '';
}
