// Where the browser tests find Chromium: CHROMIUM_PATH, then Debian's headless shell or /usr/bin/chromium,
// then Playwright's own download (where the network allows one).
import { existsSync } from 'node:fs';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's package `chromium-headless-shell`: the same engine without the browser around it. */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/**
 * Path of a Chromium to launch, or undefined to let Playwright use its own browser. The
 * headless shell first: a test's new context, page load and screens cost about a fifth
 * less CPU in it than in the full browser run headless (what Playwright's own download
 * uses too).
 */
export function chromiumPath() {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (existsSync(HEADLESS_SHELL)) return HEADLESS_SHELL;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  return undefined;
}
