import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'wouter';
import { useRealtimeCounters, type RealtimeCounters } from '../../app/realtime.ts';
import { AREAS, pathOf, type AreaKey, type RouteDef } from '../../app/routes.ts';
import { Icon } from '../ui/Icon.tsx';

/** What a screen's link counts, live (GET events/counters/ refetched on realtime events). */
const COUNTED_ROUTES: Partial<Record<string, { counter: keyof RealtimeCounters; label: string }>> = {
  messages: { counter: 'unread_messages', label: 'realtime.unreadMessages' },
  bookingManage: { counter: 'pending_actions', label: 'realtime.pendingActions' },
};

/** Sidebar: one link per single-screen area, a disclosure group for the others; unread and pending counts beside their screens. */
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
  // A closed group shows what its screens count, so nothing waiting is hidden.
  const counted = routes.map((route) => COUNTED_ROUTES[route.key]).find((c) => c !== undefined);
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
        {!expanded && counted && <NavCount count={counters[counted.counter]} label={counted.label} />}
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
  const counted = COUNTED_ROUTES[route.key];
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
      {counted && <NavCount count={counters[counted.counter]} label={counted.label} />}
    </Link>
  );
}

/** A count beside a link: the figure for the eye, a phrase for screen readers (part of the link's name). */
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
