/**
 * Every route of the seed, as data: the sidebar, the breadcrumbs, the command palette
 * and the router all read this one table. Paths here are without the locale prefix.
 */

export type AreaKey =
  | 'home'
  | 'bookings'
  | 'locations'
  | 'services'
  | 'catalog'
  | 'promotions'
  | 'payments'
  | 'customers'
  | 'vendors'
  | 'notifications'
  | 'messages'
  | 'support'
  | 'settings';

export interface RouteDef {
  /** Stable name, also the message key suffix: `route.<key>`. */
  key: string;
  /** Path without locale prefix; `:id?` marks the optional id of a detail route. */
  path: string;
  area: AreaKey;
  /** Only staff (admin) may open it; vendor staff get the "not yours" page (403). */
  staffOnly?: boolean;
  /** Shown in the sidebar (detail routes and aliases are not). */
  inSidebar?: boolean;
}

const r = (key: string, path: string, area: AreaKey, extra: Partial<RouteDef> = {}): RouteDef => ({
  key,
  path,
  area,
  inSidebar: true,
  ...extra,
});

export const ROUTES: readonly RouteDef[] = [
  r('home', '/home', 'home'),
  r('bookingManage', '/booking/manage', 'bookings'),
  r('bookingCombo', '/booking/combo', 'bookings'),
  r('bookingRefund', '/booking/refund', 'bookings'),
  r('bookingDetail', '/booking/:id?', 'bookings', { inSidebar: false }),
  r('locations', '/locations', 'locations'),
  r('addLocation', '/addlocation', 'locations'),
  r('servicesList', '/services/list', 'services'),
  r('servicesPrice', '/services/price', 'services'),
  r('servicesAdrenaline', '/services/adrenaline', 'services'),
  r('servicesPersonal', '/services/personal', 'services'),
  r('servicesAmenities', '/services/amenities', 'services', { staffOnly: true }),
  r('servicesInterests', '/services/interests', 'services', { staffOnly: true }),
  r('serviceDetail', '/services/:id?', 'services', { inSidebar: false }),
  r('categories', '/categories', 'catalog', { staffOnly: true }),
  r('subcategories', '/categories/subcategory', 'catalog', { staffOnly: true }),
  r('adventures', '/adventures', 'catalog'),
  r('gallery', '/gallery', 'catalog'),
  r('coupons', '/coupons', 'promotions'),
  r('discount', '/discount', 'promotions'),
  r('deals', '/deals', 'promotions'),
  r('paymentsList', '/payments/list', 'payments'),
  r('paymentsInvitations', '/payments/invitations', 'payments'),
  r('paymentsSplit', '/payments/split', 'payments'),
  r('payouts', '/payments/payouts', 'payments'),
  r('paymentDetail', '/payments/:id?', 'payments', { inSidebar: false }),
  r('customersList', '/customers/list', 'customers'),
  r('customersReviews', '/customers/reviews', 'customers'),
  r('customersLoyalty', '/customers/loyalty', 'customers', { staffOnly: true }),
  r('customersWallet', '/customers/wallet', 'customers', { staffOnly: true }),
  r('loyalty', '/loyalty', 'customers', { staffOnly: true }),
  r('customerDetail', '/customers/:id?', 'customers', { inSidebar: false }),
  r('vendors', '/vendors', 'vendors', { staffOnly: true }),
  r('vendorDetail', '/vendors/:id?', 'vendors', { staffOnly: true, inSidebar: false }),
  r('notifications', '/notifications', 'notifications', { staffOnly: true }),
  r('notificationsSend', '/notifications/send', 'notifications', { staffOnly: true }),
  r('notificationsTopic', '/notifications/topic', 'notifications', { staffOnly: true }),
  r('notificationDetail', '/notifications/:id?', 'notifications', { staffOnly: true, inSidebar: false }),
  r('messages', '/messages', 'messages'),
  r('support', '/support', 'support'),
  r('ticketDetail', '/support/:id?', 'support', { inSidebar: false }),
  r('chatbotRequests', '/chatbot-requests', 'support', { staffOnly: true }),
  r('chatbotRequestDetail', '/chatbot-requests/:id?', 'support', { staffOnly: true, inSidebar: false }),
  r('help', '/help', 'support'),
  r('settingsBusiness', '/settings/business', 'settings'),
  r('settingsBranches', '/settings/branches', 'settings'),
  r('settingsCompany', '/settings/company', 'settings', { staffOnly: true }),
  r('settingsBanner', '/settings/banner', 'settings', { staffOnly: true }),
  r('settingsCurrency', '/settings/currency', 'settings', { staffOnly: true }),
  r('settingsFees', '/settings/fees', 'settings', { staffOnly: true }),
  r('settingsLanguage', '/settings/language', 'settings', { staffOnly: true }),
  r('settingsTheme', '/settings/theme', 'settings', { staffOnly: true }),
];

export const AREAS: readonly AreaKey[] = [
  'home',
  'bookings',
  'locations',
  'services',
  'catalog',
  'promotions',
  'payments',
  'customers',
  'vendors',
  'notifications',
  'messages',
  'support',
  'settings',
];

/** The seed's legacy aliases: `/home copy` and `/booking/{id} copy`. */
const ALIASES: readonly [RegExp, (m: RegExpMatchArray) => string][] = [
  [/^\/home copy$/, () => '/home'],
  [/^\/booking\/([^/]+) copy$/, (m) => `/booking/${m[1]}`],
];

/** What a page component is given: the route it matched and its parameters. */
export type PageProps = RouteMatch;

export interface RouteMatch {
  route: RouteDef;
  params: { id?: string };
}

const byKey = new Map(ROUTES.map((route) => [route.key, route]));

export function routeByKey(key: string): RouteDef {
  const route = byKey.get(key);
  if (!route) throw new Error(`no route named ${key}`);
  return route;
}

/** The route for a path without locale prefix (already URL-decoded), or null for a 404. */
export function matchRoute(path: string): RouteMatch | null {
  let clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  for (const [pattern, target] of ALIASES) {
    const m = clean.match(pattern);
    if (m) clean = target(m);
  }
  // Static routes win over detail routes (`/booking/manage` is not booking "manage").
  const exact = ROUTES.find((route) => route.path === clean);
  if (exact) return { route: exact, params: {} };
  for (const route of ROUTES) {
    if (!route.path.endsWith('/:id?')) continue;
    const base = route.path.slice(0, -'/:id?'.length);
    if (clean === base) return { route, params: {} };
    const rest = clean.startsWith(base + '/') ? clean.slice(base.length + 1) : null;
    if (rest && !rest.includes('/')) return { route, params: { id: rest } };
  }
  return null;
}

/** The href of a route, without locale prefix. */
export function pathOf(route: RouteDef, id?: string): string {
  return route.path.endsWith('/:id?') ? route.path.replace('/:id?', id ? `/${encodeURIComponent(id)}` : '') : route.path;
}

export function visibleRoutes(admin: boolean): RouteDef[] {
  return ROUTES.filter((route) => admin || !route.staffOnly);
}

export const HOME_PATH = '/home';
export const LOGIN_PATH = '/login';
/** A guest's page, like /login: asks for a link to choose a new password. */
export const FORGOT_PASSWORD_PATH = '/forgot-password';
