/**
 * What the login page needs before anyone signs in (GET settings/public/): the languages
 * offered and the default one, the theme's default colour mode and the brand colour. Kept
 * in localStorage so the next visit starts with it: the boot script applies the brand
 * colour and colour mode before first paint (src/app/colorMode.ts reads the same entry).
 * Imports nothing but the API's address: it is part of the login page's bundle.
 */
import { API_BASE_URL } from '../api/config.ts';
import { PUBLIC_SETTINGS_KEY, applyBrandColor, readCachedPublicSettings, type PublicSettings } from './colorMode.ts';

export type { PublicSettings };

let current: PublicSettings | null = readCachedPublicSettings();
const listeners = new Set<() => void>();

export const publicSettings = () => current;

export function subscribePublicSettings(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Takes new settings (read from the server, or just saved by staff) at once and for the next visit. */
export function setPublicSettings(next: PublicSettings): void {
  current = next;
  try {
    localStorage.setItem(PUBLIC_SETTINGS_KEY, JSON.stringify(next));
  } catch {
    // Then they last for this page only.
  }
  applyBrandColor(next.theme.brand_color);
  for (const listener of listeners) listener();
}

/** Asks the server once per page load; a failure keeps what was cached (or the built-in defaults). */
let asked = false;
export function loadPublicSettings(): void {
  if (asked) return;
  asked = true;
  fetch(`${API_BASE_URL}/branch/api/settings/public/`, { headers: { Accept: 'application/json' } })
    .then((response) => (response.ok ? (response.json() as Promise<PublicSettings>) : null))
    .then((settings) => settings && setPublicSettings(settings))
    .catch(() => undefined);
}

/** The logo to show beside the name: the settings' (an image of the API made absolute for the deployment), else the app's icon. */
export function logoSrc(url: string | null | undefined): string {
  if (!url) return '/icon.svg';
  return url.startsWith('/') ? `${API_BASE_URL}${url}` : url;
}

/** The languages users may pick: all of them until the settings are known. */
export function enabledLocales<L extends string>(all: readonly L[]): readonly L[] {
  const enabled = current?.language.enabled;
  return enabled ? all.filter((l) => enabled.includes(l)) : all;
}
