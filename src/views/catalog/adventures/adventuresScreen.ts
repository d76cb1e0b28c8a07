/** The adventures screen as data: filters, the table's fields and the editor beside the list. */
import { adventures, type AdventuresRecord } from '../../../../common/collections.ts';
import type { ExpandedRef } from '../../../api/resources.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const NEW_ADVENTURE = 'new';

export const adventuresScreen = defineListScreen({
  collection: adventures,
  searchLabel: 'adventure.searchLabel',
  filters: [
    { kind: 'enum', field: 'status', label: 'adventure.status', labelPrefix: 'adventureStatus' },
    { kind: 'enum', field: 'price_mode', label: 'adventure.priceMode', labelPrefix: 'adventurePriceMode' },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
  ],
  defaultOrdering: '-created_at',
  // The price needs the mode, the fixed price and the itinerary (the server sums its services).
  fields: ['title_i18n', 'vendor_id', 'days', 'itinerary', 'price_mode', 'price', 'currency', 'status'],
  expand: ['vendor_id'],
  panels: ['edit'],
});

/** The order of an adventure's actions; which show comes from the publishing chart. */
export const ADVENTURE_EVENTS = ['publish', 'unpublish', 'archive', 'restore'] as const;

export type ItineraryStep = AdventuresRecord['itinerary'][number];

export type AdventureRow = Pick<AdventuresRecord, 'id' | 'version' | 'title_i18n' | 'vendor_id' | 'days' | 'itinerary' | 'price_mode' | 'price' | 'currency' | 'status'> & {
  /** The price as an amount: the fixed price, or the sum of the services for one person (computed by the server). */
  price_amount: number | null;
  _expanded?: { vendor_id?: ExpandedRef };
};

export const ADVENTURE_DEFAULTS = {
  title_i18n: { en: '', fr: '', ar: '' },
  days: 2,
  itinerary: [] as ItineraryStep[],
  price_mode: 'sum_of_parts',
  price: null,
} satisfies Partial<AdventuresRecord>;

export const MAX_STEPS = adventures.fields.itinerary.maxItems;
