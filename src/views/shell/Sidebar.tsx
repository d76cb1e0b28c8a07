import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { SIDEBAR_BADGES } from '../../app/badges.ts';
import { useRealtimeCounters } from '../../app/realtime.ts';
import { AREAS, pathOf, type AreaKey, type RouteDef } from '../../app/routes.ts';
import { Icon } from '../ui/Icon.tsx';

/**
 * Sidebar: one link per single-screen area, a disclosure group for the others; beside a
 * screen's link, a badge linking to exactly what it counts (SIDEBAR_BADGES), live.
 */
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
  const counters = useRealtimeCounters();
  // A closed group shows what its screens' badges add up to, so nothing waiting is hidden.
  const counted = routes.map((route) => SIDEBAR_BADGES[route.key]).filter((badge) => badge !== undefined);
  const waiting = counted.reduce((sum, badge) => sum + counters[badge.counter], 0);
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
        {!expanded && counted.length > 0 && <NavCount count={waiting} label="realtime.pendingActions" />}
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
  const counters = useRealtimeCounters();
  const badge = SIDEBAR_BADGES[route.key];
  const count = badge ? counters[badge.counter] : 0;
  return (
    <span className="nav-entry">
      <Link href={pathOf(route)} className="nav-item" aria-current={active ? 'page' : undefined}>
        {icon && <Icon name={icon} />}
        <span className="nav-label">
          <FormattedMessage id={label} />
        </span>
      </Link>
      {badge && count > 0 && <BadgeLink href={badge.href} count={count} label={badge.label} />}
    </span>
  );
}

/** A count beside a screen's link, itself a link to the records it counts. */
function BadgeLink({ href, count, label }: { href: string; count: number; label: string }) {
  const intl = useIntl();
  return (
    <Link href={href} className="nav-count nav-count-link" aria-label={intl.formatMessage({ id: label }, { count })}>
      {intl.formatNumber(count)}
    </Link>
  );
}

/** A count on a closed group: the figure for the eye, a phrase for screen readers (part of the button's name). */
function NavCount({ count, label }: { count: number; label: string }) {
  const intl = useIntl();
  if (count <= 0) return null;
  return (
    <>
      <span className="nav-count" aria-hidden="true">
        {intl.formatNumber(count)}
      </span>
      <span className="visually-hidden">{intl.formatMessage({ id: label }, { count })}</span>
    </>
  );
}

/** The list screen a detail route belongs to (`/booking/42` highlights Bookings › Manage). */
function isAreaIndex(route: RouteDef): boolean {
  return ['bookingManage', 'servicesList', 'paymentsList', 'customersList'].includes(route.key);
}
