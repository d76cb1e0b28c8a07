import { useSelector } from '@xstate/react';
import { Suspense, useEffect, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { IntlProvider } from 'react-intl';
import { Router, useLocation } from 'wouter';
import { rememberRedirect, takeRedirect } from '../api/authStorage.ts';
import { BUSINESS_TIME_ZONE } from '../../common/time.ts';
import { appMessagesFor, appMessagesInUse, appMessagesVersion, ensureAppMessages, subscribeAppMessages } from '../locales/appMessages.ts';
import { INTL_LOCALE, isLocale, localeFromPath, localizedPath, selectLocale, selectMessages, type Locale } from '../machines/locale.ts';
import { selectPageContentReady, selectPageError } from '../machines/navigation.ts';
import { LoginPage } from '../views/auth/LoginPage.tsx';
import { ErrorPage } from '../views/errors/ErrorPage.tsx';
import { NotFoundPage } from '../views/errors/NotFoundPage.tsx';
import { NotYoursPage } from '../views/errors/NotYoursPage.tsx';
import { PageErrorBoundary } from '../views/errors/PageErrorBoundary.tsx';
import { LocaleLoadNotice } from '../views/shell/LocaleLoadNotice.tsx';
import type ShellComponent from '../views/shell/Shell.tsx';
import { localeActor, navigationActor, sessionActor } from './actors.ts';
import { lazyChunk, pageFor } from './pages.tsx';
import { loadPublicSettings, publicSettings, subscribePublicSettings, type PublicSettings } from './publicSettings.ts';
import { FORGOT_PASSWORD_PATH, HOME_PATH, LOGIN_PATH, matchRoute, type RouteMatch } from './routes.ts';
import { useStaff } from './permissions.ts';

// Few visitors of the login page need it: kept out of the login page's bundle.
const ForgotPasswordPage = lazyChunk<object>(() => import('../views/auth/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })));

// The signed-in app comes with its messages (the login page's bundle holds only its own).
const Shell = lazyChunk<Parameters<typeof ShellComponent>[0]>(() => {
  const shell = import('../views/shell/Shell.tsx');
  return ensureAppMessages(selectLocale(localeActor.getSnapshot())).then(() => shell);
});

export function App() {
  const locale = useSelector(localeActor, selectLocale);
  const loginMessages = useSelector(localeActor, selectMessages);
  const appVersion = useSyncExternalStore(subscribeAppMessages, appMessagesVersion);
  const messages = useMemo(() => ({ ...loginMessages, ...(appMessagesFor(locale) as typeof loginMessages) }), [loginMessages, locale, appVersion]);
  // A language chosen (or arriving) while the app's messages were loading in another one.
  useEffect(() => {
    if (appMessagesInUse()) void ensureAppMessages(locale);
  }, [locale, appVersion]);
  return (
    <IntlProvider locale={INTL_LOCALE[locale]} timeZone={BUSINESS_TIME_ZONE} messages={messages} defaultLocale="en-US" onError={reportIntlError}>
      <LocaleLoadNotice />
      <Routes />
    </IntlProvider>
  );
}

/** A missing translation falls back to English by design; anything else is a bug worth a log line. */
function reportIntlError(error: { code?: string }) {
  if (error.code !== 'MISSING_TRANSLATION') console.error(error);
}

/**
 * The route table in action: the locale prefix picks the language, the session gates
 * every route but /login, and the shell frames the signed-in pages.
 */
function Routes() {
  const [location] = useLocation();
  const settings = useSyncExternalStore(subscribePublicSettings, publicSettings);
  useEffect(loadPublicSettings, []);
  const { locale, rest } = localeFromPath(location);
  const authenticated = useSelector(sessionActor, (s) => s.hasTag('authenticated'));
  const admin = useStaff();
  const expired = useSelector(sessionActor, (s) => s.context.error?.reason === 'session_expired');
  const wasAuthenticated = useRef(authenticated);
  if (authenticated) wasAuthenticated.current = true;

  useLayoutEffect(() => {
    localeActor.send({ type: 'locale.set', locale });
  }, [locale]);
  // A layout effect, so the navigation starts before the new page's effects report it ready.
  useLayoutEffect(() => {
    navigationActor.send({ type: 'nav.start', path: location });
  }, [location]);

  let content;
  const enabled = settings?.language.enabled;
  if (enabled && !enabled.includes(locale)) {
    // A language the settings turned off: the same page in the default language.
    content = <Go key="disabled" to={localizedPath(toLocale(settings.language.default), rest)} />;
  } else if (rest === '/') {
    content = <Go to={localizedPath(location === '/' ? rootLocale(settings) : locale, authenticated ? HOME_PATH : LOGIN_PATH)} />;
  } else if (rest === LOGIN_PATH) {
    content = authenticated ? <AfterLogin locale={locale} /> : <LoginPage />;
  } else if (rest === FORGOT_PASSWORD_PATH) {
    content = authenticated ? (
      <Go to={localizedPath(locale, HOME_PATH)} />
    ) : (
      <Suspense fallback={null}>
        <ForgotPasswordPage />
      </Suspense>
    );
  } else if (!authenticated) {
    // A guest, or a session that expired, comes back here after logging in; a user who
    // logged out on purpose starts from home next time.
    const remember = !wasAuthenticated.current || expired;
    content = <Go to={localizedPath(locale, LOGIN_PATH)} onBeforeGo={remember ? () => rememberRedirect(rest) : undefined} />;
  } else {
    const match = matchRoute(rest);
    // A staff-only screen opened by vendor staff exists: say it is not theirs, not "not found".
    const notYours = !!match?.route.staffOnly && !admin;
    const allowed = match && !notYours ? match : null;
    content = (
      <Suspense fallback={null}>
        <Shell current={allowed?.route ?? null}>
          <Outlet match={allowed} notYours={notYours} location={location} />
        </Shell>
      </Suspense>
    );
  }
  return <Router base={locale === 'en' ? '' : `/${locale}`}>{content}</Router>;
}

const toLocale = (value: string): Locale => (isLocale(value) ? value : 'en');

/** `/` without a language: the browser's first language the settings enable, else their default. */
function rootLocale(settings: PublicSettings | null): Locale {
  const enabled = settings?.language.enabled ?? ['en'];
  const preferred = navigator.languages.map((tag) => tag.slice(0, 2)).find((l) => enabled.includes(l));
  return toLocale(preferred ?? settings?.language.default ?? 'en');
}

function Outlet({ match, notYours, location }: { match: RouteMatch | null; notYours: boolean; location: string }) {
  const pageError = useSelector(navigationActor, selectPageError);
  const contentReady = useSelector(navigationActor, selectPageContentReady);
  if (pageError) return <ErrorPage status={pageError.status} message={pageError.message} />;
  const Page = match ? pageFor(match.route.area) : null;
  return (
    <div className="page-transition" data-ready={contentReady || undefined} aria-busy={!contentReady}>
      <PageErrorBoundary
        key={location}
        onError={(error) => navigationActor.send({ type: 'page.error', error: { message: error.message } })}
      >
        <Suspense fallback={null}>{Page && match ? <Page {...match} /> : notYours ? <NotYoursPage /> : <NotFoundPage />}</Suspense>
      </PageErrorBoundary>
    </div>
  );
}

/** Navigates once, replacing the history entry (absolute path, locale prefix included). */
function Go({ to, onBeforeGo }: { to: string; onBeforeGo?: () => void }) {
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    onBeforeGo?.();
    navigate(`~${to}`, { replace: true });
    // Only on mount: the target is fixed for this render of the route.
  }, []);
  return null;
}

/** Signed in on /login: back to the page the user was sent here from, or home. */
function AfterLogin({ locale }: { locale: Locale }) {
  const [, navigate] = useLocation();
  useLayoutEffect(() => {
    navigate(`~${localizedPath(locale, takeRedirect() ?? HOME_PATH)}`, { replace: true });
  }, [locale, navigate]);
  return null;
}
