/** The locations screen as data: filters, the table's fields, the related names and the editor beside the list. */
import { locations, type LocationsRecord } from '../../../common/collections.ts';
import { defineListScreen } from '../ui/listScreen.ts';
import { wilayaLabel } from '../ui/wilaya.ts';

export const locationsScreen = defineListScreen({
  collection: locations,
  searchLabel: 'locations.searchLabel',
  filters: [
    // The 58 names come from the domain's list of wilayas, in the three languages.
    { kind: 'enum', field: 'wilaya_code', label: 'locations.wilaya', labelPrefix: 'wilaya', optionLabel: wilayaLabel },
    { kind: 'record', field: 'vendor_id', label: 'locations.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
    { kind: 'boolean', field: 'active', label: 'locations.active', labelPrefix: 'locations.activeFilter' },
  ],
  defaultOrdering: '-created_at',
  fields: ['name_i18n', 'wilaya_code', 'commune', 'branch_id', 'vendor_id', 'services_count', 'active'],
  expand: ['branch_id', 'vendor_id'],
  // A location edited beside the list (`?edit=<id>`); a new one has its own page.
  panels: ['edit'],
});

export type LocationRow = Pick<LocationsRecord, 'id' | 'version' | 'name_i18n' | 'wilaya_code' | 'commune' | 'branch_id' | 'vendor_id' | 'services_count' | 'active'> & {
  _expanded?: { branch_id?: { name: string } | null; vendor_id?: { trade_name: string } | null };
};

export const LOCATION_DEFAULTS = {
  name_i18n: { en: '', fr: '', ar: '' },
  wilaya_code: '16',
  commune: null,
  address: null,
  latitude: null,
  longitude: null,
  meeting_point: null,
  branch_id: null,
  active: true,
} satisfies Partial<LocationsRecord>;
