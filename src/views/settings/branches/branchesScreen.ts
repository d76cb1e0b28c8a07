/** A vendor's sites as data: staff see every vendor's (filter by vendor), vendor staff their own. */
import { branches, type BranchesRecord } from '../../../../common/collections.ts';
import { defineListScreen } from '../../ui/listScreen.ts';

export const NEW_BRANCH = 'new';

export const branchesScreen = defineListScreen({
  collection: branches,
  searchLabel: 'settings.branches.search',
  filters: [
    { kind: 'record', field: 'vendor_id', label: 'settings.branches.vendor', resource: 'vendors', optionLabel: (v) => String(v.trade_name ?? ''), staffOnly: true },
    { kind: 'boolean', field: 'active', label: 'settings.branches.state', labelPrefix: 'settings.branches.active' },
  ],
  defaultOrdering: 'name',
  fields: ['name', 'address', 'wilaya_code', 'phone', 'manager_name', 'active', 'vendor_id'],
  expand: ['vendor_id'],
  panels: ['edit'],
});

export type BranchRow = Pick<BranchesRecord, 'id' | 'version' | 'name' | 'address' | 'wilaya_code' | 'phone' | 'manager_name' | 'active' | 'vendor_id'> & {
  _expanded?: { vendor_id?: { trade_name?: string } | null };
};

export const BRANCH_DEFAULTS = { name: '', address: null, wilaya_code: '16', phone: null, email: null, manager_name: null, active: true } satisfies Partial<BranchesRecord>;
