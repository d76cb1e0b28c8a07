/** The adrenaline screen as data: services with their profile, by status and category. */
import { services, type ServicesRecord } from '../../../../common/collections.ts';
import { localized } from '../../ui/format.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const adrenalineScreen = defineListScreen({
  collection: services,
  searchLabel: 'adrenaline.searchLabel',
  filters: [
    { kind: 'enum', field: 'status', label: 'adrenaline.status', labelPrefix: 'serviceStatus' },
    { kind: 'record', field: 'category_id', label: 'adrenaline.category', resource: 'categories', optionLabel: (c, locale) => localized(c.name_i18n, locale) },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
  ],
  defaultOrdering: '-created_at',
  fields: ['title_i18n', 'status', 'adrenaline', 'vendor_id'],
  expand: ['vendor_id'],
  panels: ['edit'],
});

export type AdrenalineRow = Pick<ServicesRecord, 'id' | 'version' | 'title_i18n' | 'status' | 'adrenaline' | 'vendor_id'> & {
  _expanded?: { vendor_id?: { id: string; trade_name: string } | null };
};
