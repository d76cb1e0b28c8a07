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

/** The stored preference; anything missing, invalid or unreadable is 'system'. */
export function readStoredColorMode(): ColorMode {
  try {
    const stored = globalThis.localStorage?.getItem(COLOR_MODE_KEY);
    return isColorMode(stored) ? stored : 'system';
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
