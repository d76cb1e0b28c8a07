/**
 * The colour preference outside the statechart: reading it, resolving it and applying it
 * to `<html>`. The theme boot script (a blocking script that runs before first paint)
 * bundles this file, so it must stay tiny and import nothing, xstate least of all.
 */

export type ColorMode = 'light' | 'dark' | 'system';
export type ResolvedTheme = 'light' | 'dark';

/** localStorage key of the preference (the seed's colour-mode key). */
export const COLOR_MODE_KEY = 'color-mode';
export const DARK_SCHEME_QUERY = '(prefers-color-scheme: dark)';

export function isColorMode(value: unknown): value is ColorMode {
  return value === 'light' || value === 'dark' || value === 'system';
}

/** The public settings as last read from the server (src/app/publicSettings.ts keeps them). */
export interface PublicSettings {
  language: { enabled: string[]; default: string };
  theme: { mode: ColorMode; brand_color: string; logo_url: string | null };
  company: { trade_name: string };
}
export const PUBLIC_SETTINGS_KEY = 'public-settings';

export function readCachedPublicSettings(): PublicSettings | null {
  try {
    const cached = JSON.parse(globalThis.localStorage?.getItem(PUBLIC_SETTINGS_KEY) ?? 'null') as PublicSettings | null;
    return cached && typeof cached === 'object' && cached.theme && cached.language ? cached : null;
  } catch {
    return null;
  }
}

/** The brand colour as a CSS custom property (`--brand`), checked for contrast by the server when it was saved. */
export function applyBrandColor(color: string | null | undefined): void {
  if (typeof document === 'undefined' || !color || !/^#[0-9a-fA-F]{6}$/.test(color)) return;
  document.documentElement.style.setProperty('--brand', color);
}

/** The user's stored preference; without one, the default the settings give, else 'system'. */
export function readStoredColorMode(): ColorMode {
  try {
    const stored = globalThis.localStorage?.getItem(COLOR_MODE_KEY);
    if (isColorMode(stored)) return stored;
    const fallback = readCachedPublicSettings()?.theme.mode;
    return isColorMode(fallback) ? fallback : 'system';
  } catch {
    return 'system';
  }
}

/** Stores the preference; a storage that refuses (private mode, quota) is not an error. */
export function storeColorMode(mode: ColorMode): void {
  try {
    globalThis.localStorage?.setItem(COLOR_MODE_KEY, mode);
  } catch {
    // The preference then lasts for this page only.
  }
}

export function systemPrefersDark(): boolean {
  return typeof globalThis.matchMedia === 'function' && globalThis.matchMedia(DARK_SCHEME_QUERY).matches;
}

export function resolveColorMode(mode: ColorMode, systemDark: boolean): ResolvedTheme {
  if (mode === 'system') return systemDark ? 'dark' : 'light';
  return mode;
}

/** `<html data-theme="…">` drives the CSS; `color-scheme` themes form controls and scrollbars. */
export function applyResolvedTheme(theme: ResolvedTheme): void {
  if (typeof document === 'undefined') return;
  const html = document.documentElement;
  html.dataset.theme = theme;
  html.style.colorScheme = theme;
}
