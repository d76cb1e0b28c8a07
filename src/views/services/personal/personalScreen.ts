/** The personal services screen as data: services made for one customer, published ones first. */
import { services, type ServicesRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const NEW_PERSONAL = 'new';

export const personalScreen = defineListScreen({
  collection: services,
  searchLabel: 'personal.searchLabel',
  views: [
    { key: 'personal', label: 'personal.view.published' },
    { key: 'personal_all', label: 'personal.view.all' },
  ],
  viewsLabel: 'personal.views',
  filters: [
    { kind: 'record', field: 'private_customer_id', label: 'personal.customer', resource: 'customers', optionLabel: (c) => String(c.name ?? '') },
    { kind: 'record', field: 'vendor_id', label: 'booking.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
  ],
  defaultOrdering: '-created_at',
  fields: ['title_i18n', 'status', 'capacity', 'currency', 'customer_types', 'private_customer_id', 'base_service_id', 'created_at', 'vendor_id', 'price_from'],
  expand: ['private_customer_id', 'base_service_id', 'vendor_id'],
  // A new personal service (`?new=new`), or the payment link of one (`?pay=<id>`).
  panels: ['new', 'pay'],
});

export type PersonalRow = Pick<ServicesRecord, 'id' | 'version' | 'title_i18n' | 'status' | 'capacity' | 'currency' | 'private_customer_id' | 'base_service_id' | 'created_at' | 'vendor_id' | 'price_from'> & {
  _expanded?: {
    private_customer_id?: { id: string; name: string } | null;
    base_service_id?: { id: string; title_i18n: Record<string, string> } | null;
    vendor_id?: { id: string; trade_name: string } | null;
  };
};
