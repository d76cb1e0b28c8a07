/**
 * The messages of the signed-in app: every screen's, beyond the few the login page needs
 * (src/locales/parts.json). The build bundles only the login part with the main script and
 * puts this part in a chunk of its own per language, loaded with the shell (and with a new
 * language once the app is in use), so the login page stays small however many screens
 * the app grows. Under node (tests) the catalogues are whole; the parts then overlap.
 */
import { importChunk } from '../api/chunks.ts';

export type Messages = Record<string, unknown>;
type Locale = 'en' | 'fr' | 'ar';

const loaded = new Map<Locale, Messages>();
const pending = new Map<Locale, Promise<void>>();
const listeners = new Set<() => void>();
let version = 0;

function importPart(locale: Locale): Promise<{ default: unknown }> {
  return importChunk(`app-messages-${locale}`, () => (locale === 'fr' ? import('./fr.json') : locale === 'ar' ? import('./ar.json') : import('./en.json')));
}

/** Whether the app's messages are in use (the shell has loaded): a new language then loads them too. */
export function appMessagesInUse(): boolean {
  return loaded.size > 0 || pending.size > 0;
}

/** Loads the app's messages of `locale` (and English, their fallback) once. */
export function ensureAppMessages(locale: Locale): Promise<void> {
  const load = (l: Locale): Promise<void> => {
    if (loaded.has(l)) return Promise.resolve();
    let promise = pending.get(l);
    if (!promise) {
      promise = importPart(l)
        .then((module) => {
          loaded.set(l, module.default as Messages);
          version += 1;
          listeners.forEach((listener) => listener());
        })
        .finally(() => pending.delete(l));
      pending.set(l, promise);
    }
    return promise;
  };
  return Promise.all([load('en'), load(locale)]).then(() => undefined);
}

/** The app's messages of `locale` over English's, as far as loaded. */
export function appMessagesFor(locale: Locale): Messages {
  return { ...loaded.get('en'), ...loaded.get(locale) };
}

/** For useSyncExternalStore: a number that changes whenever a part arrives. */
export function appMessagesVersion(): number {
  return version;
}

export function subscribeAppMessages(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
