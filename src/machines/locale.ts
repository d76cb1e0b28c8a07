/**
 * The interface language (DESIGN section 4, "Locale"): en (bundled, no URL prefix), fr
 * and ar (loaded on demand, under /fr and /ar). `context.locale` is the ACTIVE locale,
 * the one whose messages are in `context.messages`; a locale being loaded is in
 * `context.pending` until its messages arrive, so the locale, its messages and `<html
 * lang dir>` always agree.
 */
import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate';
import en from '../locales/en.json';
import { importChunk } from '../api/chunks.ts';
import { appMessagesInUse, ensureAppMessages } from '../locales/appMessages.ts';

export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export type Messages = Record<string, string>;

export const DEFAULT_LOCALE: Locale = 'en';
/** BCP 47 tags used for `<html lang>` and every Intl formatter. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-US', fr: 'fr-FR', ar: 'ar-DZ' };
export const DIRECTION: Record<Locale, 'ltr' | 'rtl'> = { en: 'ltr', fr: 'ltr', ar: 'rtl' };
/** Remembers the choice (the seed's cookie; 365 days). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 31_536_000;

export const ENGLISH_MESSAGES: Messages = en;

export function isLocale(x: unknown): x is Locale {
  return typeof x === 'string' && (LOCALES as readonly string[]).includes(x);
}

/** `/fr/booking/manage` -> fr + `/booking/manage`; a path without a locale prefix is English. */
export function localeFromPath(pathname: string): { locale: Locale; rest: string } {
  const match = /^\/(fr|ar)(\/.*)?$/.exec(pathname);
  if (match) return { locale: match[1] as Locale, rest: match[2] || '/' };
  return { locale: DEFAULT_LOCALE, rest: pathname || '/' };
}

/** The path of `rest` in `locale`: English has no prefix, `localizedPath('fr', '/') === '/fr'`. */
export function localizedPath(locale: Locale, rest: string): string {
  const path = rest.startsWith('/') ? rest : `/${rest}`;
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The first of the browser's languages whose primary subtag is one of ours, else English. */
export function pickBrowserLocale(languages: readonly string[]): Locale {
  for (const language of languages) {
    const primary = language.split('-')[0]?.toLowerCase();
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The locale stored in the `i18n_redirected` cookie, or null when absent or not one of ours. */
export function readLocaleCookie(cookieString: string): Locale | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== LOCALE_COOKIE) continue;
    let value = part.slice(eq + 1).trim();
    try {
      value = decodeURIComponent(value);
    } catch {
      return null;
    }
    return isLocale(value) ? value : null;
  }
  return null;
}

