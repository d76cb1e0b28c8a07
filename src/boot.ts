// Runs before first paint (a blocking script in <head>) so the page never flashes the
// wrong theme or direction. It is the only script that touches <html> before React
// starts; the theme and locale machines take over from there.
import { applyBrandColor, applyResolvedTheme, readCachedPublicSettings, readStoredColorMode, resolveColorMode, systemPrefersDark } from './app/colorMode.ts';

applyResolvedTheme(resolveColorMode(readStoredColorMode(), systemPrefersDark()));
// The brand colour of the last visit, before first paint (the app reads the current one).
applyBrandColor(readCachedPublicSettings()?.theme.brand_color);

// Arabic pages lay out right to left from the first paint (the locale prefix is in the path).
if (/^\/ar(\/|$)/.test(location.pathname)) {
  document.documentElement.lang = 'ar-DZ';
  document.documentElement.dir = 'rtl';
} else if (/^\/fr(\/|$)/.test(location.pathname)) {
  document.documentElement.lang = 'fr-FR';
}
