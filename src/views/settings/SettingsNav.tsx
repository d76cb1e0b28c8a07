import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { pathOf, visibleRoutes, type RouteDef } from '../../app/routes.ts';
import { useStaff } from '../../app/permissions.ts';

/** The settings sections the user may open (vendor staff: business rules and branches), the current one marked. */
export function SettingsNav({ current }: { current: RouteDef }) {
  const intl = useIntl();
  const staff = useStaff();
  // The sidebar's settings items, in the same order: one list of routes feeds both.
  const routes = visibleRoutes(staff).filter((r) => r.area === 'settings' && r.inSidebar);
  return (
    <nav className="settings-nav" aria-label={intl.formatMessage({ id: 'settings.sections' })}>
      <ul>
        {routes.map((route) => (
          <li key={route.key}>
            <Link href={pathOf(route)} aria-current={route.key === current.key ? 'page' : undefined}>
              <FormattedMessage id={`route.${route.key}`} />
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
