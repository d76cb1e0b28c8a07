/** The combos screen as data: filters, the table's fields and the panels beside the list. */
import { combos, type CombosRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const NEW_COMBO = 'new';

export const combosScreen = defineListScreen({
  collection: combos,
  searchLabel: 'combo.searchLabel',
  filters: [
    { kind: 'enum', field: 'pricing', label: 'combo.pricing', labelPrefix: 'comboPricing' },
    { kind: 'boolean', field: 'active', label: 'combo.active', labelPrefix: 'comboActiveFilter' },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
  ],
  defaultOrdering: '-created_at',
  // The combo open beside the list: in the editor (`?edit=<id>`), or being booked (`?book=<id>`).
  panels: ['edit', 'book'],
});

export type ComboRow = CombosRecord & {
  /** The price as an amount: the fixed price, or the percentage of the required parts for one person (computed by the server). */
  price_amount: number | null;
};

export const COMBO_DEFAULTS = {
  title_i18n: { en: '', fr: '', ar: '' },
  items: [] as CombosRecord['items'],
  pricing: 'percent_of_parts',
  price: null,
  percent: 90,
  valid_from: null,
  valid_to: null,
  active: true,
} satisfies Partial<CombosRecord>;

/** At most this many services in a combo (the API's limit). */
export const MAX_COMBO_ITEMS = combos.fields.items.maxItems;