export function localeCookie(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; SameSite=Lax`;
}

/**
 * The locale to start with. A locale prefix in the path decides. On `/` the cookie, then
 * the browser's languages, decide, and a non-English choice redirects to its prefix (as
 * the seed's "redirect on root" detection did). Any other unprefixed path is English.
 */
export function detectLocale(options: {
  pathname: string;
  cookie: string;
  languages: readonly string[];
}): { locale: Locale; redirect: string | null } {
  const { locale, rest } = localeFromPath(options.pathname);
  if (locale !== DEFAULT_LOCALE || rest !== '/') return { locale, redirect: null };
  const chosen = readLocaleCookie(options.cookie) ?? pickBrowserLocale(options.languages);
  return { locale: chosen, redirect: chosen === DEFAULT_LOCALE ? null : localizedPath(chosen, '/') };
}

/** English under the locale's messages: a key missing from a catalogue falls back to English. */
export function withEnglishFallback(messages: Messages): Messages {
  return { ...ENGLISH_MESSAGES, ...messages };
}

/**
 * The catalogue of a locale (not merged with English): fr and ar are lazy chunks, English
 * is in the main bundle. The `loadMessages` actor uses it; a page that starts in fr or ar
 * can also await it before creating the actor and pass it as `input.messages`, so the
 * first render is already in the right language.
 */
export async function loadCatalogue(locale: Locale): Promise<Messages> {
  // Once the app is in use, its own messages in the new language arrive with the catalogue.
  const [module] = await Promise.all([
    locale === 'en'
      ? Promise.resolve({ default: ENGLISH_MESSAGES as unknown })
      : importChunk(`catalogue-${locale}`, () => (locale === 'fr' ? import('../locales/fr.json') : import('../locales/ar.json'))),
    appMessagesInUse() ? ensureAppMessages(locale) : undefined,
  ]);
  const messages = module.default;
  if (typeof messages !== 'object' || messages === null) throw new Error(`${locale}.json is not a catalogue`);
  return messages as Messages;
}

export interface LocaleInput {
  locale: Locale;
  /** Messages of `locale` already at hand (preloaded); the machine then starts ready. */
  messages?: Messages;
}

export interface LocaleContext {
  /** The active locale: its messages are in `messages`. */
  locale: Locale;
  /** English merged with the active locale's catalogue. */
  messages: Messages;
  /** Why the last load failed; null once a locale becomes active. */
  error: string | null;
  /** The locale whose catalogue failed to load last (for the notice offering to retry); null once one becomes active. */
  failedLocale: Locale | null;
  /** The locale being loaded, or null. */
  pending: Locale | null;
}

export type LocaleEvent = { type: 'locale.set'; locale: Locale };

function loadError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export const localeMachine = setup({
  types: {
    input: {} as LocaleInput,
    context: {} as LocaleContext,
    events: {} as LocaleEvent,
  },
  actions: {
    assignPending: assign({ pending: ({ event }) => event.locale, error: null, failedLocale: null }),
    cancelPending: assign({ pending: null, error: null, failedLocale: null }),
    clearError: assign({ error: null, failedLocale: null }),
    useBundledLocale: assign({
      locale: DEFAULT_LOCALE,
      messages: () => withEnglishFallback({}),
      pending: null,
      error: null,
      failedLocale: null,
    }),
    assignLoadedMessages: assign(({ context, event }) => ({
      locale: context.pending ?? context.locale,
      messages: withEnglishFallback((event as unknown as { output: Messages }).output),
      pending: null,
      error: null,
      failedLocale: null,
    })),
    assignLoadError: assign(({ context, event }) => ({
      pending: null,
      failedLocale: context.pending,
      error: `Could not load the ${context.pending} messages: ${loadError((event as unknown as { error: unknown }).error)}`,
    })),
    persistLocaleCookie: ({ context }) => {
      if (typeof document !== 'undefined') document.cookie = localeCookie(context.locale);
    },
    applyDocumentLocale: ({ context }) => {
      if (typeof document === 'undefined') return;
      document.documentElement.lang = INTL_LOCALE[context.locale];
      document.documentElement.dir = DIRECTION[context.locale];
    },
  },
  guards: {
    isLoadPending: ({ context }) => context.pending !== null,
    isActiveLocale: ({ context, event }) => event.locale === context.locale,
    isPendingLocale: ({ context, event }) => event.locale === context.pending,
    isBundledLocale: ({ event }) => event.locale === DEFAULT_LOCALE,
    isSupportedLocale: ({ event }) => isLocale(event.locale),
  },
  actors: {
    loadMessages: fromPromise<Messages, { locale: Locale }>(({ input }) => loadCatalogue(input.locale)),
  },
}).createMachine({
  id: 'locale',
  description: 'The interface language: en is bundled, fr and ar load on demand.',
  context: ({ input }) => {
    const requested = isLocale(input?.locale) ? input.locale : DEFAULT_LOCALE;
    const ready = requested === DEFAULT_LOCALE || input.messages !== undefined;
    return {
      locale: ready ? requested : DEFAULT_LOCALE,
      messages: withEnglishFallback(ready ? (input.messages ?? {}) : {}),
      error: null,
      failedLocale: null,
      pending: ready ? null : requested,
    };
  },
  initial: 'initializing',
  states: {
    initializing: {
      description: 'Transient: a locale whose messages are at hand is ready at once, another one loads.',
      always: [{ guard: 'isLoadPending', target: 'loading' }, { target: 'ready' }],
    },
    loading: {
      description:
        'The pending locale\'s catalogue is loading; the active locale and its messages stay until it arrives.',
      invoke: {
        id: 'loadMessages',
        src: 'loadMessages',
        input: ({ context }) => ({ locale: context.pending ?? context.locale }),
        onDone: { target: 'ready', actions: 'assignLoadedMessages' },
        onError: { target: 'failed', actions: 'assignLoadError' },
      },
      on: {
        'locale.set': [
          { guard: 'isPendingLocale' },
          { guard: 'isActiveLocale', target: 'ready', actions: 'cancelPending' },
          { guard: 'isBundledLocale', target: 'ready', actions: 'useBundledLocale' },
          { guard: 'isSupportedLocale', target: 'loading', reenter: true, actions: 'assignPending' },
        ],
      },
    },
    ready: {
      description: 'The active locale is applied to <html> and remembered in the cookie.',
      entry: ['applyDocumentLocale', 'persistLocaleCookie'],
      on: {
        'locale.set': [
          { guard: 'isActiveLocale' },
          { guard: 'isBundledLocale', target: 'ready', reenter: true, actions: 'useBundledLocale' },
          { guard: 'isSupportedLocale', target: 'loading', actions: 'assignPending' },
        ],
      },
    },
    failed: {
      description:
        'The last load failed: the previous locale and its messages stay active and error says why. Choosing a locale again retries.',
      entry: 'applyDocumentLocale',
      on: {
        'locale.set': [
          { guard: 'isActiveLocale', target: 'ready', actions: 'clearError' },
          { guard: 'isBundledLocale', target: 'ready', actions: 'useBundledLocale' },
          { guard: 'isSupportedLocale', target: 'loading', actions: 'assignPending' },
        ],
      },
    },
  },
});

export type LocaleSnapshot = SnapshotFrom<typeof localeMachine>;

export const selectLocale = (snapshot: { context: LocaleContext }): Locale => snapshot.context.locale;
export const selectMessages = (snapshot: { context: LocaleContext }): Messages => snapshot.context.messages;
/** The locale the user asked for last: the pending one while it loads, else the active one. */
export const selectRequestedLocale = (snapshot: { context: LocaleContext }): Locale =>
  snapshot.context.pending ?? snapshot.context.locale;
export const selectLocaleError = (snapshot: { context: LocaleContext }): string | null => snapshot.context.error;
export const selectFailedLocale = (snapshot: { context: LocaleContext }): Locale | null => snapshot.context.failedLocale;
export const selectLocaleLoading = (snapshot: LocaleSnapshot): boolean => snapshot.matches('loading');
