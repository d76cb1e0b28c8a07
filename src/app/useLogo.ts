import { useSyncExternalStore } from 'react';
import { logoSrc, publicSettings, subscribePublicSettings } from './publicSettings.ts';

/** The logo to show beside the name (login page, header), following the theme settings as they change. */
export const useLogo = () => useSyncExternalStore(subscribePublicSettings, () => logoSrc(publicSettings()?.theme.logo_url));
