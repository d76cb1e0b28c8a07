/** The services list as data: filters, the table's fields, the names it expands and the actions on a selection. */
import { services, type ServicesRecord } from '../../../common/collections.ts';
import { localized } from '../ui/format.ts';
import { defineListScreen } from '../ui/listScreen.ts';
import { wilayaLabel } from '../ui/wilaya.ts';

export const servicesScreen = defineListScreen({
  collection: services,
  searchLabel: 'services.searchLabel',
  // The catalogue first; a customer's private copies have their own screen (/services/personal).
  defaultView: 'public',
  views: [
    { key: 'public', label: 'services.view.public' },
    { key: 'personal_all', label: 'services.view.private' },
    { key: 'all', label: 'services.view.all' },
  ],
  viewsLabel: 'services.views',
  filters: [
    { kind: 'enum', field: 'status', label: 'services.status', labelPrefix: 'serviceStatus' },
    { kind: 'record', field: 'category_id', label: 'services.category', resource: 'categories', optionLabel: (c, locale) => localized(c.name_i18n, locale) },
    { kind: 'record', field: 'vendor_id', label: 'services.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
    // The wilaya of the service's location, kept on the service by the database.
    { kind: 'enum', field: 'wilaya_code', label: 'services.wilaya', labelPrefix: 'wilaya', optionLabel: wilayaLabel },
  ],
  defaultOrdering: '-created_at',
  // The table's fields only, with the names of what they point to in the same response.
  fields: ['title_i18n', 'vendor_id', 'category_id', 'location_id', 'wilaya_code', 'duration_minutes', 'price_from', 'currency', 'capacity', 'status', 'rating_avg', 'reviews_count'],
  expand: ['vendor_id', 'category_id', 'location_id'],
});

/** Actions on selected services, in this order; which are offered comes from the publishing chart. */
export const SERVICE_BULK_EVENTS = ['publish', 'unpublish', 'archive'] as const;

export type ServiceRow = Pick<
  ServicesRecord,
  | 'id'
  | 'version'
  | 'title_i18n'
  | 'vendor_id'
  | 'category_id'
  | 'location_id'
  | 'wilaya_code'
  | 'duration_minutes'
  | 'price_from'
  | 'currency'
  | 'capacity'
  | 'status'
  | 'rating_avg'
  | 'reviews_count'
> & {
  _expanded?: Record<string, Record<string, unknown> | null>;
};
