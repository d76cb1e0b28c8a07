/** The coupons, discounts and deals screens as data: quick views, filters and the panels beside the list. */
import { coupons, deals, discounts, type CouponsRecord, type DealsRecord, type DiscountsRecord } from '../../../common/collections.ts';
import { localized } from '../ui/format.ts';
import { defineListScreen } from '../ui/listScreen.ts';

/** `?edit=new` opens an empty editor. */
export const NEW_PROMOTION = 'new';

const vendorFilter = { kind: 'record', field: 'vendor_id', label: 'promotion.vendor', resource: 'vendors', optionLabel: (v: Record<string, unknown>) => String(v.trade_name ?? ''), staffOnly: true } as const;

/** Coupons' and discounts' quick views (by their booking window). */
const RULE_VIEWS = [
  { key: 'active', label: 'promotionView.active' },
  { key: 'scheduled', label: 'promotionView.scheduled', ordering: 'created_at' },
  { key: 'expired', label: 'promotionView.expired', ordering: '-booking_to' },
  { key: 'used_up', label: 'promotionView.usedUp', ordering: '-updated_at' },
  { key: 'all', label: 'promotionView.all' },
] as const;

/** A coupon's or discount's state in a word: switched off, out of uses, or running. */
export const promotionState = (r: { active?: unknown; used_up?: unknown }) => (!r.active ? 'inactive' : r.used_up ? 'used_up' : 'active');

export const couponsScreen = defineListScreen({
  collection: coupons,
  searchLabel: 'coupon.searchLabel',
  views: RULE_VIEWS,
  viewsLabel: 'promotionView.label',
  filters: [
    { kind: 'enum', field: 'kind', label: 'promotion.kind', labelPrefix: 'promotionKind' },
    { kind: 'enum', field: 'funded_by', label: 'promotion.fundedBy', labelPrefix: 'promotionFunder' },
    { kind: 'boolean', field: 'active', label: 'promotion.active', labelPrefix: 'promotionActiveFilter' },
    vendorFilter,
  ],
  defaultOrdering: '-created_at',
  expand: ['vendor_id'],
  // The record in the editor (`?edit=<id>`), and the "check a code" panel (`?check=1`).
  panels: ['edit', 'check'],
});

export const discountsScreen = defineListScreen({
  collection: discounts,
  searchLabel: 'discount.searchLabel',
  views: RULE_VIEWS,
  viewsLabel: 'promotionView.label',
  filters: [
    { kind: 'enum', field: 'kind', label: 'promotion.kind', labelPrefix: 'promotionKind' },
    { kind: 'enum', field: 'funded_by', label: 'promotion.fundedBy', labelPrefix: 'promotionFunder' },
    { kind: 'boolean', field: 'active', label: 'promotion.active', labelPrefix: 'promotionActiveFilter' },
    vendorFilter,
  ],
  defaultOrdering: '-created_at',
  expand: ['vendor_id'],
  panels: ['edit'],
});

export const dealsScreen = defineListScreen({
  collection: deals,
  searchLabel: 'deal.searchLabel',
  views: [
    { key: 'active', label: 'promotionView.active', ordering: 'ends_at' },
    { key: 'scheduled', label: 'promotionView.scheduled', ordering: 'starts_at' },
    { key: 'expired', label: 'promotionView.expired', ordering: '-ends_at' },
    { key: 'all', label: 'promotionView.all', ordering: '-starts_at' },
  ],
  viewsLabel: 'promotionView.label',
  filters: [
    { kind: 'boolean', field: 'featured', label: 'deal.featured', labelPrefix: 'dealFeaturedFilter' },
    { kind: 'boolean', field: 'active', label: 'promotion.active', labelPrefix: 'promotionActiveFilter' },
    { kind: 'dateRange', field: 'starts_at', label: 'deal.startsAt' },
    vendorFilter,
  ],
  defaultOrdering: '-starts_at',
  expand: ['vendor_id'],
  panels: ['edit'],
});

/** The vendor's name comes with each row (staff see every vendor's). */
type WithVendor = { _expanded?: { vendor_id?: { id: string; trade_name: string } | null } };
export type CouponRow = CouponsRecord & WithVendor;
export type DiscountRow = DiscountsRecord & WithVendor;
export type DealRow = DealsRecord & WithVendor;

/** The rules coupons and discounts share, as a new one starts. */
const RULE_DEFAULTS = {
  kind: 'percent',
  value: 10,
  currency: 'DZD',
  max_uses: null,
  per_customer_limit: null,
  booking_from: null,
  booking_to: null,
  travel_from: null,
  travel_to: null,
  service_ids: [] as string[],
  min_total: null,
  stackable: false,
  active: true,
  platform_share_percent: null,
} as const;

export const COUPON_DEFAULTS = { ...RULE_DEFAULTS, code: '', description: null } satisfies Partial<CouponsRecord>;
export const DISCOUNT_DEFAULTS = { ...RULE_DEFAULTS, name_i18n: { en: '', fr: '', ar: '' }, min_participants: null } satisfies Partial<DiscountsRecord>;
export const DEAL_DEFAULTS = {
  title_i18n: { en: '', fr: '', ar: '' },
  description_i18n: { en: '', fr: '', ar: '' },
  service_ids: [] as string[],
  discount_percent: 10,
  starts_at: null as unknown as string,
  ends_at: null as unknown as string,
  featured: false,
  active: true,
  funded_by: 'vendor',
} satisfies Partial<DealsRecord>;

/** A service's title, for pickers and chips. */
export const serviceLabel = (s: Record<string, unknown>, locale: string) => localized(s.title_i18n, locale);
