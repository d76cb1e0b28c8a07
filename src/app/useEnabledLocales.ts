import { useSyncExternalStore } from 'react';
import { enabledLocales, publicSettings, subscribePublicSettings } from './publicSettings.ts';

/** The languages a menu offers: those the settings enable (all of them until known). */
export function useEnabledLocales<L extends string>(all: readonly L[]): readonly L[] {
  useSyncExternalStore(subscribePublicSettings, publicSettings);
  return enabledLocales(all);
}
