/** Pure rules of a text written in each of the app's languages (`title_i18n` and the like). */
import type { FieldErrors } from './fieldErrors.ts';

export const LANGUAGES = ['en', 'fr', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];
export type I18nText = Partial<Record<Language, string>>;

export function directionOf(language: Language): 'rtl' | 'ltr' {
  return language === 'ar' ? 'rtl' : 'ltr';
}

function isLanguage(key: string): key is Language {
  return (LANGUAGES as readonly string[]).includes(key);
}

/**
 * The errors of an i18n field, from those under its name (`errorsUnder(errors, 'title_i18n')`):
 * `title_i18n.fr` belongs to French; `title_i18n` itself, or a path naming no language
 * (`title_i18n.de`: "Unknown field."), to the whole field.
 */
export function i18nErrors(under: FieldErrors): { field: string[]; languages: Partial<Record<Language, string[]>> } {
  const field: string[] = [];
  const languages: Partial<Record<Language, string[]>> = {};
  for (const [rest, messages] of Object.entries(under)) {
    const language = rest.split('.')[0];
    if (isLanguage(language)) languages[language] = [...(languages[language] ?? []), ...messages];
    else field.push(...messages);
  }
  return { field, languages };
}

/** Languages that are required and still empty. */
export function missingLanguages(value: I18nText, required: readonly Language[]): Language[] {
  return required.filter((language) => !(value[language] ?? '').trim());
}

/**
 * The tab a key moves to in a tab list of `count` tabs (null: the key is not for the tabs).
 * ← and → follow the page's direction: in Arabic, → goes back toward the first tab.
 */
export function tabAfterKey(key: string, index: number, count: number, rtl: boolean): number | null {
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
  if (key === forward) return (index + 1) % count;
  if (key === backward) return (index - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}
