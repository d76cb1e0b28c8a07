import { services } from '../../../common/collections.ts';
import { defineRecordScreen, related } from '../ui/recordScreen.ts';

/** The service page as data: its tabs, in order, each named in the URL (`?tab=prices`). */
export const SERVICE_TABS = ['details', 'availability', 'prices', 'media', 'adrenaline', 'reviews', 'bookings', 'history'] as const;
export type ServiceTab = (typeof SERVICE_TABS)[number];

export function tabOf(search: string): ServiceTab {
  const tab = new URLSearchParams(search).get('tab');
  return (SERVICE_TABS as readonly string[]).includes(tab ?? '') ? (tab as ServiceTab) : 'details';
}

/** `/services/new`: the page that creates a service, like the bookings' new page. */
export const NEW_SERVICE_ID = 'new';

/** Publishing actions in this order; which of them show comes from the publishing chart. */
export const PUBLISHING_ORDER = ['publish', 'unpublish', 'restore', 'archive'] as const;

/**
 * A service's page as data: the service (its editing, publishing and conflicts) and, read
 * beside it, the name of its vendor.
 */
export const serviceScreen = defineRecordScreen({
  collection: services,
  related: {
    names: related('record', (s) => ({ collection: 'services', id: s.id, expand: ['vendor_id'] })),
  },
});
