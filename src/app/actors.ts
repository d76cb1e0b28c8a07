/**
 * The root actors, created once when the app module loads (never per render), and the
 * API client wired to the session. Views read them with `useSelector` and send events.
 */
import { createActor, waitFor } from 'xstate';
import { readActing, readSession } from '../api/authStorage.ts';
import { ApiRequestError, createApiClient, type SessionBridge } from '../api/client.ts';
import { registerApiClient } from '../api/apiClientHolder.ts';
import { detectLocale, loadCatalogue, localeMachine } from '../machines/locale.ts';
import { navigationMachine } from '../machines/navigation.ts';
import { sessionMachine, type SessionTokens } from '../machines/session.ts';
import { themeMachine } from '../machines/theme.ts';
import { readStoredColorMode, systemPrefersDark } from './colorMode.ts';
import { createInspector } from './inspect.ts';

const inspector = createInspector();
const inspect = inspector?.inspect;

/** On `/` the cookie or the browser's languages pick the locale; `main.tsx` applies the redirect. */
export const initialLocale = detectLocale({
  pathname: decodeURIComponent(location.pathname),
  cookie: document.cookie,
  languages: navigator.languages ?? [navigator.language],
});

export const sessionActor = createActor(sessionMachine, { input: { stored: readSession(), acting: readActing() }, inspect });
export const themeActor = createActor(themeMachine, {
  input: { preference: readStoredColorMode(), systemDark: systemPrefersDark() },
  inspect,
});
// A page opened on /fr or /ar waits for its catalogue instead of flashing English first.
const preloadedMessages = initialLocale.locale === 'en' ? undefined : await loadCatalogue(initialLocale.locale).catch(() => undefined);
export const localeActor = createActor(localeMachine, {
  input: { locale: initialLocale.locale, messages: preloadedMessages },
  inspect,
});
export const navigationActor = createActor(navigationMachine, { input: { path: location.pathname }, inspect });

/** How long a request waits for the session to refresh before it gives up. */
const REFRESH_WAIT_MS = 20_000;

const sessionBridge: SessionBridge = {
  tokens: () => sessionActor.getSnapshot().context.tokens,
  async refresh(reason, used): Promise<SessionTokens | null> {
    const current = sessionActor.getSnapshot().context.tokens;
    // Another request already got fresh tokens while this one was in flight.
    if (current && current.access !== used && current.accessExpiresAt > Date.now()) return current;
    sessionActor.send({ type: reason === 'expired' ? 'token.expired' : 'token.rejected' });
    const settled = await waitFor(
      sessionActor,
      (s) => !s.hasTag('authenticated') || (s.matches({ loggedIn: { tokens: 'valid' } }) && s.context.tokens?.access !== used),
      { timeout: REFRESH_WAIT_MS },
    ).catch(() => null);
    return settled?.hasTag('authenticated') ? settled.context.tokens : null;
  },
};

type RequestErrorListener = (error: ApiRequestError) => void;
const requestErrorListeners = new Set<RequestErrorListener>();

/** The shell subscribes to show a toast; the progress bar turns red. */
export function onRequestError(listener: RequestErrorListener): () => void {
  requestErrorListeners.add(listener);
  return () => requestErrorListeners.delete(listener);
}

const requestFailureListeners = new Set<RequestErrorListener>();

/** Every failed request, also those the asking screen shows itself (the act-as chart needs them all). */
export function onAnyRequestFailure(listener: RequestErrorListener): () => void {
  requestFailureListeners.add(listener);
  return () => requestFailureListeners.delete(listener);
}

export const api = createApiClient({
  session: sessionBridge,
  locale: () => localeActor.getSnapshot().context.locale,
  headers(): Record<string, string> {
    const acting = sessionActor.getSnapshot().context.acting;
    return acting ? { 'X-Act-As-Vendor': acting.id } : {};
  },
  onError(error) {
    navigationActor.send({ type: 'request.failed' });
    for (const listener of requestErrorListeners) listener(error);
  },
  onFailure(error) {
    for (const listener of requestFailureListeners) listener(error);
  },
});

registerApiClient(api);

export function startRootActors() {
  sessionActor.start();
  themeActor.start();
  localeActor.start();
  navigationActor.start();
}
