import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useSelector } from '@xstate/react';
import { FormattedMessage, useIntl } from 'react-intl';
import { localeActor, sessionActor, themeActor } from '../../app/actors.ts';
import { DIRECTION } from '../../machines/locale.ts';
import type { ColorMode } from '../../machines/theme.ts';
import { Icon, type IconName } from '../ui/Icon.tsx';
import { isStaff } from '../../app/permissions.ts';

const MODES: [ColorMode, IconName][] = [
  ['light', 'sun'],
  ['dark', 'moon'],
  ['system', 'monitor'],
];

/** The signed-in user's name, phone and email (from the stored `data` record) and the theme choice. */
export function ProfileMenu() {
  const intl = useIntl();
  const user = useSelector(sessionActor, (s) => s.context.user);
  const locale = useSelector(localeActor, (s) => s.context.locale);
  const preference = useSelector(themeActor, (s) => s.context.preference);
  if (!user) return null;
  // The accessible name starts with the visible one, the user's name (WCAG 2.5.3).
  return (
    <DropdownMenu.Root dir={DIRECTION[locale]}>
      <DropdownMenu.Trigger className="button button-ghost profile-trigger" aria-label={intl.formatMessage({ id: 'shell.profileOf' }, { name: user.name })}>
        <Icon name="user" />
        <span className="hide-narrow">{user.name}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className="menu" align="end" sideOffset={6}>
          <div className="menu-profile">
            <strong>{user.name}</strong>
            {user.phone && <span dir="ltr">{user.phone}</span>}
            <span dir="ltr">{user.email}</span>
            <span className="chip">
              <FormattedMessage id={isStaff(user) ? 'role.staff' : 'role.vendor'} />
            </span>
          </div>
          <DropdownMenu.Separator className="menu-separator" />
          <DropdownMenu.Label className="menu-label">
            <FormattedMessage id="shell.theme" />
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={preference}
            onValueChange={(value) => themeActor.send({ type: 'theme.set', preference: value as ColorMode })}
          >
            {MODES.map(([mode, icon]) => (
              <DropdownMenu.RadioItem key={mode} value={mode} className="menu-item">
                <DropdownMenu.ItemIndicator className="menu-indicator">✓</DropdownMenu.ItemIndicator>
                <Icon name={icon} />
                <FormattedMessage id={`theme.${mode}`} />
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
