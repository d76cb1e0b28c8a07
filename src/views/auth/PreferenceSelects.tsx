import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'wouter';
import { localeActor, themeActor } from '../../app/actors.ts';
import { LOCALE_NAMES } from '../../app/localeNames.ts';
import { useEnabledLocales } from '../../app/useEnabledLocales.ts';
import { LOCALES, isLocale, localeFromPath, localizedPath } from '../../machines/locale.ts';
import type { ColorMode } from '../../machines/theme.ts';

/** Language and theme, chosen before signing in (plain selects: the login page stays light). */
export function LanguageSelect() {
  const id = useId();
  const locale = useSelector(localeActor, (s) => s.context.locale);
  const [location, navigate] = useLocation();
  // Only the languages the settings enable.
  const locales = useEnabledLocales(LOCALES);
  return (
    <div className="field field-inline">
      <label htmlFor={id}>
        <FormattedMessage id="shell.language" />
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          const next = e.target.value;
          // `~`: an absolute path, not one under the current locale's router base.
          if (isLocale(next)) navigate(`~${localizedPath(next, localeFromPath(location).rest)}`, { replace: true });
        }}
      >
        {locales.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

const MODES: ColorMode[] = ['light', 'dark', 'system'];

export function ThemeSelect() {
  const id = useId();
  const preference = useSelector(themeActor, (s) => s.context.preference);
  return (
    <div className="field field-inline">
      <label htmlFor={id}>
        <FormattedMessage id="shell.theme" />
      </label>
      <select id={id} value={preference} onChange={(e) => themeActor.send({ type: 'theme.set', preference: e.target.value as ColorMode })}>
        {MODES.map((mode) => (
          <FormattedMessage key={mode} id={`theme.${mode}`}>
            {(text) => <option value={mode}>{text}</option>}
          </FormattedMessage>
        ))}
      </select>
    </div>
  );
}
