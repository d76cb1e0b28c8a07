import { useSelector } from '@xstate/react';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Toaster, toast } from 'sonner';
import { localeActor, onRequestError, themeActor } from '../../app/actors.ts';
import { holdRealtime } from '../../app/realtime.ts';
import { useLogo } from '../../app/useLogo.ts';
import { visibleRoutes, type RouteDef } from '../../app/routes.ts';
import { DIRECTION } from '../../machines/locale.ts';
import { selectResolvedTheme } from '../../machines/theme.ts';
import { Icon } from '../ui/Icon.tsx';
import { ActAsBanner } from './ActAsBanner.tsx';
import { CommandPalette } from './CommandPalette.tsx';
import { Footer } from './Footer.tsx';
import { LanguageMenu } from './LanguageMenu.tsx';
import { LogoutButton } from './LogoutDialog.tsx';
import { MessageToasts } from './MessageToasts.tsx';
import { NotificationBell } from './NotificationBell.tsx';
import { ProfileMenu } from './ProfileMenu.tsx';
import { ProgressBar } from './ProgressBar.tsx';
import { Sidebar } from './Sidebar.tsx';
import { useStaff } from '../../app/permissions.ts';

/** Error toasts stay long enough to read (the seed's 500 ms was not) and can be dismissed. */
const TOAST_DURATION_MS = 6_000;
const SIDEBAR_ID = 'sidebar';

/** The signed-in layout: sidebar, header, page, footer. Loaded lazily: the login page does not need it. */
export default function Shell({ current, children }: { current: RouteDef | null; children: ReactNode }) {
  const intl = useIntl();
  const logo = useLogo();
  const admin = useStaff();
  const locale = useSelector(localeActor, (s) => s.context.locale);
  const theme = useSelector(themeActor, selectResolvedTheme);
  // On a narrow screen the sidebar overlays the page, so it starts closed there.
  const [sidebarOpen, setSidebarOpen] = useState(() => window.matchMedia('(min-width: 761px)').matches);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const routes = visibleRoutes(admin);

  // The realtime channel lives while signed in, i.e. while the shell is shown.
  useEffect(() => holdRealtime(), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setPaletteOpen(true);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  useEffect(
    () =>
      onRequestError((error) => {
        if (error.status === 401) return; // the session machine handles it
        // The act-as banner says it once, however many requests the ended session failed.
        if ((error.body as { code?: string } | null)?.code === 'act_as_ended') return;
        toast.error(intl.formatMessage({ id: 'toast.requestFailed' }), {
          description: error.isNetworkError ? intl.formatMessage({ id: 'toast.network' }) : error.detail,
        });
      }),
    [intl],
  );

  return (
    <div className="shell" data-sidebar={sidebarOpen ? 'open' : 'closed'}>
      {/* The loading state of a page change that takes more than 200 ms. */}
      <ProgressBar />
      <a className="skip-link" href="#main">
        <FormattedMessage id="shell.skipToContent" />
      </a>
      <header className="header">
        <button
          type="button"
          className="button button-ghost"
          aria-expanded={sidebarOpen}
          aria-controls={SIDEBAR_ID}
          aria-label={intl.formatMessage({ id: 'shell.toggleSidebar' })}
          onClick={() => setSidebarOpen(!sidebarOpen)}
        >
          <Icon name="menu" />
        </button>
        <span className="brand">
          <img src={logo} alt="" width="28" height="28" />
          <span className="brand-name">
            <FormattedMessage id="app.name" />
          </span>
        </span>
        <button type="button" className="search-button" onClick={() => setPaletteOpen(true)} aria-keyshortcuts="Control+K Meta+K">
          <Icon name="search" />
          <span>
            <FormattedMessage id="shell.search" />
          </span>
          <kbd className="hide-narrow">Ctrl K</kbd>
        </button>
        <ActAsBanner />
        <div className="header-actions">
          <NotificationBell />
          <LanguageMenu />
          <ProfileMenu />
          <LogoutButton />
        </div>
      </header>
      <Sidebar routes={routes} current={current} id={SIDEBAR_ID} />
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      <Footer />
      <CommandPalette routes={routes} open={paletteOpen} onClose={() => setPaletteOpen(false)} />
      <MessageToasts />
      <Toaster
        position={DIRECTION[locale] === 'rtl' ? 'bottom-left' : 'bottom-right'}
        dir={DIRECTION[locale]}
        theme={theme}
        duration={TOAST_DURATION_MS}
        closeButton
        richColors
      />
    </div>
  );
}
