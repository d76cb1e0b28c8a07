import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { useLocation } from 'wouter';
import { localeActor } from '../../app/actors.ts';
import { LOCALE_NAMES } from '../../app/localeNames.ts';
import { useEnabledLocales } from '../../app/useEnabledLocales.ts';
import { DIRECTION, LOCALES, isLocale, localeFromPath, localizedPath } from '../../machines/locale.ts';
import { Icon } from '../ui/Icon.tsx';

/** Switching language moves to the same page under the other prefix; the router does the rest. */
export function LanguageMenu() {
  const intl = useIntl();
  const locale = useSelector(localeActor, (s) => s.context.locale);
  const [location, navigate] = useLocation();
  // Only the languages the settings enable.
  const locales = useEnabledLocales(LOCALES);
  return (
    <DropdownMenu.Root dir={DIRECTION[locale]}>
      <DropdownMenu.Trigger className="button button-ghost" aria-label={intl.formatMessage({ id: 'shell.language' })}>
        <Icon name="language" />
        <span className="hide-narrow">{LOCALE_NAMES[locale]}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <DropdownMenu.RadioGroup
            value={locale}
            onValueChange={(next) => {
              // `~`: an absolute path, not one under the current locale's router base.
              if (isLocale(next)) navigate(`~${localizedPath(next, localeFromPath(location).rest)}`);
            }}
          >
            {locales.map((l) => (
              <DropdownMenu.RadioItem key={l} value={l} className="menu-item" lang={l}>
                <DropdownMenu.ItemIndicator className="menu-indicator">✓</DropdownMenu.ItemIndicator>
                {LOCALE_NAMES[l]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
