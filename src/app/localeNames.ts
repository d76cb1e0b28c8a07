import type { Locale } from '../machines/locale.ts';

/** Each language named in itself, as language menus do. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', ar: 'العربية' };
