/** The price rules screen as data: validity views, filters, the table's fields and the panels beside it. */
import { priceRules, type PriceRulesRecord } from '../../../../common/collections.ts';
import { localized } from '../../ui/format.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const NEW_PRICE_RULE = 'new';

export const priceRulesScreen = defineListScreen({
  collection: priceRules,
  searchLabel: 'prices.searchLabel',
  views: [
    { key: 'current', label: 'prices.view.current' },
    { key: 'upcoming', label: 'prices.view.upcoming', ordering: 'valid_from' },
    { key: 'expired', label: 'prices.view.expired', ordering: '-valid_to' },
    { key: 'all', label: 'prices.view.all' },
  ],
  viewsLabel: 'prices.views',
  filters: [
    { kind: 'record', field: 'service_id', label: 'prices.service', resource: 'services', optionLabel: (s, locale) => localized(s.title_i18n, locale) },
    { kind: 'enum', field: 'customer_type', label: 'prices.customerType', labelPrefix: 'newBooking.type' },
    { kind: 'enum', field: 'per', label: 'prices.per', labelPrefix: 'prices.perValue' },
    { kind: 'boolean', field: 'active', label: 'prices.active', labelPrefix: 'prices.activeFilter' },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
  ],
  defaultOrdering: '-priority',
  expand: ['service_id', 'vendor_id'],
  // The rule open in the editor (`?edit=<id>`), or the service whose price is previewed (`?preview=<id>`).
  panels: ['edit', 'preview'],
});

/** A new rule: one adult, per person, every day, always. */
export const PRICE_RULE_DEFAULTS = {
  name: null,
  customer_type: 'adult',
  amount: null,
  per: 'person',
  valid_from: null,
  valid_to: null,
  weekdays: [],
  min_group_size: null,
  priority: 0,
  active: true,
} satisfies Partial<Record<keyof PriceRulesRecord, unknown>>;

export type PriceRuleRow = PriceRulesRecord & {
  _expanded?: { service_id?: { id: string; title_i18n: Record<string, string> } | null; vendor_id?: { id: string; trade_name: string } | null };
};
