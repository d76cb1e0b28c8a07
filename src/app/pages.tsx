/** Which component renders each area: one lazy chunk per area. */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { navigationActor } from './actors.ts';
import type { AreaKey, PageProps } from './routes.ts';

export type { PageProps };
type PageModule = { default: ComponentType<PageProps> };

const AREA_MODULES: Record<AreaKey, () => Promise<PageModule>> = {
  home: () => import('../views/home/HomePage.tsx'),
  bookings: () => import('../views/bookings/index.tsx'),
  support: () => import('../views/support/index.tsx'),
  locations: () => import('../views/locations/index.tsx'),
  services: () => import('../views/services/index.tsx'),
  catalog: () => import('../views/catalog/index.tsx'),
  payments: () => import('../views/payments/index.tsx'),
  promotions: () => import('../views/promotions/index.tsx'),
  customers: () => import('../views/customers/index.tsx'),
  vendors: () => import('../views/vendors/index.tsx'),
  messages: () => import('../views/messages/index.tsx'),
  notifications: () => import('../views/notifications/index.tsx'),
  settings: () => import('../views/settings/index.tsx'),
};

/**
 * React.lazy with the seed's chunk-failure rule: a chunk that fails to load is reported
 * to the navigation machine, which reloads the page at most once a minute and otherwise
 * shows the error page, instead of leaving a blank screen.
 */
export function lazyChunk<P>(load: () => Promise<{ default: ComponentType<P> }>): LazyExoticComponent<ComponentType<P>> {
  return lazy(() =>
    load().catch(() => {
      navigationActor.send({ type: 'chunk.failed' });
      return { default: () => null };
    }),
  );
}

const lazyAreas = new Map<AreaKey, LazyExoticComponent<ComponentType<PageProps>>>();

export function pageFor(area: AreaKey): ComponentType<PageProps> {
  let page = lazyAreas.get(area);
  if (!page) {
    page = lazyChunk(AREA_MODULES[area]);
    lazyAreas.set(area, page);
  }
  return page;
}
