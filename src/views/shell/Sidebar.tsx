import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { AREAS, pathOf, type AreaKey, type RouteDef } from '../../app/routes.ts';
import { Icon } from '../ui/Icon.tsx';

/** Sidebar: one link per single-screen area, a disclosure group for the others. */
export function Sidebar({ routes, current, id }: { routes: RouteDef[]; current: RouteDef | null; id: string }) {
  const intl = useIntl();
  const groups = AREAS.map((area) => ({ area, routes: routes.filter((r) => r.area === area && r.inSidebar) })).filter(
    (g) => g.routes.length > 0,
  );
  return (
    <nav id={id} className="sidebar" aria-label={intl.formatMessage({ id: 'shell.mainNavigation' })}>
      <ul className="nav-list">
        {groups.map(({ area, routes: areaRoutes }) =>
          areaRoutes.length === 1 ? (
            <li key={area}>
              <NavLink route={areaRoutes[0]} current={current} icon={area} label={`area.${area}`} />
            </li>
          ) : (
            <NavGroup key={area} area={area} routes={areaRoutes} current={current} />
          ),
        )}
      </ul>
    </nav>
  );
}

function NavGroup({ area, routes, current }: { area: AreaKey; routes: RouteDef[]; current: RouteDef | null }) {
  const containsCurrent = current?.area === area;
  const [expanded, setExpanded] = useState(containsCurrent);
  // Arriving in an area (by a link elsewhere, the palette, the back button) opens its group.
  useEffect(() => {
    if (containsCurrent) setExpanded(true);
  }, [containsCurrent]);
  const listId = `nav-${area}`;
  return (
    <li className="nav-group" data-active={containsCurrent || undefined}>
      <button
        type="button"
        className="nav-item nav-group-toggle"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded(!expanded)}
      >
        <Icon name={area} />
        <span className="nav-label">
          <FormattedMessage id={`area.${area}`} />
        </span>
        <Icon name="chevron" className="icon nav-chevron" />
      </button>
      <ul id={listId} className="nav-sublist" hidden={!expanded}>
        {routes.map((route) => (
          <li key={route.key}>
            <NavLink route={route} current={current} label={`route.${route.key}`} />
          </li>
        ))}
      </ul>
    </li>
  );
}

function NavLink({ route, current, icon, label }: { route: RouteDef; current: RouteDef | null; icon?: AreaKey; label: string }) {
  const active = current?.key === route.key || (current?.area === route.area && !current.inSidebar && route.inSidebar && isAreaIndex(route));
  return (
    <Link
      href={pathOf(route)}
      className="nav-item"
      aria-current={active ? 'page' : undefined}
    >
      {icon && <Icon name={icon} />}
      <span className="nav-label">
        <FormattedMessage id={label} />
      </span>
    </Link>
  );
}

/** The list screen a detail route belongs to (`/booking/42` highlights Bookings › Manage). */
function isAreaIndex(route: RouteDef): boolean {
  return ['bookingManage', 'servicesList', 'paymentsList', 'customersList'].includes(route.key);
}
